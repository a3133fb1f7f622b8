package format

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var fmtNames = []string{
	"date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname",
	"ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template",
	"json-pointer", "relative-json-pointer",
}

// fmtSuiteDirs are the places, relative to this package, where the
// JSON-Schema-Test-Suite's draft2020-12 optional format tests may be found.
var fmtSuiteDirs = []string{
	"../../shared/testdata/json-schema-test-suite/optional/format",
	"../../shared/testdata/json-schema-test-suite/optional-format",
}

// fmtSuiteFiles maps each file of the suite's optional format tests to the
// format its schemas name. TestFormatSuite fails on a file that is missing
// here, so no format of the suite goes unchecked by accident.
var fmtSuiteFiles = map[string]string{
	"date-time.json": "date-time", "date.json": "date", "time.json": "time",
	"duration.json": "duration", "email.json": "email", "idn-email.json": "idn-email",
	"hostname.json": "hostname", "idn-hostname.json": "idn-hostname", "ipv4.json": "ipv4",
	"ipv6.json": "ipv6", "uri.json": "uri", "uri-reference.json": "uri-reference",
	"iri.json": "iri", "iri-reference.json": "iri-reference", "uuid.json": "uuid",
	"uri-template.json": "uri-template", "json-pointer.json": "json-pointer",
	"relative-json-pointer.json": "relative-json-pointer",
	"regex.json":                 "regex", "ecmascript-regex.json": "regex",
	// A format Format does not know is not asserted: every string is valid.
	"unknown.json": "unknown",
}

type fmtSuiteCase struct {
	file, format, group, desc string
	data                      any
	valid                     bool
}

// fmtSuiteDir returns the folder holding the suite's format tests, or "".
func fmtSuiteDir() string {
	for _, d := range fmtSuiteDirs {
		if _, err := os.Stat(filepath.Join(d, "date-time.json")); err == nil {
			return d
		}
	}
	return ""
}

// readFmtSuite reads the suite's test files listed in fmtSuiteFiles in
// place. It returns no cases and no error if the folder is absent.
func readFmtSuite() ([]fmtSuiteCase, error) {
	dir := fmtSuiteDir()
	if dir == "" {
		return nil, nil
	}
	var cases []fmtSuiteCase
	for _, file := range slices.Sorted(maps.Keys(fmtSuiteFiles)) {
		name := fmtSuiteFiles[file]
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return nil, err
		}
		var groups []struct {
			Description string `json:"description"`
			Schema      struct {
				Format string `json:"format"`
			} `json:"schema"`
			Tests []struct {
				Description string `json:"description"`
				Data        any    `json:"data"`
				Valid       bool   `json:"valid"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		for _, g := range groups {
			if g.Schema.Format != name {
				return nil, fmt.Errorf("%s: group %q tests format %q", file, g.Description, g.Schema.Format)
			}
			for _, tc := range g.Tests {
				cases = append(cases, fmtSuiteCase{file, name, g.Description, tc.Description, tc.Data, tc.Valid})
			}
		}
	}
	return cases, nil
}

func TestFormatSuite(t *testing.T) {
	cases, err := readFmtSuite()
	if err != nil {
		t.Fatal(err)
	}
	if cases == nil {
		t.Skipf("JSON-Schema-Test-Suite format tests not found (looked in %s)", strings.Join(fmtSuiteDirs, ", "))
	}
	files, err := filepath.Glob(filepath.Join(fmtSuiteDir(), "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		base := filepath.Base(f)
		if _, ok := fmtSuiteFiles[base]; !ok {
			t.Errorf("suite file %s is not covered: add it to fmtSuiteFiles", base)
		}
	}
	ran, skipped := map[string]int{}, 0
	for _, c := range cases {
		s, ok := c.data.(string)
		if !ok {
			skipped++ // formats ignore non-strings
			continue
		}
		ran[c.file]++
		f, ok := Lookup(c.format)
		check := f.Check
		if c.format == "unknown" {
			if ok || !c.valid {
				t.Errorf("%s: %s / %s: Lookup(%q) ok=%v, want an unknown format that accepts every string",
					c.file, c.group, c.desc, c.format, ok)
			}
			continue
		}
		if !ok {
			t.Fatalf("Lookup(%q) not found", c.format)
		}
		if got := check(s); got != c.valid {
			t.Errorf("%s: %s / %s: %q: got %v, want %v", c.format, c.group, c.desc, s, got, c.valid)
		}
	}
	for file := range fmtSuiteFiles {
		if ran[file] == 0 {
			t.Errorf("%s: no string cases ran", file)
		}
	}
	total := 0
	for _, n := range ran {
		total += n
	}
	t.Logf("ran %d string cases %v; skipped %d non-string cases", total, ran, skipped)
}

func TestFormatLookup(t *testing.T) {
	want := map[string]func(string) bool{
		"date-time": IsDateTime, "date": IsDate, "time": IsTime, "duration": IsDuration,
		"email": IsEmail, "idn-email": IsIDNEmail, "hostname": IsHostname,
		"idn-hostname": IsIDNHostname, "ipv4": IsIPv4, "ipv6": IsIPv6, "uri": IsURI,
		"uri-reference": IsURIReference, "iri": IsIRI, "iri-reference": IsIRIReference,
		"uuid": IsUUID, "uri-template": IsURITemplate, "json-pointer": IsJSONPointer,
		"relative-json-pointer": IsRelativeJSONPointer,
	}
	if len(want) != len(fmtNames) {
		t.Fatalf("want has %d formats, fmtNames %d", len(want), len(fmtNames))
	}
	want["regex"] = IsRegex // compared with ECMA-262, not the oracle, in format_regex_test.go
	for name := range want {
		c, ok := Lookup(name)
		check := c.Check
		if !ok || check == nil || reflect.ValueOf(check).Pointer() != reflect.ValueOf(want[name]).Pointer() {
			t.Errorf("Lookup(%q) does not return its checker (ok=%v)", name, ok)
		}
	}
	if got := len(jsonSchemaFormats); got != len(want) {
		t.Errorf("the table has %d formats of JSON Schema, want %d", got, len(want))
	}
	// Generated code calls a checker by its Func name: it must name Check.
	seen := map[string]bool{}
	for _, c := range All() {
		if seen[c.Name] {
			t.Errorf("format %q has two rows", c.Name)
		}
		seen[c.Name] = true
		if c.Standard == "" {
			t.Errorf("format %q names no standard", c.Name)
		}
		if c.Annotation() {
			if c.Func != "" || c.Example != "" || c.Number {
				t.Errorf("annotation %q has a checker's Func %q, Example %q or Number", c.Name, c.Func, c.Example)
			}
			continue
		}
		fn := goruntime.FuncForPC(reflect.ValueOf(c.Check).Pointer()).Name()
		if !strings.HasSuffix(fn, "/format."+c.Func) {
			t.Errorf("format %q: Func %q, but Check is %s", c.Name, c.Func, fn)
		}
		if c.Example == "" {
			t.Errorf("format %q has no example", c.Name)
		}
	}
	for _, name := range []string{"", "unknown", "DATE", "Email", "uri ", "period", "semver", "Int32", "sha256", "uuid9"} {
		if c, ok := Lookup(name); ok || c.Check != nil {
			t.Errorf("Lookup(%q) = non-nil, %v", name, ok)
		}
	}
}

// ---------------------------------------------------------------------------
// The reference oracle: santhosh-tekuri/jsonschema/v6 with format assertion.

var (
	fmtOracleOnce    sync.Once
	fmtOracleSchemas map[string]*jsonschema.Schema
	fmtOracleErr     error
)

func fmtOracle(t testing.TB, format, s string) bool {
	t.Helper()
	fmtOracleOnce.Do(func() {
		fmtOracleSchemas = map[string]*jsonschema.Schema{}
		for _, name := range fmtNames {
			c := jsonschema.NewCompiler()
			c.AssertFormat()
			url := "format-" + name + ".json"
			if fmtOracleErr = c.AddResource(url, map[string]any{
				"$schema": "https://json-schema.org/draft/2020-12/schema",
				"format":  name,
			}); fmtOracleErr != nil {
				return
			}
			sch, err := c.Compile(url)
			if err != nil {
				fmtOracleErr = err
				return
			}
			fmtOracleSchemas[name] = sch
		}
	})
	if fmtOracleErr != nil {
		t.Fatal(fmtOracleErr)
	}
	return fmtOracleSchemas[format].Validate(s) == nil
}

// fmtURIRegexp writes RFC 3986's URI rule, or its URI-reference rule if
// reference is set, as a regular expression, independently of IsURI; with
// iri set, RFC 3987's IRI or IRI-reference rule.
func fmtURIRegexp(iri, reference bool) *regexp.Regexp {
	ucs, private := "", ""
	if iri {
		ucs = `\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}`
		for plane := 1; plane <= 13; plane++ {
			ucs += fmt.Sprintf(`\x{%X0000}-\x{%XFFFD}`, plane, plane)
		}
		ucs += `\x{E1000}-\x{EFFFD}`
		private = `\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}`
	}
	var (
		unreserved = `[A-Za-z0-9\-._~` + ucs + `]`
		pct        = `%[0-9A-Fa-f]{2}`
		subDelims  = `[!$&'()*+,;=]`
		pchar      = `(?:` + unreserved + `|` + pct + `|` + subDelims + `|[:@])`
		scheme     = `[A-Za-z][A-Za-z0-9+\-.]*`
		userinfo   = `(?:` + unreserved + `|` + pct + `|` + subDelims + `|:)*`
		h16        = `[0-9A-Fa-f]{1,4}`
		decOctet   = `(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])`
		ipv4       = decOctet + `(?:\.` + decOctet + `){3}`
		ls32       = `(?:` + h16 + `:` + h16 + `|` + ipv4 + `)`
		ipv6       = `(?:` +
			`(?:` + h16 + `:){6}` + ls32 +
			`|::(?:` + h16 + `:){5}` + ls32 +
			`|(?:` + h16 + `)?::(?:` + h16 + `:){4}` + ls32 +
			`|(?:(?:` + h16 + `:){0,1}` + h16 + `)?::(?:` + h16 + `:){3}` + ls32 +
			`|(?:(?:` + h16 + `:){0,2}` + h16 + `)?::(?:` + h16 + `:){2}` + ls32 +
			`|(?:(?:` + h16 + `:){0,3}` + h16 + `)?::` + h16 + `:` + ls32 +
			`|(?:(?:` + h16 + `:){0,4}` + h16 + `)?::` + ls32 +
			`|(?:(?:` + h16 + `:){0,5}` + h16 + `)?::` + h16 +
			`|(?:(?:` + h16 + `:){0,6}` + h16 + `)?::` +
			`)`
		ipvFuture = `[vV][0-9A-Fa-f]+\.(?:[A-Za-z0-9\-._~]|` + subDelims + `|:)+`
		ipLiteral = `\[(?:` + ipv6 + `|` + ipvFuture + `)\]`
		regName   = `(?:` + unreserved + `|` + pct + `|` + subDelims + `)*`
		host      = `(?:` + ipLiteral + `|` + ipv4 + `|` + regName + `)`
		authority = `(?:` + userinfo + `@)?` + host + `(?::[0-9]*)?`
		segment   = pchar + `*`
		segmentNZ = pchar + `+`
		pathAbs   = `/(?:` + segmentNZ + `(?:/` + segment + `)*)?`
		hierPart  = `(?://` + authority + `(?:/` + segment + `)*` +
			`|` + pathAbs +
			`|` + segmentNZ + `(?:/` + segment + `)*` +
			`|)`
		query    = `(?:` + pchar + `|[/?` + private + `])*`
		fragment = `(?:` + pchar + `|[/?])*`
		uri      = scheme + `:` + hierPart + `(?:\?` + query + `)?(?:#` + fragment + `)?`
	)
	if !reference {
		return regexp.MustCompile(`^` + uri + `$`)
	}
	var (
		segmentNC    = `(?:` + unreserved + `|` + pct + `|` + subDelims + `|@)+`
		relativePart = `(?://` + authority + `(?:/` + segment + `)*` +
			`|` + pathAbs +
			`|` + segmentNC + `(?:/` + segment + `)*` +
			`|)`
		relative = relativePart + `(?:\?` + query + `)?(?:#` + fragment + `)?`
	)
	return regexp.MustCompile(`^(?:` + uri + `|` + relative + `)$`)
}

