package format

import (
	"encoding/base64"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"net/netip"
	"os"
	"regexp"
	"strings"
	"testing"
)

// Each checked producer format is compared with a reference written
// independently of its checker, from the standard's own terms, mostly with
// the standard library's decoders: on the examples below, on the value its
// hint shows the model, and on random strings made from those by edits.

// producerCase is a format's reference and hand-picked values.
type producerCase struct {
	ref            func(string) bool
	valid, invalid []string
	alphabet       string // the characters random edits draw from
}

var (
	reUUIDVersion = func(v string) *regexp.Regexp {
		return regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-` + v + `[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$`)
	}
	reULID = regexp.MustCompile(`^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$`)
	reE164 = regexp.MustCompile(`^\+[1-9][0-9]{0,14}$`)
	reMAC  = regexp.MustCompile(`^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$|^[0-9a-fA-F]{2}(-[0-9a-fA-F]{2}){5}$`)
	reUUID = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
)

// refInt parses JSON number text with math/big and bounds it.
func refInt(lo, hi string) func(string) bool {
	min, _ := new(big.Int).SetString(lo, 10)
	max, _ := new(big.Int).SetString(hi, 10)
	jsonNumber := regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)
	return func(s string) bool {
		if !jsonNumber.MatchString(s) {
			return false
		}
		if m, _, _ := strings.Cut(strings.ToLower(s), "e"); strings.Trim(m, "-0.") == "" {
			return true // zero; math/big refuses an exponent past its range
		}
		r, ok := new(big.Rat).SetString(s)
		return ok && r.IsInt() && r.Num().Cmp(min) >= 0 && r.Num().Cmp(max) <= 0
	}
}

// refBase64 decodes with encoding/base64, which takes no line breaks here.
func refBase64(enc, raw *base64.Encoding) func(string) bool {
	return func(s string) bool {
		if strings.ContainsAny(s, "\r\n") {
			return false
		}
		e := raw
		if strings.HasSuffix(s, "=") || raw == nil {
			e = enc
		}
		_, err := e.DecodeString(s)
		return err == nil
	}
}

// refPrefix parses with net/netip; bare says a prefix length may be left
// out, zeroHost that no bit past the prefix may be set.
func refPrefix(v6, bare, zeroHost bool) func(string) bool {
	return func(s string) bool {
		if !strings.Contains(s, "/") {
			if !bare {
				return false
			}
			a, err := netip.ParseAddr(s)
			return err == nil && a.Is6() == v6 && a.Zone() == "" && (v6 || !strings.Contains(s, ":"))
		}
		p, err := netip.ParsePrefix(s)
		if err != nil || p.Addr().Is6() != v6 || (!v6 && strings.Contains(s, ":")) {
			return false
		}
		// netip takes "::ffff:1.2.3.4" as IPv6; so does RFC 4291.
		return !zeroHost || p.Masked() == p
	}
}

// refAddr parses an address without zone or prefix with net/netip.
func refAddr(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Zone() == ""
}

func either(a, b func(string) bool) func(string) bool {
	return func(s string) bool { return a(s) || b(s) }
}

func refJWT(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" {
		return false
	}
	for _, p := range parts {
		if _, err := base64.RawURLEncoding.DecodeString(p); err != nil {
			return false
		}
	}
	return true
}

func refDigest(size int, enc string) func(string) bool {
	return func(s string) bool {
		var b []byte
		var err error
		switch enc {
		case "hex":
			b, err = hex.DecodeString(s)
		case "base64":
			b, err = base64.StdEncoding.DecodeString(s)
			if strings.ContainsAny(s, "\r\n") {
				return false
			}
		default:
			b, err = base64.RawURLEncoding.DecodeString(s)
			if strings.ContainsAny(s, "\r\n") {
				return false
			}
		}
		return err == nil && len(b) == size
	}
}

const (
	numberAlphabet = "0123456789-.eE+"
	b64Alphabet    = "AZaz09+/=-_ \n"
	ipAlphabet     = "0123456789abcdef.:/"
	hexAlphabet    = "0123456789abcdefABCDEFgG-"
)

var producerCases = map[string]producerCase{
	"int8":   {refInt("-128", "127"), []string{"-128", "127", "0", "-0", "1.0", "1e2", "12.70e1"}, []string{"128", "-129", "1.5", "1e3", "\"1\"", "", "-", "1e", "01"}, numberAlphabet},
	"int16":  {refInt("-32768", "32767"), []string{"-32768", "32767", "3.2767e4"}, []string{"32768", "-32769", "0.5"}, numberAlphabet},
	"int32":  {refInt("-2147483648", "2147483647"), []string{"-2147483648", "2147483647", "2.147483647e9", "0e999999999"}, []string{"2147483648", "-2147483649", "1e10", "1e-999999999", "1E999999999"}, numberAlphabet},
	"int64":  {refInt("-9223372036854775808", "9223372036854775807"), []string{"-9223372036854775808", "9223372036854775807", "9223372036854775807.000", "92233720368547758.07e2"}, []string{"9223372036854775808", "-9223372036854775809", "1e19", "0.1"}, numberAlphabet},
	"uint8":  {refInt("0", "255"), []string{"0", "-0", "255", "2.55e2"}, []string{"256", "-1", "-0.5"}, numberAlphabet},
	"uint16": {refInt("0", "65535"), []string{"65535"}, []string{"65536", "-1"}, numberAlphabet},
	"uint32": {refInt("0", "4294967295"), []string{"4294967295"}, []string{"4294967296", "-1"}, numberAlphabet},
	"uint64": {refInt("0", "18446744073709551615"), []string{"18446744073709551615", "1e19"}, []string{"18446744073709551616", "-1", "1e20"}, numberAlphabet},

	"byte":      {refBase64(base64.StdEncoding, nil), []string{"", "aGVsbG8=", "aGVsbA==", "aGVs", "aGVsbG9="}, []string{"aGVsbG8", "aGVsbA=", "a===", "aGVs\nbG8=", "aGVs_G8=", "====", "a"}, b64Alphabet},
	"base64":    {refBase64(base64.StdEncoding, nil), []string{"", "aGVsbG8=", "+/+/"}, []string{"aGVsbG8", "-_-_", "aGVsbG8=="}, b64Alphabet},
	"base64url": {refBase64(base64.URLEncoding, base64.RawURLEncoding), []string{"", "aGVsbG8", "aGVsbG8=", "-_-_", "aGVsbA", "aGVsbA=="}, []string{"+/+/", "aGVsbA=", "a", "aGVsbG8==", "a=b="}, b64Alphabet},

	"ipvanyaddress":   {refAddr, []string{"192.0.2.1", "2001:db8::1", "::ffff:192.0.2.1"}, []string{"192.0.2.1/24", "01.2.3.4", "fe80::1%eth0", ""}, ipAlphabet},
	"ipv4network":     {refPrefix(false, true, true), []string{"192.0.2.0/24", "192.0.2.7", "0.0.0.0/0", "192.0.2.7/32"}, []string{"192.0.2.7/24", "192.0.2.0/33", "192.0.2.0/024", "192.0.2.0/", "::/0"}, ipAlphabet},
	"ipv6network":     {refPrefix(true, true, true), []string{"2001:db8::/32", "::/0", "2001:db8::7"}, []string{"2001:db8::7/32", "::/129", "192.0.2.0/24"}, ipAlphabet},
	"ipvanynetwork":   {either(refPrefix(false, true, true), refPrefix(true, true, true)), []string{"192.0.2.0/24", "2001:db8::/32"}, []string{"192.0.2.7/24"}, ipAlphabet},
	"ipv4interface":   {refPrefix(false, true, false), []string{"192.0.2.7/24", "192.0.2.7"}, []string{"192.0.2.7/33", "2001:db8::7/64"}, ipAlphabet},
	"ipv6interface":   {refPrefix(true, true, false), []string{"2001:db8::7/64", "::1"}, []string{"2001:db8::7/129", "192.0.2.7/24"}, ipAlphabet},
	"ipvanyinterface": {either(refPrefix(false, true, false), refPrefix(true, true, false)), []string{"192.0.2.7/24", "2001:db8::7/64"}, []string{"192.0.2.7/", "x"}, ipAlphabet},
	"cidrv4":          {refPrefix(false, false, false), []string{"192.0.2.0/24", "192.0.2.7/24", "0.0.0.0/0"}, []string{"192.0.2.0", "192.0.2.0/33", "256.0.0.0/8", "192.0.2.0/08"}, ipAlphabet},
	"cidrv6":          {refPrefix(true, false, false), []string{"2001:db8::/32", "::1/128"}, []string{"2001:db8::", "::/129", "192.0.2.0/24"}, ipAlphabet},

	"uuid1": {reUUIDVersion("1").MatchString, []string{"6ba7b810-9dad-11d1-80b4-00c04fd430c8"}, []string{"6ba7b810-9dad-41d1-80b4-00c04fd430c8", "6ba7b810-9dad-11d1-c0b4-00c04fd430c8"}, hexAlphabet},
	"uuid3": {reUUIDVersion("3").MatchString, []string{"6fa459ea-ee8a-3ca4-894e-db77e160355e"}, []string{"6fa459ea-ee8a-4ca4-894e-db77e160355e"}, hexAlphabet},
	"uuid4": {reUUIDVersion("4").MatchString, []string{"16fd2706-8baf-433b-82eb-8c7fada847da", "16FD2706-8BAF-433B-B2EB-8C7FADA847DA"}, []string{"16fd2706-8baf-533b-82eb-8c7fada847da", "16fd2706-8baf-433b-72eb-8c7fada847da", "16fd27068baf433b82eb8c7fada847da"}, hexAlphabet},
	"uuid5": {reUUIDVersion("5").MatchString, []string{"886313e1-3b8a-5372-9b90-0c9aee199e5d"}, []string{"886313e1-3b8a-4372-9b90-0c9aee199e5d"}, hexAlphabet},
	"uuid6": {reUUIDVersion("6").MatchString, []string{"1ec9414c-232a-6b00-b3c8-9e6bdeced846"}, []string{"1ec9414c-232a-7b00-b3c8-9e6bdeced846"}, hexAlphabet},
	"uuid7": {reUUIDVersion("7").MatchString, []string{"017f22e2-79b0-7cc3-98c4-dc0c0c07398f"}, []string{"017f22e2-79b0-7cc3-08c4-dc0c0c07398f"}, hexAlphabet},
	"uuid8": {reUUIDVersion("8").MatchString, []string{"2489e9ad-2ee2-8e00-8ec9-32d5f69181c0"}, []string{"2489e9ad-2ee2-9e00-8ec9-32d5f69181c0"}, hexAlphabet},
	"guid":  {reUUID.MatchString, []string{"123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"}, []string{"123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g"}, hexAlphabet},

	"ulid": {reULID.MatchString, []string{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "7zzzzzzzzzzzzzzzzzzzzzzzzz"}, []string{"81ARZ3NDEKTSV4RRFFQ69G5FAV", "01ARZ3NDEKTSV4RRFFQ69G5FAI", "01ARZ3NDEKTSV4RRFFQ69G5FA", "01ARZ3NDEKTSV4RRFFQ69G5FAU"}, "0178AZaziloILOUu"},
	"e164": {reE164.MatchString, []string{"+14155552671", "+1", "+123456789012345"}, []string{"14155552671", "+0123", "+1234567890123456", "+", "+1 415"}, "+0123456789 -"},
	"mac":  {reMAC.MatchString, []string{"00:1a:2b:3c:4d:5e", "00-1A-2B-3C-4D-5E"}, []string{"00:1a-2b:3c:4d:5e", "001a.2b3c.4d5e", "00:1a:2b:3c:4d", "00:1a:2b:3c:4d:5e:6f"}, "0af:-."},
	"jwt":  {refJWT, []string{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."}, []string{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0", ".eyJzdWIiOiIxIn0.c2ln", "a.b.c.d", "eyJh=.eyJz.c2ln", "a+b.c.d"}, "eyJ.=_-+/"},
}

func init() {
	for _, alg := range []struct {
		name string
		size int
	}{{"md5", 16}, {"sha1", 20}, {"sha256", 32}, {"sha384", 48}, {"sha512", 64}} {
		sum := make([]byte, alg.size)
		for i := range sum {
			sum[i] = byte(i*37 + 5)
		}
		producerCases[alg.name+"_hex"] = producerCase{refDigest(alg.size, "hex"),
			[]string{hex.EncodeToString(sum), strings.ToUpper(hex.EncodeToString(sum))},
			[]string{hex.EncodeToString(sum[1:]), hex.EncodeToString(sum) + "0", base64.StdEncoding.EncodeToString(sum)}, hexAlphabet}
		producerCases[alg.name+"_base64"] = producerCase{refDigest(alg.size, "base64"),
			[]string{base64.StdEncoding.EncodeToString(sum)},
			[]string{base64.StdEncoding.EncodeToString(sum[1:]), base64.StdEncoding.EncodeToString(append(sum, 0)), hex.EncodeToString(sum)}, b64Alphabet}
		producerCases[alg.name+"_base64url"] = producerCase{refDigest(alg.size, "base64url"),
			[]string{base64.RawURLEncoding.EncodeToString(sum)},
			[]string{base64.URLEncoding.EncodeToString(sum[1:]), base64.RawURLEncoding.EncodeToString(sum[1:])}, b64Alphabet}
	}
}

// TestProducerFormats checks every checked producer format of the table
// against its reference: the hand-picked values, the value its hint shows
// the model, and edits of them.
func TestProducerFormats(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, row := range Producers() {
		if row.Annotation() {
			continue
		}
		tc, ok := producerCases[row.Name]
		if !ok {
			t.Errorf("format %q has no test case", row.Name)
			continue
		}
		if len(tc.valid) == 0 || len(tc.invalid) == 0 {
			t.Errorf("format %q needs valid and invalid values", row.Name)
		}
		for _, s := range tc.valid {
			if !row.Check(s) || !tc.ref(s) {
				t.Errorf("%s: %q: checker %v, reference %v, want valid", row.Name, s, row.Check(s), tc.ref(s))
			}
		}
		for _, s := range tc.invalid {
			if row.Check(s) || tc.ref(s) {
				t.Errorf("%s: %q: checker %v, reference %v, want invalid", row.Name, s, row.Check(s), tc.ref(s))
			}
		}
		// The value the hint shows the model is valid.
		if _, sample, ok := strings.Cut(row.Example, " such as "); ok {
			sample, _, _ = strings.Cut(sample, " ")
			if !row.Check(sample) {
				t.Errorf("%s: the hint shows %q, which is not valid", row.Name, sample)
			}
		}
		seeds := append(append([]string(nil), tc.valid...), tc.invalid...)
		for range 3000 {
			s := mutate(rng, seeds[rng.IntN(len(seeds))], tc.alphabet)
			if got, want := row.Check(s), tc.ref(s); got != want {
				t.Errorf("%s: %q: checker %v, reference %v", row.Name, s, got, want)
			}
		}
	}
}

// mutate makes one to three edits: a character of alphabet inserted or
// put in place of one, a character deleted, or a piece doubled.
func mutate(rng *rand.Rand, s, alphabet string) string {
	b := []byte(s)
	for range 1 + rng.IntN(3) {
		i := 0
		if len(b) > 0 {
			i = rng.IntN(len(b) + 1)
		}
		c := alphabet[rng.IntN(len(alphabet))]
		switch rng.IntN(4) {
		case 0:
			b = append(b[:i], append([]byte{c}, b[i:]...)...)
		case 1:
			if i < len(b) {
				b[i] = c
			}
		case 2:
			if i < len(b) {
				b = append(b[:i], b[i+1:]...)
			}
		default:
			if i < len(b) {
				j := i + rng.IntN(len(b)-i) + 1
				b = append(b[:j], append(append([]byte(nil), b[i:j]...), b[j:]...)...)
			}
		}
	}
	return string(b)
}

// TestProducerCheckersDoNotAllocate holds the producer checkers to the
// package's promise.
func TestProducerCheckersDoNotAllocate(t *testing.T) {
	for _, row := range Producers() {
		if row.Annotation() {
			continue
		}
		for _, s := range append(producerCases[row.Name].valid, producerCases[row.Name].invalid...) {
			if n := testing.AllocsPerRun(10, func() { row.Check(s) }); n != 0 {
				t.Errorf("%s(%q) allocates %v times", row.Name, s, n)
			}
		}
	}
}

// formatDocRow is the line of docs/KEYWORDS.md's format table for f.
func formatDocRow(f Checker) string {
	checked := "annotation: no check, no warning"
	if !f.Annotation() {
		checked = "`format." + f.Func + "`"
		if f.Number {
			checked += " (numbers)"
		}
	}
	return "| `" + f.Name + "` | " + checked + " | " + f.Standard + " |"
}

// TestKeywordsDocListsEveryFormat checks that docs/KEYWORDS.md's format
// table is the format table, row for row, in its order.
func TestKeywordsDocListsEveryFormat(t *testing.T) {
	data, err := os.ReadFile("../../docs/KEYWORDS.md")
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	row := regexp.MustCompile("^\\| `[a-z0-9_-]+` \\| (`format\\.Is[A-Za-z0-9]+`( \\(numbers\\))?|annotation: no check, no warning) \\| ")
	for _, line := range strings.Split(string(data), "\n") {
		if row.MatchString(line) {
			got = append(got, line)
		}
	}
	for _, f := range All() {
		want = append(want, formatDocRow(f))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("docs/KEYWORDS.md's format table is not the table; its rows should be:\n%s", strings.Join(want, "\n"))
	}
}
