// Package format checks the JSON Schema 2020-12 "format" assertions. Its
// table, Lookup and All, is the one list of the formats toolgen checks: the
// generator asserts exactly these, generated code calls their checkers, and
// the hints the model reads show their examples.
package format

// This file, format_iri.go and format_more.go hold the checkers for the JSON
// Schema 2020-12 "format" assertions that generated validators call.
//
// The reference oracle for every checker is
// github.com/santhosh-tekuri/jsonschema/v6 (v6.0.3) with format assertion
// enabled: each checker returns the same verdict as that library on every
// string, except where the JSON-Schema-Test-Suite (draft2020-12, optional
// format tests) expects otherwise. There the checker follows the suite, and
// applies the rule the failing suite cases exercise, not just those cases:
//
//   - ipv4: a sign in an octet ("+1.2.3.4", "-0.1.2.3") is invalid; the
//     oracle parses octets with strconv.Atoi, which accepts a sign.
//   - hostname: a trailing dot ("example.") is invalid, and a label that
//     starts with "xn--" must be a valid IDNA2008 A-label (RFC 5890-5892);
//     the oracle strips one trailing dot and checks only letters, digits
//     and hyphens.
//   - email: the local part must not be empty ("@example.com"); the domain
//     follows the hostname and ipv4 rules above.
//   - uri, uri-reference: the whole string must match RFC 3986's URI or
//     URI-reference rule. The oracle, built on net/url, lets through
//     characters that RFC 3986 excludes (space, '"', '<', '>', '\', '^',
//     '`', '{', '|', '}', non-ASCII), '[' and ']' in a path, a second '#'
//     or '@', and bad percent-encodings in a query or a rootless path.
//   - iri, iri-reference: likewise with RFC 3987's IRI and IRI-reference
//     rules, which also allow non-ASCII ucschar characters, and iprivate
//     ones in a query; the oracle treats iri as uri and iri-reference as
//     uri-reference. In addition an IPvFuture host ("http://[v1.fe]/", any
//     case of 'v') is valid, which net/url rejects.
//   - duration: the whole string must match RFC 3339 appendix A's ABNF, in
//     which a date or time element cannot skip one ("P1Y2D", "PT1H2S"); the
//     oracle only checks that the elements come in order.
//   - uri-template: the string must match RFC 6570's grammar (level 4, with
//     erratum 6937, which allows an apostrophe in a literal). The oracle
//     parses a template as a URL reference with net/url and checks only the
//     braces in its path, so it lets through "{}", "{a,,b}" or "a b" and
//     rejects "{/var}", "{?q}", "{v:1000}" or "http://{host}/".
//   - idn-hostname, idn-email: the oracle does not know these formats and
//     accepts every string. The checkers follow IDNA2008 (RFC 5890-5893) and
//     RFC 6531. On ASCII strings they agree with hostname and email, except
//     that in a name with a right-to-left A-label idn-hostname applies the
//     Bidi rule of RFC 5893 to every label ("0a.xn--4db" is invalid).
//
// Except for uri-template, and IPvFuture hosts in iri and iri-reference, a
// deviation only rejects strings the oracle accepts, never the other way
// round. Everything else, including leniencies of the oracle that the suite
// does not exercise, is kept; those places are marked "oracle:" in these
// files.
// json-pointer and relative-json-pointer agree with the oracle everywhere.
// The "regex" checker, IsRegex in format_regex.go, follows ECMA-262 instead:
// the oracle compiles patterns with Go's regexp package.
//
// The checkers in these files work on bytes and do not allocate.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

func fmtDigit(c byte) bool { return '0' <= c && c <= '9' }

func fmtAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func fmtHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// ---------------------------------------------------------------------------
// Dates and times (RFC 3339 section 5.6)

// IsDate reports whether s is an RFC 3339 full-date, "YYYY-MM-DD", with a
// month from 01 to 12 and a day that exists in that month of that year
// (proleptic Gregorian calendar, so 0000 is a leap year).
func IsDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for _, i := range [...]int{0, 1, 2, 3, 5, 6, 8, 9} {
		if !fmtDigit(s[i]) {
			return false
		}
	}
	year := int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0')
	month := int(s[5]-'0')*10 + int(s[6]-'0')
	day := int(s[8]-'0')*10 + int(s[9]-'0')
	if month < 1 || month > 12 || day < 1 {
		return false
	}
	return day <= fmtDaysInMonth(year, month)
}

func fmtDaysInMonth(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// fmtTimeField reads a two-digit time field (RFC 3339 2DIGIT). The reference
// validator also takes "+1" or "-0" here, through strconv.Atoi; RFC 3339 does
// not, and neither does toolgen.
func fmtTimeField(a, b byte) (int, bool) {
	if fmtDigit(a) && fmtDigit(b) {
		return int(a-'0')*10 + int(b-'0'), true
	}
	return 0, false
}

// IsTime reports whether s is an RFC 3339 full-time: "HH:MM:SS", an optional
// fraction ".d+", and a time-offset that is required ("Z", "z" or
// "+HH:MM"/"-HH:MM"). Hours run to 23, minutes to 59, and a second of 60
// (leap second) is valid only when the time is 23:59 in UTC.
func IsTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := fmtTimeField(s[0], s[1])
	m, ok2 := fmtTimeField(s[3], s[4])
	sec, ok3 := fmtTimeField(s[6], s[7])
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 60 {
		return false
	}
	rest := s[8:]
	if len(rest) > 0 && rest[0] == '.' {
		i := 1
		for i < len(rest) && fmtDigit(rest[i]) {
			i++
		}
		if i == 1 {
			return false
		}
		rest = rest[i:]
	}
	utc := h*60 + m // minutes since midnight, shifted to UTC below
	if rest != "Z" && rest != "z" {
		if len(rest) != 6 || rest[3] != ':' {
			return false
		}
		zh, ok1 := fmtTimeField(rest[1], rest[2])
		zm, ok2 := fmtTimeField(rest[4], rest[5])
		if !ok1 || !ok2 || zh > 23 || zm > 59 {
			return false
		}
		switch rest[0] {
		case '+':
			utc -= zh*60 + zm
		case '-':
			utc += zh*60 + zm
		default:
			return false
		}
		if utc < 0 {
			utc += 24 * 60
		}
	}
	return sec < 60 || utc == 23*60+59
}

// IsDateTime reports whether s is an RFC 3339 date-time: a full-date (see
// IsDate), 'T' or 't', and a full-time (see IsTime).
func IsDateTime(s string) bool {
	if len(s) < 20 || s[10] != 'T' && s[10] != 't' {
		return false
	}
	return IsDate(s[:10]) && IsTime(s[11:])
}

// ---------------------------------------------------------------------------
// UUID (RFC 4122 section 3)

// IsUUID reports whether s is the RFC 4122 string form of a UUID: 32 hex
// digits of either case in groups of 8-4-4-4-12 separated by hyphens. Any
// version and variant is accepted.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !fmtHex(s[i]) {
				return false
			}
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// IP addresses

