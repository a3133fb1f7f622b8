package toolgenimpl

import "testing"

func TestCompareNumberExactAtTies(t *testing.T) {
	for _, c := range []struct {
		arg, bound string
		want       int
	}{
		{"100.00000000000000000001", "100", 1},
		{"0.99999999999999999999", "1", -1},
		{"100", "100.0", 0},
		{"99.5", "100", -1},
		{"1e2", "100", 0},
	} {
		r := NewReader([]byte(c.arg))
		v, ok := r.Number()
		if !ok {
			t.Fatalf("%s: not read", c.arg)
		}
		if got := r.CompareNumber(v, floatOf(c.bound), c.bound); got != c.want {
			t.Errorf("CompareNumber(%s, %s) = %d, want %d", c.arg, c.bound, got, c.want)
		}
		r.Finish("")
	}
}

func floatOf(text string) float64 {
	v := MustParseValue(text)
	r := NewReader([]byte(v.Text))
	f, _ := r.Number()
	r.Finish("")
	return f
}
