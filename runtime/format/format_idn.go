package format

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsIDNHostname reports whether s is an internationalized host name: labels
// separated by '.' or by one of the full stops that IDNA2008 maps to it
// (U+3002, U+FF0E, U+FF61; RFC 3490 section 3.1), with no empty label and
// no trailing separator. A label is either an ASCII host name label as in
// IsHostname (A-labels included) or a U-label: code points that are PVALID
// in RFC 5892, or CONTEXTJ/CONTEXTO with their rule of RFC 5892 appendix A
// satisfied, no "--" in the third and fourth positions, no leading or
// trailing hyphen and no leading combining mark (RFC 5891 section 5.4).
// Each label's A-label form is at most 63 octets long and the whole name in
// that form at most 253. If any label holds a right-to-left character, every
// label must satisfy the Bidi rule of RFC 5893 section 2.
//
// U-labels are not checked for Unicode Normalization Form C, and ASCII
// letters in them must be lower case, as IDNA2008 has no mapping step.
func IsIDNHostname(s string) bool {
	if len(s) == 0 {
		return false
	}
	length := -1   // of the name with each U-label replaced by its A-label
	rtl := false   // some label has a right-to-left character
	bidiOK := true // every label satisfies the Bidi rule
	for {
		label, rest, more := cutIDNLabel(s)
		var buf [maxULabel]rune
		var u []rune // the label as a U-label, for the Bidi rule
		if isASCII(label) {
			if !isLDHLabel(label) {
				return false
			}
			length += len(label) + 1
			if isXNLabel(label) {
				var ok bool
				if u, ok = decodeALabel(label[4:], &buf); !ok {
					return false
				}
			} else {
				// Letters are L, digits EN and the hyphen ES: the label
				// satisfies the Bidi rule if it starts with a letter.
				bidiOK = bidiOK && fmtAlpha(label[0])
			}
		} else {
			var ok bool
			if u, ok = utf8Label(label, &buf); !ok || !isULabel(u) {
				return false
			}
			var enc [maxULabel]byte
			a, ok := punycodeEncode(u, &enc)
			if !ok {
				return false // the A-label would be longer than 63 octets
			}
			length += len("xn--") + len(a) + 1
		}
		if u != nil {
			labelRTL, labelOK := bidiRule(u)
			rtl = rtl || labelRTL
			bidiOK = bidiOK && labelOK
		}
		if !more {
			break
		}
		s = rest
	}
	return length <= 253 && (!rtl || bidiOK)
}

// isLDHLabel reports whether label is 1 to 63 ASCII letters, digits and
// hyphens, neither starting nor ending with a hyphen.
func isLDHLabel(label string) bool {
	if len(label) == 0 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
		return false
	}
	for i := 0; i < len(label); i++ {
		if c := label[i]; !fmtAlpha(c) && !fmtDigit(c) && c != '-' {
			return false
		}
	}
	return true
}

// isXNLabel reports whether label starts with the A-label prefix "xn--", in
// any case.
func isXNLabel(label string) bool {
	return len(label) >= 4 && label[2] == '-' && label[3] == '-' &&
		(label[0] == 'x' || label[0] == 'X') && (label[1] == 'n' || label[1] == 'N')
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// cutIDNLabel slices s around the first label separator: '.', or U+3002
// IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP or U+FF61 HALFWIDTH
// IDEOGRAPHIC FULL STOP, which are three bytes long in UTF-8.
func cutIDNLabel(s string) (label, rest string, found bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			return s[:i], s[i+1:], true
		case 0xE3, 0xEF:
			if sep := s[i:min(i+3, len(s))]; sep == "\u3002" || sep == "\uFF0E" || sep == "\uFF61" {
				return s[:i], s[i+3:], true
			}
		}
	}
	return s, "", false
}

// maxULabel bounds the length of a U-label: an A-label has at most 63-4
// Punycode characters, and each code point of the U-label takes at least one.
const maxULabel = 59