// IsIPv4 reports whether s is an IPv4 address in dotted-decimal form (RFC
// 2673 section 3.2 dotted-quad): exactly four decimal octets from 0 to 255,
// separated by '.', without leading zeros, signs or any other character.
func IsIPv4(s string) bool {
	octets, i := 0, 0
	for {
		start, v := i, 0
		for i < len(s) && fmtDigit(s[i]) && i-start < 3 {
			v = v*10 + int(s[i]-'0')
			i++
		}
		n := i - start
		if n == 0 || v > 255 || n > 1 && s[start] == '0' {
			return false
		}
		octets++
		if octets == 4 {
			return i == len(s)
		}
		if i == len(s) || s[i] != '.' {
			return false
		}
		i++
	}
}

// IsIPv6 reports whether s is an IPv6 address in one of the text forms of
// RFC 4291 section 2.2: eight groups of one to four hex digits separated by
// ':', at most one "::" standing for one or more zero groups, and optionally
// a dotted-quad IPv4 address (see IsIPv4) in place of the last two groups.
// Zone identifiers ("%eth0"), prefixes ("/64") and brackets are not accepted.
func IsIPv6(s string) bool {
	n := len(s)
	i := 0
	groups := 0 // 16-bit groups read so far
	gap := -1   // number of groups before "::", or -1 if there is none
	if n >= 2 && s[0] == ':' && s[1] == ':' {
		gap = 0
		i = 2
		if i == n {
			return true
		}
	}
	for groups < 8 {
		start := i
		for i < n && fmtHex(s[i]) {
			i++
			if i-start > 4 {
				return false
			}
		}
		if i == start {
			return false
		}
		if i < n && s[i] == '.' {
			// A trailing IPv4 address takes the place of two groups.
			if gap < 0 && groups != 6 || groups > 6 || !IsIPv4(s[start:]) {
				return false
			}
			groups += 2
			i = n
			break
		}
		groups++
		if i == n {
			break
		}
		if s[i] != ':' || i+1 == n {
			return false
		}
		i++
		if s[i] == ':' {
			if gap >= 0 {
				return false
			}
			gap = groups
			i++
			if i == n {
				break
			}
		}
	}
	if i != n {
		return false
	}
	if groups < 8 {
		return gap >= 0
	}
	return gap < 0
}

// ---------------------------------------------------------------------------
// Host names (RFC 1123 section 2.1, with IDNA2008 A-labels) and
// internationalized host names (IDNA2008: RFC 5890, 5891, 5892, 5893)

// IsHostname reports whether s is an RFC 1123 host name: labels of 1 to 63
// ASCII letters, digits and hyphens, not starting or ending with a hyphen,
// separated by single dots, at most 253 characters in all, with no trailing
// dot. A label starting with "xn--" (any case) must be an IDNA2008 A-label:
// valid Punycode (RFC 3492) whose decoded U-label passes the checks of RFC
// 5891 section 5.4 and the contextual rules of RFC 5892 appendix A (see
// decodeALabel).
func IsHostname(s string) bool {
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	for {
		label, rest, more := strings.Cut(s, ".")
		if !isLDHLabel(label) {
			return false // also an empty label: "a..b", ".a", "a."
		}
		if isXNLabel(label) {
			var buf [maxULabel]rune
			if _, ok := decodeALabel(label[4:], &buf); !ok {
				return false
			}
		}
		if !more {
			return true
		}
		s = rest
	}
}

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

// ---------------------------------------------------------------------------
// E-mail addresses (RFC 5321 section 4.1.2 Mailbox, RFC 6531 section 3.3)

// IsEmail reports whether s is an RFC 5321 Mailbox, "local-part@domain", as
// the reference validator reads it: at most 254 bytes; the local part (before
// the last '@') non-empty and at most 64 bytes, either a quoted string
// without '\' or '"' inside, or dot-separated runs of RFC 5322 atext; the
// domain either a host name (see IsHostname) or an address literal
// "[IPv4]" or "[IPv6:address]" (see IsIPv4, IsIPv6).
//
// oracle: the quoted form may hold any other byte (spaces, controls,
// non-ASCII) and may be empty (`""@example.com`); quoted pairs are not
// accepted.
func IsEmail(s string) bool {
	return isMailbox(s, false)
}

// IsIDNEmail reports whether s is an internationalized Mailbox as RFC 6531
// section 3.3 extends RFC 5321's: as IsEmail, but s must be valid UTF-8,
// any non-ASCII character may appear in the local part as atext does, and
// a domain that is not an address literal is an internationalized host name
// (see IsIDNHostname). Lengths are counted in bytes of UTF-8.
func IsIDNEmail(s string) bool {
	return utf8.ValidString(s) && isMailbox(s, true)
}

func isMailbox(s string, idn bool) bool {
	if len(s) > 254 {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at > 64 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if len(local) > 1 && local[0] == '"' && local[len(local)-1] == '"' {
		if strings.ContainsAny(local[1:len(local)-1], "\\\"") {
			return false
		}
	} else {
		if local[0] == '.' || local[len(local)-1] == '.' {
			return false
		}
		for i := 0; i < len(local); i++ {
			c := local[i]
			if c == '.' {
				if local[i-1] == '.' {
					return false
				}
				continue
			}
			if !fmtAlpha(c) && !fmtDigit(c) && strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) < 0 &&
				!(idn && c >= utf8.RuneSelf) {
				return false
			}
		}
	}
	if len(domain) >= 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		lit := domain[1 : len(domain)-1]
		if addr, ok := strings.CutPrefix(lit, "IPv6:"); ok {
			return IsIPv6(addr)
		}
		return IsIPv4(lit)
	}
	if idn {
		return IsIDNHostname(domain)
	}
	return IsHostname(domain)
}

// ---------------------------------------------------------------------------
// IDNA2008 tables for isULabel and bidiClass.
//
// idnaPVALID holds the code points whose IDNA2008 derived property (RFC 5892)
// is PVALID, taken from the tables of the Python idna package 3.13 (Unicode
// 17.0) and restricted to the code points that Go's unicode package
// (Unicode 15.0) knows as assigned. idnaJoinLD and idnaJoinRD hold the
// PVALID code points whose Joining_Type is L or D, and R or D, from the same
// source; idnaVirama holds those whose Canonical_Combining_Class is 9
// (Virama). Runs with a common stride are folded into one range.

