package gen

import "cmp"

// Generated code grows linearly with the catalog (docs/SECURITY.md, "Bounded
// work"). The builder makes one Value per schema however many paths reach it
// (a $ref, a union's alternatives); this pass makes sure the code written for
// a value is not copied per path either, and that no Go type expression or
// reader nests without bound:
//
//   - a value read at several places whose reading is more than a few lines
//     gets a function of its own, which each place calls;
//   - a slice or map whose Go type would nest maxNesting levels or more, or
//     contain itself, gets a type of its own, read by its own function;
//   - a reader that would nest maxNesting levels or more calls a function
//     for what lies deeper.
//
// Each value is then written out once, and each place that reads it costs at
// most a bounded number of lines.

// maxNesting bounds the levels a Go type expression ([][]string) or a
// reader's loops nest before the value inside gets a declaration of its own:
// without a bound, the type of an array nested n deep would be written at
// each of its n levels, and its reader indented n times, growing the file
// with the square of n.
const maxNesting = 8

// maxSharedCost bounds what reading a value may cost, in the units of
// readCost, and still be written out at each of several places that read it
// rather than in a function of its own.
const maxSharedCost = 12

// share decides which values get a type or a reader of their own, and names
// them, once the model is built.
func (b *builder) share() {
	p := &sharing{uses: map[*Value]int{}, owner: map[*Value]*NamedType{}, depth: map[*Value]int{}, cost: map[*Value]int{}, nesting: map[*Value]int{}, onPath: map[*Value]bool{}}
	for _, t := range b.model.Types {
		for _, f := range t.Fields {
			p.use(f.Value, t)
		}
		for _, m := range t.members() {
			p.use(m, t)
		}
	}
	// In the order met, inner values before the values that hold them, so
	// that what is decided for a value counts in what holds it.
	for _, v := range p.order {
		p.typeDepth(v)
	}
	for _, v := range p.order {
		p.readNesting(v)
		if p.uses[v] > 1 && v.Reader == "" && v.Custom == nil && p.readCost(v) > maxSharedCost {
			p.read(v)
		}
	}
	// Names are claimed last, in the order the values were met, so that
	// every name the builder gave before stays as it was.
	for _, v := range p.declared {
		v.Declared = b.typeName(cmp.Or(v.Name, "Value"))
		b.model.Declared = append(b.model.Declared, &Shared{Value: v, In: p.owner[v]})
	}
	for _, v := range p.readers {
		v.Reader = b.names.claim("read" + readerName(v))
		b.model.Readers = append(b.model.Readers, &Shared{Value: v, In: p.owner[v]})
	}
}

// readerName is what the reader of v is named after: its type's name.
func readerName(v *Value) string {
	switch {
	case v.Declared != "" && v.Declared != "-":
		return v.Declared
	case v.Union != nil && v.Union.Type != "":
		return v.Union.Type
	case v.Sealed != nil:
		return v.Sealed.Interface
	case v.Name != "":
		return v.Name
	}
	return "Value"
}

// Shared is a value with a declaration of its own: a type or a reader.
type Shared struct {
	Value *Value
	In    *NamedType // the struct whose schema it was first met in
}

// sharing is the state of share.
type sharing struct {
	order    []*Value       // every value held or read, inner values first
	uses     map[*Value]int // places that read each
	owner    map[*Value]*NamedType
	depth    map[*Value]int // levels of its Go type expression
	nesting  map[*Value]int // levels of loops its reader nests
	cost     map[*Value]int // readCost
	onPath   map[*Value]bool
	declared []*Value
	readers  []*Value
}

// use counts one place that reads v, met in the schema of struct t, and,
// the first time, the places v's own reading reads: its items or values, a
// sealed union's variants, a union's alternatives.
func (p *sharing) use(v *Value, t *NamedType) {
	v = v.plain()
	p.uses[v]++
	if p.uses[v] > 1 {
		return
	}
	p.owner[v] = t
	for _, c := range parts(v) {
		p.use(c, t)
	}
	p.order = append(p.order, v)
}

// read gives v a reader of its own.
func (p *sharing) read(v *Value) {
	if v.Reader == "" {
		v.Reader = "-" // named in share, once every decision is made
		p.readers = append(p.readers, v)
	}
}

