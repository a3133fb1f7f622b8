package schema

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

func mustParse(t *testing.T, text string) *Node {
	t.Helper()
	n, err := Parse([]byte(text), ParseOptions{})
	if err != nil {
		t.Fatalf("Parse(%s): %v", text, err)
	}
	return n
}

// TestParseKeepsTextAndPlaces checks that every value's Raw is the slice of
// the document at its Offset, and that OnValue is told each pointer at the
// offset of the value (or of the member's name) it names.
func TestParseKeepsTextAndPlaces(t *testing.T) {
	doc := " {\"a\" : [1, {\"b/c\": \"x\\u0041\"}, true],\n \"m~n\": null}  "
	told := map[string][]int{}
	root, err := Parse([]byte(doc), ParseOptions{Pointers: true, OnValue: func(ptr string, off int) { told[ptr] = append(told[ptr], off) }})
	if err != nil {
		t.Fatal(err)
	}
	var check func(n *Node, ptr string)
	check = func(n *Node, ptr string) {
		if got := doc[n.Offset:n.End()]; got != string(n.Raw) {
			t.Errorf("%s: Raw %q, document has %q at its offset", ptr, n.Raw, got)
		}
		if offs := told[ptr]; !slices.Contains(offs, n.Offset) {
			t.Errorf("%s: OnValue offsets %v, value at %d", ptr, offs, n.Offset)
		}
		if n.Pointer != ptr {
			t.Errorf("Pointer %q, want %q", n.Pointer, ptr)
		}
		if root.At(ptr) != n {
			t.Errorf("At(%q) does not find the value", ptr)
		}
		for _, m := range n.Members {
			if !strings.HasPrefix(doc[m.KeyOffset:], `"`+strings.ReplaceAll(m.Name, "~", "~")) {
				t.Errorf("%s: key offset %d does not start the name %q", ptr, m.KeyOffset, m.Name)
			}
			check(m.Value, jsonpointer.Append(ptr, m.Name))
		}
		for i, item := range n.Items {
			check(item, fmt.Sprintf("%s/%d", ptr, i))
		}
	}
	check(root, "")
	if s := root.At("/a/1/b~1c"); s == nil || s.Str != "xA" {
		t.Errorf("string not decoded: %+v", s)
	}
	if root.At("/a/01") != nil || root.At("/a/-1") != nil || root.At("a") != nil {
		t.Error("At accepted a non-canonical index or a pointer without '/'")
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want error
		opts ParseOptions
	}{
		{"", ErrEmpty, ParseOptions{}},
		{"  ", ErrEmpty, ParseOptions{}},
		{"{} {}", ErrTrailing, ParseOptions{}},
		{`{"a":1,"a":2}`, ErrDuplicate, ParseOptions{}},
		{"[[[]]]", ErrTooDeep, ParseOptions{MaxDepth: 2}},
		{`{"a":}`, nil, ParseOptions{}},
		{"[1,", nil, ParseOptions{}},
		{"\"\xff\"", nil, ParseOptions{}},
	} {
		_, err := Parse([]byte(c.doc), c.opts)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a *SyntaxError", c.doc, err)
			continue
		}
		if c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("Parse(%q) = %v, want %v", c.doc, err, c.want)
		}
	}
	if _, err := Parse([]byte("[[]]"), ParseOptions{MaxDepth: 2}); err != nil {
		t.Errorf("depth 2 refused at MaxDepth 2: %v", err)
	}
}