var idnaPVALID = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x002d, 0x002d, 1}, {0x0030, 0x0039, 1}, {0x0061, 0x007a, 1}, {0x00df, 0x00f6, 1},
		{0x00f8, 0x00ff, 1}, {0x0101, 0x0131, 2}, {0x0135, 0x0135, 1}, {0x0137, 0x0138, 1},
		{0x013a, 0x013e, 2}, {0x0142, 0x0148, 2}, {0x014b, 0x0177, 2}, {0x017a, 0x0180, 2},
		{0x0183, 0x0183, 1}, {0x0185, 0x0185, 1}, {0x0188, 0x0188, 1}, {0x018c, 0x018d, 1},
		{0x0192, 0x0192, 1}, {0x0195, 0x0195, 1}, {0x0199, 0x019b, 1}, {0x019e, 0x019e, 1},
		{0x01a1, 0x01a5, 2}, {0x01a8, 0x01a8, 1}, {0x01aa, 0x01ab, 1}, {0x01ad, 0x01ad, 1},
		{0x01b0, 0x01b0, 1}, {0x01b4, 0x01b4, 1}, {0x01b6, 0x01b6, 1}, {0x01b9, 0x01bb, 1},
		{0x01bd, 0x01c3, 1}, {0x01ce, 0x01dc, 2}, {0x01dd, 0x01ef, 2}, {0x01f0, 0x01f0, 1},
		{0x01f5, 0x01f5, 1}, {0x01f9, 0x0233, 2}, {0x0234, 0x0239, 1}, {0x023c, 0x023c, 1},
		{0x023f, 0x0240, 1}, {0x0242, 0x0242, 1}, {0x0247, 0x024f, 2}, {0x0250, 0x02af, 1},
		{0x02b9, 0x02c1, 1}, {0x02c6, 0x02d1, 1}, {0x02ec, 0x02ec, 1}, {0x02ee, 0x02ee, 1},
		{0x0300, 0x033f, 1}, {0x0342, 0x0342, 1}, {0x0346, 0x034e, 1}, {0x0350, 0x036f, 1},
		{0x0371, 0x0371, 1}, {0x0373, 0x037b, 4}, {0x037c, 0x037d, 1}, {0x0390, 0x0390, 1},
		{0x03ac, 0x03ce, 1}, {0x03d7, 0x03ef, 2}, {0x03f3, 0x03f3, 1}, {0x03f8, 0x03f8, 1},
		{0x03fb, 0x03fc, 1}, {0x0430, 0x045f, 1}, {0x0461, 0x0483, 2}, {0x0484, 0x0487, 1},
		{0x048b, 0x04bf, 2}, {0x04c2, 0x04ce, 2}, {0x04cf, 0x052f, 2}, {0x0559, 0x0559, 1},
		{0x0560, 0x0586, 1}, {0x0588, 0x0588, 1}, {0x0591, 0x05bd, 1}, {0x05bf, 0x05bf, 1},
		{0x05c1, 0x05c2, 1}, {0x05c4, 0x05c5, 1}, {0x05c7, 0x05c7, 1}, {0x05d0, 0x05ea, 1},
		{0x05ef, 0x05f2, 1}, {0x0610, 0x061a, 1}, {0x0620, 0x063f, 1}, {0x0641, 0x065f, 1},
		{0x066e, 0x0674, 1}, {0x0679, 0x06d3, 1}, {0x06d5, 0x06dc, 1}, {0x06df, 0x06e8, 1},
		{0x06ea, 0x06ef, 1}, {0x06fa, 0x06ff, 1}, {0x0710, 0x074a, 1}, {0x074d, 0x07b1, 1},
		{0x07c0, 0x07f5, 1}, {0x07fd, 0x07fd, 1}, {0x0800, 0x082d, 1}, {0x0840, 0x085b, 1},
		{0x0860, 0x086a, 1}, {0x0870, 0x0887, 1}, {0x0889, 0x088e, 1}, {0x0898, 0x08e1, 1},
		{0x08e3, 0x0957, 1}, {0x0960, 0x0963, 1}, {0x0966, 0x096f, 1}, {0x0971, 0x0983, 1},
		{0x0985, 0x098c, 1}, {0x098f, 0x0990, 1}, {0x0993, 0x09a8, 1}, {0x09aa, 0x09b0, 1},
		{0x09b2, 0x09b2, 1}, {0x09b6, 0x09b9, 1}, {0x09bc, 0x09c4, 1}, {0x09c7, 0x09c8, 1},
		{0x09cb, 0x09ce, 1}, {0x09d7, 0x09d7, 1}, {0x09e0, 0x09e3, 1}, {0x09e6, 0x09f1, 1},
		{0x09fc, 0x09fc, 1}, {0x09fe, 0x09fe, 1}, {0x0a01, 0x0a03, 1}, {0x0a05, 0x0a0a, 1},
		{0x0a0f, 0x0a10, 1}, {0x0a13, 0x0a28, 1}, {0x0a2a, 0x0a30, 1}, {0x0a32, 0x0a38, 3},
		{0x0a39, 0x0a39, 1}, {0x0a3c, 0x0a3c, 1}, {0x0a3e, 0x0a42, 1}, {0x0a47, 0x0a48, 1},
		{0x0a4b, 0x0a4d, 1}, {0x0a51, 0x0a51, 1}, {0x0a5c, 0x0a5c, 1}, {0x0a66, 0x0a75, 1},
		{0x0a81, 0x0a83, 1}, {0x0a85, 0x0a8d, 1}, {0x0a8f, 0x0a91, 1}, {0x0a93, 0x0aa8, 1},
		{0x0aaa, 0x0ab0, 1}, {0x0ab2, 0x0ab3, 1}, {0x0ab5, 0x0ab9, 1}, {0x0abc, 0x0ac5, 1},
		{0x0ac7, 0x0ac9, 1}, {0x0acb, 0x0acd, 1}, {0x0ad0, 0x0ad0, 1}, {0x0ae0, 0x0ae3, 1},
		{0x0ae6, 0x0aef, 1}, {0x0af9, 0x0aff, 1}, {0x0b01, 0x0b03, 1}, {0x0b05, 0x0b0c, 1},
		{0x0b0f, 0x0b10, 1}, {0x0b13, 0x0b28, 1}, {0x0b2a, 0x0b30, 1}, {0x0b32, 0x0b33, 1},
		{0x0b35, 0x0b39, 1}, {0x0b3c, 0x0b44, 1}, {0x0b47, 0x0b48, 1}, {0x0b4b, 0x0b4d, 1},
		{0x0b55, 0x0b57, 1}, {0x0b5f, 0x0b63, 1}, {0x0b66, 0x0b6f, 1}, {0x0b71, 0x0b71, 1},
		{0x0b82, 0x0b83, 1}, {0x0b85, 0x0b8a, 1}, {0x0b8e, 0x0b90, 1}, {0x0b92, 0x0b95, 1},
		{0x0b99, 0x0b9a, 1}, {0x0b9c, 0x0b9c, 1}, {0x0b9e, 0x0b9f, 1}, {0x0ba3, 0x0ba4, 1},
		{0x0ba8, 0x0baa, 1}, {0x0bae, 0x0bb9, 1}, {0x0bbe, 0x0bc2, 1}, {0x0bc6, 0x0bc8, 1},
		{0x0bca, 0x0bcd, 1}, {0x0bd0, 0x0bd0, 1}, {0x0bd7, 0x0bd7, 1}, {0x0be6, 0x0bef, 1},
		{0x0c00, 0x0c0c, 1}, {0x0c0e, 0x0c10, 1}, {0x0c12, 0x0c28, 1}, {0x0c2a, 0x0c39, 1},
		{0x0c3c, 0x0c44, 1}, {0x0c46, 0x0c48, 1}, {0x0c4a, 0x0c4d, 1}, {0x0c55, 0x0c56, 1},
		{0x0c58, 0x0c5a, 1}, {0x0c5d, 0x0c5d, 1}, {0x0c60, 0x0c63, 1}, {0x0c66, 0x0c6f, 1},
		{0x0c80, 0x0c83, 1}, {0x0c85, 0x0c8c, 1}, {0x0c8e, 0x0c90, 1}, {0x0c92, 0x0ca8, 1},
		{0x0caa, 0x0cb3, 1}, {0x0cb5, 0x0cb9, 1}, {0x0cbc, 0x0cc4, 1}, {0x0cc6, 0x0cc8, 1},
		{0x0cca, 0x0ccd, 1}, {0x0cd5, 0x0cd6, 1}, {0x0cdd, 0x0cde, 1}, {0x0ce0, 0x0ce3, 1},
		{0x0ce6, 0x0cef, 1}, {0x0cf1, 0x0cf3, 1}, {0x0d00, 0x0d0c, 1}, {0x0d0e, 0x0d10, 1},
		{0x0d12, 0x0d44, 1}, {0x0d46, 0x0d48, 1}, {0x0d4a, 0x0d4e, 1}, {0x0d54, 0x0d57, 1},
		{0x0d5f, 0x0d63, 1}, {0x0d66, 0x0d6f, 1}, {0x0d7a, 0x0d7f, 1}, {0x0d81, 0x0d83, 1},
		{0x0d85, 0x0d96, 1}, {0x0d9a, 0x0db1, 1}, {0x0db3, 0x0dbb, 1}, {0x0dbd, 0x0dbd, 1},
		{0x0dc0, 0x0dc6, 1}, {0x0dca, 0x0dca, 1}, {0x0dcf, 0x0dd4, 1}, {0x0dd6, 0x0dd6, 1},
		{0x0dd8, 0x0ddf, 1}, {0x0de6, 0x0def, 1}, {0x0df2, 0x0df3, 1}, {0x0e01, 0x0e32, 1},
		{0x0e34, 0x0e3a, 1}, {0x0e40, 0x0e4e, 1}, {0x0e50, 0x0e59, 1}, {0x0e81, 0x0e82, 1},
		{0x0e84, 0x0e84, 1}, {0x0e86, 0x0e8a, 1}, {0x0e8c, 0x0ea3, 1}, {0x0ea5, 0x0ea5, 1},
		{0x0ea7, 0x0eb2, 1}, {0x0eb4, 0x0ebd, 1}, {0x0ec0, 0x0ec4, 1}, {0x0ec6, 0x0ec6, 1},
		{0x0ec8, 0x0ece, 1}, {0x0ed0, 0x0ed9, 1}, {0x0ede, 0x0edf, 1}, {0x0f00, 0x0f00, 1},
		{0x0f0b, 0x0f0b, 1}, {0x0f18, 0x0f19, 1}, {0x0f20, 0x0f29, 1}, {0x0f35, 0x0f39, 2},
		{0x0f3e, 0x0f42, 1}, {0x0f44, 0x0f47, 1}, {0x0f49, 0x0f4c, 1}, {0x0f4e, 0x0f51, 1},
		{0x0f53, 0x0f56, 1}, {0x0f58, 0x0f5b, 1}, {0x0f5d, 0x0f68, 1}, {0x0f6a, 0x0f6c, 1},
		{0x0f71, 0x0f72, 1}, {0x0f74, 0x0f74, 1}, {0x0f7a, 0x0f80, 1}, {0x0f82, 0x0f84, 1},
		{0x0f86, 0x0f92, 1}, {0x0f94, 0x0f97, 1}, {0x0f99, 0x0f9c, 1}, {0x0f9e, 0x0fa1, 1},
		{0x0fa3, 0x0fa6, 1}, {0x0fa8, 0x0fab, 1}, {0x0fad, 0x0fb8, 1}, {0x0fba, 0x0fbc, 1},
		{0x0fc6, 0x0fc6, 1}, {0x1000, 0x1049, 1}, {0x1050, 0x109d, 1}, {0x10d0, 0x10fa, 1},
		{0x10fd, 0x10ff, 1}, {0x1200, 0x1248, 1}, {0x124a, 0x124d, 1}, {0x1250, 0x1256, 1},
		{0x1258, 0x1258, 1}, {0x125a, 0x125d, 1}, {0x1260, 0x1288, 1}, {0x128a, 0x128d, 1},
		{0x1290, 0x12b0, 1}, {0x12b2, 0x12b5, 1}, {0x12b8, 0x12be, 1}, {0x12c0, 0x12c0, 1},
		{0x12c2, 0x12c5, 1}, {0x12c8, 0x12d6, 1}, {0x12d8, 0x1310, 1}, {0x1312, 0x1315, 1},
		{0x1318, 0x135a, 1}, {0x135d, 0x135f, 1}, {0x1380, 0x138f, 1}, {0x13a0, 0x13f5, 1},
		{0x1401, 0x166c, 1}, {0x166f, 0x167f, 1}, {0x1681, 0x169a, 1}, {0x16a0, 0x16ea, 1},
		{0x16f1, 0x16f8, 1}, {0x1700, 0x1715, 1}, {0x171f, 0x1734, 1}, {0x1740, 0x1753, 1},
		{0x1760, 0x176c, 1}, {0x176e, 0x1770, 1}, {0x1772, 0x1773, 1}, {0x1780, 0x17b3, 1},
		{0x17b6, 0x17d3, 1}, {0x17d7, 0x17d7, 1}, {0x17dc, 0x17dd, 1}, {0x17e0, 0x17e9, 1},
		{0x1810, 0x1819, 1}, {0x1820, 0x1878, 1}, {0x1880, 0x18aa, 1}, {0x18b0, 0x18f5, 1},
		{0x1900, 0x191e, 1}, {0x1920, 0x192b, 1}, {0x1930, 0x193b, 1}, {0x1946, 0x196d, 1},
		{0x1970, 0x1974, 1}, {0x1980, 0x19ab, 1}, {0x19b0, 0x19c9, 1}, {0x19d0, 0x19d9, 1},
		{0x1a00, 0x1a1b, 1}, {0x1a20, 0x1a5e, 1}, {0x1a60, 0x1a7c, 1}, {0x1a7f, 0x1a89, 1},
		{0x1a90, 0x1a99, 1}, {0x1aa7, 0x1aa7, 1}, {0x1ab0, 0x1abd, 1}, {0x1abf, 0x1ace, 1},
		{0x1b00, 0x1b4c, 1}, {0x1b50, 0x1b59, 1}, {0x1b6b, 0x1b73, 1}, {0x1b80, 0x1bf3, 1},
		{0x1c00, 0x1c37, 1}, {0x1c40, 0x1c49, 1}, {0x1c4d, 0x1c7d, 1}, {0x1cd0, 0x1cd2, 1},
		{0x1cd4, 0x1cfa, 1}, {0x1d00, 0x1d2b, 1}, {0x1d2f, 0x1d2f, 1}, {0x1d3b, 0x1d3b, 1},
		{0x1d4e, 0x1d4e, 1}, {0x1d6b, 0x1d77, 1}, {0x1d79, 0x1d9a, 1}, {0x1dc0, 0x1dff, 1},
		{0x1e01, 0x1e95, 2}, {0x1e96, 0x1e99, 1}, {0x1e9c, 0x1e9d, 1}, {0x1e9f, 0x1eff, 2},
		{0x1f00, 0x1f07, 1}, {0x1f10, 0x1f15, 1}, {0x1f20, 0x1f27, 1}, {0x1f30, 0x1f37, 1},
		{0x1f40, 0x1f45, 1}, {0x1f50, 0x1f57, 1}, {0x1f60, 0x1f67, 1}, {0x1f70, 0x1f7c, 2},
		{0x1fb0, 0x1fb1, 1}, {0x1fb6, 0x1fb6, 1}, {0x1fc6, 0x1fc6, 1}, {0x1fd0, 0x1fd2, 1},
		{0x1fd6, 0x1fd7, 1}, {0x1fe0, 0x1fe2, 1}, {0x1fe4, 0x1fe7, 1}, {0x1ff6, 0x1ff6, 1},
		{0x214e, 0x214e, 1}, {0x2184, 0x2184, 1}, {0x2c30, 0x2c5f, 1}, {0x2c61, 0x2c61, 1},
		{0x2c65, 0x2c66, 1}, {0x2c68, 0x2c6c, 2}, {0x2c71, 0x2c71, 1}, {0x2c73, 0x2c74, 1},
		{0x2c76, 0x2c7b, 1}, {0x2c81, 0x2ce3, 2}, {0x2ce4, 0x2ce4, 1}, {0x2cec, 0x2cec, 1},
		{0x2cee, 0x2cf1, 1}, {0x2cf3, 0x2cf3, 1}, {0x2d00, 0x2d25, 1}, {0x2d27, 0x2d27, 1},
		{0x2d2d, 0x2d2d, 1}, {0x2d30, 0x2d67, 1}, {0x2d7f, 0x2d96, 1}, {0x2da0, 0x2da6, 1},
		{0x2da8, 0x2dae, 1}, {0x2db0, 0x2db6, 1}, {0x2db8, 0x2dbe, 1}, {0x2dc0, 0x2dc6, 1},
		{0x2dc8, 0x2dce, 1}, {0x2dd0, 0x2dd6, 1}, {0x2dd8, 0x2dde, 1}, {0x2de0, 0x2dff, 1},
		{0x2e2f, 0x2e2f, 1}, {0x3005, 0x3007, 1}, {0x302a, 0x302d, 1}, {0x303c, 0x303c, 1},
		{0x3041, 0x3096, 1}, {0x3099, 0x309a, 1}, {0x309d, 0x309e, 1}, {0x30a1, 0x30fa, 1},
		{0x30fc, 0x30fe, 1}, {0x3105, 0x312f, 1}, {0x31a0, 0x31bf, 1}, {0x31f0, 0x31ff, 1},
		{0x3400, 0x4dbf, 1}, {0x4e00, 0xa48c, 1}, {0xa4d0, 0xa4fd, 1}, {0xa500, 0xa60c, 1},
		{0xa610, 0xa62b, 1}, {0xa641, 0xa66d, 2}, {0xa66e, 0xa66f, 1}, {0xa674, 0xa67d, 1},
		{0xa67f, 0xa69b, 2}, {0xa69e, 0xa6e5, 1}, {0xa6f0, 0xa6f1, 1}, {0xa717, 0xa71f, 1},
		{0xa723, 0xa72f, 2}, {0xa730, 0xa731, 1}, {0xa733, 0xa771, 2}, {0xa772, 0xa778, 1},
		{0xa77a, 0xa77a, 1}, {0xa77c, 0xa77c, 1}, {0xa77f, 0xa787, 2}, {0xa788, 0xa788, 1},
		{0xa78c, 0xa78c, 1}, {0xa78e, 0xa78f, 1}, {0xa791, 0xa791, 1}, {0xa793, 0xa795, 1},
		{0xa797, 0xa7a9, 2}, {0xa7af, 0xa7af, 1}, {0xa7b5, 0xa7c3, 2}, {0xa7c8, 0xa7c8, 1},
		{0xa7ca, 0xa7ca, 1}, {0xa7d1, 0xa7d9, 2}, {0xa7f6, 0xa7f7, 1}, {0xa7fa, 0xa827, 1},
		{0xa82c, 0xa82c, 1}, {0xa840, 0xa873, 1}, {0xa880, 0xa8c5, 1}, {0xa8d0, 0xa8d9, 1},
		{0xa8e0, 0xa8f7, 1}, {0xa8fb, 0xa8fb, 1}, {0xa8fd, 0xa92d, 1}, {0xa930, 0xa953, 1},
		{0xa980, 0xa9c0, 1}, {0xa9cf, 0xa9d9, 1}, {0xa9e0, 0xa9fe, 1}, {0xaa00, 0xaa36, 1},
		{0xaa40, 0xaa4d, 1}, {0xaa50, 0xaa59, 1}, {0xaa60, 0xaa76, 1}, {0xaa7a, 0xaac2, 1},
		{0xaadb, 0xaadd, 1}, {0xaae0, 0xaaef, 1}, {0xaaf2, 0xaaf6, 1}, {0xab01, 0xab06, 1},
		{0xab09, 0xab0e, 1}, {0xab11, 0xab16, 1}, {0xab20, 0xab26, 1}, {0xab28, 0xab2e, 1},
		{0xab30, 0xab5a, 1}, {0xab60, 0xab68, 1}, {0xabc0, 0xabea, 1}, {0xabec, 0xabed, 1},
		{0xabf0, 0xabf9, 1}, {0xac00, 0xd7a3, 1}, {0xfa0e, 0xfa0f, 1}, {0xfa11, 0xfa11, 1},
		{0xfa13, 0xfa14, 1}, {0xfa1f, 0xfa23, 2}, {0xfa24, 0xfa24, 1}, {0xfa27, 0xfa29, 1},
		{0xfb1e, 0xfb1e, 1}, {0xfe20, 0xfe2f, 1}, {0xfe73, 0xfe73, 1},
	},
	R32: []unicode.Range32{
		{0x10000, 0x1000b, 1}, {0x1000d, 0x10026, 1}, {0x10028, 0x1003a, 1}, {0x1003c, 0x1003d, 1},
		{0x1003f, 0x1004d, 1}, {0x10050, 0x1005d, 1}, {0x10080, 0x100fa, 1}, {0x101fd, 0x101fd, 1},
		{0x10280, 0x1029c, 1}, {0x102a0, 0x102d0, 1}, {0x102e0, 0x102e0, 1}, {0x10300, 0x1031f, 1},
		{0x1032d, 0x10340, 1}, {0x10342, 0x10349, 1}, {0x10350, 0x1037a, 1}, {0x10380, 0x1039d, 1},
		{0x103a0, 0x103c3, 1}, {0x103c8, 0x103cf, 1}, {0x10428, 0x1049d, 1}, {0x104a0, 0x104a9, 1},
		{0x104d8, 0x104fb, 1}, {0x10500, 0x10527, 1}, {0x10530, 0x10563, 1}, {0x10597, 0x105a1, 1},
		{0x105a3, 0x105b1, 1}, {0x105b3, 0x105b9, 1}, {0x105bb, 0x105bc, 1}, {0x10600, 0x10736, 1},
		{0x10740, 0x10755, 1}, {0x10760, 0x10767, 1}, {0x10780, 0x10780, 1}, {0x10800, 0x10805, 1},
		{0x10808, 0x10808, 1}, {0x1080a, 0x10835, 1}, {0x10837, 0x10838, 1}, {0x1083c, 0x1083c, 1},
		{0x1083f, 0x10855, 1}, {0x10860, 0x10876, 1}, {0x10880, 0x1089e, 1}, {0x108e0, 0x108f2, 1},
		{0x108f4, 0x108f5, 1}, {0x10900, 0x10915, 1}, {0x10920, 0x10939, 1}, {0x10980, 0x109b7, 1},
		{0x109be, 0x109bf, 1}, {0x10a00, 0x10a03, 1}, {0x10a05, 0x10a06, 1}, {0x10a0c, 0x10a13, 1},
		{0x10a15, 0x10a17, 1}, {0x10a19, 0x10a35, 1}, {0x10a38, 0x10a3a, 1}, {0x10a3f, 0x10a3f, 1},
		{0x10a60, 0x10a7c, 1}, {0x10a80, 0x10a9c, 1}, {0x10ac0, 0x10ac7, 1}, {0x10ac9, 0x10ae6, 1},
		{0x10b00, 0x10b35, 1}, {0x10b40, 0x10b55, 1}, {0x10b60, 0x10b72, 1}, {0x10b80, 0x10b91, 1},
		{0x10c00, 0x10c48, 1}, {0x10cc0, 0x10cf2, 1}, {0x10d00, 0x10d27, 1}, {0x10d30, 0x10d39, 1},
		{0x10e80, 0x10ea9, 1}, {0x10eab, 0x10eac, 1}, {0x10eb0, 0x10eb1, 1}, {0x10efd, 0x10f1c, 1},
		{0x10f27, 0x10f27, 1}, {0x10f30, 0x10f50, 1}, {0x10f70, 0x10f85, 1}, {0x10fb0, 0x10fc4, 1},
		{0x10fe0, 0x10ff6, 1}, {0x11000, 0x11046, 1}, {0x11066, 0x11075, 1}, {0x1107f, 0x110ba, 1},
		{0x110c2, 0x110c2, 1}, {0x110d0, 0x110e8, 1}, {0x110f0, 0x110f9, 1}, {0x11100, 0x11134, 1},
		{0x11136, 0x1113f, 1}, {0x11144, 0x11147, 1}, {0x11150, 0x11173, 1}, {0x11176, 0x11176, 1},
		{0x11180, 0x111c4, 1}, {0x111c9, 0x111cc, 1}, {0x111ce, 0x111da, 1}, {0x111dc, 0x111dc, 1},
		{0x11200, 0x11211, 1}, {0x11213, 0x11237, 1}, {0x1123e, 0x11241, 1}, {0x11280, 0x11286, 1},
		{0x11288, 0x11288, 1}, {0x1128a, 0x1128d, 1}, {0x1128f, 0x1129d, 1}, {0x1129f, 0x112a8, 1},
		{0x112b0, 0x112ea, 1}, {0x112f0, 0x112f9, 1}, {0x11300, 0x11303, 1}, {0x11305, 0x1130c, 1},
		{0x1130f, 0x11310, 1}, {0x11313, 0x11328, 1}, {0x1132a, 0x11330, 1}, {0x11332, 0x11333, 1},
		{0x11335, 0x11339, 1}, {0x1133b, 0x11344, 1}, {0x11347, 0x11348, 1}, {0x1134b, 0x1134d, 1},
		{0x11350, 0x11350, 1}, {0x11357, 0x11357, 1}, {0x1135d, 0x11363, 1}, {0x11366, 0x1136c, 1},
		{0x11370, 0x11374, 1}, {0x11400, 0x1144a, 1}, {0x11450, 0x11459, 1}, {0x1145e, 0x11461, 1},
		{0x11480, 0x114c5, 1}, {0x114c7, 0x114c7, 1}, {0x114d0, 0x114d9, 1}, {0x11580, 0x115b5, 1},
		{0x115b8, 0x115c0, 1}, {0x115d8, 0x115dd, 1}, {0x11600, 0x11640, 1}, {0x11644, 0x11644, 1},
		{0x11650, 0x11659, 1}, {0x11680, 0x116b8, 1}, {0x116c0, 0x116c9, 1}, {0x11700, 0x1171a, 1},
		{0x1171d, 0x1172b, 1}, {0x11730, 0x11739, 1}, {0x11740, 0x11746, 1}, {0x11800, 0x1183a, 1},
		{0x118c0, 0x118e9, 1}, {0x118ff, 0x11906, 1}, {0x11909, 0x11909, 1}, {0x1190c, 0x11913, 1},
		{0x11915, 0x11916, 1}, {0x11918, 0x11935, 1}, {0x11937, 0x11938, 1}, {0x1193b, 0x11943, 1},
		{0x11950, 0x11959, 1}, {0x119a0, 0x119a7, 1}, {0x119aa, 0x119d7, 1}, {0x119da, 0x119e1, 1},
		{0x119e3, 0x119e4, 1}, {0x11a00, 0x11a3e, 1}, {0x11a47, 0x11a47, 1}, {0x11a50, 0x11a99, 1},
		{0x11a9d, 0x11a9d, 1}, {0x11ab0, 0x11af8, 1}, {0x11c00, 0x11c08, 1}, {0x11c0a, 0x11c36, 1},
		{0x11c38, 0x11c40, 1}, {0x11c50, 0x11c59, 1}, {0x11c72, 0x11c8f, 1}, {0x11c92, 0x11ca7, 1},
		{0x11ca9, 0x11cb6, 1}, {0x11d00, 0x11d06, 1}, {0x11d08, 0x11d09, 1}, {0x11d0b, 0x11d36, 1},
		{0x11d3a, 0x11d3a, 1}, {0x11d3c, 0x11d3d, 1}, {0x11d3f, 0x11d47, 1}, {0x11d50, 0x11d59, 1},
		{0x11d60, 0x11d65, 1}, {0x11d67, 0x11d68, 1}, {0x11d6a, 0x11d8e, 1}, {0x11d90, 0x11d91, 1},
		{0x11d93, 0x11d98, 1}, {0x11da0, 0x11da9, 1}, {0x11ee0, 0x11ef6, 1}, {0x11f00, 0x11f10, 1},
		{0x11f12, 0x11f3a, 1}, {0x11f3e, 0x11f42, 1}, {0x11f50, 0x11f59, 1}, {0x11fb0, 0x11fb0, 1},
		{0x12000, 0x12399, 1}, {0x12480, 0x12543, 1}, {0x12f90, 0x12ff0, 1}, {0x13000, 0x1342f, 1},
		{0x13440, 0x13455, 1}, {0x14400, 0x14646, 1}, {0x16800, 0x16a38, 1}, {0x16a40, 0x16a5e, 1},
		{0x16a60, 0x16a69, 1}, {0x16a70, 0x16abe, 1}, {0x16ac0, 0x16ac9, 1}, {0x16ad0, 0x16aed, 1},
		{0x16af0, 0x16af4, 1}, {0x16b00, 0x16b36, 1}, {0x16b40, 0x16b43, 1}, {0x16b50, 0x16b59, 1},
		{0x16b63, 0x16b77, 1}, {0x16b7d, 0x16b8f, 1}, {0x16e60, 0x16e7f, 1}, {0x16f00, 0x16f4a, 1},
		{0x16f4f, 0x16f87, 1}, {0x16f8f, 0x16f9f, 1}, {0x16fe0, 0x16fe1, 1}, {0x16fe3, 0x16fe4, 1},
		{0x16ff0, 0x16ff1, 1}, {0x17000, 0x187f7, 1}, {0x18800, 0x18cd5, 1}, {0x18d00, 0x18d08, 1},
		{0x1aff0, 0x1aff3, 1}, {0x1aff5, 0x1affb, 1}, {0x1affd, 0x1affe, 1}, {0x1b000, 0x1b122, 1},
		{0x1b132, 0x1b132, 1}, {0x1b150, 0x1b152, 1}, {0x1b155, 0x1b155, 1}, {0x1b164, 0x1b167, 1},
		{0x1b170, 0x1b2fb, 1}, {0x1bc00, 0x1bc6a, 1}, {0x1bc70, 0x1bc7c, 1}, {0x1bc80, 0x1bc88, 1},
		{0x1bc90, 0x1bc99, 1}, {0x1bc9d, 0x1bc9e, 1}, {0x1cf00, 0x1cf2d, 1}, {0x1cf30, 0x1cf46, 1},
		{0x1da00, 0x1da36, 1}, {0x1da3b, 0x1da6c, 1}, {0x1da75, 0x1da75, 1}, {0x1da84, 0x1da84, 1},
		{0x1da9b, 0x1da9f, 1}, {0x1daa1, 0x1daaf, 1}, {0x1df00, 0x1df1e, 1}, {0x1df25, 0x1df2a, 1},
		{0x1e000, 0x1e006, 1}, {0x1e008, 0x1e018, 1}, {0x1e01b, 0x1e021, 1}, {0x1e023, 0x1e024, 1},
		{0x1e026, 0x1e02a, 1}, {0x1e08f, 0x1e08f, 1}, {0x1e100, 0x1e12c, 1}, {0x1e130, 0x1e13d, 1},
		{0x1e140, 0x1e149, 1}, {0x1e14e, 0x1e14e, 1}, {0x1e290, 0x1e2ae, 1}, {0x1e2c0, 0x1e2f9, 1},
		{0x1e4d0, 0x1e4f9, 1}, {0x1e7e0, 0x1e7e6, 1}, {0x1e7e8, 0x1e7eb, 1}, {0x1e7ed, 0x1e7ee, 1},
		{0x1e7f0, 0x1e7fe, 1}, {0x1e800, 0x1e8c4, 1}, {0x1e8d0, 0x1e8d6, 1}, {0x1e922, 0x1e94b, 1},
		{0x1e950, 0x1e959, 1}, {0x20000, 0x2a6df, 1}, {0x2a700, 0x2b739, 1}, {0x2b740, 0x2b81d, 1},
		{0x2b820, 0x2cea1, 1}, {0x2ceb0, 0x2ebe0, 1}, {0x30000, 0x3134a, 1}, {0x31350, 0x323af, 1},
	},
	LatinOffset: 5,
}

