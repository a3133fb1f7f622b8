//go:build unix

package bench

import "syscall"

// cpuTime is the CPU time, user and system, the process has used so far, in
// nanoseconds. On a machine shared with other work, CPU time per operation
// varies far less than wall time, which includes the time spent waiting for
// a core.
func cpuTime() int64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return u.Utime.Nano() + u.Stime.Nano()
}
