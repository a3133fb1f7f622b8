package toolgenimpl

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"
)

func TestObjectEncoder(t *testing.T) {
	names := []string{"a,b", `a"b`, `a\b`, "-", "", "🙂", "<&>", "a\u2028b", "x"}
	var o ObjectEncoder
	want := map[string]any{}
	for i, name := range names {
		o.Member(name, i)
		want[name] = float64(i)
	}
	text, err := o.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(text, &got); err != nil {
		t.Fatalf("%s is not JSON: %v", text, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %v, want %v", got, want)
	}

	var more ObjectEncoder
	more.Member("a", 1)
	EncodeMembers(&more, map[string]string{"z": "1", "b,c": "2", "": "3"})
	if text, err := more.Finish(); err != nil || string(text) != `{"a":1,"":"3","b,c":"2","z":"1"}` {
		t.Errorf("members from a map: %s, %v", text, err)
	}

	var empty ObjectEncoder
	if text, err := empty.Finish(); err != nil || string(text) != "{}" {
		t.Errorf("an object without members: %s, %v", text, err)
	}

	var bad ObjectEncoder
	bad.Member("a", 1)
	bad.Member("b", math.Inf(1))
	bad.Member("c", 2)
	var unsupported *json.UnsupportedValueError
	if _, err := bad.Finish(); !errors.As(err, &unsupported) {
		t.Errorf("a member that cannot be encoded: %v, want *json.UnsupportedValueError", err)
	}
}

// TestObjectEncoderRefusesTwice: a value that holds one name in two places
// (a declared member and the map of others, or both maps of a record), as
// a careless caller can build one, is refused whole rather than written
// with the name twice, which would not read back as the value.
func TestObjectEncoderRefusesTwice(t *testing.T) {
	for _, c := range []struct {
		name  string
		write func(o *ObjectEncoder)
	}{
		{"a declared member and the map", func(o *ObjectEncoder) {
			o.Member("id", 1)
			EncodeMembers(o, map[string]int{"x": 2, "id": 3})
		}},
		{"both maps of a record", func(o *ObjectEncoder) {
			EncodeMembers(o, map[string]int{"a": 1, "b": 2})
			EncodeMembers(o, map[string]json.RawMessage{"c": json.RawMessage(`3`), "b": json.RawMessage(`"x"`)})
		}},
		{"the empty name", func(o *ObjectEncoder) {
			o.Member("", 1)
			EncodeMembers(o, map[string]int{"": 2})
		}},
	} {
		var o ObjectEncoder
		c.write(&o)
		text, err := o.Finish()
		var dup *duplicateMemberError
		if !errors.As(err, &dup) || text != nil {
			t.Errorf("%s: %s, %v; want a *duplicateMemberError", c.name, text, err)
		}
	}
	var distinct ObjectEncoder
	distinct.Member("id", 1)
	EncodeMembers(&distinct, map[string]int{"Id": 2, "id ": 3})
	if text, err := distinct.Finish(); err != nil || string(text) != `{"id":1,"Id":2,"id ":3}` {
		t.Errorf("names that differ: %s, %v", text, err)
	}
}