var idnaJoinLD = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0620, 0x0620, 1}, {0x0626, 0x062a, 2}, {0x062b, 0x062e, 1}, {0x0633, 0x063f, 1},
		{0x0641, 0x0647, 1}, {0x0649, 0x064a, 1}, {0x066e, 0x066f, 1}, {0x0679, 0x0687, 1},
		{0x069a, 0x06bf, 1}, {0x06c1, 0x06c2, 1}, {0x06cc, 0x06d0, 2}, {0x06d1, 0x06d1, 1},
		{0x06fa, 0x06fc, 1}, {0x06ff, 0x06ff, 1}, {0x0712, 0x0714, 1}, {0x071a, 0x071d, 1},
		{0x071f, 0x0727, 1}, {0x0729, 0x072d, 2}, {0x072e, 0x072e, 1}, {0x074e, 0x0758, 1},
		{0x075c, 0x076a, 1}, {0x076d, 0x0770, 1}, {0x0772, 0x0772, 1}, {0x0775, 0x0777, 1},
		{0x077a, 0x077f, 1}, {0x07ca, 0x07ea, 1}, {0x0841, 0x0845, 1}, {0x0848, 0x0848, 1},
		{0x084a, 0x0853, 1}, {0x0855, 0x0855, 1}, {0x0860, 0x0860, 1}, {0x0862, 0x0865, 1},
		{0x0868, 0x0868, 1}, {0x0886, 0x0886, 1}, {0x0889, 0x088d, 1}, {0x08a0, 0x08a9, 1},
		{0x08af, 0x08b0, 1}, {0x08b3, 0x08b8, 1}, {0x08ba, 0x08c8, 1}, {0x1820, 0x1878, 1},
		{0x1887, 0x18a8, 1}, {0x18aa, 0x18aa, 1}, {0xa840, 0xa872, 1},
	},
	R32: []unicode.Range32{
		{0x10ac0, 0x10ac4, 1}, {0x10acd, 0x10acd, 1}, {0x10ad3, 0x10adc, 1}, {0x10ade, 0x10ae0, 1},
		{0x10b80, 0x10b80, 1}, {0x10b82, 0x10b82, 1}, {0x10b86, 0x10b88, 1}, {0x10b8a, 0x10b8b, 1},
		{0x10b8d, 0x10b8d, 1}, {0x10b90, 0x10b90, 1}, {0x10d00, 0x10d21, 1}, {0x10d23, 0x10d23, 1},
		{0x10f30, 0x10f32, 1}, {0x10f34, 0x10f44, 1}, {0x10f70, 0x10f73, 1}, {0x10f76, 0x10f81, 1},
		{0x10fb0, 0x10fb0, 1}, {0x10fb2, 0x10fb3, 1}, {0x10fb8, 0x10fb8, 1}, {0x10fbb, 0x10fbc, 1},
		{0x10fbe, 0x10fbf, 1}, {0x10fc1, 0x10fc1, 1}, {0x10fc4, 0x10fc4, 1}, {0x1e922, 0x1e943, 1},
	},
}