var fmtURIRegexps = map[string]*regexp.Regexp{
	"uri":           fmtURIRegexp(false, false),
	"uri-reference": fmtURIRegexp(false, true),
	"iri":           fmtURIRegexp(true, false),
	"iri-reference": fmtURIRegexp(true, true),
}

// fmtIPvFutureHost matches the start of a URI or relative reference whose
// host is an IPvFuture literal, capturing what comes before the literal.
var fmtIPvFutureHost = regexp.MustCompile(`^((?:[A-Za-z][A-Za-z0-9+\-.]*:)?//(?:[^/?#\[\]@]*@)?)\[[vV][^\]]*\]`)

// fmtRFC3339Duration is RFC 3339 appendix A's duration rule as a regular
// expression.
var fmtRFC3339Duration = func() *regexp.Regexp {
	const (
		second = `[0-9]+S`
		minute = `[0-9]+M(?:` + second + `)?`
		hour   = `[0-9]+H(?:` + minute + `)?`
		time   = `T(?:` + hour + `|` + minute + `|` + second + `)`
		day    = `[0-9]+D`
		month  = `[0-9]+M(?:` + day + `)?`
		year   = `[0-9]+Y(?:` + month + `)?`
		date   = `(?:` + day + `|` + month + `|` + year + `)(?:` + time + `)?`
		week   = `[0-9]+W`
	)
	return regexp.MustCompile(`^P(?:` + date + `|` + time + `|` + week + `)$`)
}()

// fmtRFC6570Template is RFC 6570's URI-Template rule (with erratum 6937:
// %x26-3B in literals) as a regular expression.
var fmtRFC6570Template = func() *regexp.Regexp {
	const (
		pct     = `%[0-9A-Fa-f]{2}`
		ucs     = `\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}\x{30000}-\x{3FFFD}\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}\x{70000}-\x{7FFFD}\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}`
		private = `\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}`
		literal = `(?:[\x21\x23\x24\x26-\x3B\x3D\x3F-\x5B\x5D\x5F\x61-\x7A\x7E` + ucs + private + `]|` + pct + `)`
		varchar = `(?:[A-Za-z0-9_]|` + pct + `)`
		varname = varchar + `(?:\.?` + varchar + `)*`
		varspec = varname + `(?::[1-9][0-9]{0,3}|\*)?`
		expr    = `\{[+#./;?&=,!@|]?` + varspec + `(?:,` + varspec + `)*\}`
	)
	return regexp.MustCompile(`^(?:` + literal + `|` + expr + `)*$`)
}()

// fmtExpected is the verdict IsXxx must give: the oracle's, narrowed where the
// test suite demands (see the comment at the top of format.go), or for
// uri-template, idn-hostname and idn-email, which the oracle does not
// implement, a verdict built from the RFCs and the other formats.
func fmtExpected(t testing.TB, format, s string) bool {
	switch format {
	case "uri-template":
		return fmtRFC6570Template.MatchString(s)
	case "idn-hostname":
		return fmtIDNHostname(t, s)
	case "idn-email":
		return fmtIDNEmail(t, s)
	case "iri", "iri-reference":
		// RFC 3987, and the oracle except that an IPvFuture host is valid.
		return fmtURIRegexps[format].MatchString(s) &&
			fmtOracle(t, format, fmtIPvFutureHost.ReplaceAllString(s, "${1}[::1]"))
	}
	if !fmtOracle(t, format, s) {
		return false
	}
	switch format {
	case "time", "date-time":
		return !fmtSignedTimeField(s)
	case "ipv4":
		return !strings.ContainsAny(s, "+-")
	case "hostname":
		return fmtSuiteHostname(s)
	case "email":
		at := strings.LastIndexByte(s, '@')
		if at == 0 {
			return false
		}
		domain := s[at+1:]
		if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
			return strings.HasPrefix(domain, "[IPv6:") || !strings.ContainsAny(domain, "+-")
		}
		return fmtSuiteHostname(domain)
	case "uri", "uri-reference":
		return fmtURIRegexps[format].MatchString(s)
	case "duration":
		return fmtRFC3339Duration.MatchString(s)
	}
	return true
}

// fmtSignedTimeField reports whether a time the oracle accepts writes one of
// its two-digit fields (hour, minute, second, offset hour, offset minute)
// with a sign, which RFC 3339 does not allow.
func fmtSignedTimeField(s string) bool {
	if i := strings.IndexAny(s, "Tt"); i >= 0 {
		s = s[i+1:]
	}
	field := func(from int) string {
		if from+2 > len(s) {
			return ""
		}
		return s[from : from+2]
	}
	fields := []string{field(0), field(3), field(6)}
	rest := 8
	if rest < len(s) && s[rest] == '.' {
		for rest++; rest < len(s) && s[rest] >= '0' && s[rest] <= '9'; rest++ {
		}
	}
	if rest < len(s) && (s[rest] == '+' || s[rest] == '-') {
		fields = append(fields, field(rest+1), field(rest+4))
	}
	for _, f := range fields {
		if strings.ContainsAny(f, "+-") {
			return true
		}
	}
	return false
}

// fmtSuiteHostname applies the suite's extra hostname rules to a name the
// oracle accepted: no trailing dot, and "xn--" labels must be A-labels. The
// A-label check itself is tested against Python's idna package in
// TestFormatALabels.
func fmtSuiteHostname(s string) bool {
	if strings.HasSuffix(s, ".") {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if len(label) >= 4 && strings.EqualFold(label[:4], "xn--") {
			var buf [maxULabel]rune
			if _, ok := decodeALabel(label[4:], &buf); !ok {
				return false
			}
		}
	}
	return true
}

// fmtIDNHostname is the idn-hostname verdict: the hostname verdict on the
// name with each U-label converted to its A-label (by fmtPunycode, which
// shares no code with IsIDNHostname), and the Bidi rule of RFC 5893 on
// Bidi classes from golang.org/x/text. IDNA2008 has no case mapping, so an
// upper-case ASCII letter cannot be part of a U-label.
func fmtIDNHostname(t testing.TB, s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	s = strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".").Replace(s)
	var ascii []string
	var ulabels [][]rune
	for _, label := range strings.Split(s, ".") {
		if fmtASCII(label) {
			ascii = append(ascii, label)
			if len(label) >= 4 && strings.EqualFold(label[:4], "xn--") {
				var buf [maxULabel]rune
				if u, ok := punycodeDecode(label[4:], &buf); ok {
					ulabels = append(ulabels, slices.Clone(u))
				}
			} else {
				ulabels = append(ulabels, []rune(label))
			}
			continue
		}
		if strings.ContainsAny(label, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			return false
		}
		ascii = append(ascii, "xn--"+fmtPunycode([]rune(label)))
		ulabels = append(ulabels, []rune(label))
	}
	return fmtExpected(t, "hostname", strings.Join(ascii, ".")) && fmtBidiDomain(ulabels)
}

