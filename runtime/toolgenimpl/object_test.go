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
