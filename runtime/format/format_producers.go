package format

import (
	"net/netip"
	"strings"
)

// This file holds the checkers of formats outside JSON Schema's own list
// that schema producers write on purpose (OpenAPI's registry, pydantic,
// zod), each following the standard that defines it; table.go says which.
// Like the others they work on bytes and do not allocate.

// ---------------------------------------------------------------------------
// Integers of a width (OpenAPI Format Registry: int8 ... uint64). Their
// checkers get a JSON number's text: the value must be an integer (1.0
// and 1e3 are, as JSON Schema says) between the type's bounds.

// IsInt8 reports whether the JSON number text s is an integer from -128 to 127.
func IsInt8(s string) bool { return intInRange(s, "128", "127") }

// IsInt16 reports whether the JSON number text s is an integer from -32768 to 32767.
func IsInt16(s string) bool { return intInRange(s, "32768", "32767") }

// IsInt32 reports whether the JSON number text s is an integer from
// -2147483648 to 2147483647.
func IsInt32(s string) bool { return intInRange(s, "2147483648", "2147483647") }

// IsInt64 reports whether the JSON number text s is an integer from
// -9223372036854775808 to 9223372036854775807.
func IsInt64(s string) bool { return intInRange(s, "9223372036854775808", "9223372036854775807") }

// IsUint8 reports whether the JSON number text s is an integer from 0 to 255.
func IsUint8(s string) bool { return intInRange(s, "0", "255") }

// IsUint16 reports whether the JSON number text s is an integer from 0 to 65535.
func IsUint16(s string) bool { return intInRange(s, "0", "65535") }

// IsUint32 reports whether the JSON number text s is an integer from 0 to 4294967295.
func IsUint32(s string) bool { return intInRange(s, "0", "4294967295") }

// IsUint64 reports whether the JSON number text s is an integer from 0 to
// 18446744073709551615.
func IsUint64(s string) bool { return intInRange(s, "0", "18446744073709551615") }

// intInRange reports whether the JSON number text s is an integer no less
// than -below and no greater than above, both decimal digits without
// leading zeros. It works on the digits, so that no number is rounded.
func intInRange(s, below, above string) bool {
	limit := above
	if len(s) > 0 && s[0] == '-' {
		s, limit = s[1:], below
	}
	intPart, frac, expText, ok := splitNumber(s)
	if !ok {
		return false // not JSON number text
	}
	exp := 0
	if expText != "" {
		e, ok := smallExponent(expText)
		if !ok {
			// An exponent past a million either way: the value is zero,
			// or a fraction, or larger than any integer type.
			return intPart == "0" && strings.Trim(frac, "0") == ""
		}
		exp = e
	}
	// The value is the digits of intPart and frac read as one integer D,
	// times 10^(exp-len(frac)).
	digits := len(intPart) + len(frac)
	at := func(i int) byte {
		if i < len(intPart) {
			return intPart[i]
		}
		return frac[i-len(intPart)]
	}
	first, last := 0, digits-1
	for first < digits && at(first) == '0' {
		first++
	}
	if first == digits {
		return true // zero, whatever its sign and exponent
	}
	for at(last) == '0' {
		last--
	}
	zeros := digits - 1 - last + exp - len(frac) // zeros after the last digit that is not
	if zeros < 0 {
		return false // a fraction
	}
	n := last - first + 1 + zeros // the integer's digits
	if n != len(limit) {
		return n < len(limit)
	}
	for i := 0; i < n; i++ {
		d := byte('0')
		if first+i <= last {
			d = at(first + i)
		}
		if d != limit[i] {
			return d < limit[i]
		}
	}
	return true
}

// smallExponent reads an exponent ("+12", "-3", "7") of at most six digits.
func smallExponent(s string) (int, bool) {
	negative := false
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		negative = s[0] == '-'
		s = s[1:]
	}
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 6 || !allDigits(s) {
		return 0, false
	}
	e := 0
	for i := 0; i < len(s); i++ {
		e = e*10 + int(s[i]-'0')
	}
	if negative {
		e = -e
	}
	return e, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !fmtDigit(s[i]) {
			return false
		}
	}
	return true
}

