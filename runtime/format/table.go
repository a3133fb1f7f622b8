package format

// Checker is one row of the format table.
type Checker struct {
	// Name is the format's name in a schema ("date-time").
	Name string
	// Func is the name of Check in this package ("IsDateTime"), which
	// generated code calls directly.
	Func string
	// Check reports whether a string is valid in the format.
	Check func(string) bool
	// Example shows the model what a valid value looks like.
	Example string
}

// table holds every format of JSON Schema 2020-12 section 7.3, in the
// section's order.
var table = []Checker{
	{"date-time", "IsDateTime", IsDateTime, "an RFC 3339 date-time such as 2024-05-01T13:45:00Z"},
	{"date", "IsDate", IsDate, "an RFC 3339 date such as 2024-05-01"},
	{"time", "IsTime", IsTime, "an RFC 3339 time with an offset such as 13:45:00Z"},
	{"duration", "IsDuration", IsDuration, "an ISO 8601 duration such as P3DT4H or PT30M"},
	{"email", "IsEmail", IsEmail, "an email address such as name@example.com"},
	{"idn-email", "IsIDNEmail", IsIDNEmail, "an email address such as name@example.com (Unicode allowed)"},
	{"hostname", "IsHostname", IsHostname, "a host name such as api.example.com"},
	{"idn-hostname", "IsIDNHostname", IsIDNHostname, "a host name such as bücher.example (Unicode allowed)"},
	{"ipv4", "IsIPv4", IsIPv4, "an IPv4 address such as 192.0.2.1"},
	{"ipv6", "IsIPv6", IsIPv6, "an IPv6 address such as 2001:db8::1"},
	{"uri", "IsURI", IsURI, "an absolute URI such as https://example.com/path"},
	{"uri-reference", "IsURIReference", IsURIReference, "a URI reference such as /path?q=1 or https://example.com/path"},
	{"iri", "IsIRI", IsIRI, "an absolute IRI such as https://example.com/päth"},
	{"iri-reference", "IsIRIReference", IsIRIReference, "an IRI reference such as /päth or https://example.com/päth"},
	{"uuid", "IsUUID", IsUUID, "a UUID such as 123e4567-e89b-12d3-a456-426614174000"},
	{"uri-template", "IsURITemplate", IsURITemplate, "a URI template such as /users/{id}"},
	{"json-pointer", "IsJSONPointer", IsJSONPointer, "a JSON Pointer such as /items/0/name"},
	{"relative-json-pointer", "IsRelativeJSONPointer", IsRelativeJSONPointer, "a relative JSON Pointer such as 1/name"},
	{"regex", "IsRegex", IsRegex, "a valid ECMA-262 regular expression"},
}

// Lookup returns the table's row for the named format and true, or a zero
// Checker and false if toolgen does not check that format.
func Lookup(name string) (Checker, bool) {
	for _, c := range table {
		if c.Name == name {
			return c, true
		}
	}
	return Checker{}, false
}

// All returns a copy of the table, in JSON Schema's order.
func All() []Checker {
	return append([]Checker(nil), table...)
}