// TestParseDuplicates checks that with OnDuplicate every duplicate is told,
// naming the first, and the tree keeps the first value.
func TestParseDuplicates(t *testing.T) {
	doc := `{"a":1,"b":{"x":1,"x":{"y":2}},"a":3,"a":4}`
	var dups []Duplicate
	root, err := Parse([]byte(doc), ParseOptions{OnDuplicate: func(d Duplicate) { dups = append(dups, d) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(dups) != 3 {
		t.Fatalf("told %d duplicates, want 3: %+v", len(dups), dups)
	}
	for _, d := range dups {
		if doc[d.FirstOffset:d.FirstOffset+len(d.Name)+2] != `"`+d.Name+`"` || d.FirstOffset >= d.Offset {
			t.Errorf("duplicate %+v: first offset does not name the first key", d)
		}
	}
	if dups[0].Pointer != "/b/x" || string(root.At("/a").Raw) != "1" || string(root.At("/b/x").Raw) != "1" {
		t.Errorf("tree did not keep the first values: %+v", dups[0])
	}
}

// sampleValue is a value of the shape the table gives a keyword, holding
// schemas that the walk must visit (or, for Data keywords, must not).
func sampleValue(k Keyword) (text string, subs []string) {
	mark := `{"$comment":"` + k.Name + `"}`
	at := "/" + jsonpointer.Escape(k.Name)
	switch k.Shape {
	case Subschema:
		return mark, []string{at}
	case SchemaArray:
		return "[" + mark + ",true,3]", []string{at + "/0", at + "/1"}
	case SchemaMap:
		return `{"a/b":` + mark + `,"":false,"list":["x"]}`, []string{at + "/a~1b", at + "/"}
	}
	// Data that looks like a schema must not be taken for one.
	return `{"properties":{"p":{}},"items":{}}`, nil
}

// TestChildrenMatrix checks, for every row of the table, that the walk
// visits exactly the subschemas the row's shape puts under the keyword, and
// nothing under a keyword whose value is data.
func TestChildrenMatrix(t *testing.T) {
	for _, k := range Draft202012.Keywords() {
		t.Run(k.Name, func(t *testing.T) {
			text, want := sampleValue(k)
			root := mustParse(t, `{"`+k.Name+`":`+text+`,"unknown":{"type":"string"}}`)
			var got []string
			Draft202012.Walk(root, func(v Visit) bool {
				if v.Node != root {
					got = append(got, v.Pointer)
					if root.At(v.Pointer) != v.Node {
						t.Errorf("pointer %s does not lead to the visited node", v.Pointer)
					}
					if v.Keyword != k.Name || v.Depth != 1 {
						t.Errorf("visit %+v: wrong keyword or depth", v)
					}
				}
				return true
			})
			if !slices.Equal(got, want) {
				t.Errorf("visited %q, want %q", got, want)
			}
		})
	}
}

// TestWalkNested checks depth, order and pruning over nested subschemas.
func TestWalkNested(t *testing.T) {
	root := mustParse(t, `{"properties":{"a":{"items":{"not":{}}}},"$defs":{"d":{"anyOf":[{}]}}}`)
	var got []string
	Draft202012.Walk(root, func(v Visit) bool {
		got = append(got, fmt.Sprintf("%s@%d", v.Pointer, v.Depth))
		return v.Keyword != "$defs"
	})
	want := []string{"@0", "/properties/a@1", "/properties/a/items@2", "/properties/a/items/not@3", "/$defs/d@1"}
	if !slices.Equal(got, want) {
		t.Errorf("walked %q, want %q", got, want)
	}
}

func TestTableIsConsistent(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Draft202012.Keywords() {
		if seen[k.Name] {
			t.Errorf("%s listed twice", k.Name)
		}
		seen[k.Name] = true
		if Draft202012.Keyword(k.Name) == nil {
			t.Errorf("%s not found by name", k.Name)
		}
		if k.Vocabulary == 0 && !k.Legacy {
			t.Errorf("%s has no vocabulary", k.Name)
		}
		if (k.Role == Applicator) != (k.Applies != AppliesNowhere) {
			t.Errorf("%s: role %d but applies %d", k.Name, k.Role, k.Applies)
		}
		if k.Role == Assertion && k.Shape != Data {
			t.Errorf("%s asserts but holds schemas", k.Name)
		}
	}
	if Draft202012.Keyword("x-toolgen") != nil || !IsExtension("x-toolgen") {
		t.Error("x-toolgen is an extension, not a keyword")
	}
}