var idnaJoinRD = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0620, 0x0620, 1}, {0x0622, 0x063f, 1}, {0x0641, 0x064a, 1}, {0x066e, 0x066f, 1},
		{0x0671, 0x0673, 1}, {0x0679, 0x06d3, 1}, {0x06d5, 0x06d5, 1}, {0x06ee, 0x06ef, 1},
		{0x06fa, 0x06fc, 1}, {0x06ff, 0x06ff, 1}, {0x0710, 0x0710, 1}, {0x0712, 0x072f, 1},
		{0x074d, 0x077f, 1}, {0x07ca, 0x07ea, 1}, {0x0840, 0x0858, 1}, {0x0860, 0x0860, 1},
		{0x0862, 0x0865, 1}, {0x0867, 0x086a, 1}, {0x0870, 0x0882, 1}, {0x0886, 0x0886, 1},
		{0x0889, 0x088e, 1}, {0x08a0, 0x08ac, 1}, {0x08ae, 0x08c8, 1}, {0x1820, 0x1878, 1},
		{0x1887, 0x18a8, 1}, {0x18aa, 0x18aa, 1}, {0xa840, 0xa871, 1},
	},
	R32: []unicode.Range32{
		{0x10ac0, 0x10ac5, 1}, {0x10ac7, 0x10ac7, 1}, {0x10ac9, 0x10aca, 1}, {0x10ace, 0x10ad6, 1},
		{0x10ad8, 0x10ae1, 1}, {0x10ae4, 0x10ae4, 1}, {0x10b80, 0x10b91, 1}, {0x10d01, 0x10d23, 1},
		{0x10f30, 0x10f44, 1}, {0x10f70, 0x10f81, 1}, {0x10fb0, 0x10fb0, 1}, {0x10fb2, 0x10fb6, 1},
		{0x10fb8, 0x10fbf, 1}, {0x10fc1, 0x10fc4, 1}, {0x1e922, 0x1e943, 1},
	},
}

