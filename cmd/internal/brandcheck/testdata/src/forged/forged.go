// Package forged holds types marked as branded outside a toolgen file: the
// mark is trusted only under toolgen's generated code header.
package forged

// Handwritten carries the directive in a file without the header.
//
//toolgen:branded ParseHandwritten
type Handwritten struct{ n int }

var _ = Handwritten{}

var zero Handwritten
