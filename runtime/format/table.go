package format

// Checker is one row of the format table.
type Checker struct {
	// Name is the format's name in a schema ("date-time").
	Name string
	// Func is the name of Check in this package ("IsDateTime"), which
	// generated code calls directly; "" for an annotation.
	Func string
	// Check reports whether a value is valid in the format: a string's
	// contents, or for a Number format a number's JSON text. Nil for a
	// format toolgen knows but keeps as an annotation, checking nothing.
	Check func(string) bool
	// Example shows the model what a valid value looks like; "" for an
	// annotation.
	Example string
	// Number marks a format of numbers (the integer widths of OpenAPI's
	// registry); any other format is of strings. A value of another JSON
	// type is valid in any format, as JSON Schema says.
	Number bool
	// Standard names the document whose rule Check follows or, for an
	// annotation, who writes the format and why nothing is checked.
	Standard string
}

// Annotation reports whether the format is known but not checked.
func (c Checker) Annotation() bool { return c.Check == nil }

func str(name, fn string, check func(string) bool, example, standard string) Checker {
	return Checker{Name: name, Func: fn, Check: check, Example: example, Standard: standard}
}

func num(name, fn string, check func(string) bool, example string) Checker {
	return Checker{Name: name, Func: fn, Check: check, Example: example, Number: true, Standard: "OpenAPI Format Registry"}
}

func note(name, why string) Checker { return Checker{Name: name, Standard: why} }

// table is JSON Schema's formats, then the producers'.
var table = append(jsonSchemaFormats[:len(jsonSchemaFormats):len(jsonSchemaFormats)], producerFormats...)

// jsonSchemaFormats are the formats of JSON Schema 2020-12 section 7.3, in
// the section's order.
var jsonSchemaFormats = []Checker{
	str("date-time", "IsDateTime", IsDateTime, "an RFC 3339 date-time with its UTC offset, such as 2024-05-01T13:45:00Z", "RFC 3339 section 5.6, date-time"),
	str("date", "IsDate", IsDate, "an RFC 3339 date such as 2024-05-01", "RFC 3339 section 5.6, full-date"),
	str("time", "IsTime", IsTime, "an RFC 3339 time with an offset such as 13:45:00Z", "RFC 3339 section 5.6, full-time"),
	str("duration", "IsDuration", IsDuration, "an ISO 8601 duration such as P3DT4H or PT30M", "RFC 3339 appendix A, duration"),
	str("email", "IsEmail", IsEmail, "an email address such as name@example.com", "RFC 5321 section 4.1.2, Mailbox"),
	str("idn-email", "IsIDNEmail", IsIDNEmail, "an email address such as name@example.com (Unicode allowed)", "RFC 6531 section 3.3, Mailbox"),
	str("hostname", "IsHostname", IsHostname, "a host name such as api.example.com", "RFC 1123 section 2.1, with RFC 5890 A-labels"),
	str("idn-hostname", "IsIDNHostname", IsIDNHostname, "a host name such as bücher.example (Unicode allowed)", "RFC 5890 section 2.3.2.3, IDNA2008"),
	str("ipv4", "IsIPv4", IsIPv4, "an IPv4 address such as 192.0.2.1", "RFC 2673 section 3.2, dotted-quad"),
	str("ipv6", "IsIPv6", IsIPv6, "an IPv6 address such as 2001:db8::1", "RFC 4291 section 2.2"),
	str("uri", "IsURI", IsURI, "an absolute URI such as https://example.com/path", "RFC 3986, URI"),
	str("uri-reference", "IsURIReference", IsURIReference, "a URI reference such as /path?q=1 or https://example.com/path", "RFC 3986, URI-reference"),
	str("iri", "IsIRI", IsIRI, "an absolute IRI such as https://example.com/päth", "RFC 3987, IRI"),
	str("iri-reference", "IsIRIReference", IsIRIReference, "an IRI reference such as /päth or https://example.com/päth", "RFC 3987, IRI-reference"),
	str("uuid", "IsUUID", IsUUID, "a UUID such as 123e4567-e89b-12d3-a456-426614174000", "RFC 9562 section 4"),
	str("uri-template", "IsURITemplate", IsURITemplate, "a URI template such as /users/{id}", "RFC 6570"),
	str("json-pointer", "IsJSONPointer", IsJSONPointer, "a JSON Pointer such as /items/0/name", "RFC 6901"),
	str("relative-json-pointer", "IsRelativeJSONPointer", IsRelativeJSONPointer, "a relative JSON Pointer such as 1/name", "draft-handrews-relative-json-pointer-01"),
	str("regex", "IsRegex", IsRegex, "a valid ECMA-262 regular expression", "ECMA-262 section 22.2.1"),
}

