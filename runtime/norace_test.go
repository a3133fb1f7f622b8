//go:build !race

package runtime_test

// raceEnabled: see race_test.go.
const raceEnabled = false