// splitNumber splits JSON number text without its sign (RFC 8259 section
// 6) into its integer part, its fraction's digits and its exponent ("",
// or the text after 'e', sign included).
func splitNumber(s string) (intPart, frac, exp string, ok bool) {
	i := 0
	for i < len(s) && fmtDigit(s[i]) {
		i++
	}
	intPart = s[:i]
	if i == 0 || i > 1 && s[0] == '0' {
		return "", "", "", false
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && fmtDigit(s[j]) {
			j++
		}
		if j == i+1 {
			return "", "", "", false
		}
		frac, i = s[i+1:j], j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		exp = s[i+1:]
		d := exp
		if len(d) > 0 && (d[0] == '+' || d[0] == '-') {
			d = d[1:]
		}
		if len(d) == 0 || !allDigits(d) {
			return "", "", "", false
		}
		i = len(s)
	}
	return intPart, frac, exp, i == len(s)
}

// ---------------------------------------------------------------------------
// Base 64 (RFC 4648)

// IsBase64 reports whether s is base 64 in RFC 4648 section 4's alphabet,
// padded with '=' to a multiple of four characters (section 3.2); "" is the
// encoding of no bytes. Bits past the last byte are not checked: section
// 3.5 leaves rejecting them to the decoder.
func IsBase64(s string) bool { return isBase64(s, '+', '/', true) }

// IsBase64URL reports whether s is base 64 in RFC 4648 section 5's URL and
// file name safe alphabet ('-' and '_' for '+' and '/'), with or without
// the padding section 3.2 lets a format leave out.
func IsBase64URL(s string) bool { return isBase64(s, '-', '_', false) }

