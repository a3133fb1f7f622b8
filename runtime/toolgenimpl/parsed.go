package toolgenimpl

// Parsed is what a tool's parse function in the dispatcher's table returns
// for the result of its Parse…Args function: the validated arguments, or
// nil and the error, never a zero value that was not validated.
func Parsed[V any](v V, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}
