package gen

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
)

// tagNames are member names around every ASCII character and some beyond:
// each alone, between letters, and the names encoding/json treats specially.
func tagNames() []string {
	names := []string{"", "-", "-,", "a,b", `a"b`, `a\b`, "a`b", "🙂", "é", "日本", "Ⅻ", "a\u00a0b", "a\u200bb", "a\tb", "a b", "ÿ", "\u0301"}
	for c := range 128 {
		names = append(names, string(rune(c)), "a"+string(rune(c))+"b")
	}
	return names
}

// TestTagCarries checks tagCarries against encoding/json itself: a field
// tagged with a name is encoded under exactly that name, both with omitzero
// and without, if and only if tagCarries says so.
func TestTagCarries(t *testing.T) {
	for _, name := range tagNames() {
		exact := true
		var texts []string
		for _, tag := range []string{name, name + ",omitzero"} {
			text := encodeTagged(t, tag)
			var members map[string]int
			if err := json.Unmarshal(text, &members); err != nil {
				t.Fatal(err)
			}
			_, ok := members[name]
			exact = exact && ok && len(members) == 1
			texts = append(texts, string(text))
		}
		if got := tagCarries(name); got != exact {
			t.Errorf("tagCarries(%q) = %t, but tagged with it a field encodes as %s and with omitzero as %s", name, got, texts[0], texts[1])
		}
	}
}

// encodeTagged encodes a struct whose one field, holding 1, has the json tag.
func encodeTagged(t *testing.T, tag string) []byte {
	t.Helper()
	typ := reflect.StructOf([]reflect.StructField{{
		Name: "Field",
		Type: reflect.TypeFor[int](),
		Tag:  reflect.StructTag("json:" + strconv.Quote(tag)),
	}})
	v := reflect.New(typ).Elem()
	v.Field(0).SetInt(1)
	text, err := json.Marshal(v.Interface())
	if err != nil {
		t.Fatal(err)
	}
	return text
}