var idnaVirama = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x094d, 0x0ccd, 128}, {0x0d3b, 0x0d3c, 1}, {0x0d4d, 0x0d4d, 1}, {0x0dca, 0x0dca, 1},
		{0x0e3a, 0x0e3a, 1}, {0x0eba, 0x0eba, 1}, {0x0f84, 0x0f84, 1}, {0x1039, 0x103a, 1},
		{0x1714, 0x1715, 1}, {0x1734, 0x1734, 1}, {0x17d2, 0x17d2, 1}, {0x1a60, 0x1a60, 1},
		{0x1b44, 0x1b44, 1}, {0x1baa, 0x1bab, 1}, {0x1bf2, 0x1bf3, 1}, {0x2d7f, 0x2d7f, 1},
		{0xa806, 0xa806, 1}, {0xa82c, 0xa82c, 1}, {0xa8c4, 0xa8c4, 1}, {0xa953, 0xa953, 1},
		{0xa9c0, 0xa9c0, 1}, {0xaaf6, 0xaaf6, 1}, {0xabed, 0xabed, 1},
	},
	R32: []unicode.Range32{
		{0x10a3f, 0x10a3f, 1}, {0x11046, 0x11046, 1}, {0x11070, 0x11070, 1}, {0x1107f, 0x1107f, 1},
		{0x110b9, 0x110b9, 1}, {0x11133, 0x11134, 1}, {0x111c0, 0x111c0, 1}, {0x11235, 0x11235, 1},
		{0x112ea, 0x112ea, 1}, {0x1134d, 0x1134d, 1}, {0x11442, 0x11442, 1}, {0x114c2, 0x114c2, 1},
		{0x115bf, 0x115bf, 1}, {0x1163f, 0x1163f, 1}, {0x116b6, 0x116b6, 1}, {0x1172b, 0x1172b, 1},
		{0x11839, 0x11839, 1}, {0x1193d, 0x1193e, 1}, {0x119e0, 0x119e0, 1}, {0x11a34, 0x11a34, 1},
		{0x11a47, 0x11a47, 1}, {0x11a99, 0x11a99, 1}, {0x11c3f, 0x11c3f, 1}, {0x11d44, 0x11d45, 1},
		{0x11d97, 0x11d97, 1}, {0x11f41, 0x11f42, 1},
	},
}

