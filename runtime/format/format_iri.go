package format

import (
	"strings"
	"unicode/utf8"
)

// ---------------------------------------------------------------------------
// URIs and IRIs (RFC 3986 sections 3 and 4.1, RFC 3987 section 2.2)

// IsURI reports whether s is an absolute URI per RFC 3986's URI rule:
// scheme ":" hier-part ["?" query] ["#" fragment], every character either
// allowed where it stands or part of a valid percent-encoding "%XX". An
// authority's host is a reg-name, an IPv4 address, or an IPv6 address in
// brackets; its port is decimal digits.
//
// oracle: like the reference validator (net/url), an IPvFuture literal
// ("[v1.x]") is rejected, and a percent-encoding in a reg-name must be "%25"
// or encode a byte of 0x80 or above.
func IsURI(s string) bool {
	return isURIReference(s, false, false)
}

// IsURIReference reports whether s is an RFC 3986 URI-reference: a URI (see
// IsURI), or a relative reference, which has no scheme and whose path, if it
// neither starts with '/' nor follows an authority, has no ':' in its first
// segment. The empty string is a relative reference.
//
// oracle: as in IsURI, IPvFuture literals and percent-encoded ASCII in a
// reg-name other than "%25" are rejected.
func IsURIReference(s string) bool {
	return isURIReference(s, false, true)
}

// IsIRI reports whether s is an absolute IRI per RFC 3987's IRI rule: as
// IsURI, but non-ASCII characters of RFC 3987's ucschar class may appear
// wherever an unreserved character may, those of its iprivate class in the
// query, and an IPvFuture host ("[v1.fe]") is valid.
//
// oracle: as in IsURI, a percent-encoding in a reg-name must be "%25" or
// encode a byte of 0x80 or above; and the userinfo must be ASCII.
func IsIRI(s string) bool {
	return isURIReference(s, true, false)
}

// IsIRIReference reports whether s is an RFC 3987 IRI-reference: an IRI (see
// IsIRI) or a relative reference as in IsURIReference, with the characters
// and hosts that IsIRI allows, and the same oracle limits.
func IsIRIReference(s string) bool {
	return isURIReference(s, true, true)
}

// isURIReference checks s against RFC 3986's URI rule, or its URI-reference
// rule if relative is set; with iri set, against the IRI and IRI-reference
// rules of RFC 3987 instead.
func isURIReference(s string, iri, relative bool) bool {
	var ucs, private uint8
	if iri {
		ucs, private = iriUCS, iriPrivate
	}
	rest, scheme := s, false
	if i := uriSchemeEnd(s); i > 0 {
		rest, scheme = s[i+1:], true
	} else if !relative {
		return false
	}
	if j := strings.IndexByte(rest, '#'); j >= 0 {
		if !uriChars(rest[j+1:], uriPchar|uriSlashQuery|ucs) {
			return false
		}
		rest = rest[:j]
	}
	if j := strings.IndexByte(rest, '?'); j >= 0 {
		if !uriChars(rest[j+1:], uriPchar|uriSlashQuery|ucs|private) {
			return false
		}
		rest = rest[:j]
	}
	if authority, ok := strings.CutPrefix(rest, "//"); ok {
		path := ""
		if j := strings.IndexByte(authority, '/'); j >= 0 {
			authority, path = authority[:j], authority[j:]
		}
		return uriAuthority(authority, iri) && uriChars(path, uriPchar|uriSlash|ucs)
	}
	// path-absolute, path-rootless or path-empty; in a relative reference
	// path-noscheme, whose first segment has no ':' lest it read as a scheme.
	if !scheme {
		first := rest
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			first = rest[:j]
		}
		if strings.IndexByte(first, ':') >= 0 {
			return false
		}
	}
	return uriChars(rest, uriPchar|uriSlash|ucs)
}

// uriSchemeEnd returns the index of the ':' that ends the scheme s starts
// with, scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), or -1.
func uriSchemeEnd(s string) int {
	if len(s) == 0 || !fmtAlpha(s[0]) {
		return -1
	}
	i := 1
	for i < len(s) && (fmtAlpha(s[i]) || fmtDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return -1
	}
	return i
}

