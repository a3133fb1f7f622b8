package gen

import (
	"math"
	"math/big"
	"strconv"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen/internal/schemafunc"
	"github.com/toolgen/toolgen/internal/ecma"
	"github.com/toolgen/toolgen/internal/schema"
	"github.com/toolgen/toolgen/runtime/format"
)

// Model is the intermediate Go model of a catalog: every type, name and check
// that will be emitted, decided, with no code in it yet.
type Model struct {
	// NullAsAbsent makes readers take null for an absent optional member
	// when runtime.Options.NullAsAbsent asks (generated with -openai-strict).
	NullAsAbsent bool
	Tools        []*Tool
	Types        []*NamedType // in the order they are emitted
	Patterns     []*Pattern
	Divisors     []*Divisor
	Sealed       []*Sealed
	Unions       []*Union // the unions kept as checked JSON text
	// Declared are the values given a slice or map type of their own, and
	// Readers those read by a function of their own, in the order their
	// declarations are emitted (share.go).
	Declared, Readers []*Shared
	// Imports name the packages of goJSONSchema types: by path, the name
	// the file uses, claimed from the file's namespace.
	Imports map[string]string
	// Schemas are the schema functions behind Value.Check and
	// NamedType.Check, compiled by the schema compiler (internal/schemafunc).
	Schemas *schemafunc.Compiler
	// names allocates every package-level identifier of the file: the
	// builder's, then the emitter's.
	names *namespace
	// divisors are the Divisors by their text.
	divisors map[string]*Divisor
}

// Tool is one tool and the Go names generated for it.
type Tool struct {
	Name        string
	Title       string
	Description string
	// InputSchema and OutputSchema are the catalog's bytes, embedded as they are.
	InputSchema  []byte
	OutputSchema []byte
	// StrictInputSchema is the OpenAI strict-mode variant (-openai-strict).
	StrictInputSchema []byte
	Annotations       catalog.Annotations
	Timeout           time.Duration // from x-toolgen "timeout"; 0 means the dispatcher's default
	GoName            string        // the Handler method
	Const             string        // the ToolName constant
	Args              *NamedType    // the arguments struct
	// ArgsOwn, when set, is the tool's own arguments type, defined as Args,
	// which is tool ArgsSharedWith's: their input schemas are the same (see
	// share_args.go).
	ArgsOwn, ArgsSharedWith string
	Result                  *NamedType // the result struct, when the tool has an output schema
	Valid                   string     // the branded type holding validated arguments
	Parse                   string     // the function that mints Valid

	// Icons, TaskSupport and Meta are MCP's "icons", execution.taskSupport
	// and "_meta" (its bytes, held by the constant MetaConst), put in the
	// definitions as they are.
	Icons       []catalog.Icon
	TaskSupport string
	Meta        []byte
	MetaConst   string

	// The unexported declarations of the tool: the constants holding its
	// schemas and the functions runtime.Dispatcher calls.
	InputSchemaConst, OutputSchemaConst, StrictSchemaConst string
	ParseFunc, CallFunc, CheckResultFunc                   string
}

// ArgsName is the name of the tool's arguments type: its own type defined
// as a shared one, or Args itself.
func (t *Tool) ArgsName() string {
	if t.ArgsOwn != "" {
		return t.ArgsOwn
	}
	return t.Args.Name
}

// typeKind is how a schema's values are held in Go.
type typeKind int

const (
	kindString typeKind = iota
	kindInt             // int64
	kindNumber          // float64
	kindBool
	kindStruct // a named struct type
	kindEnum   // a named string type with constants
	kindSlice
	kindMap
	kindRaw // json.RawMessage: any JSON the schema allows, validated in place
	// kindSealed is a union whose alternatives can be told apart: a sealed
	// interface with one type per alternative.
	kindSealed
	kindNull // runtime.Null: a schema that allows only null
	// kindArray is a tuple of a fixed length whose positions share one Go
	// type: a Go array, [len(Positions)]T.
	kindArray
	// kindTuple is any other tuple: a named struct with a field per
	// position, read from and written to a JSON array (NamedType.Tuple).
	kindTuple
)

