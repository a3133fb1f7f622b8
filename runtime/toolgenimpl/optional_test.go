package toolgenimpl

import (
	"strings"
	"testing"
)

// TestOptionalNullHint reads a member with every reader generated code uses,
// with and without Optional, from null and from a value of another kind: the
// hint says the member may be left out exactly when Optional was called and
// the value is null.
func TestOptionalNullHint(t *testing.T) {
	readers := map[string]func(r *Reader){
		"Int":         func(r *Reader) { r.Int() },
		"Number":      func(r *Reader) { r.Number() },
		"String":      func(r *Reader) { r.String() },
		"StringView":  func(r *Reader) { r.StringView() },
		"Bool":        func(r *Reader) { r.Bool() },
		"BeginObject": func(r *Reader) { r.BeginObject() },
		"BeginArray":  func(r *Reader) { r.BeginArray() },
	}
	const leaveOut = "to give no value, leave the field out"
	for name, read := range readers {
		for _, value := range []string{`null`, `"x"`, `7`, `true`, `{}`, `[]`} {
			for _, optional := range []bool{false, true} {
				r := NewReader([]byte(`{"m":` + value + `}`))
				r.BeginObject()
				r.Name()
				if optional {
					r.Optional()
				}
				read(r)
				vs := r.Violations()
				if len(vs) == 0 {
					continue // the value is of the kind read
				}
				want := optional && value == "null"
				if got := strings.Contains(vs[0].Hint, leaveOut); got != want {
					t.Errorf("%s of %s, Optional %v: hint %q; want the leave-out advice: %v", name, value, optional, vs[0].Hint, want)
				}
			}
		}
	}
}

// TestOptionalIsForgotten checks that Optional applies to the next value
// only: not to the member after it, nor to a value inside it.
func TestOptionalIsForgotten(t *testing.T) {
	r := NewReader([]byte(`{"a":1,"b":null,"c":[null]}`))
	r.BeginObject()
	r.Name()
	r.Optional()
	r.Int() // a: 1
	r.Name()
	r.Int() // b: null, not optional
	r.Name()
	r.Optional()
	if r.BeginArray() { // c: optional, an array
		r.More()
		r.Int() // c[0]: null, an item
	}
	vs := r.Violations()
	if len(vs) != 2 {
		t.Fatalf("got %d violations, want 2: %+v", len(vs), vs)
	}
	for _, v := range vs {
		if strings.Contains(v.Hint, "leave the field out") {
			t.Errorf("%s: hint %q advises leaving out a value that Optional did not mark", v.Pointer, v.Hint)
		}
	}
	want := `Field "b" must be an integer, got null.`
	if vs[0].Hint != want {
		t.Errorf("hint %q, want %q", vs[0].Hint, want)
	}
}
