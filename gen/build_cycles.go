package gen

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// A struct that holds a value of its own type, directly or through other
// structs, each member held by value (required, or defaulted, or nullable
// and optional, which runtime.Nullable holds by value), cannot be declared
// in Go: `type N struct { Next N }` has no size. When every member of the
// cycle is required, no finite JSON value satisfies the schema either: each
// N must hold another. So such a cycle is refused, naming its members, rather
// than written out as Go that does not compile. A member held by pointer
// (optional) or in a slice or map ends the chain: `items: {$ref: self}` is
// a slice, and a cycle through minItems > 0 compiles, so it is left to the
// reader, which judges every value it is given.

// refuseValueCycles reports every cycle of members held by value among the
// model's struct and tuple types.
func (b *builder) refuseValueCycles() {
	const (
		unseen = iota
		open
		done
	)
	state := map[*NamedType]int{}
	var path []valueEdge
	var visit func(t *NamedType)
	visit = func(t *NamedType) {
		state[t] = open
		for _, f := range t.Fields {
			next := heldByValue(f)
			if next == nil {
				continue
			}
			path = append(path, valueEdge{from: t, field: f})
			switch state[next] {
			case unseen:
				visit(next)
			case open:
				b.reportValueCycle(cycleFrom(path, next))
			}
			path = path[:len(path)-1]
		}
		state[t] = done
	}
	for _, t := range b.model.Types {
		if state[t] == unseen && len(t.Fields) > 0 {
			visit(t)
		}
	}
}

// maxArrayNesting bounds the arrays of arrays heldByValue looks through.
const maxArrayNesting = 64

// valueEdge is a member of from held by value.
type valueEdge struct {
	from  *NamedType
	field *Field
}

// heldByValue returns the struct or tuple type field f holds by value, or
// nil when what it holds ends a chain of values: a pointer, a slice, a map,
// an interface, a type the catalog chose.
func heldByValue(f *Field) *NamedType {
	if f.Holder == holdPointer {
		return nil
	}
	v := f.Value
	// [N]T holds its items by value; the bound stops at an array of
	// itself, which a slice or a named type would have to break.
	for range maxArrayNesting {
		if v == nil || v.Kind != kindArray || v.Custom != nil {
			break
		}
		v = v.Elem
	}
	if v == nil || v.Custom != nil || (v.Kind != kindStruct && v.Kind != kindTuple) {
		return nil
	}
	return v.Named
}

// cycleFrom returns the edges of path from the one leaving start.
func cycleFrom(path []valueEdge, start *NamedType) []valueEdge {
	for i, e := range path {
		if e.from == start {
			return path[i:]
		}
	}
	return nil
}

// reportValueCycle reports cycle at its first type's schema, in the tool
// that declares it.
func (b *builder) reportValueCycle(cycle []valueEdge) {
	if len(cycle) == 0 {
		return
	}
	first := cycle[0].from
	steps := make([]string, len(cycle))
	required := true
	for i, e := range cycle {
		steps[i] = fmt.Sprintf("%s.%s (%s) is of type %s", e.from.Name, e.field.GoName, memberLabel(e.from, e.field), heldByValue(e.field).Name)
		required = required && e.field.Required && e.field.Holder == holdValue && e.field.Default == nil
	}
	what := "no finite value is valid, since each must hold another"
	fix := "make one of them optional or nullable"
	if !required {
		what = "Go cannot declare a type that holds itself by value"
		fix = "take the default or the null from one of them, so that it is held by pointer"
	}
	b.diags = append(b.diags, b.cat.Diagnostic(catalog.Error, first.Tool, b.schemaBase(first)+first.Ptr,
		"%s holds itself by value: %s; %s; %s", first.Name, strings.Join(steps, ", "), what, fix))
}

// memberLabel names field in the schema: its member name, or its position
// in a tuple.
func memberLabel(t *NamedType, f *Field) string {
	if t.Tuple != nil {
		for i, g := range t.Fields {
			if g == f {
				return fmt.Sprintf("item %d", i)
			}
		}
	}
	return fmt.Sprintf("member %q", f.JSONName)
}

// schemaBase is the file pointer of the schema t is declared in.
func (b *builder) schemaBase(t *NamedType) string {
	for i := range b.cat.Tools {
		if tool := &b.cat.Tools[i]; tool.Name == t.Tool {
			if t.Schema == "output" {
				return tool.OutputSchemaPointer
			}
			return tool.SchemaPointer
		}
	}
	return ""
}
