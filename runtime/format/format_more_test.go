package format

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/bidi"
)

// fmtPunycode encodes u as RFC 3492 section 6.3 says, written apart from
// punycodeEncode to check it.
func fmtPunycode(u []rune) string {
	const base, tMin, tMax, skew, damp = 36, 1, 26, 38, 700
	adapt := func(delta, points int, first bool) int {
		if first {
			delta /= damp
		} else {
			delta /= 2
		}
		delta += delta / points
		k := 0
		for ; delta > (base-tMin)*tMax/2; k += base {
			delta /= base - tMin
		}
		return k + (base-tMin+1)*delta/(delta+skew)
	}
	digit := func(d int) byte {
		if d < 26 {
			return byte('a' + d)
		}
		return byte('0' + d - 26)
	}
	var out strings.Builder
	for _, r := range u {
		if r < 0x80 {
			out.WriteRune(r)
		}
	}
	basic := out.Len()
	if basic > 0 {
		out.WriteByte('-')
	}
	n, delta, bias := 0x80, 0, 72
	for handled := basic; handled < len(u); {
		next := slices.Min(slices.DeleteFunc(slices.Clone(u), func(r rune) bool { return int(r) < n }))
		delta += (int(next) - n) * (handled + 1)
		n = int(next)
		for _, r := range u {
			switch {
			case int(r) < n:
				delta++
			case int(r) == n:
				q := delta
				for k := base; ; k += base {
					t := max(tMin, min(tMax, k-bias))
					if q < t {
						break
					}
					out.WriteByte(digit(t + (q-t)%(base-t)))
					q = (q - t) / (base - t)
				}
				out.WriteByte(digit(q))
				bias = adapt(delta, handled+1, handled == basic)
				delta = 0
				handled++
			}
		}
		delta++
		n++
	}
	return out.String()
}

// fmtBidiDomain applies the Bidi rule of RFC 5893 section 2 to a name given
// as its U-labels, with Bidi classes from golang.org/x/text: if any label has
// a character of class R, AL or AN, every label must satisfy the rule.
func fmtBidiDomain(labels [][]rune) bool {
	class := func(r rune) bidi.Class {
		p, _ := bidi.LookupRune(r)
		return p.Class()
	}
	rtl := false
	for _, label := range labels {
		for _, r := range label {
			switch class(r) {
			case bidi.R, bidi.AL, bidi.AN:
				rtl = true
			}
		}
	}
	if !rtl {
		return true
	}
	for _, label := range labels {
		if len(label) == 0 {
			return false
		}
		var classes []bidi.Class
		for _, r := range label {
			classes = append(classes, class(r))
		}
		end := len(classes) - 1
		for end > 0 && classes[end] == bidi.NSM {
			end--
		}
		var allowed, endings []bidi.Class
		switch classes[0] {
		case bidi.R, bidi.AL:
			allowed = []bidi.Class{bidi.R, bidi.AL, bidi.AN, bidi.EN, bidi.ES, bidi.CS, bidi.ET, bidi.ON, bidi.BN, bidi.NSM}
			endings = []bidi.Class{bidi.R, bidi.AL, bidi.EN, bidi.AN}
			if slices.Contains(classes, bidi.EN) && slices.Contains(classes, bidi.AN) {
				return false
			}
		case bidi.L:
			allowed = []bidi.Class{bidi.L, bidi.EN, bidi.ES, bidi.CS, bidi.ET, bidi.ON, bidi.BN, bidi.NSM}
			endings = []bidi.Class{bidi.L, bidi.EN}
		default:
			return false
		}
		for _, c := range classes {
			if !slices.Contains(allowed, c) {
				return false
			}
		}
		if !slices.Contains(endings, classes[end]) {
			return false
		}
	}
	return true
}

