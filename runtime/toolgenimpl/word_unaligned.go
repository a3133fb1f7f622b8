//go:build amd64 || 386 || arm64 || ppc64le || loong64

package toolgenimpl

import "unsafe"

// load64 returns b[i:i+8] as a little-endian word. On these machines a word
// may be loaded from any address, so it is one load and one bounds check,
// where binary.LittleEndian.Uint64(b[i:]) costs two checks and, in the
// loops it serves, the registers to hold them.
func load64(b []byte, i int) uint64 {
	_ = b[i+7]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}

// store64 writes w to b[i:i+8] in little-endian order.
func store64(b []byte, i int, w uint64) {
	_ = b[i+7]
	*(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i)) = w
}
