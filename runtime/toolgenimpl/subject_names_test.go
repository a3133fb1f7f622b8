package toolgenimpl

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/runtime"
	"github.com/toolgen/toolgen/runtime/internal/message"
)

// A hop is one step from the arguments down to a value: into the member
// named name, or into an array's first item.
type hop struct {
	name string
	item bool
}

// subjectNames are member names a hint could mistake for no name, for a
// separator or for an escape: the empty name above all, whose path is as
// empty as the root's.
var subjectNames = []string{
	"", " ", ".", "/", "~0", "~1", "[0]", "\n", "\u2028", `"`, `\`, "'", "v",
	"The arguments", strings.Repeat("n", 100), strings.Repeat("é", 70),
}

// subjectPositions places a member named name: at the root, in a nested
// object, in an array's item, as a map's value (a member under a member of
// the same name) and under a member named "".
func subjectPositions(name string) map[string][]hop {
	return map[string][]hop{
		"root":        {{name: name}},
		"nested":      {{name: "o"}, {name: name}},
		"array item":  {{name: "a"}, {item: true}, {name: name}},
		"map value":   {{name: name}, {name: name}},
		"under empty": {{name: ""}, {name: name}},
	}
}

// hopsJSON is the arguments holding value at hops.
func hopsJSON(t *testing.T, hops []hop, value string) string {
	for i := len(hops) - 1; i >= 0; i-- {
		if hops[i].item {
			value = "[" + value + "]"
		} else {
			value = "{" + string(mustQuote(t, hops[i].name)) + ":" + value + "}"
		}
	}
	return value
}

// hopsPlace is the JSON Pointer and the hint's path of hops, built here
// apart from the runtime's: members joined by dots (the first without
// one, even when empty), indexes in brackets, names cut at hintNameRunes.
func hopsPlace(hops []hop) (ptr, path string) {
	for i, h := range hops {
		if h.item {
			ptr, path = ptr+"/0", path+"[0]"
			continue
		}
		if i > 0 {
			path += "."
		}
		ptr += "/" + jsonpointer.Escape(h.name)
		path += message.Truncate(h.name, hintNameRunes)
	}
	return ptr, path
}

// readHops reads the arguments down hops as a typed reader does, and the
// value there with leaf.
func readHops(r *Reader, hops []hop, leaf func(r *Reader)) {
	if len(hops) == 0 {
		leaf(r)
		return
	}
	if hops[0].item {
		if r.BeginArray() {
			for r.More() {
				readHops(r, hops[1:], leaf)
			}
			r.EndArray()
		}
		return
	}
	if r.BeginObject() {
		for r.More() {
			r.Name()
			readHops(r, hops[1:], leaf)
		}
		r.EndObject()
	}
}

// checkHops checks x down hops as a schema function does, and the value
// there with leaf.
func checkHops(c *Check, x *Value, hops []hop, leaf func(c *Check, x *Value) bool) bool {
	if len(hops) == 0 {
		return leaf(c, x)
	}
	if hops[0].item {
		c.EnterItem(0)
		defer c.Leave()
		return checkHops(c, &x.Items[0], hops[1:], leaf)
	}
	c.Enter(hops[0].name)
	defer c.Leave()
	return checkHops(c, x.Member(hops[0].name), hops[1:], leaf)
}

// renamed is want, the violation of a voice case at member "v" of the
// root, as it must read at ptr and path instead: the pointer and every
// quoted path naming its subject (a union's hint names it in each form's
// too) moved there, the rest of the words the same.
func renamed(want violationWords, ptr, path string) violationWords {
	if want.Pointer == "" {
		return want // the arguments as a whole, as when they are sensitive
	}
	want.Pointer = ptr + strings.TrimPrefix(want.Pointer, "/v")
	var hint strings.Builder
	rest := want.Hint
	for {
		at := strings.Index(rest, `ield "v`)
		if at < 0 {
			break
		}
		from := at + len(`ield "`)
		end := from + strings.IndexByte(rest[from:], '"')
		hint.WriteString(rest[:at+len("ield ")])
		hint.WriteString(strconv.Quote(path + rest[from+1:end]))
		rest = rest[end+1:]
	}
	want.Hint = hint.String() + rest
	return want
}

