//go:build race

package toolgenimpl

// raceEnabled reports whether the tests run under the race detector, which
// makes sync.Pool drop values at random: a pooled reader's buffers are then
// grown again in some calls, and allocation counts that rely on the pool
// mean nothing.
const raceEnabled = true