// fmtIDNEmail is the idn-email verdict: valid UTF-8, at most 254 bytes, a
// local part that the email verdict accepts once each non-ASCII byte is
// replaced with an ASCII letter (RFC 6531 adds UTF-8 to atext and qtext),
// and a domain that is an address literal as in email or an idn-hostname.
func fmtIDNEmail(t testing.TB, s string) bool {
	at := strings.LastIndexByte(s, '@')
	if !utf8.ValidString(s) || len(s) > 254 || at < 0 {
		return false
	}
	local := []byte(s[:at])
	for i, c := range local {
		if c >= utf8.RuneSelf {
			local[i] = 'a'
		}
	}
	domain := s[at+1:]
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		return fmtExpected(t, "email", string(local)+"@"+domain)
	}
	return fmtExpected(t, "email", string(local)+"@example.com") && fmtIDNHostname(t, domain)
}

func fmtASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Differential tests.

var fmtLong63 = strings.Repeat("a", 63)

// fmtTrickyInputs are run through every checker and compared with fmtExpected.
var fmtTrickyInputs = map[string][]string{
	"date-time": {
		// full-date
		"2020-02-29", "2021-02-29", "1900-02-29", "2000-02-29", "0000-02-29", "0000-01-01",
		"9999-12-31", "2020-00-10", "2020-13-10", "2020-12-00", "2020-04-31", "2020-06-30",
		"2020-1-01", "2020-01-1", "２０２０-01-01", "2020-01-01T", "2020/01/01", "", " ",
		"2020-02-30", "+2020-01-01", "+202-01-01", "-202-01-01", "2020-+1-01", "2020-01-+1",
		"2020-01-01\n", "2020-01-01\x00", "2020-01-01\xff", "\xff2020-01-01", "2020-0a-01",
		"1582-10-05", "0001-02-28", "0004-02-29", "0100-02-29", "0400-02-29", "2020-09-31",
		// full-time
		"00:00:00Z", "23:59:59Z", "23:59:60Z", "23:59:60z", "00:00:60+00:01", "00:00:60-00:01",
		"23:58:60-00:01", "12:00:00", "12:00:00.Z", "12:00:00.123456789Z", "12:00:00,5Z",
		"12:00:00+0100", "12:00:00+01:00:00", "12:00:00 +01:00", "+1:00:00Z", "-0:00:00Z",
		"-1:00:00Z", "12:+5:00Z", "12:00:+9Z", "12:00:00++1:00", "12:00:00+-0:00",
		"12:00:00+-1:00", "12:00:00+00:+5", "12:00:00+00:-0", "24:00:00Z", "23:60:00Z",
		"23:59:61Z", "1:2:3Z", "12:00:00+23:59", "12:00:00+24:00", "12:00:00-00:60", "12:00:00Zz",
		"12:00:00ZZ", "12:00:00\nZ", "12:00:00.\u0661Z", "０１:00:00Z", "12:00:00.5", "12:00:00+01",
		"12:00:00-01:0a", "12:00:00z\n", "12:00:00.1.2Z", "12:00:00.+1Z", "::::::::Z", "00:00:00+00:00",
		"23:59:60+23:59", "00:00:60+00:00", "12:34:56.789-23:59", "1a:00:00Z", "12:00:00U",
		// date-time
		"2020-01-01T00:00:00Z", "2020-01-01t00:00:00z", "2020-01-01 00:00:00Z", "2020-01-01T00:00:00",
		"2020-02-29T23:59:60Z", "2020-12-31T23:59:60+00:00", "2020-12-31T15:59:60-08:00",
		"2021-02-29T00:00:00Z", "2020-01-01T00:00:00.Z", "2020-01-01T+1:00:00Z",
		"2020-01-01T00:00:00Z ", "2020-01-01TT00:00:00Z", "2020-01-01T00:00:00+01:00Z",
		"2020-01-01X00:00:00Z", "2020-01-01T0:00:00Z", "2020-01-01T00:00:00.000000000000000000001Z",
		"2020-01-01T00:00Z", "2020-13-01T00:00:00Z", "20200101T000000Z",
	},
	"email": {
		"a@b", "a@b.c", "a.b@c.d", ".a@b", "a.@b", "a..b@c", `"a..b"@c`, `""@c`, `"@c`, `"a"b"@c`,
		`"a\b"@c`, `"a b"@c`, `"é"@c`, "\"\x01\"@c", "é@c", "a@é.com", "@", "a@", "@a", "a@@b", "a@b@c",
		`"a@b"@c`, "a@[127.0.0.1]", "a@[127.0.0.01]", "a@[256.0.0.1]", "a@[+1.2.3.4]", "a@[-0.1.2.3]",
		"a@[IPv6:::1]", "a@[IPv6:1::2:3:4:5:6:7:8]", "a@[ipv6:::1]", "a@[::1]", "a@[IPv6:::1%eth0]",
		"a@[IPv6:::1.2.3.4]", "a@[]", "a@[", "a@]", "a@[1.2.3.4", "a@example.", "a@.example",
		"a@-example.com", "a@example-.com", "a@xn--bcher-kva.de", "a@xn--X.de", "a@xn--.de",
		fmtLong63 + "a@b", fmtLong63 + "aa@b", "a@" + fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + fmtLong63[:59],
		"a@" + fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + fmtLong63[:60], "a+tag@b",
		"!#$%&'*+-/=?^_`{|}~@b", "a b@c", "a\t@b", "a@b c", "a@b_c", "A@B.COM", "a@1.2.3.4",
		"a@localhost", "a(b)@c", "a,b@c", "a<b>@c", "a@b\n", "\na@b", "a\xff@b", `"a"@b`, `"a".b@c`,
		"a.\"b\"@c", `"@"@c`, `"\"@c`,
	},
	"uuid": {
		"2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2EB8AA08-AA98-11EA-B4AA-73B441D16380",
		"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
		"FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "2eb8aa08-aa98-11ea-b4aa-73b441d1638",
		"2eb8aa08-aa98-11ea-b4aa-73b441d163800", "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}",
		"urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", " 2eb8aa08-aa98-11ea-b4aa-73b441d16380",
		"2eb8aa08-aa98-11ea-b4aa-73b441d16380 ", "2eb8aa08-aa98-11ea-b4aa-73b441d16380\n",
		"2eb8aa08-aa98-11ea-b4aa-73b441d1638g", "2eb8aa0g-aa98-11ea-b4aa-73b441d16380",
		"2eb8aa08aa98-11ea-b4aa-73b441d16380-", "2eb8aa08-aa9811ea-b4aa-73b441d16380-",
		"2eb8aa08-aa98-11eab4aa-73b441d16380-", "-2eb8aa08-aa98-11ea-b4aa-73b441d1638",
		"2eb8aa08aa9811eab4aa73b441d16380", "2eb8aa08-aa98-11ea-b4aa-73b441d1638０",
		"------------------------------------", "2eb8aa08_aa98_11ea_b4aa_73b441d16380",
		"2eb8aa08-aa98-11ea-b4aa-73b4-1d16380", "2eb8aa08-aa98-11e-ab4aa-73b441d16380",
		"+eb8aa08-aa98-11ea-b4aa-73b441d16380", "2eb8aa08-aa98-11ea-b4aa-73b441d1638\xff",
		"2eb8aa08-aa98-11ea-b4aa-", "", "-", "----", "0-0-0-0-0", "2eb8aa08-aa98-11ea-b4aa",
		"12345678-1234-1234-1234-123456789abc", "12345678-1234-1234-1234-123456789ABC",
		"12345678-1234-1234-1234-123456789abcd", "1234567-81234-1234-1234-123456789abc",
		"x2345678-1234-1234-1234-123456789abc", "12345678-1234-1234-1234-12345678\x009abc",
		"ａ2345678-1234-1234-1234-123456789abc", "12345678-1234-1234-1234-123456789ab\u00e7",
	},
	"uri": {
		"http://example.com", "http://[v1.fe]/", "http://[v1.fe]", "http://%41/", "http://%c3%a9/",
		"http://%25/", "http://a%2541/", "http://%8g/", "mailto:%zz", "a:?%zz", "a:#%zz", "a:#%",
		"a:?q#f", "a:b#c#d", "http://a@b@c/", "http://[::1]:80/", "http://[::1]:8a/", "http://[::1]x/",
		"http://[::1", "http://::1/", "http://a:b:c/", "http://a:80:90/", "http://[fe80::1%25en0]/",
		"http://[::ffff:1.2.3.4]/", "http://[1.2.3.4]/", "http://[::1]]/", "http://[[::1]/", "x:",
		"x:/", "x://", "x:///", "x:////a", "http:", "HTTP://EXAMPLE.COM", "h+t-t.p://x", "1a:b",
		"-a:b", "a", ":", ":a", "a b:c", "http://a/b c", "http://a/\u00e9", "http://\u00e9/",
		"http://a/%", "http://a/%zz", "http://a/%4", "http://a/?%", "http://a/#%2", "http://a/?[]",
		"http://a/[", "http://a#[", "urn:isbn:0451450523", "tag:x@y,2020:z", "http://a:/",
		"http://:80/", "http://@a/", "http://a@/", "http://user:pa%20ss@host/", "http://u%zz@h/",
		"http://u[@h/", "file:///etc/passwd", "file://localhost/c|/x", "data:text/plain;base64,SGVsbG8=",
		"http://a/\x7f", "http://a/\x00", "http://a\n/", "http://a/~user", "http://a/!$&'()*+,;=:@",
		"a:b?c?d", "http://[::1]/[x]", "http://a]/", "http://[a]/", "http://a/b\\c", "http://a/\"",
		"http://a/<>", "http://a/{}", "http://a/^", "http://a/`", "http://a/|", "http://a\\b/",
		"http://a b/", "http://a<b/", "http://a\"b/", "http://[::1%eth0]/", "http://[::1%25]/",
		"ht%74p://a/", "a:%", "a:%2", "a:%20", "a://b:c@d:1/e?f#g", "a://b/c:d", "a:b:c",
		"a:/b:c", "a:\xff", "http://xn--bcher-kva.de/", "http://a.b.c:65536/", "http://a/?#",
		"http://[::]/", "http://[::1:2:3:4:5:6:7:8]/", "http://[v.x]/", "http://[vz.x]/",
	},
	"ip": {
		"0.0.0.0", "255.255.255.255", "256.0.0.0", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.02.3.4",
		"00.0.0.0", "0.0.0.00", "1.2.3.04", "1..2.3", ".1.2.3", "1.2.3.", "1.2.3.4 ", " 1.2.3.4",
		"+1.2.3.4", "-0.1.2.3", "1.2.3.+4", "1.2.+03.4", "1.2.3.4/32", "1.2.3.0x4", "1e0.2.3.4",
		"\u0661.2.3.4", "1234.1.1.1", "999.1.1.1", "1.2.3.4\n", "", "....", "1.2.3.2550",
		"1.2.3.4:80", "1.2.3.00000000000000000004", "1.2.3.+0000000000000000000004", "249.250.251.252",
		"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
		"1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6::7:8", ":::", "1:::2", "1::2::3",
		":1::", "1::2:", "12345::", "fffff::", "FFFF::ffff", "g::", "::ffff:1.2.3.4", "::1.2.3.4",
		"1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "1:2:3:4:5:1.2.3.4", "1::1.2.3.4",
		"1:2:3:4:5:6::1.2.3.4", "1:2:3:4:5::1.2.3.4", "::1.2.3", "::1.2.3.4.5", "::01.2.3.4",
		"::256.1.1.1", "::1.2.3.4:5", "1.2.3.4::", "::1%eth0", "::1%", "[::1]", "::1/128", " ::1",
		"::1 ", "0:0:0:0:0:0:0:0", "00000::", "0000::", "::ffff:1.2.3.04", "a:b:c:d:e:f:0:1",
		"::a:b:c:d:e:f:0", "1:2:3:4:5:6:7", "1::2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9",
		"::1.2.3.4x", "::ffff:1e0.2.3.4", ":", "1", "::1::", "1:2:3:4:5:6:7:8.1.2.3", "::1234.5.6.7",
		"::12.34.56.78", "::ffff:+1.2.3.4", "\u0661::", "::\x00", "1:2:3:4:5:6:7:8%", "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255",
	},
	"hostname": {
		"a", "a.b", "a.b.", "a..b", ".a", "-a", "a-", "a-b", "a--b", "1", "1.2.3.4", "123", "a_b",
		"a b", "é.com", "EXAMPLE.COM", fmtLong63, fmtLong63 + "a", fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + fmtLong63[:61],
		fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + fmtLong63[:62], fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + fmtLong63[:61] + ".",
		"xn--bcher-kva", "XN--BCHER-KVA", "xN--bcher-kva", "xn--", "xn---", "xn--a", "xn--X",
		"xn--ls8h", "xn--nxasmq6b", "xn--bcher-kva.example.com", "www.xn--bcher-kva.xn--X",
		"ab--cd", "xn----", "xn---a", "xn---abc", "localhost", "example.com\n", "\texample.com",
		"example.com.", "*.example.com", "exa mple.com", "a.-b.c", "a.b-.c", "0.0", "\x00",
		"xn--zca", "xn--a-", "xn--9", "xn--99999999999999999999", "xn--zzzzzzzzzzzzzzzzzzzzzzzzzzzz",
		"xn--ls8h.xn--ls8h", "xn--mgbh0fb", "xn--fiqs8s", "a.xn--fiqs8s.b", "xn--1", "xn--a-b",
		"\xff", "a.\xff", "xn--80ak6aa92e", "xn--ngbc5azd", "xn--wgbh1c",
	},
	"duration": {
		"P", "PT", "P1D", "p1d", "P1d", "PT1h", "P1W", "P1WT1H", "P1Y1W", "P0W", "PW", "P1Y2M3DT4H5M6S",
		"P1Y2M3DT4H5M6.5S", "P1.5Y", "P1,5D", "P1Y2D", "PT1H2S", "P1Y2M3W", "P1DT", "PT1H1H", "P1D1D",
		"P1M1Y", "PT1S1M", "P1DT1H1M1S", "PT1M1S", "P-1D", "P+1D", "-P1D", "+P1D", "P1D ", " P1D",
		"P1D\n", "P\u0661D", "P\uff11D", "P1DT1HT1M", "PT1HT1M", "PTT1H", "P1T", "P1DT1D", "P1YT1H",
		"P1MT1M", "P0D", "P00000D", "P1H", "PT1Y", "P1S", "PT0S", "P1Y2M", "P1M2D", "PT1H2M", "PT36H",
		"P10Y", "PD", "PY", "P1", "P1D2", "PT1", "PT1H2", "P1YM", "P1Y2M3D4H", "P4DT12H30M5S", "PT1M2S",
		"P2W1D", "P\x00", "\xffP1D", "P1D\xff", "P1Y2M3DT", "PT1H2M3S4", "P1W1W", "P1YT", "PTW", "P1TW",
	},
	"json-pointer": {
		"", "/", "//", "/a", "a", "#", "#/a", "/~", "/~0", "/~1", "/~2", "/~01", "/~~", "/a~", "/~a",
		"/a/~1b", "/\x00", "/\xff", "/\u00e9", "/\U0001F60E", "~0", "0", "1", "01", "00", "0#", "0##",
		"1#/a", "0/", "0//", "0/a~", "0/~1", "-1", "+1", "0-1/a", "0+1/a", "1 ", " 1", "12345678901234567890/a",
		"0\n", "\u0661", "0x1", "1e2", "0#/", "2/0/baz", "/a b", "/%zz", "10/#", "1/#", "/a#b", "1\xff",
		"0/\xff~", "/~0~1~0", "/~1~", "1~0", "0~", "0 /a",
	},
	"uri-reference": {
		"", "//", "/", "?", "#", "a", "./a:b", "a:b", "1:b", "/a:b", "a/b:c", ":a", "?a:b", "#a:b",
		"//a:b", "//a:80", "//a:8b", "//[::1]", "//[v1.fe]", "//[V1.fe]:80/x", "//%41/", "//%c3%a9/",
		"//a@b@c", "../a", "./", "a b", "a%zz", "?%zz", "#%zz", "a\\b", "//a/b\\c", "\u00e9", "/\u00e9",
		"?\u00e9", "#\u00e9", "//\u00e9/", "http://\u00e9/", "http://a/?\U000F0000", "http://a/#\U000F0000",
		"http://a/\U000F0000", "http://a/\uE000", "http://a/?\uE000", "http://a/\u0085", "http://a/\uFFFD",
		"http://a/\uFFFE", "http://a/\U0001FFFE", "http://a/\U000E0001", "http://a/\U000E1000",
		"http://a/\uFDD0", "http://a/\u00A0", "http://a/\uD7FF", "/\xff", "//a\xff/", "http://[v1.fe]/",
		"http://[v1.]/", "http://[v.fe]/", "http://[vg.fe]/", "http://[v1.fe:x]/", "http://[v1.fe]:/",
		"http://[v1.fe]x/", "http://[v1.f e]/", "http://[v1.%41]/", "//[v1.\u00e9]/", "mailto:a@b", "a:",
		"a:/", "a:b:c", "//:80", "//@", "//a?b#c", "?#", "#?", "%41", "%4", "a/%4", "./this:that",
		"this:that", "a@b:c", "@:a", "-a:b", "+a:b", ".a:b", "//a:b@c:d", "//[::1]:", "//[::1]a", "http://\u00e9@a/", "http://a\u00e9:b@c/",
		"http://\u0192\u00f8\u00f8.\u00df\u00e5r/?\u2202\u00e9\u0153=\u03c0\u00eex#\u03c0\u00ee\u00fcx",
		"//\u00e9@\u00e9:1/\u00e9?\u00e9#\u00e9", "\u00e9:a", "a\u00e9:b", "/\u00e9:b", "\u00e9/a:b",
		"http://a/\U0010FFFD", "http://a/?\U0010FFFD", "http://a/?\U0010FFFE", "http://a/?\uF8FF",
		"http://a/?\uF900", "http://a/#\uF8FF", "//\uE000/", "//[v1.fe]@a/", "//a@[v1.fe]/",
		"http://[V1.fe]", "http://2001:0db8:85a3:0000:0000:8a2e:0370:7334", "\\\\WINDOWS\\share",
	},
	"uri-template": {
		"", "{", "}", "{}", "{a}", "{a", "a}", "{{a}}", "{a}{b}", "{a,b}", "{a,,b}", "{,a}", "{a,}",
		"{+a}", "{#a}", "{.a}", "{/a}", "{;a}", "{?a}", "{&a}", "{=a}", "{!a}", "{@a}", "{|a}", "{++a}",
		"{+}", "{a*}", "{a**}", "{a:1}", "{a:0}", "{a:01}", "{a:9999}", "{a:10000}", "{a:}", "{a:1*}",
		"{a*:1}", "{a.b}", "{.a.b}", "{a.}", "{..a}", "{a..b}", "{a_b}", "{a-b}", "{a b}", "{%41}",
		"{%4}", "{%zz}", "{a%41.b}", "{\u00e9}", "\u00e9", "a%41", "a%4", "a%zz", "a b", "a\"b", "a'b",
		"a<b", "a>b", "a\\b", "a^b", "a`b", "a|b", "a\x7fb", "a\x00b", "a\u0085b", "a\uFFFEb", "a\uE000b",
		"a\U000F0000b", "a\U0001F600b", "a\xffb", "http://example.com/{term:1}/{term}",
		"http://example.com/{term:1}/{term", "{scheme}://{host}:{port}/{path*}{?q,r}{#frag}",
		"http://{host}/", "{/var}", "{?var}", "{v:1000}", "{var=def}", "{,+var}", "/a/{b}/c?d={e}",
		"{a}}", "{{a}", "{a{b}}", "{a,b:3,c*}", "{a$}", "{a=b}", "{ a}", "{\ta}", "{a}\n", "%", "%%",
		"{%}", "~", "[]", "#frag", "http://a/b#{c}", "{a:1,b*}", "{a:12345}", "{A9_.b}", "{_}",
		"{a%}", "{a%4}", "{+a,b}", "{+,a}", "{a:1:2}", "{a*b}", "'{var}'",
	},
	"idn": {
		"\u4f8b\u3048.\u30c6\u30b9\u30c8", "\u4f8b\u3048\u3002\u30c6\u30b9\u30c8", "\u4f8b\u3048\uff0e\u30c6\u30b9\u30c8",
		"\u4f8b\u3048\uff61\u30c6\u30b9\u30c8", "a\u3002", "\u3002a", "a\u3002\u3002b", "a\u3002.b", "\u3002",
		"m\u00fcnchen.de", "M\u00fcnchen.de", "M\u00dcNCHEN.de", "xn--mnchen-3ya.de", "XN--MNCHEN-3YA.de",
		"b\u00fccher", "\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631", "a.\u05d0", "0a.\u05d0",
		"a0.\u05d0", "\u05d0.a", "\u05d0.0a", "\u05d0.a0", "\u05d0.a-b", "xn--4dbrk0ce.example", "1host.\u05d0",
		"\u05d0\u05d1", "\u05d01", "\u05d0\u0661", "\u05d0\u0300", "\u05d0a", "a\u0300", "\u0627\u0661\u06f1",
		"\u0661", "\u0661.a", "\u06f1", "\u06f1.\u05d0", "xn--0ca24w", "xn--0ca24w.a", "a.xn--0ca24w",
		"xn--mgbh0fb.a", "xn--mgbh0fb.0a", "xn--mgbh0fb.a1", "\u0628\u064a\u200c\u0628\u064a", "ab--\u00fc",
		"-\u00fc", "\u00fc-", "\u00fc", "\u0915\u094d\u200c\u0937", "\u0300", "\u302e", "a\u302e", "\u00b7",
		"l\u00b7l", "\u0375\u03b1", "\u03b1\u0375\u03b2", "a_b.\u00fc", "\u00fc_", "\u00fc b", "\u00fc\x00",
		"\u00fc\xff", "\xff", "\u00fc.", ".\u00fc", "\u00fc..a", "\U0001F600", "a.\U0001F600", "\uff46",
		"\u00df", "\u03c2", "\u200d", "\u05d0\u05d1-", "\u05d0-\u05d1", "\u05d0\u0cbf", "\u0cbf",
		"a\u0cbf", "\u05d0.\u0915\u094d", "\u0915\u094d.\u05d0", "\u05d0.\u00fc", "\u05d0.xn--tda",
		"\u05d0\u0660\u05d1", "\u05d0\u06f0\u05d1", "\u0627\u06f0", "\u0627\u0660\u06f0", "a\u06f0",
		"\u06f00.\u05d0", "\u0627.b\u00fc", "\u0627.\u00fcb", "xn--ngb6id", "xn--dmb.\u05d0",
		"0a.xn--4db", "a.xn--4db", "xn--4db.0a", "xn--4db.a-b", "1.xn--4db", "xn--4db", "xn--4db.xn--0ca",
		"\u05d0\u05b0", "\u05d0\u05b0\u05b1", "a\u05b0", "\u30fb\u3041", "\u30fb", "\u00e0\u05d0",
		"\U00010900", "\U00010900\U00010d30", "\U00010d30", "\u0669\u0628", "\u0628\u0669",
		strings.Repeat("\u00fc", 59), strings.Repeat("\u00fc", 58), strings.Repeat("\u00fc", 60),
		strings.Repeat("a\u00fc", 29), strings.Repeat("a\u00fc", 30), strings.Repeat("ab\u00fc", 20),
		strings.Repeat("\u4f8b", 18), strings.Repeat("\u4f8b", 19), strings.Repeat("\u4f8b", 20),
		strings.Repeat("\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1", 5) + "\u03c0\u03b1.com",
		strings.Repeat("\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1", 6) + ".com",
		strings.Repeat("\u00fc.", 126) + "a", strings.Repeat("\u00fc.", 127), strings.Repeat("\u00fc\u3002", 40) + "a",
		fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + strings.Repeat("a", 50) + ".\u00fc",
		fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + strings.Repeat("a", 54) + ".\u00fc",
		// e-mail addresses
		"\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae@example.com", "\"\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae\"@example.com",
		"user@caf\u00e9.com", "user@cafe\u0301.com", "cafe\u0301@example.com", "\u0085@example.com",
		"\uffff@example.com", "a@b\uff20c", "user\uff20example.com", "\u00e9@\u00e9", "\u00e9.\u00e9@\u00e9.\u00e9",
		".\u00e9@a", "\u00e9.@a", "\u00e9..\u00e9@a", "\xff@a", "a@\xff", "\"\xff\"@a", "\u4f8b\u3048@\u4f8b\u3048.\u30c6\u30b9\u30c8",
		"\u00e9@[127.0.0.1]", "\u00e9@[IPv6:::1]", "\u00e9@[+1.2.3.4]", strings.Repeat("\u00fc", 32) + "@a",
		strings.Repeat("\u00fc", 32) + "a@a", "a@xn--0ca24w", "a@\u05d0", "a@0a.\u05d0", "\"\u00e9\u0085\"@a",
		"\"\"@\u00e9", "\U0001D54F@example.com", "a@\u00e9\u3002com", "a@\u00e9\u3002", "\u00e9 @a", "\u00e9\x00@a",
		"a@" + fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + strings.Repeat("\u00fc", 28),
		"a@" + fmtLong63 + "." + fmtLong63 + "." + fmtLong63 + "." + strings.Repeat("\u00fc", 30),
	},
}

