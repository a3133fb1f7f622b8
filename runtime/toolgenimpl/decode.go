package toolgenimpl

import "github.com/toolgen/toolgen/runtime"

// Decode reads raw into a T with read, the generated reader of a tool's
// arguments, and finishes for tool: the body every generated Parse…Args
// function has, written once. On failure it returns the zero T and the
// *runtime.ValidationError.
func Decode[T any](raw []byte, opts []runtime.Options, tool string, read func(*T, *Reader)) (T, error) {
	r := NewReader(raw, opts...)
	var v T
	read(&v, r)
	if err := r.Finish(tool); err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// Parsed is what a tool's parse function in the dispatcher's table returns
// for the result of its Parse…Args function: the validated arguments, or
// nil and the error, never a zero value that was not validated.
func Parsed[V any](v V, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}
