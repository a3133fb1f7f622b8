//go:build !race

package toolgenimpl

// raceEnabled: see race_test.go.
const raceEnabled = false