func TestFormatsAgainstOracle(t *testing.T) {
	var inputs []string
	for _, family := range fmtTrickyInputs {
		inputs = append(inputs, family...)
	}
	suite, err := readFmtSuite()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range suite {
		if s, ok := c.data.(string); ok {
			inputs = append(inputs, s)
		}
	}
	for _, name := range fmtNames {
		c, _ := Lookup(name)
		check := c.Check
		for _, s := range inputs {
			if got, want := check(s), fmtExpected(t, name, s); got != want {
				t.Errorf("%s(%q) = %v, want %v (oracle %v)", name, s, got, want, fmtOracle(t, name, s))
			}
		}
	}
	t.Logf("%d inputs x %d formats", len(inputs), len(fmtNames))
}

// TestFormatOracleDeviations lists inputs on which IsXxx deliberately disagrees
// with the oracle because the test suite says so; if the oracle changes, this
// test says which deviation has become unnecessary. valid is the checker's
// verdict, the opposite of the oracle's.
func TestFormatOracleDeviations(t *testing.T) {
	deviations := []struct {
		format, s string
		valid     bool
		why       string
	}{
		{"time", "+1:00:00Z", false, "RFC 3339: a time field is two digits (the oracle's strconv.Atoi takes a sign)"},
		{"time", "-0:00:00Z", false, "RFC 3339: a time field is two digits"},
		{"time", "12:00:00++1:00", false, "RFC 3339: an offset field is two digits"},
		{"date-time", "2020-01-01T12:+0:00Z", false, "RFC 3339: a time field is two digits"},
		{"ipv4", "+1.2.3.4", false, "suite: plus sign is invalid"},
		{"ipv4", "-0.1.2.3", false, "suite: negative sign is invalid"},
		{"ipv4", "1.2.3.+0000000000000000000004", false, "suite: plus sign is invalid"},
		{"hostname", "example.", false, "suite: trailing dot"},
		{"hostname", "xn--X", false, "suite: invalid Punycode"},
		{"hostname", "xn--a", false, "suite: A-label must decode to PVALID code points"},
		{"hostname", "xn--ls8h", false, "suite: DISALLOWED code point (emoji)"},
		{"hostname", "XN--aa---o47jg78q", false, "suite: \"--\" in 3rd and 4th position of the U-label"},
		{"hostname", "xn--l-fda", false, "suite: MIDDLE DOT with nothing preceding"},
		{"email", "@example.com", false, "suite: local part is required"},
		{"email", "a@example.", false, "hostname rule: trailing dot"},
		{"email", "a@xn--X.com", false, "hostname rule: invalid Punycode"},
		{"email", "a@[+1.2.3.4]", false, "ipv4 rule: plus sign"},
		{"uri", "https://example.org/foo bar.txt", false, "suite: SPACE"},
		{"uri", "https://example.org/foobar\u00ae.txt", false, "suite: non-ASCII"},
		{"uri", `https://example.org/foobar\.txt`, false, "suite: backslash"},
		{"uri", `https://example.org/foobar".txt`, false, "suite: '\"'"},
		{"uri", "https://example.org/foobar<>.txt", false, "suite: '<' '>'"},
		{"uri", "https://example.org/foobar{}.txt", false, "suite: '{' '}'"},
		{"uri", "https://example.org/foobar^.txt", false, "suite: '^'"},
		{"uri", "https://example.org/foobar`.txt", false, "suite: '`'"},
		{"uri", "https://example.org/foobar|.txt", false, "suite: '|'"},
		{"uri", "http:/[::1]", false, "suite: '[' in a path"},
		{"uri", "mailto:%zz", false, "RFC 3986: bad percent-encoding (oracle skips rootless paths)"},
		{"uri", "a:?%zz", false, "RFC 3986: bad percent-encoding (oracle skips queries)"},
		{"uri", "a:b#c#d", false, "RFC 3986: '#' in a fragment"},
		{"uri", "http://a@b@c/", false, "RFC 3986: '@' in userinfo"},
		{"uri-reference", "/foobar\u00ae.txt", false, "suite: non-ASCII"},
		{"uri-reference", `/a"b`, false, "suite: '\"'"},
		{"uri-reference", "/[::1]", false, "suite: '[' in a path"},
		{"uri-reference", "//a@b@example.com/", false, "suite: '@' in userinfo"},
		{"uri-reference", "a b", false, "RFC 3986: SPACE"},
		{"uri-reference", "?%zz", false, "RFC 3986: bad percent-encoding (oracle skips queries)"},
		{"iri", "http://[V1.fe]", true, "suite: IPvFuture host (net/url rejects it)"},
		{"iri", "http://a/b c", false, "RFC 3987: SPACE"},
		{"iri", "http://a/\u0085", false, "RFC 3987: a C1 control is not ucschar"},
		{"iri", "http://a/\uE000", false, "RFC 3987: iprivate outside the query"},
		{"iri", "http://a/\uFFFE", false, "RFC 3987: noncharacter"},
		{"iri", "http:/[::1]", false, "RFC 3987: '[' in a path"},
		{"iri-reference", "//[v1.fe]/", true, "iri rule: IPvFuture host"},
		{"iri-reference", "/a b", false, "RFC 3987: SPACE"},
		{"iri-reference", "#\u00e9\u0085", false, "RFC 3987: a C1 control is not ucschar"},
		{"duration", "P1Y2D", false, "suite: days cannot follow years without months"},
		{"duration", "PT1H2S", false, "suite: seconds cannot follow hours without minutes"},
		{"duration", "P1Y2M3DT4H5S", false, "RFC 3339: seconds cannot follow hours without minutes"},
		{"uri-template", "{}", false, "suite: empty expression"},
		{"uri-template", "{a,,b}", false, "suite: empty varspec"},
		{"uri-template", "{a..b}", false, "suite: double dot in a variable name"},
		{"uri-template", "a b", false, "suite: SPACE in a literal"},
		{"uri-template", "{var=def}", false, "suite: default value"},
		{"uri-template", "http://x/?{a", false, "RFC 6570: unclosed expression in a query"},
		{"uri-template", "{/var}", true, "suite: path segment expansion"},
		{"uri-template", "{?var}", true, "suite: form-style query expansion"},
		{"uri-template", "{v:1000}", true, "suite: four-digit prefix"},
		{"uri-template", "http://{host}/", true, "RFC 6570: expression in a host"},
		{"uri-template", "{scheme}://example.com/", true, "RFC 6570: expression in a scheme"},
		{"idn-hostname", "", false, "suite: empty string"},
		{"idn-hostname", "example.", false, "suite: trailing dot"},
		{"idn-hostname", "-> $1.00 <--", false, "suite: not an LDH label"},
		{"idn-hostname", "\u302e\uc2e4\ub840", false, "suite: DISALLOWED code point"},
		{"idn-hostname", "a\u05d0", false, "suite: Bidi rule"},
		{"idn-hostname", "xn--0ca24w", false, "suite: Bidi rule in an A-label"},
		{"idn-hostname", strings.Repeat("\u00fc", 60), false, "suite: A-label over 63 octets"},
		{"idn-email", "2962", false, "suite: no '@'"},
		{"idn-email", "user\uff20example.com", false, "suite: a fullwidth '@' is not a separator"},
		{"idn-email", "@example.com", false, "email rule: local part is required"},
		{"idn-email", "a@\u00e9.", false, "idn-hostname rule: trailing dot"},
	}
	for _, d := range deviations {
		c, _ := Lookup(d.format)
		check := c.Check
		if fmtOracle(t, d.format, d.s) == d.valid {
			t.Errorf("%s(%q): oracle now says %v; deviation (%s) may be dropped", d.format, d.s, d.valid, d.why)
		}
		if check(d.s) != d.valid {
			t.Errorf("%s(%q) = %v, want %v (%s)", d.format, d.s, !d.valid, d.valid, d.why)
		}
	}
}

