package schema

import "testing"

// TestEditAndWrite checks that a parsed document is written back compactly
// as it was, and that each edit shows in what is written.
func TestEditAndWrite(t *testing.T) {
	doc := mustParse(t, "{ \"b\": [1.50, true, null, \"x<y\"],\n \"a\": {\"c\": \"\\u00e9\"} }")
	got, err := doc.AppendCompact(nil)
	if err != nil || string(got) != `{"b":[1.50,true,null,"x<y"],"a":{"c":"é"}}` {
		t.Fatalf("written as %s, %v", got, err)
	}
	doc.Set("a", NewBool(false))
	doc.Set("z", NewArray())
	doc.InsertFirst("first", NewNull())
	doc.Replace("b", "bee", NewObject(Field("s", NewString("q\""))))
	doc.Delete("missing")
	doc.Delete("z")
	got, err = doc.AppendCompact(nil)
	if want := `{"first":null,"bee":{"s":"q\""},"a":false}`; err != nil || string(got) != want {
		t.Errorf("after edits %s, %v; want %s", got, err, want)
	}
	again, err := Parse(got, ParseOptions{})
	if err != nil || again.Member("bee").Member("s").Str != `q"` {
		t.Errorf("the edited text does not read back: %v", err)
	}
}
