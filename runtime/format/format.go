// Package format checks the JSON Schema 2020-12 "format" assertions. Its
// table, Lookup and All, is the one list of the formats toolgen checks: the
// generator asserts exactly these, generated code calls their checkers, and
// the hints the model reads show their examples.
package format

// This file, format_idn.go (its tables in idna_tables.go), format_iri.go and
// format_more.go hold the checkers for the JSON Schema 2020-12 "format"
// assertions that generated validators call.
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
