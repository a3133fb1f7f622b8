package gen

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"math/big"
	"path"
	"slices"
	"strings"

	"golang.org/x/mod/module"
)

// What a goJSONSchema "type" may name, decided before a line is generated:
// a type that could not compile, or that would make the package build
// anything but Go, is refused here with what to write instead. A type is
//
//   - a predeclared type that holds every value of the schema as it is read
//     (string for a string, int64 for an integer, float64, bool), or a
//     smaller integer type whose range the schema's bounds keep within;
//   - an exported type of the standard library that can take the values
//     (stdTypes);
//   - an exported type of a module's package, whose path starts with a
//     domain (example.com/money); whether it takes the values is asserted
//     in the generated file, where go build reports a type that cannot;
//   - an exported type of the generated package itself, declared by the
//     user, whose name the generated file does not declare.
//
// Never package C (cgo: building would run a C compiler, and CGO_ENABLED=0
// builds would fail) or unsafe, and never a name the generated file
// declares itself or Go predeclares for something else (error, any).

// Conversions a type's pointer has, by the method that does it.
const (
	takesText = 1 << iota // UnmarshalText: the values of a string schema
	takesJSON             // UnmarshalJSON: the values of any other schema
)

// stdType is a type of the standard library a value can be converted to.
type stdType struct {
	path, name string
	takes      int
}

// stdTypes are the exported types of the standard library whose pointer
// has UnmarshalText or UnmarshalJSON (TestStdTypesTakeTheirValues checks
// each row): the only ones a value can be converted to. A package of the
// standard library is imported only for one of these.
var stdTypes = []stdType{
	{"crypto/x509", "OID", takesText},
	{"encoding/json", "RawMessage", takesJSON},
	{"log/slog", "Level", takesText | takesJSON},
	{"math/big", "Float", takesText},
	{"math/big", "Int", takesText | takesJSON},
	{"math/big", "Rat", takesText},
	{"net", "IP", takesText},
	{"net/netip", "Addr", takesText},
	{"net/netip", "AddrPort", takesText},
	{"net/netip", "Prefix", takesText},
	{"regexp", "Regexp", takesText},
	{"time", "Time", takesText | takesJSON},
}

// lookupStd returns the row of the standard type path.name, if there is one.
func lookupStd(path, name string) (stdType, bool) {
	i := slices.IndexFunc(stdTypes, func(t stdType) bool { return t.path == path && t.name == name })
	if i < 0 {
		return stdType{}, false
	}
	return stdTypes[i], true
}

// stdPackage returns the path of the standard package of stdTypes named
// name, which a type may qualify by without listing an import.
func stdPackage(name string) (string, bool) {
	for _, t := range stdTypes {
		if path.Base(t.path) == name {
			return t.path, true
		}
	}
	return "", false
}

// stdTypeList lists stdTypes as a message shows them.
func stdTypeList() string {
	var names []string
	for _, t := range stdTypes {
		names = append(names, path.Base(t.path)+"."+t.name)
	}
	return strings.Join(names, ", ")
}

// isModulePath reports whether an import path names a module's package
// rather than the standard library's: its first element has a dot, as
// example.com/money has.
func isModulePath(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return strings.Contains(first, ".")
}

// importProblem says what is wrong with an import path of goJSONSchema's
// "imports", and what to write instead; "" when nothing is.
func importProblem(p string) string {
	if why := forbiddenPackage(p); why != "" {
		return "is " + why
	}
	if err := module.CheckImportPath(p); err != nil {
		return fmt.Sprintf("is not a Go import path (%v); write a module's package path such as github.com/shopspring/decimal", err)
	}
	if isModulePath(p) || slices.ContainsFunc(stdTypes, func(t stdType) bool { return t.path == p }) {
		return ""
	}
	return fmt.Sprintf("is neither a module's package, whose path starts with a domain, nor a standard library package with a type that can hold a value; import a module's package such as example.com/money, or the package of one of %s", stdTypeList())
}

// forbiddenPackage says why package p is never imported, or "".
func forbiddenPackage(p string) string {
	switch p {
	case "C":
		return `cgo's package C: a package that imports "C" is built with a C compiler and fails to build with CGO_ENABLED=0, and generated code is Go alone; hold the value in a Go type`
	case "unsafe":
		return `package unsafe, which declares no type a value can be held in; name a type of a module's package, such as decimal.Decimal with "imports": ["github.com/shopspring/decimal"]`
	}
	if module := path.Dir(runtimePkg); p == module || strings.HasPrefix(p, module+"/") {
		return "a package of toolgen's own module, which generated code imports under names of its own and which declares no type for a catalog's values; name a type of your own"
	}
	return ""
}