// Bidi classes for bidiClass, from golang.org/x/text/unicode/bidi (Unicode
// 15.0), for the code points that are PVALID, CONTEXTJ or CONTEXTO; runs are
// joined across code points that are none of those. bidiRightToLeft holds
// classes R and AL, bidiNeutrals ES, CS, ET, ON and BN, and
// bidiLeftToRightMarks the nonspacing and enclosing marks whose class is L,
// not NSM like other marks.

var bidiRightToLeft = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x05d0, 0x05f4, 1}, {0x0620, 0x064a, 1}, {0x066e, 0x066f, 1}, {0x0671, 0x06d5, 1},
		{0x06e5, 0x06e6, 1}, {0x06ee, 0x06ef, 1}, {0x06fa, 0x0710, 1}, {0x0712, 0x072f, 1},
		{0x074d, 0x07a5, 1}, {0x07b1, 0x07ea, 1}, {0x07f4, 0x07f5, 1}, {0x0800, 0x0815, 1},
		{0x081a, 0x081a, 1}, {0x0824, 0x0824, 1}, {0x0828, 0x0828, 1}, {0x0840, 0x0858, 1},
		{0x0860, 0x088e, 1}, {0x08a0, 0x08c9, 1}, {0xfe73, 0xfe73, 1},
	},
	R32: []unicode.Range32{
		{0x10800, 0x10a00, 1}, {0x10a10, 0x10a35, 1}, {0x10a60, 0x10ae4, 1}, {0x10b00, 0x10d23, 1},
		{0x10e80, 0x10ea9, 1}, {0x10eb0, 0x10eb1, 1}, {0x10f00, 0x10f45, 1}, {0x10f70, 0x10f81, 1},
		{0x10fb0, 0x10ff6, 1}, {0x1e800, 0x1e8c4, 1}, {0x1e922, 0x1e943, 1}, {0x1e94b, 0x1e959, 1},
	},
}

var bidiArabicNumber = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0660, 0x0669, 1},
	},
	R32: []unicode.Range32{
		{0x10d30, 0x10d39, 1},
	},
}

var bidiEuropeanNumber = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0030, 0x0039, 1}, {0x06f0, 0x06f9, 1},
	},
	LatinOffset: 1,
}

var bidiNeutrals = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x002d, 0x002d, 1}, {0x00b7, 0x00b7, 1}, {0x02b9, 0x02ba, 1}, {0x02c6, 0x02cf, 1},
		{0x02ec, 0x02ec, 1}, {0x0375, 0x0375, 1}, {0x200c, 0x200d, 1}, {0x2e2f, 0x2e2f, 1},
		{0x30fb, 0x30fb, 1}, {0xa67f, 0xa67f, 1}, {0xa717, 0xa71f, 1}, {0xa788, 0xa788, 1},
	},
	LatinOffset: 2,
}

var bidiLeftToRightMarks = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0cbf, 0x0cbf, 1}, {0x0cc6, 0x0cc6, 1},
	},
	R32: []unicode.Range32{
		{0x11a07, 0x11a08, 1}, {0x11c3f, 0x11c3f, 1},
	},
}