// Value is a schema node's Go type and the checks its values get.
type Value struct {
	Ptr   string // the node's JSON Pointer in the tool's input schema
	Name  string // the Go name of the value's type, or the name it would have
	Kind  typeKind
	Named *NamedType // kindStruct, kindEnum, kindTuple
	Elem  *Value     // kindSlice items, kindMap values, kindArray's first position
	// Positions are the values at each index of a kindArray (prefixItems,
	// or the array form of items before 2020-12), and Rest the schema of
	// the items past them, read only to be judged (items, or
	// additionalItems before 2020-12); nil: they are only counted, or,
	// when NoRest names that keyword, its false forbids each of them.
	Positions []*Value
	Rest      *Value
	NoRest    string
	// Key is the type and checks of a map's names (propertyNames, or the
	// one pattern of patternProperties): a string or a string enum; nil
	// takes any name. A name failing it violates KeyKeyword.
	Key          *Value
	KeyKeyword   string
	RequiredKeys []string // the names a map must have
	Nullable     bool     // null is allowed besides the values of Kind
	Doc          string

	// Kinds lists the JSON kinds a kindRaw value may have, in the reader's
	// terms ("string", "integer", "number", "boolean", "null", "object",
	// "array"); nil means any.
	Kinds []string

	Checks
	Union  *Union
	Sealed *Sealed // kindSealed
	// Check, when set, is the generated schema function that checks the
	// whole value (a kindRaw held as its JSON text): for schemas that use
	// keywords the typed reader does not express (allOf, not, if/then/else,
	// unevaluatedProperties, ...).
	Check string
	// Why says what no Go type holds, for a kindRaw value whose schema
	// does not admit any JSON (see rawNote); "" otherwise.
	Why string
	// HoldsSecrets is set when the schema behind Check marks the value, or
	// something inside it, sensitive: the value is read with
	// CheckedHoldingSecrets.
	HoldsSecrets bool
	// Custom is the Go type the catalog chose for the values (goJSONSchema),
	// converted from what the schema's own reading yields.
	Custom *Custom
	// Sensitive values are read between BeginSensitive and EndSensitive:
	// some schema that applies to them is writeOnly or x-toolgen
	// "sensitive", so no violation may echo them or anything inside them.
	Sensitive bool

	// Declared is the Go type declared for a slice or map, when the type
	// would otherwise nest too deep to write out or contain itself
	// (share.go); "" means the type is written out where it is used.
	Declared string
	// Reader is the function that reads the value, when its reading is not
	// written out where the value is read (share.go).
	Reader string
	// origin is the value this one is a copy of, made for one place that
	// marks it sensitive or gives it a Go type of the catalog's choosing;
	// nil for a value built for its own schema. A copy is held and read as
	// its origin is.
	origin *Value
}

// plain returns the value v was copied from, or v itself.
func (v *Value) plain() *Value {
	if v.origin != nil {
		return v.origin
	}
	return v
}

// copyFor returns a copy of v for one place that changes how the value is
// marked, not how it is read.
func (v *Value) copyFor() *Value {
	c := *v
	c.origin = v.plain()
	return &c
}

// Checks are the assertions on a value, by JSON kind.
type Checks struct {
	Enum  []jsontext.Value // allowed values (enum), as JSON texts
	Const jsontext.Value   // the one allowed value (const)

	Minimum, Maximum                   *Bound
	ExclusiveMinimum, ExclusiveMaximum *Bound
	MultipleOf                         string // JSON number text
	NumberFormat                       string // a format of numbers (int32, ...)

	MinLength, MaxLength *int
	Pattern              *Pattern
	Format               string   // a format of strings
	AnyFormat            []string // formats of which the string is valid in one (an anyOf of formats)

	MinItems, MaxItems *int
	UniqueItems        bool
}

// Bound is a numeric limit as written in the schema.
type Bound struct{ Text string }

// Union is an anyOf or oneOf whose alternatives are checked one by one on the
// value's JSON text.
type Union struct {
	Keyword      string // "anyOf" or "oneOf"
	Alternatives []*Alternative
	// Type names the Go type holding the value's JSON text, with a typed
	// accessor per alternative.
	Type string
	Ptr  string
}