// parts are the values whose reading v's reading contains.
func parts(v *Value) []*Value {
	var out []*Value
	if v.Elem != nil {
		out = append(out, v.Elem)
	}
	if v.Sealed != nil {
		for _, variant := range v.Sealed.Variants {
			out = append(out, variant.Value)
		}
	}
	if v.Union != nil {
		for _, a := range v.Union.Alternatives {
			out = append(out, a.Value)
		}
	}
	return out
}

// typeDepth returns how many levels of slices and maps v's Go type
// expression nests, declaring a type for v where they would reach maxNesting or
// where v's type would contain itself.
func (p *sharing) typeDepth(v *Value) int {
	v = v.plain()
	if v.Custom != nil || v.Declared != "" || v.Kind != kindSlice && v.Kind != kindMap {
		return 0
	}
	if d, ok := p.depth[v]; ok {
		return d
	}
	if p.onPath[v] {
		p.declare(v) // a type that contains itself must have a name
		return 0
	}
	p.onPath[v] = true
	d := 1 + p.typeDepth(v.Elem)
	delete(p.onPath, v)
	if d >= maxNesting {
		p.declare(v)
	}
	if v.Declared != "" {
		d = 0
	}
	p.depth[v] = d
	return d
}

// declare gives v a type of its own, and so a reader of its own.
func (p *sharing) declare(v *Value) {
	if v.Declared == "" {
		v.Declared = "-"
		p.declared = append(p.declared, v)
		p.read(v)
	}
}

// readNesting returns how many levels of loops reading v nests where it is
// read, giving v a reader of its own where they would reach maxNesting.
func (p *sharing) readNesting(v *Value) int {
	v = v.plain()
	if v.Reader != "" || v.Custom != nil {
		return 0
	}
	if d, ok := p.nesting[v]; ok {
		return d
	}
	if p.onPath[v] {
		// Read inside its own reading (a union of itself in an array): it
		// needs a reader of its own, which the inner reading calls.
		p.read(v)
		return 0
	}
	p.onPath[v] = true
	defer delete(p.onPath, v)
	d := 0
	switch v.Kind {
	case kindSlice, kindMap:
		d = 1 + p.readNesting(v.Elem)
	case kindArray:
		d = 1 // the positions are scalars
		if v.Rest != nil {
			d += p.readNesting(v.Rest)
		}
	case kindSealed:
		for _, variant := range v.Sealed.Variants {
			d = max(d, 1+p.readNesting(variant.Value))
		}
	}
	if d >= maxNesting {
		p.read(v)
		d = 0
	}
	p.nesting[v] = d
	return d
}

// readCost estimates the lines that reading v writes where it is read: one
// for a call, more for each check, each literal an enum compares with, each
// alternative of a union and what reading an item or a variant costs.
func (p *sharing) readCost(v *Value) int {
	v = v.plain()
	if v.Reader != "" {
		return 1
	}
	if c, ok := p.cost[v]; ok {
		return c
	}
	p.cost[v] = 1 // a value met again inside itself is read by a call
	c := 1 + checkCount(v)
	switch v.Kind {
	case kindSlice, kindMap:
		c += 2 + p.readCost(v.Elem)
	case kindArray:
		for _, pos := range v.Positions {
			c += 1 + p.readCost(pos)
		}
		if v.Rest != nil {
			c += 1 + p.readCost(v.Rest)
		}
	case kindSealed:
		for _, variant := range v.Sealed.Variants {
			c += 1 + p.readCost(variant.Value)
		}
	case kindRaw:
		if v.Union != nil {
			c += 3 * len(v.Union.Alternatives)
		}
		c += len(v.Kinds)
	}
	p.cost[v] = c
	return c
}

// checkCount counts the checks of v and the literals they compare with.
func checkCount(v *Value) int {
	n := len(v.Enum)
	for _, set := range []bool{
		v.Const != nil, v.Minimum != nil, v.Maximum != nil, v.ExclusiveMinimum != nil, v.ExclusiveMaximum != nil,
		v.MultipleOf != "", v.MinLength != nil || v.MaxLength != nil, v.Pattern != nil, v.Format != "" || v.AnyFormat != nil,
		v.MinItems != nil || v.MaxItems != nil, v.UniqueItems, v.Custom != nil,
	} {
		if set {
			n++
		}
	}
	return n
}