// TestFormatOracleQuirksKept pins down places where IsXxx follows the oracle
// although the RFC (but not the test suite) would say otherwise.
func TestFormatOracleQuirksKept(t *testing.T) {
	quirks := []struct {
		format, s string
		valid     bool
	}{
		{"email", `""@example.com`, true},        // empty quoted local part
		{"email", "\"a\x01\"@example.com", true}, // any byte but '\' and '"' in quotes
		{"email", `"a\"b"@example.com`, false},   // no quoted pairs
		{"hostname", "ab--cd", true},             // R-LDH labels other than "xn--"
		{"uri", "http://[v1.fe]/", false},        // IPvFuture
		{"uri", "http://%41/", false},            // percent-encoded ASCII in a host
		{"uri", "http://%c3%a9/", true},
		{"uri-reference", "//[v1.fe]/", false},       // IPvFuture
		{"uri-reference", "//%41/", false},           // percent-encoded ASCII in a host
		{"iri", "http://%41/", false},                // percent-encoded ASCII in a host
		{"iri", "http://\u00e9@example.com/", false}, // non-ASCII iuserinfo
		{"duration", "p1d", false},                   // lower case, though ABNF strings ignore case
		{"duration", "P1dT1h", false},                // likewise
		{"json-pointer", "/\xff", true},              // not UTF-8
		{"relative-json-pointer", "0-1/a", false},    // index manipulation of later drafts
		{"relative-json-pointer", "0+1#", false},     // likewise
	}
	for _, q := range quirks {
		c, _ := Lookup(q.format)
		check := c.Check
		if got := check(q.s); got != q.valid {
			t.Errorf("%s(%q) = %v, want %v", q.format, q.s, got, q.valid)
		}
		if got := fmtOracle(t, q.format, q.s); got != q.valid {
			t.Errorf("oracle %s(%q) = %v, want %v", q.format, q.s, got, q.valid)
		}
	}
}