// producerFormats are the formats schema producers write beyond JSON
// Schema's: those a standard defines are checked by its rule, the others
// are annotations, so that a catalog written by pydantic, zod or an OpenAPI
// tool generates without a warning for each.
var producerFormats = []Checker{
	// OpenAPI's Format Registry (spec.openapis.org/registry/format).
	num("int8", "IsInt8", IsInt8, "an integer from -128 to 127"),
	num("int16", "IsInt16", IsInt16, "an integer from -32768 to 32767"),
	num("int32", "IsInt32", IsInt32, "an integer from -2147483648 to 2147483647"),
	num("int64", "IsInt64", IsInt64, "an integer from -9223372036854775808 to 9223372036854775807"),
	num("uint8", "IsUint8", IsUint8, "an integer from 0 to 255"),
	num("uint16", "IsUint16", IsUint16, "an integer from 0 to 65535"),
	num("uint32", "IsUint32", IsUint32, "an integer from 0 to 4294967295"),
	num("uint64", "IsUint64", IsUint64, "an integer from 0 to 18446744073709551615"),
	str("byte", "IsBase64", IsBase64, "base64 text such as aGVsbG8= (RFC 4648 section 4, padded)", "OpenAPI: RFC 4648 section 4, base 64"),
	str("base64", "IsBase64", IsBase64, "base64 text such as aGVsbG8= (RFC 4648 section 4, padded)", "RFC 4648 section 4, base 64 (pydantic, zod)"),
	str("base64url", "IsBase64URL", IsBase64URL, "base64url text such as aGVsbG8 (RFC 4648 section 5)", "RFC 4648 section 5, base 64 URL-safe, padding optional (zod)"),
	note("binary", "OpenAPI: any bytes; the JSON text cannot say more"),
	note("password", "OpenAPI, pydantic SecretStr, TypeBox: a hint to hide the value (writeOnly or \"x-toolgen\": {\"sensitive\": true} hides it from the model's messages)"),
	note("float", "OpenAPI: a hint of the precision the value is stored in"),
	note("double", "OpenAPI: a hint of the precision the value is stored in"),

	// pydantic.
	str("ipvanyaddress", "IsIPAddress", IsIPAddress, "an IPv4 or IPv6 address such as 192.0.2.1 or 2001:db8::1", "RFC 2673 section 3.2 or RFC 4291 section 2.2 (pydantic IPvAnyAddress)"),
	str("ipv4network", "IsIPv4Network", IsIPv4Network, "an IPv4 network such as 192.0.2.0/24 (no bits set past the prefix)", "RFC 4632 section 3.1, host bits zero (pydantic IPv4Network)"),
	str("ipv6network", "IsIPv6Network", IsIPv6Network, "an IPv6 network such as 2001:db8::/32 (no bits set past the prefix)", "RFC 4291 section 2.3, host bits zero (pydantic IPv6Network)"),
	str("ipvanynetwork", "IsIPNetwork", IsIPNetwork, "an IPv4 or IPv6 network such as 192.0.2.0/24 or 2001:db8::/32", "RFC 4632 section 3.1 or RFC 4291 section 2.3 (pydantic IPvAnyNetwork)"),
	str("ipv4interface", "IsIPv4Interface", IsIPv4Interface, "an IPv4 address with a prefix length such as 192.0.2.7/24", "RFC 4632 section 3.1 (pydantic IPv4Interface)"),
	str("ipv6interface", "IsIPv6Interface", IsIPv6Interface, "an IPv6 address with a prefix length such as 2001:db8::7/64", "RFC 4291 section 2.3 (pydantic IPv6Interface)"),
	str("ipvanyinterface", "IsIPInterface", IsIPInterface, "an IPv4 or IPv6 address with a prefix length such as 192.0.2.7/24", "RFC 4632 section 3.1 or RFC 4291 section 2.3 (pydantic IPvAnyInterface)"),
	str("uuid1", "IsUUID1", IsUUID1, "a version 1 UUID such as 6ba7b810-9dad-11d1-80b4-00c04fd430c8", "RFC 9562 section 5.1 (pydantic UUID1)"),
	str("uuid3", "IsUUID3", IsUUID3, "a version 3 UUID such as 6fa459ea-ee8a-3ca4-894e-db77e160355e", "RFC 9562 section 5.3 (pydantic UUID3)"),
	str("uuid4", "IsUUID4", IsUUID4, "a version 4 UUID such as 16fd2706-8baf-433b-82eb-8c7fada847da", "RFC 9562 section 5.4 (pydantic UUID4)"),
	str("uuid5", "IsUUID5", IsUUID5, "a version 5 UUID such as 886313e1-3b8a-5372-9b90-0c9aee199e5d", "RFC 9562 section 5.5 (pydantic UUID5)"),
	str("uuid6", "IsUUID6", IsUUID6, "a version 6 UUID such as 1ec9414c-232a-6b00-b3c8-9e6bdeced846", "RFC 9562 section 5.6 (pydantic UUID6)"),
	str("uuid7", "IsUUID7", IsUUID7, "a version 7 UUID such as 017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "RFC 9562 section 5.7 (pydantic UUID7)"),
	str("uuid8", "IsUUID8", IsUUID8, "a version 8 UUID such as 2489e9ad-2ee2-8e00-8ec9-32d5f69181c0", "RFC 9562 section 5.8 (pydantic UUID8)"),
	note("path", "pydantic Path: a file system path, which only the server can judge"),
	note("file-path", "pydantic FilePath: a path that must name a file on the server, which only the server can judge"),
	note("directory-path", "pydantic DirectoryPath: a path that must name a folder on the server, which only the server can judge"),

	// zod 3 through zod-to-json-schema.
	note("unix-time", "zod-to-json-schema's dateStrategy \"integer\": seconds since 1970, any integer; its minimum and maximum are checked"),

	// zod 4.
	str("guid", "IsUUID", IsUUID, "a UUID such as 123e4567-e89b-12d3-a456-426614174000", "RFC 9562 section 4, any version (zod guid)"),
	str("cidrv4", "IsCIDRv4", IsCIDRv4, "an IPv4 block in CIDR notation such as 192.0.2.0/24", "RFC 4632 section 3.1 (zod cidrv4)"),
	str("cidrv6", "IsCIDRv6", IsCIDRv6, "an IPv6 prefix such as 2001:db8::/32", "RFC 4291 section 2.3 (zod cidrv6)"),
	str("ulid", "IsULID", IsULID, "a ULID such as 01ARZ3NDEKTSV4RRFFQ69G5FAV", "the ULID specification, github.com/ulid/spec (zod ulid)"),
	str("e164", "IsE164", IsE164, "a telephone number in E.164 form such as +14155552671", "ITU-T E.164 section 6 (zod e164)"),
	str("mac", "IsMAC", IsMAC, "a MAC address such as 00:1a:2b:3c:4d:5e", "IEEE 802 EUI-48 (zod mac)"),
	str("jwt", "IsJWT", IsJWT, "a JSON Web Token such as eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln (three base64url parts)", "RFC 7519 section 3, JWS compact serialization of RFC 7515 section 7.1 (zod jwt)"),
	str("md5_hex", "IsMD5Hex", IsMD5Hex, "an MD5 digest as 32 hex digits", "RFC 1321, RFC 4648 section 8 (zod)"),
	str("md5_base64", "IsMD5Base64", IsMD5Base64, "an MD5 digest as 24 characters of padded base64", "RFC 1321, RFC 4648 section 4 (zod)"),
	str("md5_base64url", "IsMD5Base64URL", IsMD5Base64URL, "an MD5 digest as 22 characters of base64url", "RFC 1321, RFC 4648 section 5 (zod)"),
	str("sha1_hex", "IsSHA1Hex", IsSHA1Hex, "a SHA-1 digest as 40 hex digits", "FIPS 180-4, RFC 4648 section 8 (zod)"),
	str("sha1_base64", "IsSHA1Base64", IsSHA1Base64, "a SHA-1 digest as 28 characters of padded base64", "FIPS 180-4, RFC 4648 section 4 (zod)"),
	str("sha1_base64url", "IsSHA1Base64URL", IsSHA1Base64URL, "a SHA-1 digest as 27 characters of base64url", "FIPS 180-4, RFC 4648 section 5 (zod)"),
	str("sha256_hex", "IsSHA256Hex", IsSHA256Hex, "a SHA-256 digest as 64 hex digits", "FIPS 180-4, RFC 4648 section 8 (zod)"),
	str("sha256_base64", "IsSHA256Base64", IsSHA256Base64, "a SHA-256 digest as 44 characters of padded base64", "FIPS 180-4, RFC 4648 section 4 (zod)"),
	str("sha256_base64url", "IsSHA256Base64URL", IsSHA256Base64URL, "a SHA-256 digest as 43 characters of base64url", "FIPS 180-4, RFC 4648 section 5 (zod)"),
	str("sha384_hex", "IsSHA384Hex", IsSHA384Hex, "a SHA-384 digest as 96 hex digits", "FIPS 180-4, RFC 4648 section 8 (zod)"),
	str("sha384_base64", "IsSHA384Base64", IsSHA384Base64, "a SHA-384 digest as 64 characters of padded base64", "FIPS 180-4, RFC 4648 section 4 (zod)"),
	str("sha384_base64url", "IsSHA384Base64URL", IsSHA384Base64URL, "a SHA-384 digest as 64 characters of base64url", "FIPS 180-4, RFC 4648 section 5 (zod)"),
	str("sha512_hex", "IsSHA512Hex", IsSHA512Hex, "a SHA-512 digest as 128 hex digits", "FIPS 180-4, RFC 4648 section 8 (zod)"),
	str("sha512_base64", "IsSHA512Base64", IsSHA512Base64, "a SHA-512 digest as 88 characters of padded base64", "FIPS 180-4, RFC 4648 section 4 (zod)"),
	str("sha512_base64url", "IsSHA512Base64URL", IsSHA512Base64URL, "a SHA-512 digest as 86 characters of base64url", "FIPS 180-4, RFC 4648 section 5 (zod)"),
	note("cuid", "zod: no standard defines it; the \"pattern\" zod writes beside it is checked"),
	note("cuid2", "zod: no standard defines it; the \"pattern\" zod writes beside it is checked"),
	note("nanoid", "zod: no standard defines it; the \"pattern\" zod writes beside it is checked"),
	note("xid", "zod: no standard defines it; the \"pattern\" zod writes beside it is checked"),
	note("ksuid", "zod: no standard defines it; the \"pattern\" zod writes beside it is checked"),
	note("emoji", "zod: no standard defines it; the \"pattern\" zod writes beside it is checked, with Unicode's emoji data"),
	note("lowercase", "zod: its check is the \"pattern\" zod writes beside it"),
	note("uppercase", "zod: its check is the \"pattern\" zod writes beside it"),
	note("starts_with", "zod: its check is the \"pattern\" zod writes beside it"),
	note("ends_with", "zod: its check is the \"pattern\" zod writes beside it"),
	note("includes", "zod: its check is the \"pattern\" zod writes beside it"),
}

// Lookup returns the table's row for the named format and true, or a zero
// Checker and false if toolgen does not know the format. A row that is an
// annotation (Annotation) checks nothing.
func Lookup(name string) (Checker, bool) {
	for _, c := range table {
		if c.Name == name {
			return c, true
		}
	}
	return Checker{}, false
}

// All returns a copy of the table: JSON Schema's formats in its order,
// then the producers'.
func All() []Checker {
	return append([]Checker(nil), table...)
}

// Producers returns a copy of the rows for the formats beyond JSON
// Schema's, which other validators of JSON Schema do not know.
func Producers() []Checker {
	return append([]Checker(nil), producerFormats...)
}
