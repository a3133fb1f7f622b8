// Package errtree walks an error's tree safely, for runtime and for the code
// generated programs call.
package errtree

// maxUnwraps bounds how many errors Find visits, so that Unwrap methods
// that lead back to an error already seen end the walk instead of looping.
const maxUnwraps = 100

// Find returns the first error in err's tree, in the order errors.As visits
// it, for which match holds, or nil. Unlike errors.As it calls no As method
// and visits at most maxUnwraps errors. It does not look inside an error for
// which stop holds; stop may be nil.
func Find(err error, match, stop func(error) bool) error {
	stack := []error{err}
	for n := 0; len(stack) > 0 && n < maxUnwraps; n++ {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e == nil {
			continue
		}
		if match(e) {
			return e
		}
		if stop != nil && stop(e) {
			continue
		}
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			stack = append(stack, u.Unwrap())
		case interface{ Unwrap() []error }:
			list := u.Unwrap()
			for i := len(list) - 1; i >= 0; i-- {
				stack = append(stack, list[i])
			}
		}
	}
	return nil
}