// Character classes of RFC 3986, as bits of uriClass, and modes of uriChars.
const (
	uriUnreserved  = 1 << iota // ALPHA / DIGIT / "-" / "." / "_" / "~"
	uriSubDelim                // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	uriColonAt                 // ":" / "@"
	uriSlash                   // "/"
	uriSlashQuery              // "/" / "?"
	uriTemplateLit             // the ASCII characters of RFC 6570's literals (with erratum 6937)

	// Not classes of bytes: given to uriChars, these let through the
	// non-ASCII characters of RFC 3987's ucschar and iprivate.
	iriUCS
	iriPrivate

	uriPchar = uriUnreserved | uriSubDelim | uriColonAt
)

var uriClass = func() (t [256]uint8) {
	for c := 0; c < utf8.RuneSelf; c++ {
		b := byte(c)
		if fmtAlpha(b) || fmtDigit(b) || strings.IndexByte("-._~", b) >= 0 {
			t[c] |= uriUnreserved
		}
		if strings.IndexByte("!$&'()*+,;=", b) >= 0 {
			t[c] |= uriSubDelim
		}
		if b == ':' || b == '@' {
			t[c] |= uriColonAt
		}
		if b == '/' {
			t[c] |= uriSlash | uriSlashQuery
		}
		if b == '?' {
			t[c] |= uriSlashQuery
		}
		// literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D /
		// %x5F / %x61-7A / %x7E / ucschar / iprivate / pct-encoded
		if b == 0x21 || 0x23 <= b && b <= 0x24 || 0x26 <= b && b <= 0x3B || b == 0x3D ||
			0x3F <= b && b <= 0x5B || b == 0x5D || b == 0x5F || 0x61 <= b && b <= 0x7A || b == 0x7E {
			t[c] |= uriTemplateLit
		}
	}
	return t
}()

// uriChars reports whether every byte of s is in one of the classes or
// starts a valid percent-encoding; with iriUCS or iriPrivate among the
// classes, a non-ASCII character of that kind is allowed too.
func uriChars(s string, classes uint8) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !fmtHex(s[i+1]) || !fmtHex(s[i+2]) {
				return false
			}
			i += 2
		case c >= utf8.RuneSelf:
			if classes&(iriUCS|iriPrivate) == 0 {
				return false
			}
			// Invalid UTF-8 decodes as U+FFFD, which is in neither class.
			r, size := utf8.DecodeRuneInString(s[i:])
			if !(classes&iriUCS != 0 && isUCSChar(r) || classes&iriPrivate != 0 && isIPrivate(r)) {
				return false
			}
			i += size - 1
		case uriClass[c]&classes == 0:
			return false
		}
	}
	return true
}

// isUCSChar reports whether r is in RFC 3987's ucschar: the non-ASCII code
// points other than controls, surrogates, private use, specials and the two
// last code points of each plane.
func isUCSChar(r rune) bool {
	switch {
	case r < 0x10000:
		return 0xA0 <= r && r <= 0xD7FF || 0xF900 <= r && r <= 0xFDCF || 0xFDF0 <= r && r <= 0xFFEF
	case r < 0xE0000:
		return r&0xFFFF <= 0xFFFD
	}
	return 0xE1000 <= r && r <= 0xEFFFD
}

// isIPrivate reports whether r is in RFC 3987's iprivate: a private use code
// point other than the two last of a plane.
func isIPrivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF || 0xF0000 <= r && r <= 0xFFFFD || 0x100000 <= r && r <= 0x10FFFD
}

