package catalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/schema"
)

// OpenAPI's "discriminator" names the member whose value tells a "oneOf"
// or "anyOf" apart, and may map each value to an alternative. JSON Schema
// ignores it; toolgen finds the member itself (a required member with a
// different "const" in each alternative). A discriminator that says what
// the alternatives say (pydantic writes one beside every tagged union) is
// silent; one that disagrees warns with where it disagrees, since an
// OpenAPI reader of the same schema would choose differently.

// discriminatorMismatch returns "" when the discriminator of schema object
// n agrees with its alternatives, or what disagrees.
func (s *schemaLint) discriminatorMismatch(n *schema.Node) string {
	d := n.Member("discriminator")
	if d.Kind != '{' {
		return `"discriminator" is not an object`
	}
	prop := d.Member("propertyName")
	if prop == nil || prop.Kind != '"' {
		return `"discriminator" has no "propertyName" string`
	}
	keyword := "oneOf"
	alts := n.Member(keyword)
	if alts == nil {
		keyword = "anyOf"
		alts = n.Member(keyword)
	}
	if alts == nil || alts.Kind != '[' {
		return `there is no "oneOf" or "anyOf" beside it to choose among`
	}
	// The value of the property in each alternative, and its $ref.
	values := make([]string, len(alts.Items))
	refs := make([]string, len(alts.Items))
	for i, alt := range alts.Items {
		target, ref := s.followRef(alt)
		refs[i] = ref
		what := fmt.Sprintf("alternative %d of %q", i+1, keyword)
		if ref != "" {
			what += fmt.Sprintf(" (%s)", ref)
		}
		if target == nil {
			return what + " cannot be followed"
		}
		v, why := constString(target, prop.Str)
		if why != "" {
			return fmt.Sprintf("%s %s", what, why)
		}
		if j := slices.Index(values[:i], v); j >= 0 {
			return fmt.Sprintf("%s gives %q the value %q, as alternative %d does", what, prop.Str, v, j+1)
		}
		values[i] = v
	}
	mapping := d.Member("mapping")
	if mapping == nil {
		return ""
	}
	if mapping.Kind != '{' {
		return `"mapping" is not an object`
	}
	for _, m := range mapping.Members {
		if m.Value.Kind != '"' {
			return fmt.Sprintf("mapping %q is not a string", m.Name)
		}
		i := slices.IndexFunc(refs, func(r string) bool { return r != "" && mapsTo(m.Value.Str, r) })
		switch {
		case i < 0:
			return fmt.Sprintf("mapping %q names %q, which is none of the alternatives of %q", m.Name, m.Value.Str, keyword)
		case values[i] != m.Name:
			return fmt.Sprintf("mapping %q names %s, whose %q is %q", m.Name, refs[i], prop.Str, values[i])
		}
	}
	return ""
}

// mapsTo reports whether a mapping value names the alternative that refers
// to ref: the reference itself, or, as OpenAPI allows, a schema's name,
// the last segment of the reference.
func mapsTo(value, ref string) bool {
	if value == ref {
		return true
	}
	return !strings.ContainsAny(value, "#/") && strings.HasSuffix(ref, "/"+value)
}

// followRef returns the schema an alternative stands for: the target of
// its "$ref" when it is a reference alone (with the reference), else the
// alternative itself. The target is nil when the reference does not
// resolve (Lint reports that apart).
func (s *schemaLint) followRef(alt *schema.Node) (*schema.Node, string) {
	ref := alt.Member("$ref")
	if alt.Kind != '{' || ref == nil || ref.Kind != '"' || alt.Place == nil {
		return alt, ""
	}
	target, err := s.reg.Resolve(alt, ref.Str)
	if err != nil {
		return nil, ref.Str
	}
	return target, ref.Str
}

// constString returns the one string schema n allows for its property
// name ("const", or "enum" of one string), or why it has none.
func constString(n *schema.Node, name string) (string, string) {
	props := n.Member("properties")
	var p *schema.Node
	if props != nil && props.Kind == '{' {
		p = props.Member(name)
	}
	if p == nil || p.Kind != '{' {
		return "", fmt.Sprintf("does not declare the property %q", name)
	}
	if c := p.Member("const"); c != nil {
		if c.Kind != '"' {
			return "", fmt.Sprintf("declares the property %q with a \"const\" that is not a string", name)
		}
		return c.Str, ""
	}
	if e := p.Member("enum"); e != nil && e.Kind == '[' && len(e.Items) == 1 && e.Items[0].Kind == '"' {
		return e.Items[0].Str, ""
	}
	return "", fmt.Sprintf("declares the property %q with no \"const\" (nor an \"enum\" of one string)", name)
}
