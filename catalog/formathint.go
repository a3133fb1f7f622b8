package catalog

import (
	"fmt"
	"regexp"

	"github.com/toolgen/toolgen/runtime/format"
)

// formatMistake says why value is not valid in the named format, for a
// default that is not: the cause where a common slip can be named (a
// date-time without its UTC offset), else what the format looks like. It
// takes the place of the reference validator's own words, which describe
// its parser ("less than 20 characters long", "cannot parse "1-01" as
// "01"") rather than the value.
func formatMistake(name, value string) string {
	for _, m := range formatMistakes {
		if m.format == name && m.re.MatchString(value) {
			return fmt.Sprintf("%q %s", value, m.cause)
		}
	}
	if f, ok := format.Lookup(name); ok && f.Example != "" {
		return fmt.Sprintf("%q is not a valid %s: it must be %s", value, name, f.Example)
	}
	return fmt.Sprintf("%q is not a valid %s", value, name)
}

// formatMistakes are the slips formatMistake names, the first match
// winning.
var formatMistakes = []struct {
	format string
	re     *regexp.Regexp
	cause  string
}{
	{"date-time", regexp.MustCompile(`^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(\.\d+)?$`),
		"has no UTC offset, which RFC 3339 requires: add Z (UTC) or an offset such as +00:00 after the time, as in 2024-01-01T00:00:00Z"},
	{"date-time", regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)?$`),
		"separates the date and the time with a space; RFC 3339 writes T between them and an offset after the time, as in 2024-01-01T00:00:00Z"},
	{"date-time", regexp.MustCompile(`^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d([Zz]|[+-]\d\d:\d\d)?$`),
		"has no seconds; RFC 3339 writes hh:mm:ss and an offset, as in 2024-01-01T00:00:00Z"},
	{"date-time", regexp.MustCompile(`^\d{4}-\d\d-\d\d$`),
		"is a date without a time; write a date-time such as 2024-01-01T00:00:00Z, or use \"format\": \"date\""},
	{"date-time", regexp.MustCompile(`^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d\d\d$`),
		"writes its offset without a colon; RFC 3339 writes +hh:mm, as in 2024-01-01T00:00:00+00:00"},
	{"time", regexp.MustCompile(`^\d\d:\d\d:\d\d(\.\d+)?$`),
		"has no UTC offset, which RFC 3339 requires: add Z (UTC) or an offset such as +00:00, as in 13:45:00Z"},
	{"time", regexp.MustCompile(`^\d\d:\d\d([Zz]|[+-]\d\d:\d\d)?$`),
		"has no seconds; RFC 3339 writes hh:mm:ss and an offset, as in 13:45:00Z"},
	{"date", regexp.MustCompile(`^\d{4}-\d\d-\d\d$`),
		"is no day of the calendar (a month from 01 to 12, a day that exists in it)"},
	{"date", regexp.MustCompile(`^\d{4}-\d\d-\d\d[Tt ]`),
		"has a time; a date is YYYY-MM-DD alone, as in 2024-01-01, or use \"format\": \"date-time\""},
}