// utf8Label decodes label into buf; it reports false if label is not valid
// UTF-8 or has more than maxULabel code points, too many for an A-label.
func utf8Label(label string, buf *[maxULabel]rune) ([]rune, bool) {
	n := 0
	for i := 0; i < len(label); {
		r, size := utf8.DecodeRuneInString(label[i:])
		if r == utf8.RuneError && size == 1 || n == maxULabel {
			return nil, false
		}
		buf[n] = r
		n++
		i += size
	}
	return buf[:n], true
}

// decodeALabel decodes p, the part of a host name label after "xn--"
// (already checked to consist of letters, digits and hyphens and not to end
// with a hyphen), into buf, and reports whether it is the Punycode of a valid
// IDNA2008 U-label (see isULabel).
//
// RFC 5891 section 5.4 also asks that the U-label encode back to p. That
// holds for every p that punycodeDecode accepts, up to ASCII case: it takes
// no delimiter without basic code points before it, and the digits of each
// delta, the order of insertions and the bias it adapts can each be written
// only one way (FuzzPunycode checks this).
//
// Differences from a full IDNA2008 lookup check: the U-label is not checked
// for Unicode Normalization Form C, and the Bidi rule of RFC 5893, which
// depends on the other labels of the name, is left to the caller. Code point
// properties follow the Unicode version of the Go standard library's unicode
// package.
func decodeALabel(p string, buf *[maxULabel]rune) ([]rune, bool) {
	u, ok := punycodeDecode(p, buf)
	if !ok || !isULabel(u) {
		return nil, false
	}
	return u, true
}

// Punycode parameters (RFC 3492 section 5).
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 0x80
)

// punycodeThreshold is the threshold t of RFC 3492 section 6 for the digit
// position k.
func punycodeThreshold(k, bias int64) int64 {
	return min(max(k-bias, punyTMin), punyTMax)
}

