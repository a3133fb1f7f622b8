package gen

import (
	"crypto/x509"
	"encoding"
	"encoding/json"
	"log/slog"
	"math/big"
	"net"
	"net/netip"
	"path"
	"reflect"
	"regexp"
	"testing"
	"time"

	"github.com/go-json-experiment/json/jsontext"
)

// TestStdTypesTakeTheirValues holds stdTypes to the standard library: each
// row names a type whose pointer has exactly the conversions the row says,
// so a value is never converted with a method its type lacks, and no
// conversion a type has is refused.
func TestStdTypesTakeTheirValues(t *testing.T) {
	actual := map[string]reflect.Type{
		"crypto/x509.OID":          reflect.TypeFor[x509.OID](),
		"encoding/json.RawMessage": reflect.TypeFor[json.RawMessage](),
		"log/slog.Level":           reflect.TypeFor[slog.Level](),
		"math/big.Float":           reflect.TypeFor[big.Float](),
		"math/big.Int":             reflect.TypeFor[big.Int](),
		"math/big.Rat":             reflect.TypeFor[big.Rat](),
		"net.IP":                   reflect.TypeFor[net.IP](),
		"net/netip.Addr":           reflect.TypeFor[netip.Addr](),
		"net/netip.AddrPort":       reflect.TypeFor[netip.AddrPort](),
		"net/netip.Prefix":         reflect.TypeFor[netip.Prefix](),
		"regexp.Regexp":            reflect.TypeFor[regexp.Regexp](),
		"time.Time":                reflect.TypeFor[time.Time](),
	}
	text, js := reflect.TypeFor[encoding.TextUnmarshaler](), reflect.TypeFor[json.Unmarshaler]()
	for _, row := range stdTypes {
		typ, ok := actual[row.path+"."+row.name]
		if !ok {
			t.Errorf("%s.%s: no type to check the row against; add it to this test", row.path, row.name)
			continue
		}
		if typ.PkgPath() != row.path || typ.Name() != row.name {
			t.Errorf("%s.%s is checked against %s.%s", row.path, row.name, typ.PkgPath(), typ.Name())
		}
		ptr := reflect.PointerTo(typ)
		if got, want := ptr.Implements(text), row.takes&takesText != 0; got != want {
			t.Errorf("*%s.%s has UnmarshalText: %v; the row says %v", path.Base(row.path), row.name, got, want)
		}
		if got, want := ptr.Implements(js), row.takes&takesJSON != 0; got != want {
			t.Errorf("*%s.%s has UnmarshalJSON: %v; the row says %v", path.Base(row.path), row.name, got, want)
		}
		if pkg, ok := stdPackage(path.Base(row.path)); !ok || pkg != row.path {
			t.Errorf("package name %s resolves to %q, want %s", path.Base(row.path), pkg, row.path)
		}
	}
	if len(actual) != len(stdTypes) {
		t.Errorf("the test knows %d types, stdTypes lists %d", len(actual), len(stdTypes))
	}
}

// TestIntegerRange checks the range a schema keeps an integer within, which
// decides whether a smaller integer type holds every value.
func TestIntegerRange(t *testing.T) {
	bound := func(s string) *Bound { return &Bound{Text: s} }
	cases := []struct {
		v       Value
		lo, hi  string
		bounded bool
	}{
		{Value{}, "<nil>", "<nil>", false},
		{Value{Checks: Checks{Minimum: bound("0"), Maximum: bound("255")}}, "0", "255", true},
		{Value{Checks: Checks{ExclusiveMinimum: bound("-1"), ExclusiveMaximum: bound("256")}}, "0", "255", true},
		{Value{Checks: Checks{Minimum: bound("0.5"), Maximum: bound("255.9")}}, "1", "255", true},
		{Value{Checks: Checks{Minimum: bound("-0.5"), Maximum: bound("-0.1")}}, "0", "-1", true},
		{Value{Checks: Checks{ExclusiveMinimum: bound("-1.5"), ExclusiveMaximum: bound("1.5")}}, "-1", "1", true},
		{Value{Checks: Checks{Minimum: bound("1"), ExclusiveMinimum: bound("3")}}, "4", "<nil>", false},
		{Value{Checks: Checks{Maximum: bound("1e3")}}, "<nil>", "1000", false},
		{Value{Checks: Checks{Enum: []jsontext.Value{[]byte("3"), []byte("-7"), []byte("1.5")}}}, "-7", "3", true},
	}
	for _, c := range cases {
		lo, hi, bounded := integerRange(&c.v)
		if fmtInt(lo) != c.lo || fmtInt(hi) != c.hi || bounded != c.bounded {
			t.Errorf("integerRange(%+v) = %s, %s, %v; want %s, %s, %v", c.v.Checks, fmtInt(lo), fmtInt(hi), bounded, c.lo, c.hi, c.bounded)
		}
	}
}

func fmtInt(n *big.Int) string {
	if n == nil {
		return "<nil>"
	}
	return n.String()
}
