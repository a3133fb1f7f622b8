package scale

import (
	"os"
	"syscall"
)

// maxRSS is the largest resident set, in bytes, of the exited process p and
// of the descendants it waited for.
func maxRSS(p *os.ProcessState) uint64 {
	if u, ok := p.SysUsage().(*syscall.Rusage); ok {
		return uint64(u.Maxrss) * 1024 // kilobytes on Linux
	}
	return 0
}