// fmtALabels are A-labels with the verdict of Python's idna package 3.13
// (idna.core.ulabel), leaving out labels that it rejects only for NFC or the
// Bidi rule, which decodeALabel does not check, and labels with a delimiter
// right after "xn--", which it accepts against RFC 3492. The comment shows
// the U-label.
var fmtALabels = []struct {
	label string
	valid bool
}{
	{"XN--07J", false},                       // upper '\u302e'
	{"XN--11B2ER09F", false},                 // upper '\u0915\u200d\u0937'
	{"XN--11B2EZCS70K", true},                // upper '\u0915\u094d\u200c\u0937'
	{"XN--11B2EZCW70K", true},                // upper '\u0915\u094d\u200d\u0937'
	{"XN--11B378I", false},                   // upper '\u200d\u0915'
	{"XN--37J", false},                       // upper '\u3031'
	{"XN--3E0B707E", true},                   // upper '\ud55c\uad6d'
	{"XN--3XA", true},                        // upper '\u03c2'
	{"XN--5DB1E", false},                     // upper '\u05f3\u05d1'
	{"XN--5DB2E", true},                      // upper '\u05d1\u05f3'
	{"XN--5DB4E", true},                      // upper '\u05d1\u05f4'
	{"XN--64G", false},                       // upper '\u2170'
	{"XN--6A", false},                        // upper '\xa0'
	{"XN--6DBBEC0C", true},                   // upper '\u05d3\u05d5\u05d2\u05de\u05d4'
	{"XN--A--YKA", true},                     // upper 'a-\xfc'
	{"XN--A-0JC", false},                     // upper 'a\u05f3'
	{"XN--A-KIB7P", true},                    // upper 'a\u0375\u03b2'
	{"XN--A-PSN", false},                     // upper '\u20dda'
	{"XN--A-STD", false},                     // upper '\u0903a'
	{"XN--A-WBB", false},                     // upper '\u0301a'
	{"XN--AB---3RA", false},                  // upper 'ab--\xfc'
	{"XN--AB-9G4AUN", true},                  // upper 'ab\u30fb\u30ab'
	{"XN--AL-0EA", false},                    // upper 'a\xb7l'
	{"XN--B-XDA", false},                     // upper '\xc0B'
	{"XN--BCHER-KVA", true},                  // upper 'b\xfccher'
	{"XN--CHB", false},                       // upper '\u0640'
	{"XN--DEFABC-K64E", false},               // upper 'def\u30fbabc'
	{"XN--DMB", true},                        // upper '\u06f0'
	{"XN--E1AFMKFD", true},                   // upper '\u043f\u0440\u0438\u043c\u0435\u0440'
	{"XN--E28H", false},                      // upper '\U0001f600'
	{"XN--FSQU00A", true},                    // upper '\u4f8b\u5b50'
	{"XN--G6H", false},                       // upper '\u2665'
	{"XN--H2BHS4B8D8A", true},                // upper '\u0928\u092e\u0938\u094d\u0924\u0947'
	{"XN--HXAJBHEG2AZ3AL", true},             // upper '\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1'
	{"XN--JM6C", false},                      // upper '\ufb01'
	{"XN--JUA", false},                       // upper '\u0345'
	{"XN--KBA", false},                       // upper '\xad'
	{"XN--KJA", false},                       // upper '\u01c5'
	{"XN--L-FDA", false},                     // upper '\xb7l'
	{"XN--L-GDA", false},                     // upper 'l\xb7'
	{"XN--L8J4U", true},                      // upper '\u3042\u30fb'
	{"XN--LA-0EA", false},                    // upper 'l\xb7a'
	{"XN--LL-0EA", true},                     // upper 'l\xb7l'
	{"XN--MGBB899Q", true},                   // upper '\u0628\u200c\u0627'
	{"XN--MGBB9HA8704A", true},               // upper '\u0628\u064b\u200c\u064b\u0627'
	{"XN--MGBC799Q", false},                  // upper '\u0627\u200c\u0628'
	{"XN--MGBH0FB", true},                    // upper '\u0645\u062b\u0627\u0644'
	{"XN--MNCHEN-3YA", true},                 // upper 'm\xfcnchen'
	{"XN--NBD", true},                        // upper '\u0f0b'
	{"XN--NGB073K", false},                   // upper '\u0628\u200c'
	{"XN--NGB41BD", true},                    // upper '\u0628\u06f0\u06f1'
	{"XN--NGB6ID", true},                     // upper '\u0628\u0660\u0661'
	{"XN--NGB6IYR", false},                   // upper '\u0628\u0660\u06f0'
	{"XN--NGB963K", false},                   // upper '\u200c\u0628'
	{"XN--NGBA799Q", true},                   // upper '\u0628\u200c\u0628'
	{"XN--O39A", true},                       // upper '\uac00'
	{"XN--O3CRH0A8BB0K", true},               // upper '\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22'
	{"XN--ORH", false},                       // upper '\u2460'
	{"XN--QG7C", false},                      // upper '\ufeff'
	{"XN--QMBC", true},                       // upper '\u06fd\u06fe'
	{"XN--R8JZ45G", true},                    // upper '\u4f8b\u3048'
	{"XN--RI7C", false},                      // upper '\uff46'
	{"XN--TDA", true},                        // upper '\xfc'
	{"XN--TVG", false},                       // upper '\u2028'
	{"XN--VEK", false},                       // upper '\u30fb'
	{"XN--VEK548P", true},                    // upper '\u6f22\u30fb'
	{"XN--W6J", true},                        // upper '\u3007'
	{"XN--WCA", false},                       // upper '\xdc'
	{"XN--WVA3J", false},                     // upper '\u03b1\u0375'
	{"XN--WVA3JE", true},                     // upper '\u03b1\u0375\u03b2'
	{"XN--YPD", false},                       // upper '\u1100'
	{"XN--YTB", false},                       // upper '\u07fa'
	{"XN--ZCA", true},                        // upper '\xdf'
	{"XN--ZCKZAH", true},                     // upper '\u30c6\u30b9\u30c8'
	{"xn--07j", false},                       // crafted '\u302e'
	{"xn--0mc728g013hkla", true},             // random
	{"xn--0s9c", false},                      // random
	{"xn--11b2er09f", false},                 // crafted '\u0915\u200d\u0937'
	{"xn--11b2ezcs70k", true},                // crafted '\u0915\u094d\u200c\u0937'
	{"xn--11b2ezcw70k", true},                // crafted '\u0915\u094d\u200d\u0937'
	{"xn--11b378i", false},                   // crafted '\u200d\u0915'
	{"xn--14la983l", true},                   // mutated
	{"xn--1a18mb5g1uy", false},               // mutated
	{"xn--1tb665ii00h", false},               // random
	{"xn--1ya796ch56jpb0cb01f", false},       // random
	{"xn--23a7084l", false},                  // random
	{"xn--27b237ygaz161cnose", false},        // mutated
	{"xn--2la228dmt6r", true},                // random
	{"xn--2og06g", false},                    // mutated
	{"xn--328ale6682are", false},             // mutated
	{"xn--36a10cn50br20l0f4e", false},        // random
	{"xn--37j", false},                       // crafted '\u3031'
	{"xn--3e0b707e", true},                   // crafted '\ud55c\uad6d'
	{"xn--3xa", true},                        // crafted '\u03c2'
	{"xn--47a089uaiplli7lqlau173c", false},   // mutated
	{"xn--4fa842dvoaj281f", false},           // random
	{"xn--4nhj", false},                      // mutated
	{"xn--58c65rjym560l8eb4611a", true},      // random
	{"xn--5db1e", false},                     // crafted '\u05f3\u05d1'
	{"xn--5db2e", true},                      // crafted '\u05d1\u05f3'
	{"xn--5db4e", true},                      // crafted '\u05d1\u05f4'
	{"xn--63a952epjim5psoibce", false},       // mutated
	{"xn--64g", false},                       // crafted '\u2170'
	{"xn--6a", false},                        // crafted '\xa0'
	{"xn--6ca553fi2u", true},                 // random
	{"xn--6ca553fidu", false},                // mutated
	{"xn--6dbbec0c", true},                   // crafted '\u05d3\u05d5\u05d2\u05de\u05d4'
	{"xn--74a73zp5hc8m", false},              // random
	{"xn--77b336hqp3h5fud0gm", false},        // random
	{"xn--7ka94e0thl0f0zd", false},           // mutated
	{"xn--7mc7901l", false},                  // random
	{"xn--7ya177t", false},                   // random
	{"xn--83a6q82n2t1qsvc", true},            // random
	{"xn--8da9bpk9399f", false},              // mutated
	{"xn--9", false},                         // edge
	{"xn--99999999", false},                  // edge
	{"xn--9ka66gk696bqqwa", true},            // random
	{"xn--9ma468cz6z7faz655h", true},         // random
	{"xn--9ya05as5mrwi1pqol48a", true},       // random
	{"xn--B-xda", false},                     // crafted '\xc0B'
	{"xn--X", false},                         // edge
	{"xn--a", false},                         // edge
	{"xn--a--yka", true},                     // crafted 'a-\xfc'
	{"xn--a-0jc", false},                     // crafted 'a\u05f3'
	{"xn--a-kib7p", true},                    // crafted 'a\u0375\u03b2'
	{"xn--a-psn", false},                     // crafted '\u20dda'
	{"xn--a-std", false},                     // crafted '\u0903a'
	{"xn--a-wbb", false},                     // crafted '\u0301a'
	{"xn--ab---3ra", false},                  // crafted 'ab--\xfc'
	{"xn--ab-9g4aun", true},                  // crafted 'ab\u30fb\u30ab'
	{"xn--al-0ea", false},                    // crafted 'a\xb7l'
	{"xn--bcher-kva", true},                  // crafted 'b\xfccher'
	{"xn--bea20qswz4a", true},                // mutated
	{"xn--bh", false},                        // mutated
	{"xn--bma035l3zjr63jjiak597c", false},    // random
	{"xn--bma07m3v4t", true},                 // random
	{"xn--chb", false},                       // crafted '\u0640'
	{"xn--defabc-k64e", false},               // crafted 'def\u30fbabc'
	{"xn--dgg33d997ahr6ixn8dm2poa", true},    // mutated
	{"xn--dmb", true},                        // crafted '\u06f0'
	{"xn--dy8azrs14y", false},                // random
	{"xn--e1afmkfd", true},                   // crafted '\u043f\u0440\u0438\u043c\u0435\u0440'
	{"xn--e28h", false},                      // crafted '\U0001f600'
	{"xn--e82626e", false},                   // mutated
	{"xn--eic732d", true},                    // mutated
	{"xn--f6a696p", false},                   // mutated
	{"xn--f6a961k00kmh7r9umf", false},        // random
	{"xn--fg", false},                        // mutated
	{"xn--fmg", true},                        // random
	{"xn--fsqu00a", true},                    // crafted '\u4f8b\u5b50'
	{"xn--g38a", true},                       // mutated
	{"xn--g6h", false},                       // crafted '\u2665'
	{"xn--gia48m", true},                     // mutated
	{"xn--h1c", false},                       // random
	{"xn--h2bhs4b8d8a", true},                // crafted '\u0928\u092e\u0938\u094d\u0924\u0947'
	{"xn--h5a70zw4ae6dxw5d", true},           // random
	{"xn--hgc46an6ps81ab0se", false},         // mutated
	{"xn--hxajbheg2az3al", true},             // crafted '\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1'
	{"xn--i4mb", true},                       // mutated
	{"xn--ic311o", false},                    // mutated
	{"xn--j5a46wxqqz4e0x8rp4a", true},        // mutated
	{"xn--jiva", true},                       // mutated
	{"xn--jm6c", false},                      // crafted '\ufb01'
	{"xn--jqj5257e", true},                   // random
	{"xn--jua", false},                       // crafted '\u0345'
	{"xn--jw2d", true},                       // random
	{"xn--jy5a", true},                       // mutated
	{"xn--k3a", true},                        // random
	{"xn--k7a774auwb7se272d4qd", true},       // random
	{"xn--kba", false},                       // crafted '\xad'
	{"xn--ked039l0a", false},                 // random
	{"xn--kja", false},                       // crafted '\u01c5'
	{"xn--l-fda", false},                     // crafted '\xb7l'
	{"xn--l-gda", false},                     // crafted 'l\xb7'
	{"xn--l7b970e", false},                   // random
	{"xn--l8j4u", true},                      // crafted '\u3042\u30fb'
	{"xn--la-0ea", false},                    // crafted 'l\xb7a'
	{"xn--lfa00l47cm9gwxe9v2a", false},       // random
	{"xn--lj", false},                        // mutated
	{"xn--lka75lex0btjbw766ah8tf", false},    // random
	{"xn--ll-0ea", true},                     // crafted 'l\xb7l'
	{"xn--lrg5d", false},                     // mutated
	{"xn--ls8h", false},                      // edge
	{"xn--mgbb899q", true},                   // crafted '\u0628\u200c\u0627'
	{"xn--mgbb9ha8704a", true},               // crafted '\u0628\u064b\u200c\u064b\u0627'
	{"xn--mgbc799q", false},                  // crafted '\u0627\u200c\u0628'
	{"xn--mgbh0fb", true},                    // crafted '\u0645\u062b\u0627\u0644'
	{"xn--mnchen-3ya", true},                 // crafted 'm\xfcnchen'
	{"xn--moa10jlz5dt2v6q", false},           // mutated
	{"xn--n2a69zf2ta2336ox9b", true},         // random
	{"xn--n3a4o95w7200c50za", false},         // random
	{"xn--n3c28b4hr844c", true},              // random
	{"xn--n8b", true},                        // random
	{"xn--n8jj1z", true},                     // mutated
	{"xn--n97d", true},                       // random
	{"xn--nbd", true},                        // crafted '\u0f0b'
	{"xn--ned0888e", false},                  // random
	{"xn--ngb073k", false},                   // crafted '\u0628\u200c'
	{"xn--ngb41bd", true},                    // crafted '\u0628\u06f0\u06f1'
	{"xn--ngb6id", true},                     // crafted '\u0628\u0660\u0661'
	{"xn--ngb6iyr", false},                   // crafted '\u0628\u0660\u06f0'
	{"xn--ngb963k", false},                   // crafted '\u200c\u0628'
	{"xn--ngba799q", true},                   // crafted '\u0628\u200c\u0628'
	{"xn--o39a", true},                       // crafted '\uac00'
	{"xn--o3crh0a8bb0k", true},               // crafted '\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22'
	{"xn--o3cvh0a8bb0k", true},               // mutated
	{"xn--ob9a", false},                      // random
	{"xn--ogj5540bj47bewta", true},           // random
	{"xn--orh", false},                       // crafted '\u2460'
	{"xn--p1b663ikpap892eq04d", true},        // random
	{"xn--p6a5cw52hql5g18qbzoe", false},      // mutated
	{"xn--p6a7324", false},                   // mutated
	{"xn--pff8109d", true},                   // random
	{"xn--pgd326eqm7ohtf", true},             // random
	{"xn--plb", false},                       // random
	{"xn--q7a7893ftj4c4g8h", true},           // random
	{"xn--q7p", true},                        // mutated
	{"xn--qg7c", false},                      // crafted '\ufeff'
	{"xn--qhgyfw068bq86jlmwb", true},         // random
	{"xn--qjgy77e5j1g", true},                // random
	{"xn--qla90qh1dr0cq0gq389b", true},       // mutated
	{"xn--qlc45m80f2y9b", true},              // mutated
	{"xn--qmbc", true},                       // crafted '\u06fd\u06fe'
	{"xn--r2d7167eumbdu2qfj5h", false},       // random
	{"xn--r8jz45g", true},                    // crafted '\u4f8b\u3048'
	{"xn--rgg8825lh", false},                 // mutated
	{"xn--ri7c", false},                      // crafted '\uff46'
	{"xn--s6c640gx12hg8naw293b", true},       // mutated
	{"xn--sxsa", true},                       // mutated
	{"xn--t5ea433m1ka", false},               // mutated
	{"xn--ta039k", false},                    // mutated
	{"xn--td", false},                        // mutated
	{"xn--tda", true},                        // crafted '\xfc'
	{"xn--tha07jm14b", true},                 // random
	{"xn--tha456bsdn4jh72z", false},          // random
	{"xn--tvg", false},                       // crafted '\u2028'
	{"xn--u5a2c064afa969a8b", false},         // random
	{"xn--u8b53fnov38hne2jqw9n", false},      // random
	{"xn--vek", false},                       // crafted '\u30fb'
	{"xn--vek548p", true},                    // crafted '\u6f22\u30fb'
	{"xn--vk3a", true},                       // mutated
	{"xn--vkgy825s", true},                   // mutated
	{"xn--w55b", true},                       // mutated
	{"xn--w6j", true},                        // crafted '\u3007'
	{"xn--wca", false},                       // crafted '\xdc'
	{"xn--wpjup50b", false},                  // mutated
	{"xn--wva3j", false},                     // crafted '\u03b1\u0375'
	{"xn--wva3je", true},                     // crafted '\u03b1\u0375\u03b2'
	{"xn--wxc4574v", false},                  // random
	{"xn--x4c07c1a252481w", false},           // mutated
	{"xn--y-cw2", false},                     // mutated
	{"xn--y7a582k", true},                    // random
	{"xn--y8e8816e", true},                   // random
	{"xn--ybc", false},                       // random
	{"xn--yha60p73gn071a1jra", false},        // random
	{"xn--ylb25mj6yygc4410cw8ta", false},     // random
	{"xn--ypd", false},                       // crafted '\u1100'
	{"xn--ytb", false},                       // crafted '\u07fa'
	{"xn--yye80oc9d1j470dnx04a", true},       // random
	{"xn--zca", true},                        // crafted '\xdf'
	{"xn--zckzah", true},                     // crafted '\u30c6\u30b9\u30c8'
	{"xn--zggy169czbay571xdtyth7qzb", false}, // mutated
	{"xn--zked390m6dq324g8pg", false},        // mutated
	{"xn--zzzzzzzzzzzzzzzzzzzz", false},      // edge
}