// TestFormatBidiClasses checks bidiClass against golang.org/x/text on every
// code point that can be part of a U-label.
func TestFormatBidiClasses(t *testing.T) {
	contextual := []rune{0x200C, 0x200D, 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB}
	for r := rune(0x0660); r <= 0x0669; r++ {
		contextual = append(contextual, r, r+0x06F0-0x0660)
	}
	want := map[bidi.Class]int{
		bidi.L: bidiL, bidi.R: bidiR, bidi.AL: bidiR, bidi.AN: bidiAN, bidi.EN: bidiEN, bidi.NSM: bidiNSM,
		bidi.ES: bidiNeutral, bidi.CS: bidiNeutral, bidi.ET: bidiNeutral, bidi.ON: bidiNeutral, bidi.BN: bidiNeutral,
	}
	checked := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.Is(idnaPVALID, r) && !slices.Contains(contextual, r) {
			continue
		}
		checked++
		p, _ := bidi.LookupRune(r)
		w, ok := want[p.Class()]
		if !ok {
			t.Errorf("%U: Bidi class %v, which the Bidi rule never allows", r, p.Class())
			continue
		}
		if got := bidiClass(r); got != w {
			t.Errorf("bidiClass(%U) = %d, want %d (class %v)", r, got, w, p.Class())
		}
	}
	if checked < 100000 {
		t.Errorf("checked only %d code points", checked)
	}
}

// TestFormatPunycode checks punycodeEncode and punycodeDecode on the valid
// A-labels of fmtALabels and against fmtPunycode.
func TestFormatPunycode(t *testing.T) {
	for _, c := range fmtALabels {
		if !c.valid {
			continue
		}
		p := strings.ToLower(c.label[4:])
		var buf [maxULabel]rune
		u, ok := punycodeDecode(c.label[4:], &buf)
		if !ok {
			t.Errorf("punycodeDecode(%q) failed", c.label[4:])
			continue
		}
		var enc [maxULabel]byte
		if a, ok := punycodeEncode(u, &enc); !ok || string(a) != p {
			t.Errorf("punycodeEncode(%q) = %q, %v, want %q", string(u), a, ok, p)
		}
		if a := fmtPunycode(u); a != p {
			t.Errorf("fmtPunycode(%q) = %q, want %q", string(u), a, p)
		}
	}
	// RFC 3492 section 7.1, sample (L): 3<nen>B<gumi><kinpachi><sensei>.
	if a := fmtPunycode([]rune("3\u5e74B\u7d44\u91d1\u516b\u5148\u751f")); a != "3B-ww4c5e180e575a65lsy2b" {
		t.Errorf("fmtPunycode(sample L) = %q", a)
	}
	long := []rune(strings.Repeat("\u00fc", 60))
	var enc [maxULabel]byte
	if a, ok := punycodeEncode(long, &enc); ok {
		t.Errorf("punycodeEncode(60 x U+00FC) = %q, want too long (%q)", a, fmtPunycode(long))
	}
}

// FuzzPunycode compares punycodeEncode with fmtPunycode and checks that
// punycodeDecode inverts it; and that whatever ASCII string punycodeDecode
// accepts is the canonical encoding of its result, up to case, which
// decodeALabel relies on.
func FuzzPunycode(f *testing.F) {
	for _, s := range []string{"b\u00fccher", "\u0915\u094d\u200c\u0937", "a-\u00fc", "\U0010FFFF", "\x00\x7f\x80",
		"bcher-kva", "-9uc", "9uc", "a-b-", "ABC-KVA", "11b2ezcs70k", "zz", "99999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if fmtASCII(s) {
			var buf [maxULabel]rune
			if u, ok := punycodeDecode(s, &buf); ok {
				if a := fmtPunycode(u); !strings.EqualFold(a, s) {
					t.Fatalf("punycodeDecode(%q) = %+q, which encodes as %q", s, string(u), a)
				}
			}
		}
		u := []rune(s)
		if len(u) > maxULabel {
			u = u[:maxULabel]
		}
		want := fmtPunycode(u)
		var enc [maxULabel]byte
		a, ok := punycodeEncode(u, &enc)
		if ok != (len(want) <= maxULabel) || ok && string(a) != want {
			t.Fatalf("punycodeEncode(%+q) = %q, %v, want %q", string(u), a, ok, want)
		}
		if !ok || len(a) == 0 {
			return
		}
		var buf [maxULabel]rune
		got, ok := punycodeDecode(string(a), &buf)
		lowered := strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, string(u))
		if !ok || string(got) != lowered {
			t.Fatalf("punycodeDecode(%q) = %+q, %v, want %+q", a, string(got), ok, lowered)
		}
	})
}
