package ecma

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"testing"
	"unicode"
)

// TestEmojiDataVersion checks that the emoji tables are those of the
// Unicode version of Go's own tables, which the other properties come from.
func TestEmojiDataVersion(t *testing.T) {
	if emojiVersion != unicode.Version {
		t.Errorf("the emoji tables are of Unicode %s, Go's of %s: run go run emoji_gen.go in internal/ecma", emojiVersion, unicode.Version)
	}
}

// TestEmojiMembers checks the emoji properties on characters whose
// properties Unicode 15 states.
func TestEmojiMembers(t *testing.T) {
	for _, tc := range []struct {
		c     rune
		props []string // every emoji property c has
	}{
		{'😀', []string{"Emoji", "Emoji_Presentation", "Extended_Pictographic"}},
		{'©', []string{"Emoji", "Extended_Pictographic"}},
		{'#', []string{"Emoji", "Emoji_Component"}},
		{'7', []string{"Emoji", "Emoji_Component"}},
		{'\u200D', []string{"Emoji_Component"}},
		{'\u20E3', []string{"Emoji_Component"}},
		{'\uFE0F', []string{"Emoji_Component"}},
		{'\U0001F1E6', []string{"Emoji", "Emoji_Presentation", "Emoji_Component"}}, // regional indicator A
		{'\U0001F3FB', []string{"Emoji", "Emoji_Presentation", "Emoji_Modifier", "Emoji_Component"}},
		{'\U000E0061', []string{"Emoji_Component"}}, // tag latin small letter a
		{'👍', []string{"Emoji", "Emoji_Presentation", "Emoji_Modifier_Base", "Extended_Pictographic"}},
		{'\u2388', []string{"Extended_Pictographic"}},
		{'\U0001FC00', []string{"Extended_Pictographic"}}, // reserved for pictographs
		{'a', nil},
		{'\u2122' + 1, nil},
	} {
		for name, table := range emojiProperties {
			if want := slices.Contains(tc.props, name); unicode.Is(table, tc.c) != want {
				t.Errorf("%U in %s: %v, want %v", tc.c, name, !want, want)
			}
		}
	}
}

// TestEmojiPropertiesAgainstV8 compares each emoji property's \p{...} with
// V8's on every code point when Node's Unicode version is Go's. Across
// versions it compares the code points both assign (a later version gives
// new characters their properties), and not Extended_Pictographic, which
// Unicode 17 took from hundreds of assigned characters.
func TestEmojiPropertiesAgainstV8(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the emoji properties are not compared with V8")
	}
	var names []string
	for name := range emojiProperties {
		names = append(names, name)
	}
	slices.Sort(names)
	in, _ := json.Marshal(names)
	// For each property, the code points that have it, as [lo, hi] ranges.
	const script = `
const names = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {unicode: process.versions.unicode, sets: {}};
for (const name of names) {
  const re = new RegExp("^\\p{" + name + "}$", "u");
  const ranges = [];
  for (let c = 0; c <= 0x10FFFF; c++) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    if (re.test(String.fromCodePoint(c))) {
      const last = ranges[ranges.length - 1];
      if (last && last[1] === c - 1) last[1] = c; else ranges.push([c, c]);
    }
  }
  out.sets[name] = ranges;
}
process.stdout.write(JSON.stringify(out));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var v8 struct {
		Unicode string
		Sets    map[string][][2]rune
	}
	if err := json.Unmarshal(out, &v8); err != nil {
		t.Fatal(err)
	}
	sameVersion := v8.Unicode+".0" == unicode.Version || v8.Unicode == unicode.Version
	compared := 0
	for _, name := range names {
		re := mustTranslate(t, `^\p{`+name+`}$`)
		if re == nil || !sameVersion && name == "Extended_Pictographic" {
			continue
		}
		v8Has := map[rune]bool{}
		for _, r := range v8.Sets[name] {
			for c := r[0]; c <= r[1]; c++ {
				v8Has[c] = true
			}
		}
		failures := 0
		for c := rune(0); c <= unicode.MaxRune; c++ {
			if 0xD800 <= c && c <= 0xDFFF || !sameVersion && unicode.Is(unicode.Cn, c) {
				continue
			}
			compared++
			if got := re.MatchString(string(c)); got != v8Has[c] {
				t.Errorf("\\p{%s} on %U: %v, V8 (Unicode %s) %v", name, c, got, v8.Unicode, v8Has[c])
				if failures++; failures == 5 {
					break
				}
			}
		}
	}
	t.Logf("%d verdicts compared with V8 (Unicode %s; Go's tables are of %s)", compared, v8.Unicode, unicode.Version)
}