// punycodeAdapt is the bias adaptation function of RFC 3492 section 6.1.
func punycodeAdapt(delta, numPoints int64, first bool) int64 {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := int64(0)
	for delta > (punyBase-punyTMin)*punyTMax/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

// punycodeDecode decodes p as in RFC 3492 section 6.2, treating ASCII
// letters case-insensitively (basic code points are lowered, as A-labels
// compare case-insensitively), into buf.
func punycodeDecode(p string, buf *[maxULabel]rune) ([]rune, bool) {
	// Any i above limit makes the next code point exceed U+10FFFF, since i
	// is divided by at most maxULabel+1 when advancing n.
	const limit = (unicode.MaxRune + 1) * (maxULabel + 1)
	if len(p) == 0 || len(p) > maxULabel {
		return nil, false
	}
	out := 0
	if d := strings.LastIndexByte(p, '-'); d > 0 {
		for j := 0; j < d; j++ {
			c := p[j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[out] = rune(c)
			out++
		}
		p = p[d+1:]
	}
	// A delimiter at position 0 has no basic code points before it; RFC 3492
	// then leaves it in the input, where it is not a digit and fails below.
	n, i, bias := int64(punyInitialN), int64(0), int64(punyInitialBias)
	for len(p) > 0 {
		oldi, w := i, int64(1)
		for k := int64(punyBase); ; k += punyBase {
			if len(p) == 0 {
				return nil, false
			}
			var digit int64
			switch c := p[0]; {
			case 'a' <= c && c <= 'z':
				digit = int64(c - 'a')
			case 'A' <= c && c <= 'Z':
				digit = int64(c - 'A')
			case '0' <= c && c <= '9':
				digit = int64(c-'0') + 26
			default:
				return nil, false
			}
			p = p[1:]
			i += digit * w
			if i > limit {
				return nil, false
			}
			t := punycodeThreshold(k, bias)
			if digit < t {
				break
			}
			w *= punyBase - t
			if w > limit {
				w = limit + 1 // any further non-zero digit overflows i
			}
		}
		if out == maxULabel {
			return nil, false
		}
		bias = punycodeAdapt(i-oldi, int64(out+1), oldi == 0)
		n += i / int64(out+1)
		i %= int64(out + 1)
		if n > unicode.MaxRune {
			return nil, false
		}
		copy(buf[i+1:out+1], buf[i:out])
		buf[i] = rune(n)
		out++
		i++
	}
	return buf[:out], true
}

// punycodeEncode encodes u as in RFC 3492 section 6.3 into buf, with digits
// in lower case; it reports false if the result is longer than buf.
func punycodeEncode(u []rune, buf *[maxULabel]byte) ([]byte, bool) {
	out := 0
	for _, r := range u {
		if r < punyInitialN {
			if out == len(buf) {
				return nil, false
			}
			buf[out] = byte(r)
			out++
		}
	}
	basic := out
	if basic > 0 {
		if out == len(buf) {
			return nil, false
		}
		buf[out] = '-'
		out++
	}
	n, delta, bias := int64(punyInitialN), int64(0), int64(punyInitialBias)
	for h := basic; h < len(u); {
		m := int64(unicode.MaxRune + 1) // the smallest code point not yet handled
		for _, r := range u {
			if c := int64(r); c >= n && c < m {
				m = c
			}
		}
		delta += (m - n) * int64(h+1)
		n = m
		for _, r := range u {
			if c := int64(r); c < n {
				delta++
			} else if c == n {
				q := delta
				for k := int64(punyBase); ; k += punyBase {
					t := punycodeThreshold(k, bias)
					if q < t {
						break
					}
					if out == len(buf) {
						return nil, false
					}
					buf[out] = punycodeDigit(t + (q-t)%(punyBase-t))
					out++
					q = (q - t) / (punyBase - t)
				}
				if out == len(buf) {
					return nil, false
				}
				buf[out] = punycodeDigit(q)
				out++
				bias = punycodeAdapt(delta, int64(h+1), h == basic)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return buf[:out], true
}

func punycodeDigit(d int64) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// isULabel reports whether u passes the IDNA2008 label checks of RFC 5891
// section 5.4 other than NFC and Bidi: no "--" in the third and fourth
// positions, no leading or trailing hyphen, no leading combining mark, and
// every code point PVALID, or CONTEXTJ/CONTEXTO with its rule from RFC 5892
// appendix A satisfied.
func isULabel(u []rune) bool {
	if len(u) == 0 || u[0] == '-' || u[len(u)-1] == '-' ||
		len(u) >= 4 && u[2] == '-' && u[3] == '-' || unicode.Is(unicode.M, u[0]) {
		return false
	}
	for pos, r := range u {
		if unicode.Is(idnaPVALID, r) {
			continue
		}
		var ok bool
		switch {
		case r == 0x200C: // ZERO WIDTH NON-JOINER (A.1)
			ok = pos > 0 && unicode.Is(idnaVirama, u[pos-1]) || zwnjJoins(u, pos)
		case r == 0x200D: // ZERO WIDTH JOINER (A.2)
			ok = pos > 0 && unicode.Is(idnaVirama, u[pos-1])
		case r == 0x00B7: // MIDDLE DOT (A.3)
			ok = pos > 0 && pos+1 < len(u) && u[pos-1] == 'l' && u[pos+1] == 'l'
		case r == 0x0375: // GREEK LOWER NUMERAL SIGN (KERAIA) (A.4)
			ok = pos+1 < len(u) && unicode.Is(unicode.Greek, u[pos+1])
		case r == 0x05F3 || r == 0x05F4: // HEBREW PUNCTUATION GERESH, GERSHAYIM (A.5, A.6)
			ok = pos > 0 && unicode.Is(unicode.Hebrew, u[pos-1])
		case r == 0x30FB: // KATAKANA MIDDLE DOT (A.7)
			for _, c := range u {
				if c != 0x30FB && unicode.In(c, unicode.Hiragana, unicode.Katakana, unicode.Han) {
					ok = true
					break
				}
			}
		case 0x0660 <= r && r <= 0x0669: // ARABIC-INDIC DIGITS (A.8)
			ok = !uLabelHas(u, 0x06F0, 0x06F9)
		case 0x06F0 <= r && r <= 0x06F9: // EXTENDED ARABIC-INDIC DIGITS (A.9)
			ok = !uLabelHas(u, 0x0660, 0x0669)
		}
		if !ok {
			return false
		}
	}
	return true
}

func uLabelHas(u []rune, lo, hi rune) bool {
	for _, c := range u {
		if lo <= c && c <= hi {
			return true
		}
	}
	return false
}

// zwnjJoins reports whether the ZERO WIDTH NON-JOINER at u[pos] sits in the
// context (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*
// (Joining_Type:{R,D}) of RFC 5892 appendix A.1.
func zwnjJoins(u []rune, pos int) bool {
	j := pos - 1
	for j >= 0 && joiningTransparent(u[j]) {
		j--
	}
	if j < 0 || !unicode.Is(idnaJoinLD, u[j]) {
		return false
	}
	j = pos + 1
	for j < len(u) && joiningTransparent(u[j]) {
		j++
	}
	return j < len(u) && unicode.Is(idnaJoinRD, u[j])
}

// joiningTransparent reports whether r has Joining_Type T: per Unicode's
// DerivedJoiningType, the marks and format characters without an explicit
// joining type, and the few letters listed as T in ArabicShaping.txt.
func joiningTransparent(r rune) bool {
	switch r {
	case 0x200C, 0x200D: // Joining_Type U and C
		return false
	case 0x1E94B: // ADLAM NASALIZATION MARK, a letter with Joining_Type T
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf)
}

// Bidi classes of RFC 5893, as far as the Bidi rule tells them apart.
const (
	bidiL       = iota // L
	bidiR              // R or AL
	bidiAN             // AN
	bidiEN             // EN
	bidiNSM            // NSM
	bidiNeutral        // ES, CS, ET, ON or BN
)

// bidiClass returns the Bidi class of r, which must be PVALID, CONTEXTJ or
// CONTEXTO (no other code point passes isULabel).
func bidiClass(r rune) int {
	switch {
	case r < utf8.RuneSelf: // letters, digits and '-'
		if fmtDigit(byte(r)) {
			return bidiEN
		}
		if r == '-' {
			return bidiNeutral
		}
		return bidiL
	case unicode.Is(bidiRightToLeft, r):
		return bidiR
	case unicode.Is(bidiArabicNumber, r):
		return bidiAN
	case unicode.Is(bidiEuropeanNumber, r):
		return bidiEN
	case unicode.Is(bidiNeutrals, r):
		return bidiNeutral
	case unicode.In(r, unicode.Mn, unicode.Me) && !unicode.Is(bidiLeftToRightMarks, r):
		return bidiNSM
	}
	return bidiL
}

// bidiRule reports whether the U-label u is a right-to-left label, one with
// a character of Bidi class R, AL or AN (RFC 5893 section 1.4), and whether
// it satisfies the Bidi rule of RFC 5893 section 2, which every label of a
// name with a right-to-left label must.
func bidiRule(u []rune) (rtl, ok bool) {
	seen := 0 // bit c is set if the label has a character of class c
	for _, r := range u {
		seen |= 1 << bidiClass(r)
	}
	last := bidiNSM // of the last character that is not NSM
	for i := len(u) - 1; i >= 0 && last == bidiNSM; i-- {
		last = bidiClass(u[i])
	}
	rtl = seen&(1<<bidiR|1<<bidiAN) != 0
	switch bidiClass(u[0]) { // rule 1
	case bidiR:
		// Rules 2, 3 and 4: no L, ending in R, AL, EN or AN, and not
		// both EN and AN.
		const bothNumbers = 1<<bidiEN | 1<<bidiAN
		ok = seen&(1<<bidiL) == 0 &&
			(last == bidiR || last == bidiEN || last == bidiAN) &&
			seen&bothNumbers != bothNumbers
	case bidiL:
		// Rules 5 and 6: no R, AL or AN, and ending in L or EN.
		ok = seen&(1<<bidiR|1<<bidiAN) == 0 && (last == bidiL || last == bidiEN)
	}
	return rtl, ok
}