// predeclaredType resolves a goJSONSchema "type" that Go predeclares: a
// type that holds every value of v as v is read is the value's own type
// (v unchanged, nil returned with no problem); a smaller integer type is a
// Custom converted to; anything else is a problem that says why.
func predeclaredType(name string, v *Value) (c *Custom, problem string) {
	switch obj := types.Universe.Lookup(name).(type) {
	case *types.Const, *types.Nil:
		return nil, fmt.Sprintf("is not a type but Go's predeclared value %s; write a type, such as a named type of this package with UnmarshalText or UnmarshalJSON", obj.Name())
	case *types.Builtin:
		return nil, fmt.Sprintf("is not a type but Go's built-in function %s; write a type, such as a named type of this package with UnmarshalText or UnmarshalJSON", obj.Name())
	}
	if v.Kind == kindEnum {
		return nil, fmt.Sprintf("cannot stand for the schema's values, which are held as its enum type %s, with a constant for each value; remove \"type\", or name a type with UnmarshalJSON", v.Named.Name)
	}
	held := map[typeKind]string{kindString: "string", kindInt: "int64", kindNumber: "float64", kindBool: "bool"}[v.Kind]
	if name == held {
		return nil, ""
	}
	if r, ok := intRanges[name]; ok && v.Kind == kindInt {
		lo, hi, bounded := integerRange(v)
		if !bounded || lo.Cmp(big.NewInt(r.min)) < 0 || hi.Cmp(new(big.Int).SetUint64(r.max)) > 0 {
			return nil, fmt.Sprintf("cannot hold every integer the schema allows (%s); bound the values with minimum and maximum within %d..%d%s, or write int64", describeRange(lo, hi, bounded), r.min, r.max, r.note)
		}
		return &Custom{Name: name, Builtin: true}, ""
	}
	switch name {
	case "error", "any", "comparable":
		return nil, fmt.Sprintf("is an interface, which a value read from JSON is not held in; write %s, or a named type with UnmarshalText or UnmarshalJSON", orHeld(held))
	}
	if held == "" {
		return nil, `cannot hold the schema's values, which are not a scalar that a predeclared type holds; name a type with UnmarshalJSON, or remove "type"`
	}
	return nil, fmt.Sprintf("cannot hold the schema's values exactly: they are read as %s; write %s, or a named type with UnmarshalText or UnmarshalJSON", held, held)
}

// orHeld is the type to suggest for a value held as held, if any.
func orHeld(held string) string {
	if held == "" {
		return "a type of a module's package"
	}
	return held
}

// intRange is the range of values of a predeclared integer type, as far as
// generated code may rely on it on every platform.
type intRange struct {
	min  int64
	max  uint64
	note string
}

var intRanges = map[string]intRange{
	"int8":   {math.MinInt8, math.MaxInt8, ""},
	"int16":  {math.MinInt16, math.MaxInt16, ""},
	"int32":  {math.MinInt32, math.MaxInt32, ""},
	"rune":   {math.MinInt32, math.MaxInt32, ""},
	"int":    {math.MinInt32, math.MaxInt32, " (int has 32 bits on some platforms)"},
	"uint8":  {0, math.MaxUint8, ""},
	"byte":   {0, math.MaxUint8, ""},
	"uint16": {0, math.MaxUint16, ""},
	"uint32": {0, math.MaxUint32, ""},
	"uint":   {0, math.MaxUint32, " (uint has 32 bits on some platforms)"},
	"uint64": {0, math.MaxInt64, ""},
}

// integerRange returns the least and greatest integer v allows, as its
// bounds or its enum and const say; bounded is false when either side is
// open.
func integerRange(v *Value) (lo, hi *big.Int, bounded bool) {
	literals := v.Enum
	if v.Const != nil {
		literals = append(slices.Clone(literals), v.Const)
	}
	if len(literals) > 0 {
		for _, l := range literals {
			r, ok := new(big.Rat).SetString(string(l))
			if !ok || !r.IsInt() {
				continue // not an integer: a value no integer equals
			}
			if lo == nil || r.Num().Cmp(lo) < 0 {
				lo = new(big.Int).Set(r.Num())
			}
			if hi == nil || r.Num().Cmp(hi) > 0 {
				hi = new(big.Int).Set(r.Num())
			}
		}
		return lo, hi, lo != nil
	}
	tighten := func(b *Bound, exclusive, upper bool) {
		if b == nil {
			return
		}
		r, ok := new(big.Rat).SetString(b.Text)
		if !ok {
			return
		}
		// The least integer >= r (> r when exclusive), or the greatest <= r.
		n := new(big.Int).Quo(r.Num(), r.Denom())
		switch {
		case !upper && (r.Cmp(new(big.Rat).SetInt(n)) > 0 || exclusive && r.IsInt()):
			n.Add(n, big.NewInt(1))
		case upper && (r.Cmp(new(big.Rat).SetInt(n)) < 0 || exclusive && r.IsInt()):
			n.Sub(n, big.NewInt(1))
		}
		if !upper && (lo == nil || n.Cmp(lo) > 0) {
			lo = n
		}
		if upper && (hi == nil || n.Cmp(hi) < 0) {
			hi = n
		}
	}
	tighten(v.Minimum, false, false)
	tighten(v.ExclusiveMinimum, true, false)
	tighten(v.Maximum, false, true)
	tighten(v.ExclusiveMaximum, true, true)
	return lo, hi, lo != nil && hi != nil
}

// describeRange says what integers a schema allows, for a message.
func describeRange(lo, hi *big.Int, bounded bool) string {
	switch {
	case bounded:
		return fmt.Sprintf("%s..%s", lo, hi)
	case lo != nil:
		return fmt.Sprintf("at least %s, with no maximum", lo)
	case hi != nil:
		return fmt.Sprintf("at most %s, with no minimum", hi)
	}
	return "no minimum or maximum"
}

// exportedHint suggests the exported form of an unexported name, after
// qual and a dot when qual is not "".
func exportedHint(qual, name string) string {
	up := upperFirst(name)
	if !token.IsExported(up) {
		return ""
	}
	if qual != "" {
		up = qual + "." + up
	}
	return " such as " + up
}
