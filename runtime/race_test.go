//go:build race

package runtime_test

// raceEnabled reports whether the tests run under the race detector, which
// makes sync.Pool drop values at random, so that allocation counts that
// rely on a pool mean nothing.
const raceEnabled = true