type violationWords struct{ Pointer, Keyword, Message, Hint string }

// TestHintNamesItsMember: for every keyword both a typed reader and a
// schema function check, a member of any name (the empty one first) at any
// position gets a hint whose subject is that member, never the arguments
// as a whole, with the same words from both, shown or sensitive, and from a
// schema function called where the reader stands.
func TestHintNamesItsMember(t *testing.T) {
	for _, c := range voiceCases() {
		for _, mode := range []string{"plain", "sensitive value", "checked at the member"} {
			hintsNameMembers(t, c, mode, subjectNames)
		}
	}
}

// FuzzHintNamesItsMember is TestHintNamesItsMember over any member name.
func FuzzHintNamesItsMember(f *testing.F) {
	for _, name := range subjectNames {
		f.Add(name)
	}
	cases := voiceCases()
	f.Fuzz(func(t *testing.T, name string) {
		if !utf8.ValidString(name) {
			return // a name the arguments cannot hold
		}
		for _, c := range cases {
			hintsNameMembers(t, c, "plain", []string{name})
		}
	})
}

// hintsNameMembers checks the voice case c, read as mode says, at each of
// names in each of subjectPositions.
func hintsNameMembers(t *testing.T, c voiceCase, mode string, names []string) {
	t.Helper()
	value := strings.TrimSuffix(strings.TrimPrefix(c.args, `{"v":`), "}")
	read, check := c.read, c.check
	if mode == "sensitive value" {
		read = func(r *Reader) { r.BeginSensitive(); c.read(r); r.EndSensitive() }
		check = func(ch *Check, x *Value) bool { ch.BeginSensitive(); defer ch.EndSensitive(); return c.check(ch, x) }
	}
	at := func(hops []hop) (typed, schema []violationWords) {
		args := []byte(hopsJSON(t, hops, value))
		r := NewReader(args)
		if mode == "checked at the member" {
			readHops(r, hops, func(r *Reader) {
				v, _ := r.Value()
				r.CheckValue(&v, func(ch *Check, x *Value, _ *Evaluated) bool { return c.check(ch, x) })
			})
		} else {
			readHops(r, hops, read)
		}
		typed = words(violationsOf(t, r.Finish("t")))
		schema = words(violationsOf(t, ValidateJSON("t", args, func(ch *Check, x *Value, _ *Evaluated) bool {
			return checkHops(ch, x, hops, check)
		})))
		return typed, schema
	}
	base, _ := at([]hop{{name: "v"}})
	if len(base) != 1 || !strings.HasPrefix(base[0].Hint, `Field "v`) {
		t.Fatalf("%s %s (%s): at member v, %+v; want one violation whose hint names field v", c.keyword, c.args, mode, base)
	}
	for _, name := range names {
		for pos, hops := range subjectPositions(name) {
			typed, schema := at(hops)
			ptr, path := hopsPlace(hops)
			want := renamed(base[0], ptr, path)
			if len(typed) != 1 || len(schema) != 1 {
				t.Errorf("%s %s (%s), name %q %s: typed reader %+v, schema function %+v; want one violation each", c.keyword, c.args, mode, name, pos, typed, schema)
				continue
			}
			if typed[0] != want || schema[0] != want {
				t.Errorf("%s %s (%s), name %q %s:\ntyped reader    %+v\nschema function %+v\nwant            %+v", c.keyword, c.args, mode, name, pos, typed[0], schema[0], want)
			}
		}
	}
}

func words(vs []runtime.Violation) []violationWords {
	var out []violationWords
	for _, v := range vs {
		out = append(out, violationWords{v.Pointer, v.Keyword, v.Message, v.Hint})
	}
	return out
}
