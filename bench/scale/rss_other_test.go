//go:build !linux

package scale

import "os"

// maxRSS is not measured off Linux, where ru_maxrss has other units or
// none: build-peak-MB reads 0.
func maxRSS(*os.ProcessState) uint64 { return 0 }
