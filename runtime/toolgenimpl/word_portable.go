//go:build !(amd64 || 386 || arm64 || ppc64le || loong64)

package toolgenimpl

import "encoding/binary"

// load64 returns b[i:i+8] as a little-endian word.
func load64(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i:]) }

// store64 writes w to b[i:i+8] in little-endian order.
func store64(b []byte, i int, w uint64) { binary.LittleEndian.PutUint64(b[i:], w) }