func isBase64(s string, c62, c63 byte, padded bool) bool {
	data := s
	for len(data) > 0 && len(s)-len(data) < 2 && data[len(data)-1] == '=' {
		data = data[:len(data)-1]
	}
	pad := len(s) - len(data)
	switch {
	case pad > 0 && len(s)%4 != 0, // padding only ever completes a quantum
		pad == 0 && padded && len(s)%4 != 0,
		len(data)%4 == 1: // one character holds no whole byte
		return false
	case pad > 0 && len(data)%4+pad != 4:
		return false
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !(fmtAlpha(c) || fmtDigit(c) || c == c62 || c == c63) {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Address blocks

// IsCIDRv4 reports whether s is an IPv4 address block in CIDR notation
// (RFC 4632 section 3.1): an address (see IsIPv4), '/', and a prefix length
// from 0 to 32 without leading zeros. Bits past the prefix may be set, as
// in 192.0.2.7/24, which names the address and its network.
func IsCIDRv4(s string) bool {
	addr, bits, ok := cutPrefixLength(s, 32)
	return ok && bits >= 0 && IsIPv4(addr)
}

// IsCIDRv6 reports whether s is an IPv6 address prefix (RFC 4291 section
// 2.3): an address (see IsIPv6), '/', and a prefix length from 0 to 128
// without leading zeros.
func IsCIDRv6(s string) bool {
	addr, bits, ok := cutPrefixLength(s, 128)
	return ok && bits >= 0 && IsIPv6(addr)
}

// IsIPAddress reports whether s is an IPv4 or an IPv6 address (pydantic's
// IPvAnyAddress): see IsIPv4 and IsIPv6.
func IsIPAddress(s string) bool { return IsIPv4(s) || IsIPv6(s) }

// IsIPv4Network reports whether s is an IPv4 network as pydantic's
// IPv4Network reads it, in CIDR notation: an address and an optional
// prefix length (32 when absent) whose host bits are all zero.
func IsIPv4Network(s string) bool { return isNetwork(s, 32, IsIPv4, true) }

// IsIPv6Network is IsIPv4Network for IPv6 (prefix length up to 128).
func IsIPv6Network(s string) bool { return isNetwork(s, 128, IsIPv6, true) }

// IsIPNetwork reports whether s is an IPv4 or an IPv6 network (pydantic's
// IPvAnyNetwork).
func IsIPNetwork(s string) bool { return IsIPv4Network(s) || IsIPv6Network(s) }

// IsIPv4Interface reports whether s is an IPv4 interface as pydantic's
// IPv4Interface reads it: an address and an optional prefix length, host
// bits allowed.
func IsIPv4Interface(s string) bool { return isNetwork(s, 32, IsIPv4, false) }

// IsIPv6Interface is IsIPv4Interface for IPv6.
func IsIPv6Interface(s string) bool { return isNetwork(s, 128, IsIPv6, false) }

// IsIPInterface reports whether s is an IPv4 or an IPv6 interface
// (pydantic's IPvAnyInterface).
func IsIPInterface(s string) bool { return IsIPv4Interface(s) || IsIPv6Interface(s) }

// isNetwork checks an address with an optional prefix length of at most
// max, and with zeroHost that no bit past the prefix is set.
func isNetwork(s string, max int, isAddr func(string) bool, zeroHost bool) bool {
	addr, bits, ok := cutPrefixLength(s, max)
	if !ok || !isAddr(addr) {
		return false
	}
	if bits < 0 || !zeroHost {
		return true
	}
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return false
	}
	p, err := a.Prefix(bits)
	return err == nil && p.Addr() == a
}

// cutPrefixLength splits "addr/bits"; bits is -1 when s has no '/'. ok is
// false when the length is not decimal digits without leading zeros, or
// is more than max.
func cutPrefixLength(s string, max int) (addr string, bits int, ok bool) {
	i := len(s) - 1
	for i >= 0 && s[i] != '/' {
		i--
	}
	if i < 0 {
		return s, -1, true
	}
	digits := s[i+1:]
	if len(digits) == 0 || len(digits) > 3 || !allDigits(digits) || len(digits) > 1 && digits[0] == '0' {
		return "", 0, false
	}
	for j := 0; j < len(digits); j++ {
		bits = bits*10 + int(digits[j]-'0')
	}
	return s[:i], bits, bits <= max
}

// ---------------------------------------------------------------------------
// Identifiers

// uuidVersion reports whether s is a UUID (see IsUUID) of the given version
// with the variant of RFC 9562 section 4.1 (the variant bits 10, so the
// first digit of the fourth group is 8, 9, a or b), as pydantic's UUID1 ...
// UUID8 require: Python's uuid module gives other variants no version.
func uuidVersion(s string, version byte) bool {
	if !IsUUID(s) || s[14] != '0'+version {
		return false
	}
	switch s[19] {
	case '8', '9', 'a', 'b', 'A', 'B':
		return true
	}
	return false
}

// IsUUID1 reports whether s is a UUID of version 1 (RFC 9562 section 5.1).
func IsUUID1(s string) bool { return uuidVersion(s, 1) }

// IsUUID3 reports whether s is a UUID of version 3 (RFC 9562 section 5.3).
func IsUUID3(s string) bool { return uuidVersion(s, 3) }

// IsUUID4 reports whether s is a UUID of version 4 (RFC 9562 section 5.4).
func IsUUID4(s string) bool { return uuidVersion(s, 4) }

// IsUUID5 reports whether s is a UUID of version 5 (RFC 9562 section 5.5).
func IsUUID5(s string) bool { return uuidVersion(s, 5) }

// IsUUID6 reports whether s is a UUID of version 6 (RFC 9562 section 5.6).
func IsUUID6(s string) bool { return uuidVersion(s, 6) }

// IsUUID7 reports whether s is a UUID of version 7 (RFC 9562 section 5.7).
func IsUUID7(s string) bool { return uuidVersion(s, 7) }

// IsUUID8 reports whether s is a UUID of version 8 (RFC 9562 section 5.8).
func IsUUID8(s string) bool { return uuidVersion(s, 8) }

// IsULID reports whether s is a ULID in its canonical text form (the ULID
// specification, github.com/ulid/spec): 26 characters of Crockford's base
// 32 (digits and letters but I, L, O and U, either case), the first at
// most 7 so that the value fits 128 bits.
func IsULID(s string) bool {
	if len(s) != 26 || s[0] < '0' || s[0] > '7' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i] | 0x20 // lower case for letters
		switch {
		case fmtDigit(s[i]):
		case c >= 'a' && c <= 'z' && c != 'i' && c != 'l' && c != 'o' && c != 'u':
		default:
			return false
		}
	}
	return true
}