// Sealed is a union whose alternatives can be told apart: by the JSON kind
// of the value, by the string constant one member of the object holds (a
// discriminator), or, for objects, by which alternatives the value matches.
// It becomes a sealed interface, implemented by one Go type per alternative.
type Sealed struct {
	Interface string
	Doc       string
	Keyword   string // "anyOf" or "oneOf", for the violation
	// Tool and Schema ("input" or "output") hold the schema the variants'
	// pointers are in.
	Tool, Schema string
	// Property is the discriminator's name; "" when the kind decides.
	Property string
	TagsVar  string // the package variable listing the discriminator's values
	// Absent is the variant, counted from 1, read when the discriminator is
	// absent (the one alternative that does not require it); 0: none.
	Absent int
	// Tried, when neither kind nor a discriminator tells the alternatives
	// (objects) apart, are the alternatives tried in turn on the value's
	// text: the value is the first that matches (for oneOf, the only one).
	Tried    []*Alternative
	Variants []*Variant
}

// Variant is one alternative of a sealed union.
type Variant struct {
	Type  string // the Go type that implements the interface
	Value *Value
	// Wrap is set when Type is declared for the variant (a named string,
	// number or slice), rather than being the alternative's own named type.
	Wrap bool
	Kind string // the JSON kind, when the kind decides
	Tag  string // the discriminator's value
}

// Alternative is one branch of a union, checked by its own function.
type Alternative struct {
	Func  string
	Value *Value
	// Label tells the alternative apart from the others of its union, as the
	// end of its Go names: its discriminator's value, its title, or AltN.
	Label string
	// Chosen is set when the catalog named the alternative (goName,
	// discriminator or title), so that a type declared for it takes that
	// name rather than one made of its JSON kind.
	Chosen bool
	// Schema is the schema the alternative reads its value as, past any
	// $ref that says nothing else: two alternatives with the same Schema
	// (and sensitivity) judge a value alike (see emit_trials.go).
	Schema *schema.Node
}

// NamedType is a declared Go type: a struct for an object, or a string type
// with constants for a string enum.
type NamedType struct {
	Name   string
	Doc    string
	Ptr    string
	Tool   string // the tool whose schema declares it
	Schema string // which of the tool's schemas: "input" or "output"
	// Root is set for a tool's arguments and result, whose Ptr is that of
	// the object schema the root's $ref reaches, if it has one.
	Root bool

	// Check, when set, is the generated schema function that checks the
	// whole object before it is decoded: a root schema with keywords the
	// struct reader does not express.
	Check string
	// HoldsSecrets is Value.HoldsSecrets for Check.
	HoldsSecrets bool

	// Struct.
	Fields            []*Field
	Closed            bool   // additionalProperties: false
	Additional        *Value // additionalProperties as a schema: a map field
	AdditionalField   string
	DependentRequired []Dependency
	// Record is set for an object of one patternProperties pattern that
	// leaves other names to additionalProperties (build_maps.go).
	Record *Record

	// Sensitive is set on a tool's arguments or result when some schema
	// that applies to the whole object marks it sensitive.
	Sensitive bool

	// Tuple, when set, makes the struct a tuple's: its fields are the
	// positions, in order, then Rest.
	Tuple *TupleShape

	// Enum.
	Base   *Value // the checks an enum value gets besides membership
	Values []EnumValue
	// AlsoUsedBy lists the other tools whose schemas hold the same enum
	// (the same schema, canonically), which share the type.
	AlsoUsedBy []string
}

// Record is the map field of a struct whose members are those of one
// patternProperties pattern: names the pattern matches are held in Field
// as Value, the others in the struct's Additional map.
type Record struct {
	Field    string
	Pattern  *Pattern
	Value    *Value
	Required []string // the names the object must have, in either map
	// Open is set when the schema has no additionalProperties: the other
	// names take any JSON.
	Open bool
}

// members returns the values of t's undeclared members: the record's, then
// the additional ones.
func (t *NamedType) members() []*Value {
	var out []*Value
	if t.Record != nil {
		out = append(out, t.Record.Value)
	}
	if t.Additional != nil {
		out = append(out, t.Additional)
	}
	return out
}

// TupleShape is what a tuple's struct holds besides its fields: its first
// Positions fields are the items by index (prefixItems, or the array form
// of items before 2020-12); a field after them, Rest, holds the items past
// them, when the schema lets any be valid.
type TupleShape struct {
	Positions          int
	MinItems, MaxItems *int
	// NoRest names the keyword (items, or additionalItems before 2020-12)
	// whose false forbids each item past the positions.
	NoRest string
}

// Field is one property of a struct, or one position of a tuple.
type Field struct {
	JSONName string
	GoName   string
	Doc      string
	Value    *Value
	Required bool
	Default  jsontext.Value // applied when the member is absent
	// Unapplied is a default the field cannot hold, kept as documentation.
	Unapplied jsontext.Value
	Holder    holder
	Tags      map[string]string // struct tags besides json (goJSONSchema extraTags)
}