// uriAuthority checks authority = [ userinfo "@" ] host [ ":" port ], or
// RFC 3987's iauthority if iri is set.
func uriAuthority(a string, iri bool) bool {
	var ucs uint8
	if iri {
		ucs = iriUCS
	}
	if j := strings.IndexByte(a, '@'); j >= 0 {
		// userinfo = *( unreserved / pct-encoded / sub-delims / ":" ); a
		// second '@' fails the host check below. oracle: net/url takes no
		// non-ASCII characters in an IRI's iuserinfo.
		if !uriChars(a[:j], uriUnreserved|uriSubDelim|uriColonAt) {
			return false
		}
		a = a[j+1:]
	}
	var port string
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 || !IsIPv6(a[1:end]) && !(iri && isIPvFuture(a[1:end])) {
			return false
		}
		port = a[end+1:]
		if port != "" && port[0] != ':' {
			return false
		}
	} else {
		host := a
		if j := strings.IndexByte(a, ':'); j >= 0 {
			host, port = a[:j], a[j:]
		}
		// reg-name = *( unreserved / pct-encoded / sub-delims )
		if !uriChars(host, uriUnreserved|uriSubDelim|ucs) {
			return false
		}
		for k := 0; k < len(host); k++ {
			// oracle: net/url only lets "%25" and non-ASCII bytes be
			// percent-encoded in a host.
			if host[k] == '%' && host[k+1] < '8' && host[k:k+3] != "%25" {
				return false
			}
		}
	}
	for k := 1; k < len(port); k++ {
		if !fmtDigit(port[k]) {
			return false
		}
	}
	return true
}

// isIPvFuture reports whether s is an RFC 3986 IPvFuture address,
// "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ), 'v' in either case.
func isIPvFuture(s string) bool {
	if len(s) < 4 || s[0] != 'v' && s[0] != 'V' {
		return false
	}
	i := 1
	for i < len(s) && fmtHex(s[i]) {
		i++
	}
	if i == 1 || i+1 >= len(s) || s[i] != '.' {
		return false
	}
	for i++; i < len(s); i++ {
		if uriClass[s[i]]&(uriUnreserved|uriSubDelim) == 0 && s[i] != ':' {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// URI Templates (RFC 6570 section 2)

// IsURITemplate reports whether s is a URI Template per RFC 6570 section 2,
// up to level 4: literals, in which the characters that may not appear in a
// URI must not appear, and expressions "{" [ operator ] varspec *( ","
// varspec ) "}". An operator is one of "+#./;?&" or the reserved "=,!@|";
// a varspec is a variable name of letters, digits, '_' and percent-encodings,
// possibly joined by single dots, followed by an optional prefix modifier
// ":1" to ":9999" or explode modifier "*". Following erratum 6937, an
// apostrophe is a literal.
func IsURITemplate(s string) bool {
	for {
		open := strings.IndexByte(s, '{')
		literals := s
		if open >= 0 {
			literals = s[:open]
		}
		if !uriChars(literals, uriTemplateLit|iriUCS|iriPrivate) {
			return false
		}
		if open < 0 {
			return true
		}
		s = s[open+1:]
		end := strings.IndexByte(s, '}')
		if end < 0 || !uriTemplateExpression(s[:end]) {
			return false
		}
		s = s[end+1:]
	}
}

// uriTemplateExpression checks the inside of an expression, between the
// braces.
func uriTemplateExpression(e string) bool {
	if len(e) > 0 && strings.IndexByte("+#./;?&=,!@|", e[0]) >= 0 {
		e = e[1:]
	}
	for {
		spec, rest, more := strings.Cut(e, ",")
		if !uriTemplateVarspec(spec) {
			return false
		}
		if !more {
			return true
		}
		e = rest
	}
}

// uriTemplateVarspec checks varspec = varname [ modifier-level4 ].
func uriTemplateVarspec(spec string) bool {
	name := spec
	if j := strings.IndexAny(spec, ":*"); j >= 0 {
		name = spec[:j]
		switch modifier := spec[j:]; {
		case modifier == "*":
		case modifier[0] == ':':
			// max-length = %x31-39 0*3DIGIT
			n := modifier[1:]
			if len(n) == 0 || len(n) > 4 || n[0] == '0' {
				return false
			}
			for i := 0; i < len(n); i++ {
				if !fmtDigit(n[i]) {
					return false
				}
			}
		default:
			return false
		}
	}
	// varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
	if len(name) == 0 || name[0] == '.' || name[len(name)-1] == '.' {
		return false
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case fmtAlpha(c) || fmtDigit(c) || c == '_':
		case c == '.':
			if name[i-1] == '.' {
				return false
			}
		case c == '%':
			if i+2 >= len(name) || !fmtHex(name[i+1]) || !fmtHex(name[i+2]) {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	return true
}