func TestFormatALabels(t *testing.T) {
	for _, c := range fmtALabels {
		for _, name := range []string{c.label, "www." + c.label + ".example"} {
			if got := IsHostname(name); got != c.valid {
				t.Errorf("IsHostname(%q) = %v, want %v", name, got, c.valid)
			}
			if got := IsIDNHostname(name); got != c.valid {
				t.Errorf("IsIDNHostname(%q) = %v, want %v", name, got, c.valid)
			}
		}
	}
}

// fmtValidSamples are valid inputs for the allocation test and benchmark.
var fmtValidSamples = map[string][]string{
	"date-time":             {"2020-02-29T23:59:60Z", "1985-04-12T23:20:50.52+01:00"},
	"date":                  {"2020-02-29"},
	"time":                  {"15:59:60.123-08:00"},
	"duration":              {"P1Y2M3DT4H5M6S", "P2W", "PT36H"},
	"email":                 {"joe.bloggs@example.com", `"joe bloggs"@[IPv6:::1]`, "a@xn--bcher-kva.de"},
	"idn-email":             {"\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae@\uc2e4\ub840.\ud14c\uc2a4\ud2b8", "joe.bloggs@example.com"},
	"hostname":              {"www.example.com", "xn--11b2ezcs70k.xn--bcher-kva.example"},
	"idn-hostname":          {"www.b\u00fccher.example", "\u0645\u062b\u0627\u0644\u3002xn--mgbh0fb", "xn--11b2ezcs70k.example"},
	"ipv4":                  {"192.168.0.1"},
	"ipv6":                  {"::ffff:192.168.0.1", "2001:db8:85a3::8a2e:370:7334"},
	"uri":                   {"http://user:pw@[2001:db8::7]:8080/a/b%20c?q=1#frag", "urn:isbn:0451450523"},
	"uri-reference":         {"../a/b%20c?q=1#frag", "//example.com/a", "http://example.com/"},
	"iri":                   {"http://\u0192\u00f8\u00f8.\u00df\u00e5r/?\u2202\u00e9\u0153=\u03c0\u00eex#\u03c0\u00ee\u00fcx", "http://[v1.fe]/"},
	"iri-reference":         {"/\u00e2\u03c0\u03c0?q=\U000F0000", "#\u0192r\u00e4gm\u00eant"},
	"uuid":                  {"2eb8aa08-aa98-11ea-b4aa-73b441d16380"},
	"uri-template":          {"http://example.com/{term:1}/{term}{?q*,lang}", "{+base}/a'b/{%41.b}"},
	"json-pointer":          {"/foo/bar~0/baz~1/%a", ""},
	"relative-json-pointer": {"2/0/baz/1/zip", "0#"},
}