// IsE164 reports whether s is a telephone number in E.164 form (ITU-T
// E.164 section 6): '+', then 1 to 15 digits, the first (of the country
// code) not 0.
func IsE164(s string) bool {
	return len(s) >= 2 && len(s) <= 16 && s[0] == '+' && s[1] != '0' && allDigits(s[1:])
}

// IsMAC reports whether s is a 48-bit MAC address (IEEE 802, EUI-48) as six
// pairs of hex digits separated all by ':' or all by '-'.
func IsMAC(s string) bool {
	if len(s) != 17 || s[2] != ':' && s[2] != '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i%3 == 2 {
			if s[i] != s[2] {
				return false
			}
		} else if !fmtHex(s[i]) {
			return false
		}
	}
	return true
}

// IsJWT reports whether s is a JSON Web Token in the JWS compact
// serialization (RFC 7519 section 3, RFC 7515 section 7.1): three base64url
// parts without padding, separated by '.'; the header and the claims are
// not empty, and the signature is empty only for an unsecured JWT (RFC 7519
// section 6). What the parts decode to is not checked.
func IsJWT(s string) bool {
	part := 0
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' {
			continue
		}
		p := s[start:i]
		if part > 2 || part < 2 && len(p) == 0 || !isBase64(p, '-', '_', false) || len(p) != len(trimPadding(p)) {
			return false
		}
		part++
		start = i + 1
	}
	return part == 3
}

func trimPadding(s string) string {
	for len(s) > 0 && s[len(s)-1] == '=' {
		s = s[:len(s)-1]
	}
	return s
}

// ---------------------------------------------------------------------------
// Digests: the output of a hash function (MD5, RFC 1321; SHA-1 and SHA-2,
// FIPS 180-4), as zod writes their names (sha256_hex, md5_base64, ...), in
// hex (RFC 4648 section 8, either case), base64 (section 4, padded) or
// base64url (section 5, unpadded).

func isDigest(s string, bytes int, encoding byte) bool {
	switch encoding {
	case 'h':
		if len(s) != 2*bytes {
			return false
		}
		for i := 0; i < len(s); i++ {
			if !fmtHex(s[i]) {
				return false
			}
		}
		return true
	case 'b':
		return len(s) == (bytes+2)/3*4 && len(trimPadding(s)) == (bytes*8+5)/6 && IsBase64(s)
	}
	return len(s) == (bytes*8+5)/6 && len(trimPadding(s)) == len(s) && IsBase64URL(s)
}

// IsMD5Hex and the functions below check a digest of the named hash
// function in the named encoding.
func IsMD5Hex(s string) bool          { return isDigest(s, 16, 'h') }
func IsMD5Base64(s string) bool       { return isDigest(s, 16, 'b') }
func IsMD5Base64URL(s string) bool    { return isDigest(s, 16, 'u') }
func IsSHA1Hex(s string) bool         { return isDigest(s, 20, 'h') }
func IsSHA1Base64(s string) bool      { return isDigest(s, 20, 'b') }
func IsSHA1Base64URL(s string) bool   { return isDigest(s, 20, 'u') }
func IsSHA256Hex(s string) bool       { return isDigest(s, 32, 'h') }
func IsSHA256Base64(s string) bool    { return isDigest(s, 32, 'b') }
func IsSHA256Base64URL(s string) bool { return isDigest(s, 32, 'u') }
func IsSHA384Hex(s string) bool       { return isDigest(s, 48, 'h') }
func IsSHA384Base64(s string) bool    { return isDigest(s, 48, 'b') }
func IsSHA384Base64URL(s string) bool { return isDigest(s, 48, 'u') }
func IsSHA512Hex(s string) bool       { return isDigest(s, 64, 'h') }
func IsSHA512Base64(s string) bool    { return isDigest(s, 64, 'b') }
func IsSHA512Base64URL(s string) bool { return isDigest(s, 64, 'u') }
