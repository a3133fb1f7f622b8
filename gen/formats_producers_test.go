package gen_test

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
	"github.com/toolgen/toolgen/runtime/format"
)

// producerFormatSamples returns a valid and an invalid value of a checked producer
// format, as JSON texts: from the example its hint shows ("such as X",
// "from A to B"), or for a digest one made with the hash itself.
func producerFormatSamples(t *testing.T, f format.Checker) (valid, invalid []string) {
	t.Helper()
	quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	if f.Number {
		var lo, hi string
		if _, err := fmt.Sscanf(f.Example, "an integer from %s to %s", &lo, &hi); err != nil {
			t.Fatalf("%s: example %q: %v", f.Name, f.Example, err)
		}
		a, _ := new(big.Int).SetString(lo, 10)
		b, _ := new(big.Int).SetString(hi, 10)
		return []string{lo, hi, "1.0"}, []string{new(big.Int).Sub(a, big.NewInt(1)).String(), new(big.Int).Add(b, big.NewInt(1)).String(), "1.5"}
	}
	if _, sample, ok := strings.Cut(f.Example, " such as "); ok {
		sample, _, _ = strings.Cut(sample, " ")
		return []string{quote(sample)}, []string{quote(sample + "!")}
	}
	alg, enc, _ := strings.Cut(f.Name, "_")
	sums := map[string][]byte{}
	m, s1, s256, s384, s512 := md5.Sum(nil), sha1.Sum(nil), sha256.Sum256(nil), sha512.Sum384(nil), sha512.Sum512(nil)
	sums["md5"], sums["sha1"], sums["sha256"], sums["sha384"], sums["sha512"] = m[:], s1[:], s256[:], s384[:], s512[:]
	sum, ok := sums[alg]
	if !ok {
		t.Fatalf("format %s: no sample", f.Name)
	}
	text := map[string]func([]byte) string{"hex": hex.EncodeToString, "base64": base64.StdEncoding.EncodeToString, "base64url": base64.RawURLEncoding.EncodeToString}[enc](sum)
	return []string{quote(text)}, []string{quote(text[1:]), quote(text + "!")}
}

// TestProducerFormatsGenerated generates, for every format the table
// checks beyond JSON Schema's, a tool that holds a value of the format as a
// typed field, as a field of the other numeric type for a format of
// numbers, and inside a schema function (allOf), and runs valid values,
// invalid ones and values of the wrong JSON type through the generated
// code at each place: the verdicts must agree with santhosh v6 given the
// same checkers, and the valid samples must pass, the invalid ones not.
func TestProducerFormatsGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code with the go command; skipped in -short mode")
	}
	var tools []string
	type sample struct {
		tool, prop, value string
		valid             bool
	}
	var samples []sample
	for i, f := range format.Producers() {
		if f.Annotation() {
			continue
		}
		name := fmt.Sprintf("f%d", i)
		typ, other, wrongKind := "string", "", `5`
		if f.Number {
			typ, other, wrongKind = "integer", `,"num":{"type":"number","format":%q}`, `"5"`
		}
		props := fmt.Sprintf(`"typed":{"type":%q,"format":%q},"whole":{"allOf":[{"format":%q}]}`, typ, f.Name, f.Name)
		if other != "" {
			props += fmt.Sprintf(other, f.Name)
		}
		tools = append(tools, fmt.Sprintf(`{"name":%q,"description":"format %s","inputSchema":{"type":"object","properties":{%s}}}`, name, f.Name, props))
		valid, invalid := producerFormatSamples(t, f)
		places := []string{"typed", "whole"}
		if f.Number {
			places = append(places, "num")
		}
		for _, p := range places {
			for _, v := range valid {
				samples = append(samples, sample{name, p, v, true})
			}
			for _, v := range invalid {
				samples = append(samples, sample{name, p, v, false})
			}
		}
		samples = append(samples, sample{name, "whole", wrongKind, true})
	}
	cat := loadCatalog(t, "formats.json", []byte(`{"tools":[`+strings.Join(tools, ",")+`]}`))
	pkg := &e2ePackage{name: "pformats", cat: cat, opts: gen.Options{Package: "pformats", Source: "formats.json"}}
	oracle := newOracle(t, cat)
	for _, s := range samples {
		args := json.RawMessage(fmt.Sprintf(`{%q:%s}`, s.prop, s.value))
		want := oracle.valid(t, s.tool, args)
		if want != s.valid {
			t.Errorf("%s %s: santhosh v6 with the format says %v, want %v", s.tool, args, want, s.valid)
		}
		call := e2eCall{Tool: s.tool, Args: args, Valid: want}
		if n, ok := new(big.Int).SetString(s.value, 10); ok && s.prop == "typed" && !n.IsInt64() {
			// A typed integer field is an int64, which refuses what it
			// cannot hold whatever the format (uint64's upper half).
			call.Valid, call.Oracle = false, "int64 field"
		}
		pkg.calls = append(pkg.calls, call)
	}
	verdicts := runDriver(t, []*e2ePackage{pkg})
	for i, c := range pkg.calls {
		if got := verdicts[pkg.name][i]; got.Valid != c.Valid {
			t.Errorf("%s %s: generated code says %v, santhosh v6 %v: %+v", c.Tool, c.Args, got.Valid, c.Valid, got.Violations)
		}
	}
}

// The instances made for a schema with a producer's format use the value
// its hint shows.
func init() {
	for _, f := range format.Producers() {
		if _, sample, ok := strings.Cut(f.Example, " such as "); ok && !f.Number {
			sample, _, _ = strings.Cut(sample, " ")
			formatSamples[f.Name] = sample
		}
	}
}