func TestFormatsDoNotAllocate(t *testing.T) {
	for _, name := range fmtNames {
		c, _ := Lookup(name)
		check := c.Check
		if len(fmtValidSamples[name]) == 0 {
			t.Errorf("%s: no samples", name)
		}
		for _, s := range fmtValidSamples[name] {
			if !check(s) {
				t.Errorf("%s(%q) = false", name, s)
			}
			if n := testing.AllocsPerRun(100, func() { check(s) }); n != 0 {
				t.Errorf("%s(%q): %v allocations", name, s, n)
			}
		}
	}
}

func BenchmarkFormats(b *testing.B) {
	for _, name := range fmtNames {
		c, _ := Lookup(name)
		check := c.Check
		samples := fmtValidSamples[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				check(samples[i%len(samples)])
			}
		})
	}
}

func FuzzFormats(f *testing.F) {
	for _, s := range []string{
		"1963-06-19T08:30:06.283185Z", "2020-02-29", "23:59:60+00:00", "12:00:00++1:00",
		"joe.bloggs@example.com", `"joe bloggs"@[IPv6:::1]`, "a@[127.0.0.1]",
		"2eb8aa08-aa98-11ea-b4aa-73b441d16380",
		"http://user:pw@[2001:db8::7]:80/a/b%20c?q=1#f", "mailto:John.Doe@example.com", "http://%c3%a9/",
		"192.168.0.1", "::ffff:192.168.0.1", "1:2:3:4:5:6:7::",
		"www.example.com", "xn--bcher-kva.example", "xn--11b2ezcs70k", "xn--ngba5hb2804a",
		"P1Y2M3DT4H5M6S", "PT1H2S", "P2W", "/a~0b/~1", "0/a", "2#", "../a?b#c", "//[v1.fe]:80/",
		"http://\u00e9/?\U000F0000#\u00e9", "{+a}/b{?c,d*}{#e:3}", "b\u00fccher\u3002example",
		"\u05d0.a0", "\u0628\u064a\u200c\u0628\u064a.xn--mgbh0fb", "\u03b4@\u00e9.com",
	} {
		f.Add(s)
	}
	// FORMAT_FUZZ_ONLY=uri,ipv6 restricts the comparison to some formats,
	// which focuses the fuzzer's coverage feedback on their checkers.
	names := fmtNames
	if only := os.Getenv("FORMAT_FUZZ_ONLY"); only != "" {
		names = strings.Split(only, ",")
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range names {
			c, ok := Lookup(name)
			check := c.Check
			if !ok {
				t.Fatalf("unknown format %q", name)
			}
			if got, want := check(s), fmtExpected(t, name, s); got != want {
				t.Errorf("%s(%q) = %v, want %v (oracle %v)", name, s, got, want, fmtOracle(t, name, s))
			}
		}
	})
}
