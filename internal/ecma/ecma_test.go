package ecma

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/toolgen/toolgen/internal/ecma/ecmaref"
)

// ecmaWhiteSpace is every code point ECMA-262's \s matches.
var ecmaWhiteSpace = []string{
	"\t", "\n", "\v", "\f", "\r", " ", "\u00a0", "\u1680", "\u2000", "\u2001", "\u2002",
	"\u2003", "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a",
	"\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff",
}

// notWhiteSpace are code points other dialects take for white space.
var notWhiteSpace = []string{"\u0085", "\u180e", "\u200b", "\u2060", "\x1c", "\x00", "a"}

var translations = []struct {
	pattern        string
	match, noMatch []string
}{
	// Digits, word characters and white space are ECMA-262's, not Unicode's.
	{`^\d$`, []string{"0", "9"}, []string{"٠", "߀", "৪", "a", "", "00"}},
	{`^\D$`, []string{"٠", "߀", "a", "\n"}, []string{"0", "9"}},
	{`^\w$`, []string{"a", "Z", "0", "_"}, []string{"é", "\u017f", "\u212a", "-", " "}},
	{`^\W$`, []string{"é", "-", "\n"}, []string{"a", "_"}},
	{`^\s$`, ecmaWhiteSpace, notWhiteSpace},
	{`^\S$`, notWhiteSpace[:len(notWhiteSpace)-2], ecmaWhiteSpace},
	{`^[\d\s-]+$`, []string{"1 -", "\u3000", "-"}, []string{"a", "1a"}},
	{`^[^\s]$`, []string{"a", "\u0085"}, []string{" ", "\u2028"}},
	// "." stops only at ECMA-262's line terminators.
	{`^.$`, []string{"a", "🐲", "\u0085", "\v", "\x00"}, []string{"\n", "\r", "\u2028", "\u2029", "", "ab"}},
	{`^(?s:.)$`, []string{"\n", "\r", "\u2028", "a"}, []string{""}},
	{`^(?-s:.)$`, []string{"a"}, []string{"\n"}},
	// ^ and $ are the ends of the input, never of a line.
	{`^abc$`, []string{"abc"}, []string{"abc\n", "\nabc", "xabc"}},
	{`^$`, []string{""}, []string{"\n"}},
	{`abc`, []string{"xabcx"}, []string{"ab"}},
	{`(?:^|,)a(?:,|$)`, []string{"a", "b,a", "a,b"}, []string{"ba", "\na"}},
	// \b and \B use the ASCII word characters.
	{`\bfoo\b`, []string{"a foo b", "foo", "é foo"}, []string{"afoo", "foo_"}},
	{`a\b`, []string{"aé", "a"}, []string{"ab"}},
	{`\Bé`, []string{"éé"}, []string{"aé"}},
	// Character escapes.
	{`^\t\n\v\f\r$`, []string{"\t\n\v\f\r"}, []string{`\t\n\v\f\r`}},
	{`^\cC\cc\cZ\ca$`, []string{"\x03\x03\x1a\x01"}, []string{`\cC\cc\cZ\ca`}},
	{`^\0$`, []string{"\x00"}, []string{"0", `\0`}},
	{`^\x41\u0042\u{43}\u{0000000044}$`, []string{"ABCD"}, []string{"abcd"}},
	{`^\/\.\*\+\?\(\)\[\]\{\}\|\^\$\\$`, []string{`/.*+?()[]{}|^$\`}, []string{""}},
	{`^[\]\[\-\^\\]+$`, []string{`][-^\`}, []string{"a"}},
	{`^[[]$`, []string{"["}, []string{"]"}},
	{`^[^^]$`, []string{"a"}, []string{"^"}},
	{`^[\b]$`, []string{"\b"}, []string{"b", `\b`}},
	{"^ #$", []string{" #"}, []string{"#"}},
	{"^\u2028$", []string{"\u2028"}, []string{"\n"}},
	// Astral code points are one character, written or escaped.
	{`^\uD83D\uDC32*$`, []string{"", "🐲", "🐲🐲"}, []string{"🐉", "🐉🐉", "D", "DD"}},
	{"^🐲*$", []string{"", "🐲🐲"}, []string{"🐉"}},
	{`^\u{1F432}+$`, []string{"🐲"}, []string{"🐉"}},
	{`^[🐲-🐳]$`, []string{"🐲", "🐳"}, []string{"🐉", "🐴"}},
	{`^[\uD83D\uDC32-\uD83D\uDC33]$`, []string{"🐲", "🐳"}, []string{"🐉"}},
	{`^.$`, []string{"🐲"}, []string{"🐲🐲"}},
	// Lone surrogates cannot occur in UTF-8, so they match nothing.
	{`\uD83D`, nil, []string{"", "\ufffd", "🐲", "\xed\xa0\xbd"}},
	{`\uD83D|a`, []string{"a"}, []string{"\ufffd"}},
	{`[\uD800-\uDFFF]`, nil, []string{"\ufffd", "a"}},
	{`\u{D800}`, nil, []string{"\ufffd"}},
	{`^[^\uD800]$`, []string{"a", "\ufffd", "\n"}, nil},
	// Empty and full classes.
	{`[]`, nil, []string{"", "a", "\n"}},
	{`^[^]$`, []string{"\n", "a", "🐲"}, []string{""}},
	{`^a[]?$`, []string{"a"}, []string{"ab"}},
	// Ranges and the place of "-".
	{`^[a-z-]$`, []string{"-", "m"}, []string{"A"}},
	{`^[-a]$`, []string{"-", "a"}, []string{"b"}},
	{`^[--/]$`, []string{"-", ".", "/"}, []string{","}},
	{`^[a-c-e]$`, []string{"a", "-", "e"}, []string{"d"}},
	{`^[\0-\x20]$`, []string{"\x00", " "}, []string{"!"}},
	{`^[^a-z\W]$`, []string{"A", "0", "_"}, []string{"a", "-"}},
	// Quantifiers.
	{`^a{2,3}$`, []string{"aa", "aaa"}, []string{"a", "aaaa"}},
	{`^a{2}$`, []string{"aa"}, []string{"a", "aaa"}},
	{`^a{002,}$`, []string{"aa", "aaaaa"}, []string{"a"}},
	{`^a{0}b$`, []string{"b"}, []string{"ab"}},
	{`^a{1,1000}$`, []string{"a", strings.Repeat("a", 1000)}, []string{strings.Repeat("a", 1001)}},
	{`^a*?b+?c??d{1,2}?$`, []string{"bd", "aabbcdd"}, []string{"ad"}},
	{`^(?:a|bc)+$`, []string{"a", "bca"}, []string{"b", ""}},
	{`^(a*)*$`, []string{"", "aaa"}, []string{"b"}},
	// Groups.
	{`^(?<year>\d{4})-(?<month>\d{2})$`, []string{"2024-01"}, []string{"24-01"}},
	{`^(?:(?<a>x)|(?<a>y))$`, []string{"x", "y"}, []string{"xy"}},
	{`^(?<$é>x)(?<\u0061>y)$`, []string{"xy"}, []string{"x"}},
	{`^()(?:)(|a)$`, []string{"", "a"}, []string{"b"}},
	{`a|`, []string{"", "b"}, nil},
	{`^(?m:a)(?-i:b)(?s-m:c)$`, []string{"abc"}, []string{"ab"}},
	// General_Category, by any of its names.
	{`\p{Letter}cole`, []string{"l'école", "l'ecole"}, []string{"L'ÉCOLE"}},
	{`^\p{digit}+$`, []string{"42", "৪২"}, []string{"-%#"}},
	{`^\p{Lu}$`, []string{"A", "É"}, []string{"a", "ǅ"}},
	{`^\P{Lu}$`, []string{"a", "ǅ"}, []string{"A"}},
	{`^\p{gc=Lu}\p{General_Category=Uppercase_Letter}$`, []string{"AB"}, []string{"Ab"}},
	{`^\p{LC}+$`, []string{"aAǅ"}, []string{"ʰ"}},
	{`^\p{Cased_Letter}$`, []string{"ǅ"}, []string{"1"}},
	{`^\p{C}$`, []string{"\x01", "\u0378", "\ue000", "\u00ad"}, []string{"a", " "}},
	{`^\p{Other}$`, []string{"\u0378"}, []string{"a"}},
	{`^\p{Cn}$`, []string{"\u0378", "\U000E0080"}, []string{"\x01", "a"}},
	{`^\p{Unassigned}$`, []string{"\u0378"}, []string{"a"}},
	{`\p{Cs}|\p{Surrogate}`, nil, []string{"\ufffd", "a"}},
	{`^\P{Cs}$`, []string{"a", "\ufffd"}, nil},
	{`^\p{punct}\p{P}\p{Punctuation}$`, []string{"!,."}, []string{"!,a"}},
	{`^\p{cntrl}\p{Control}$`, []string{"\x00\x1f"}, []string{"a\x00"}},
	{`^\p{Combining_Mark}\p{Mark}\p{M}$`, []string{"\u0300\u0301\u0302"}, []string{"abc"}},
	// Script, by long name, ISO 15924 code or alias.
	{`^\p{Script=Greek}\p{sc=Grek}$`, []string{"αβ"}, []string{"ab"}},
	{`^\p{sc=Ital}\p{Script=Old_Italic}$`, []string{"𐌀𐌁"}, []string{"αβ"}},
	{`^\p{sc=SignWriting}$`, []string{"\U0001D800"}, []string{"a"}},
	{`^\P{sc=Latn}$`, []string{"α", "1"}, []string{"a"}},
	{`^\p{sc=Zyyy}\p{sc=Zinh}\p{sc=Qaai}$`, []string{"1\u0300\u0301"}, []string{"a\u0300\u0301"}},
	{`^\p{sc=Qaac}$`, []string{"\u2c80"}, []string{"a"}},
	{`^\p{sc=Unknown}$`, []string{"\u0378", "\ue000"}, []string{"a", "1"}},
	{`\p{sc=Hrkt}|\p{Script=Katakana_Or_Hiragana}`, nil, []string{"ア", "あ"}},
	// Binary properties.
	{`^\p{Any}$`, []string{"\n", "🐲"}, []string{""}},
	{`^\p{ASCII}+$`, []string{"\x00\x7f"}, []string{"\u0080"}},
	{`^\p{Assigned}$`, []string{"a", "\ue000"}, []string{"\u0378"}},
	{`^\p{Alphabetic}\p{Alpha}$`, []string{"a\u0345", "ⅰ\u2160"}, []string{"1a", "a1"}},
	{`^\p{White_Space}\p{space}$`, []string{"\u0085 "}, []string{"\u200b "}},
	{`^\p{Lowercase}\p{Uppercase}$`, []string{"ªA"}, []string{"Aa"}},
	{`^\p{ID_Start}\p{ID_Continue}*$`, []string{"a1", "℘_"}, []string{"1a", "a-"}},
	{`^\p{IDS}\p{IDC}$`, []string{"a\u0300"}, []string{"\u2e2fa"}},
	{`^\p{Math}\p{Hex}\p{AHex}$`, []string{"+ａa"}, []string{"a+a"}},
	{`^\p{Grapheme_Base}\p{Gr_Ext}$`, []string{"a\u0300"}, []string{"\u0300a"}},
	{`^\p{Regional_Indicator}{2}$`, []string{"🇫🇷"}, []string{"FR"}},
	{`^[\p{L}\d]+$`, []string{"aé1"}, []string{"a-"}},
	{`^[^\p{L}\s]$`, []string{"1"}, []string{"a", " "}},
	{`^[^\P{L}]$`, []string{"a"}, []string{"1"}},
	{`^[\P{sc=Latn}a]$`, []string{"a", "α"}, []string{"b"}},
}

func TestTranslate(t *testing.T) {
	cases := translations[:len(translations):len(translations)]
	for _, tc := range beyondTheUFlag {
		cases = append(cases, struct {
			pattern        string
			match, noMatch []string
		}{tc.pattern, tc.match, tc.noMatch})
	}
	for _, tc := range cases {
		re := mustTranslate(t, tc.pattern)
		if re == nil {
			continue
		}
		for _, s := range tc.match {
			if !re.MatchString(s) {
				t.Errorf("%s (as %s) does not match %+q", tc.pattern, re, s)
			}
		}
		for _, s := range tc.noMatch {
			if re.MatchString(s) {
				t.Errorf("%s (as %s) matches %+q", tc.pattern, re, s)
			}
		}
	}
}

// translate is Compile for a pattern that one regexp decides.
func translate(pattern string) (string, error) {
	c, err := Compile(pattern)
	if err != nil {
		return "", err
	}
	if c.Cond.Op != OpMatch {
		return "", fmt.Errorf("%q is decided by several regexps: %+v", pattern, c.Cond)
	}
	return c.Cond.RE2, nil
}

func mustTranslate(t *testing.T, pattern string) *regexp.Regexp {
	t.Helper()
	out, err := translate(pattern)
	if err != nil {
		t.Errorf("translate(%q): %v", pattern, err)
		return nil
	}
	re, err := regexp.Compile(out)
	if err != nil {
		t.Errorf("translate(%q) = %q, which does not compile: %v", pattern, out, err)
		return nil
	}
	if err := CheckPattern(pattern); err != nil {
		t.Errorf("translate(%q) succeeds but CheckPattern fails: %v", pattern, err)
	}
	return re
}

func TestGroupNames(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		names   []string
	}{
		{`(?<year>\d)(?<Month_2>\d)`, []string{"", "year", "Month_2"}},
		// Go allows only ASCII letters, digits and _ in names, and each once.
		{`(?<$a>x)(?<é>y)`, []string{"", "", ""}},
		{`(?<a>x)|(?<a>y)`, []string{"", "", ""}},
	} {
		re := mustTranslate(t, tc.pattern)
		if re != nil && fmt.Sprint(re.SubexpNames()) != fmt.Sprint(tc.names) {
			t.Errorf("%s: group names %q, want %q", tc.pattern, re.SubexpNames(), tc.names)
		}
	}
}

var unsupported = []struct {
	pattern   string
	offset    int
	construct string
}{
	{`(a)\1`, 3, `backreference \1`},
	{`\1(a)`, 0, `backreference \1`},
	{`(?<n>a)\k<n>`, 7, `backreference \k<n>`},
	{`a{1001}`, 1, "above 1000"},
	{`a{0,1001}`, 1, "above 1000"},
	{`a{1001,}`, 1, "above 1000"},
	{`a{99999999999999999999}`, 1, "above 1000"},
	{`(?:a{1000}){1000}`, 0, "RE2's size limits"},
	{`x(?i:a)`, 1, "case-insensitive"},
	{`(?m:a$)`, 5, "multiline"},
	{`(?m:(?-m:$)^)`, 11, "multiline"},
	{`a\p{scx=Grek}`, 1, "Script_Extensions"},
	{`\p{Script_Extensions=Latin}`, 0, "Script_Extensions"},
	{`[\p{CWCF}]`, 1, "Changes_When_Casefolded"},
	{`\P{XID_Start}`, 0, "XID_Start"},
	{`\p{Bidi_M}`, 0, "Bidi_Mirrored"},
	{`\p{sc=Garay}`, 0, "Garay"},
	// The first construct is the one reported.
	{`(?<!b)\1(a)`, 6, `backreference \1`},
	{`(?P<n>a)(?P=n)`, 8, `backreference (?P=n)`},
}

// beyondTheUFlag are patterns the u flag refuses and Compile reads, as
// Annex B (identity escapes) and Python (named groups) do, with what they
// match and do not.
var beyondTheUFlag = []struct {
	pattern        string
	offset         int // where Check reports the syntax error
	match, noMatch []string
}{
	{`\-`, 0, []string{"-", `\-`}, []string{`\`}},
	{`\_`, 0, []string{"_"}, []string{`\`}},
	{`\ `, 0, []string{" "}, []string{""}},
	{`^\é$`, 1, []string{"é"}, []string{`\é`}},
	{`^\🐲$`, 1, []string{"🐲"}, []string{`\🐲`}},
	{`^\:\/\"\'\,\<\>$`, 1, []string{`:/"',<>`}, nil},
	{`^[\_\:\"]+$`, 2, []string{`_:"`}, []string{`\`}},
	{`(?P<n>x)`, 0, []string{"x"}, []string{"P"}},
	{`^(?P<y>\d{4})-(?<m>\d\d)$`, 1, []string{"2024-05"}, []string{"24-05"}},
}

var syntaxErrors = []struct {
	pattern string
	offset  int
}{
	{`(`, 0}, {`a)`, 1}, {`(a|b`, 0}, {`[`, 0}, {`[a`, 0}, {`]`, 0}, {`}`, 0}, {`{`, 0},
	{`a{`, 1}, {`a{1`, 1}, {`a{1,`, 1}, {`a{,5}`, 1}, {`a{2,1}`, 1}, {`a{1}{2}`, 4},
	{`*`, 0}, {`+a`, 0}, {`?`, 0}, {`a**`, 2}, {`a|*`, 2}, {`(*)`, 1}, {`{1}`, 0},
	{`^*`, 1}, {`$+`, 1}, {`\b*`, 2}, {`\B{2}`, 2}, {`(?=a)*`, 5}, {`(?!a)+`, 5}, {`(?<=a)?`, 6},
	{`\`, 0}, {`a\`, 1}, {`\a`, 0}, {`\e`, 0}, {`\z`, 0}, {`\A`, 0}, {`\Q`, 0}, {`[\A]`, 1},
	{`\00`, 0}, {`\01`, 0}, {`[\00]`, 1},
	{`\1`, 0}, {`(a)\2`, 3}, {`\k`, 0}, {`\k<a>`, 0}, {`(?<a>x)\k<b>`, 7}, {`\k<a`, 0},
	{`\c`, 0}, {`\c1`, 0}, {`\c_`, 0}, {`[\c1]`, 1}, {`\x`, 0}, {`\x4`, 0}, {`\xg0`, 0},
	{`\u`, 0}, {`\u12`, 0}, {`\u12g4`, 0}, {`\u{}`, 0}, {`\u{110000}`, 0}, {`\u{1F432`, 0},
	{`\u{0000000000110000}`, 0},
	{`\p`, 0}, {`\pL`, 0}, {`\p{}`, 0}, {`\p{L`, 0}, {`\p{Foo}`, 0}, {`\p{letter}`, 0},
	{`\p{lu}`, 0}, {`\p{Is_Latin}`, 0}, {`\p{Greek}`, 0}, {`\p{gc=Greek}`, 0}, {`\p{sc=L}`, 0},
	{`\p{Block=Basic_Latin}`, 0}, {`\p{Basic_Emoji}`, 0}, {`\p{Hyphen}`, 0}, {`\p{Other_Math}`, 0},
	{`\p{L=}`, 0}, {`\p{=L}`, 0}, {`\p{gc=L=L}`, 0}, {`\p{ gc=L}`, 0}, {`\p{sc=Chis}`, 0},
	{`[\d-z]`, 1}, {`[a-\d]`, 1}, {`[z-a]`, 1}, {`[\1]`, 1}, {`[\B]`, 1}, {`[\k]`, 1},
	{`(?<a>x)(?<a>y)`, 7}, {`(?<a>(?<a>x))`, 5}, {`(?<a>x)(?:(?<a>y)|z)`, 10},
	{`(?<a>x)|(?<b>y)(?<b>z)`, 15},
	{`(?<1a>x)`, 3}, {`(?<>x)`, 0}, {`(?<a x)`, 4}, {`(?<a`, 0}, {`(?<a-b>x)`, 4},
	{`(?<\u0031>x)`, 3}, {`(?<a\x62>x)`, 4}, {`(?<\uD800>x)`, 3},
	{`(?P>x)`, 0}, {`(?P<n>x`, 0}, {`(?#comment)a`, 0}, {`(?i)abc`, 0},
	{`(?ims)abc`, 0}, {`(?ii:x)`, 0}, {`(?i-i:x)`, 0}, {`(?-:x)`, 0}, {`(?x:a)`, 0},
	{`(?`, 0}, {`(?<`, 0}, {`(?i`, 0}, {`(?i:`, 0},
	{"a\xffb", 1}, {"\xed\xa0\x80", 0},
	{strings.Repeat("(", maxNesting+1) + strings.Repeat(")", maxNesting+1), maxNesting},
}

func TestErrors(t *testing.T) {
	for _, tc := range unsupported {
		_, err := translate(tc.pattern)
		var u *UnsupportedError
		if !errors.As(err, &u) {
			t.Errorf("translate(%q) = %v, want an *UnsupportedError", tc.pattern, err)
			continue
		}
		if u.Offset != tc.offset || !strings.Contains(u.Construct, tc.construct) || u.Pattern != tc.pattern {
			t.Errorf("translate(%q): %+v, want offset %d and a construct naming %q", tc.pattern, *u, tc.offset, tc.construct)
		}
		if msg := u.Error(); !strings.Contains(msg, u.Construct) || !strings.Contains(msg, "RE2") {
			t.Errorf("translate(%q): unhelpful message %q", tc.pattern, msg)
		}
		if err := CheckPattern(tc.pattern); err != nil {
			t.Errorf("CheckPattern(%q) = %v, want nil: the pattern is valid", tc.pattern, err)
		}
	}
	for _, tc := range beyondTheUFlag {
		var s *SyntaxError
		if err := Check(tc.pattern); !errors.As(err, &s) || s.Offset != tc.offset {
			t.Errorf("Check(%q) = %v, want a *SyntaxError at %d: the u flag refuses it", tc.pattern, err, tc.offset)
		}
		if err := CheckPattern(tc.pattern); err != nil {
			t.Errorf("CheckPattern(%q) = %v", tc.pattern, err)
		}
	}
	for _, tc := range syntaxErrors {
		for name, run := range map[string]func(string) error{
			"Check":        Check,
			"CheckPattern": CheckPattern,
			"Compile":      func(p string) error { _, err := Compile(p); return err },
		} {
			err := run(tc.pattern)
			var s *SyntaxError
			if !errors.As(err, &s) {
				t.Errorf("%s(%q) = %v, want a *SyntaxError", name, tc.pattern, err)
				continue
			}
			if s.Offset != tc.offset || s.Pattern != tc.pattern || s.Reason == "" {
				t.Errorf("%s(%q): %+v, want offset %d", name, tc.pattern, *s, tc.offset)
			}
			if msg := s.Error(); !strings.Contains(msg, s.Reason) || !strings.Contains(msg, fmt.Sprint(s.Offset)) {
				t.Errorf("%s(%q): unhelpful message %q", name, tc.pattern, msg)
			}
		}
	}
}

// suiteDir is the JSON-Schema-Test-Suite (draft 2020-12), relative to this
// package.
const suiteDir = "../../../shared/testdata/json-schema-test-suite"

type suiteGroup struct {
	Description string         `json:"description"`
	Schema      map[string]any `json:"schema"`
	Tests       []struct {
		Description string `json:"description"`
		Data        any    `json:"data"`
		Valid       bool   `json:"valid"`
	} `json:"tests"`
}

func readSuite(t *testing.T, file string) []suiteGroup {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(suiteDir, filepath.FromSlash(file)))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("JSON-Schema-Test-Suite not found at %s", suiteDir)
	}
	if err != nil {
		t.Fatal(err)
	}
	var groups []suiteGroup
	if err := json.Unmarshal(b, &groups); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return groups
}

// TestSuitePatterns runs the suite's tests of "pattern" and
// "patternProperties" with translated patterns.
func TestSuitePatterns(t *testing.T) {
	checked := 0
	for _, file := range []string{"optional/ecmascript-regex.json", "optional/non-bmp-regex.json"} {
		for _, g := range readSuite(t, file) {
			v := newSuiteValidator(t, g.Schema)
			if v == nil {
				continue
			}
			for _, tc := range g.Tests {
				if got := v.valid(tc.Data); got != tc.Valid {
					t.Errorf("%s: %s / %s: %+v: valid = %v, want %v", file, g.Description, tc.Description, tc.Data, got, tc.Valid)
				}
				checked++
			}
		}
	}
	if checked < 80 {
		t.Errorf("checked %d suite tests, expected the suite's 80 or more", checked)
	}
}

// suiteValidator implements the few keywords the suite's regular expression
// tests combine with "pattern" and "patternProperties".
type suiteValidator struct {
	typ                  string
	pattern              *regexp.Regexp
	propertyPatterns     []*regexp.Regexp
	propertySchemas      []any // true or {"type": "integer"}
	noAdditionalProperty bool
}

func newSuiteValidator(t *testing.T, schema map[string]any) *suiteValidator {
	t.Helper()
	v := &suiteValidator{}
	for key, value := range schema {
		switch key {
		case "$schema":
		case "type":
			v.typ = value.(string)
		case "pattern":
			v.pattern = mustTranslate(t, value.(string))
		case "patternProperties":
			for pattern, sub := range value.(map[string]any) {
				v.propertyPatterns = append(v.propertyPatterns, mustTranslate(t, pattern))
				v.propertySchemas = append(v.propertySchemas, sub)
			}
		case "additionalProperties":
			v.noAdditionalProperty = value == false
		default:
			// Regex groups only; a group with other keywords is not ours.
			return nil
		}
	}
	if v.pattern == nil && v.propertyPatterns == nil {
		return nil
	}
	return v
}

func (v *suiteValidator) valid(data any) bool {
	switch v.typ {
	case "string":
		if _, ok := data.(string); !ok {
			return false
		}
	case "object":
		if _, ok := data.(map[string]any); !ok {
			return false
		}
	}
	if s, ok := data.(string); ok && v.pattern != nil && !v.pattern.MatchString(s) {
		return false
	}
	object, _ := data.(map[string]any)
	for key, value := range object {
		matched := false
		for i, re := range v.propertyPatterns {
			if !re.MatchString(key) {
				continue
			}
			matched = true
			if sub, ok := v.propertySchemas[i].(map[string]any); ok && sub["type"] == "integer" {
				if n, ok := value.(float64); !ok || n != float64(int64(n)) {
					return false
				}
			}
		}
		if !matched && v.noAdditionalProperty {
			return false
		}
	}
	return true
}

// TestSuiteFormat runs the suite's tests of the "regex" format with Check.
func TestSuiteFormat(t *testing.T) {
	checked := 0
	for _, file := range []string{"optional-format/regex.json", "optional-format/ecmascript-regex.json"} {
		for _, g := range readSuite(t, file) {
			if g.Schema["format"] != "regex" {
				t.Fatalf("%s: group %q does not test the regex format", file, g.Description)
			}
			for _, tc := range g.Tests {
				s, ok := tc.Data.(string)
				if !ok {
					continue // formats apply to strings only
				}
				if err := Check(s); (err == nil) != tc.Valid {
					t.Errorf("%s: %s / %s: Check(%q) = %v, want valid = %v", file, g.Description, tc.Description, s, err, tc.Valid)
				}
				checked++
			}
		}
	}
	if checked < 10 {
		t.Errorf("checked %d suite tests, expected 10 or more", checked)
	}
}

// TestPropertyTables checks every \p{...} that translates, and its \P{...},
// against Go's unicode tables on the edges of their ranges and on a sample
// of all code points.
func TestPropertyTables(t *testing.T) {
	in := func(tables ...*unicode.RangeTable) func(rune) bool {
		return func(r rune) bool { return unicode.In(r, tables...) }
	}
	not := func(f func(rune) bool) func(rune) bool { return func(r rune) bool { return !f(r) } }
	minus := func(f, g func(rune) bool) func(rune) bool { return func(r rune) bool { return f(r) && !g(r) } }
	patternSyntax := in(unicode.Pattern_Syntax, unicode.Pattern_White_Space)
	idStart := minus(in(unicode.L, unicode.Nl, unicode.Other_ID_Start), patternSyntax)
	graphemeExtend := in(unicode.Me, unicode.Mn, unicode.Other_Grapheme_Extend)
	anyScript := func(r rune) bool {
		for _, table := range unicode.Scripts {
			if unicode.Is(table, r) {
				return true
			}
		}
		return false
	}
	want := map[string]func(rune) bool{
		"C":  not(in(unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z)),
		"LC": in(unicode.Lu, unicode.Ll, unicode.Lt),
		"Cs": func(rune) bool { return false }, // no surrogate in UTF-8

		"sc=Katakana_Or_Hiragana": func(rune) bool { return false },
		"sc=Unknown":              not(anyScript),

		"Any":       func(rune) bool { return true },
		"ASCII":     func(r rune) bool { return r < 0x80 },
		"Assigned":  not(in(unicode.Cn)),
		"Lowercase": in(unicode.Ll, unicode.Other_Lowercase),
		"Uppercase": in(unicode.Lu, unicode.Other_Uppercase),
		"Cased":     in(unicode.Ll, unicode.Other_Lowercase, unicode.Lu, unicode.Other_Uppercase, unicode.Lt),
		"Alphabetic": in(unicode.Ll, unicode.Other_Lowercase, unicode.Lu, unicode.Other_Uppercase,
			unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_Alphabetic),
		"Math":     in(unicode.Sm, unicode.Other_Math),
		"ID_Start": idStart,
		"ID_Continue": func(r rune) bool {
			return idStart(r) || minus(in(unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue), patternSyntax)(r)
		},
		"Grapheme_Extend": graphemeExtend,
		"Grapheme_Base": func(r rune) bool {
			return !unicode.In(r, unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co, unicode.Cn, unicode.Zl, unicode.Zp) && !graphemeExtend(r)
		},
	}
	for name, short := range generalCategoryNames {
		if want[short] == nil {
			want["gc="+name] = in(unicode.Categories[short])
		} else {
			want["gc="+name] = want[short]
		}
	}
	for _, s := range scriptValues {
		if table := unicode.Scripts[s.name]; table != nil {
			want["sc="+s.code] = in(table)
		} else if f := want["sc="+s.name]; f != nil {
			want["sc="+s.code] = f
		}
	}
	for name, long := range binaryProperties {
		if table := unicode.Properties[long]; table != nil {
			want[name] = in(table)
		} else if table := emojiProperties[long]; table != nil {
			want[name] = in(table)
		} else if want[long] != nil {
			want[name] = want[long]
		}
	}
	samples := propertySamples()
	for name, member := range want {
		p, err := translate(`^\p{` + name + `}$`)
		if err != nil {
			t.Errorf("\\p{%s}: %v", name, err)
			continue
		}
		n, err := translate(`^\P{` + name + `}$`)
		if err != nil {
			t.Errorf("\\P{%s}: %v", name, err)
			continue
		}
		pre, nre := regexp.MustCompile(p), regexp.MustCompile(n)
		failures := 0
		for _, r := range samples {
			s := string(r)
			if pre.MatchString(s) != member(r) || nre.MatchString(s) == member(r) {
				t.Errorf("\\p{%s} and \\P{%s} on %U: %v and %v, want %v", name, name, r, pre.MatchString(s), nre.MatchString(s), member(r))
				if failures++; failures == 5 {
					break
				}
			}
		}
	}
	// Every property ECMA-262 names either translates or is refused.
	for name := range binaryProperties {
		_, err := translate(`\p{` + name + `}`)
		var u *UnsupportedError
		if err != nil && !errors.As(err, &u) || err == nil && want[name] == nil {
			t.Errorf("\\p{%s}: %v, and no expectation in this test", name, err)
		}
	}
}

// propertySamples returns code points on both sides of every range edge in
// Go's tables and the emoji tables, and every 251st code point.
func propertySamples() []rune {
	seen := map[rune]bool{}
	add := func(rs ...rune) {
		for _, r := range rs {
			if 0 <= r && r <= unicode.MaxRune && (r < 0xD800 || r > 0xDFFF) {
				seen[r] = true
			}
		}
	}
	var tables []*unicode.RangeTable
	for _, m := range []map[string]*unicode.RangeTable{unicode.Categories, unicode.Scripts, unicode.Properties, emojiProperties} {
		for _, table := range m {
			tables = append(tables, table)
		}
	}
	for _, table := range tables {
		for _, r := range table.R16 {
			add(rune(r.Lo)-1, rune(r.Lo), rune(r.Hi), rune(r.Hi)+1)
		}
		for _, r := range table.R32 {
			add(rune(r.Lo)-1, rune(r.Lo), rune(r.Hi), rune(r.Hi)+1)
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r += 251 {
		add(r)
	}
	out := make([]rune, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	return out
}

// TestScriptNames checks that every script in Go's tables has a Script
// value here, so that \p{sc=...} accepts it.
func TestScriptNames(t *testing.T) {
	for name := range unicode.Scripts {
		if got, ok := scriptName(name); !ok || got != name {
			t.Errorf("script %s: scriptName = %q, %v", name, got, ok)
		}
	}
	for short := range unicode.Categories {
		if generalCategoryNames[short] != short {
			t.Errorf("category %s is not a General_Category value here", short)
		}
	}
}

// FuzzTranslate holds Compile to its contract on any text: a valid result
// compiles and agrees with the reference matcher where that can read the
// pattern; a refusal agrees with CheckPattern; and a pattern the u flag
// takes means what it means with the u flag alone.
func FuzzTranslate(f *testing.F) {
	for _, tc := range translations {
		f.Add(tc.pattern)
	}
	for _, tc := range unsupported {
		f.Add(tc.pattern)
	}
	for _, tc := range syntaxErrors {
		f.Add(tc.pattern)
	}
	for _, tc := range beyondTheUFlag {
		f.Add(tc.pattern)
	}
	for _, pattern := range undecidedByRegexps {
		f.Add(pattern)
	}
	for _, p := range ecmaref.Patterns {
		f.Add(p.Pattern)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		c, err := Compile(pattern)
		checkErr := CheckPattern(pattern)
		strictErr := Check(pattern)
		var s *SyntaxError
		var u *UnsupportedError
		switch {
		case err == nil:
			for _, re := range c.Cond.Regexps() {
				if _, err := regexp.Compile(re); err != nil {
					t.Fatalf("Compile(%q) gives %q, which does not compile: %v", pattern, re, err)
				}
			}
			if checkErr != nil {
				t.Fatalf("Compile(%q) succeeds, CheckPattern fails: %v", pattern, checkErr)
			}
			if strictErr == nil {
				if strict := strictCondition(t, pattern); !reflect.DeepEqual(strict, c.Cond) {
					t.Fatalf("%q: %+v, with the u flag alone %+v", pattern, c.Cond, strict)
				}
			}
			if _, err := ecmaref.Compile(pattern); err == nil {
				agree(t, c, []string{"", pattern, "a", "ab", "aB1_-. \n", "🐲é"})
			}
		case errors.As(err, &s):
			var cs *SyntaxError
			if !errors.As(checkErr, &cs) || *cs != *s {
				t.Fatalf("%q: Compile: %v; CheckPattern: %v", pattern, err, checkErr)
			}
			if strictErr == nil {
				t.Fatalf("%q: Compile: %v; yet the u flag takes it", pattern, err)
			}
		case errors.As(err, &u):
			if checkErr != nil {
				t.Fatalf("%q: Compile refuses a valid pattern (%v), CheckPattern: %v", pattern, err, checkErr)
			}
			if u.Offset < 0 || u.Offset > len(pattern) {
				t.Fatalf("%q: offset out of range: %v", pattern, err)
			}
		default:
			t.Fatalf("Compile(%q): error of type %T: %v", pattern, err, err)
		}
		if strictErr == nil && checkErr != nil {
			t.Fatalf("%q: Check takes it, CheckPattern does not: %v", pattern, checkErr)
		}
	})
}