// holder is how a field holds its value, so that absent, null and a value
// stay apart where the schema tells them apart.
type holder int

const (
	holdValue    holder = iota // T: required, defaulted, or nil means absent (slices, maps, raw)
	holdPointer                // *T: optional, or nullable and required
	holdNullable               // runtime.Nullable[T]: optional and nullable
)

// Dependency is one dependentRequired rule.
type Dependency struct {
	Property string
	Requires []string
}

// EnumValue is one constant of an enum type.
type EnumValue struct {
	GoName string
	Value  string
}

// Pattern is a regular expression: matched by a generated byte loop when it
// is simple enough (Loop), else compiled once into a package variable, or,
// when its lookaheads take several regexps (Cond), into one variable each
// (Vars, in the order of Cond.Regexps) and a function that combines them,
// or, for lookarounds no such condition decides (Lookaround), into a
// variable holding the runtime's lookaround automaton.
type Pattern struct {
	Var        string // the variable, or the function that matches
	Expr       string // the ECMA-262 pattern, as written
	RE2        string // the same pattern in Go's regexp syntax, when one regexp decides it
	Loop       *loop
	Cond       *ecma.Cond
	Vars       []string
	Lookaround *ecma.Lookaround
}

// regexpVars maps each regexp of a pattern decided by several to its variable.
func (p *Pattern) regexpVars() map[string]string {
	vars := map[string]string{}
	for i, re := range p.Cond.Regexps() {
		vars[re] = p.Vars[i]
	}
	return vars
}

// Divisor is a multipleOf divisor kept as an exact rational in a package variable.
type Divisor struct {
	Var  string
	Text string
}

// Formats asserted by generated code, and the function of runtime/format
// that checks each: the format package's table, the whole 2020-12 registry
// and the producers' formats a standard defines. The table's annotations
// are not here: nothing checks them.
var formats = func() map[string]string {
	m := map[string]string{}
	for _, c := range format.All() {
		if !c.Annotation() {
			m[c.Name] = c.Func
		}
	}
	return m
}()

// divisorVar returns the package variable holding a multipleOf divisor.
func (m *Model) divisorVar(text string) string {
	if d := m.divisors[text]; d != nil {
		return d.Var
	}
	return ""
}

func isInteger(text string) bool {
	r, ok := new(big.Rat).SetString(text)
	return ok && r.IsInt() && r.Num().IsInt64()
}

func (v *Value) hasStringChecks() bool {
	return v.MinLength != nil || v.MaxLength != nil || v.Pattern != nil || v.Format != "" || v.AnyFormat != nil
}

func (v *Value) hasNumberChecks() bool {
	return v.Minimum != nil || v.Maximum != nil || v.ExclusiveMinimum != nil || v.ExclusiveMaximum != nil || v.MultipleOf != "" || v.NumberFormat != ""
}

// intLimit converts a schema bound to the int64 an integer is compared with,
// rounding a fractional bound up (roundUp) or down: x >= 1.5 holds for an
// integer x exactly when x >= 2. side is 0 when the limit is an int64, +1 when
// it lies above every int64 and -1 when below.
func intLimit(text string, roundUp bool) (n int64, side int) {
	r, _ := new(big.Rat).SetString(text)
	q := new(big.Int).Quo(r.Num(), r.Denom()) // truncated toward zero
	if !r.IsInt() {
		if roundUp && r.Sign() > 0 {
			q.Add(q, big.NewInt(1))
		} else if !roundUp && r.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		}
	}
	if q.IsInt64() {
		return q.Int64(), 0
	}
	return 0, q.Sign()
}

// floatBound converts a schema number to float64 for comparison with numbers.
// side is 0 when it is within float64's range, +1 when it lies above every
// finite float64 (1e400) and -1 when below: a reader never returns an
// infinity, so a number that far out compares the same with every value.
// text is a JSON number, which ParseFloat always reads; out of range, it
// returns an infinity of the number's sign.
func floatBound(text string) (f float64, side int) {
	f, _ = strconv.ParseFloat(text, 64)
	switch {
	case math.IsInf(f, 1):
		return 0, 1
	case math.IsInf(f, -1):
		return 0, -1
	}
	return f, 0
}
