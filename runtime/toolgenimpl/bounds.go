package toolgenimpl

// CompareNumber compares the number just read, held as v, with a bound held
// as the float64 bound and written as the JSON number text: -1, 0 or +1.
// Rounding to float64 keeps order, so the floats decide whenever they
// differ; only when the two round to the same float64 are the exact decimal
// texts compared, so that 100.00000000000000000001 is above a maximum of 100.
func (r *Reader) CompareNumber(v, bound float64, text string) int {
	switch {
	case v < bound:
		return -1
	case v > bound:
		return 1
	}
	return compareNumbers(string(r.last), text)
}
