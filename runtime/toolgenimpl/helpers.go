package toolgenimpl

// The functions below hold code that generated validators would otherwise
// repeat in every tool: a catalog of thousands of tools compiles in far less
// time when each repetition is one call.

// ToolIndex returns the function that finds a tool's position in table by
// name, or -1 for a name that is not there: what a generated package hands
// NewDispatcher. A map built once serves catalogs of any size, where a switch
// over the names would take the compiler time superlinear in their number.
func ToolIndex(table []ToolInfo) func(name string) int {
	index := make(map[string]int, len(table))
	for i := range table {
		index[table[i].Name] = i
	}
	return func(name string) int {
		if i, ok := index[name]; ok {
			return i
		}
		return -1
	}
}

// The results of NextMember that are not a declared member's index.
//
// Generated readers switch on the index rather than on the name: a switch
// of small integers compiles to a jump table, a switch of strings to a
// search of comparisons, which took a large catalog measurably longer to
// compile.
const (
	// OtherMember: the name is not one of the declared members.
	OtherMember = -1
	// EndOfObject: the object has no more members and has been read to its
	// end, or the reading stopped (NextMember only).
	EndOfObject = -3
)

// NextMember reads the name of the current object's next member and returns
// its index among members, the names of the object's declared members,
// marking it in seen; OtherMember for a name that is not declared; or, at
// the end of the object, reads the end and returns EndOfObject. A declared
// member sent again is recorded as a duplicate and skipped. It is More,
// Name, a lookup and EndObject in one call: a generated reader makes one call per member rather than three,
// and per member those calls cost as much as reading the name. After
// OtherMember, MemberName returns the name.
func (r *Reader) NextMember(members []string, seen []bool) int {
	if r.stopped {
		return EndOfObject
	}
	c := r.next()
	if c == '}' || len(r.frames) == 0 {
		r.end()
		return EndOfObject
	}
	f := &r.frames[len(r.frames)-1]
	// readName, written out for a name without escapes, as most are: a
	// call less per member.
	if start := r.pos; c == '"' {
		if end := r.strs.plainEnd(start); end >= 0 {
			r.name, r.pos, f.name = r.data[start+1:end-1], end, nameSpan{start, end}
		} else if !r.readName(c) {
			return EndOfObject
		}
	} else if !r.readName(c) {
		return EndOfObject
	}
	// Members mostly come in the order the schema declares them: the one
	// after the last found is tried first.
	i := f.next
	if i >= len(members) || members[i] != string(r.name) {
		i = memberIndex(r.name, members)
	}
	if i >= 0 {
		f.next = i + 1
	}
	return r.mark(i, members, seen)
}

// MemberName returns the unescaped name of the member NextMember or Name read
// last; valid until the next read.
func (r *Reader) MemberName() []byte { return r.name }

// memberIndex returns the index of name among members, or OtherMember.
func memberIndex(name []byte, members []string) int {
	for i, m := range members {
		if m == string(name) {
			return i
		}
	}
	return OtherMember
}

// repeatedMember is what NextMember returns for a declared member sent
// again, already recorded as a duplicate and skipped: generated readers
// have no case for it and go on to the next member.
const repeatedMember = -2

// mark marks the member at index i seen, or, if it was seen before,
// reports and skips the repeat.
func (r *Reader) mark(i int, members []string, seen []bool) int {
	if i >= 0 {
		if seen[i] {
			r.Duplicate(members[i])
			return repeatedMember
		}
		seen[i] = true
	}
	return i
}

// SkipOther skips the value of a member the schema does not declare, after
// checking through others, the names of such members read so far in the
// current object, that the name was not sent before.
func (r *Reader) SkipOther(others *Names, name []byte) {
	if !others.Add(name) {
		r.Duplicate(string(name))
		return
	}
	r.Skip()
}

// ReadEnum reads a string that must be one of values, the constants of a
// generated enum type, and returns the constant it equals, without
// allocating. Any other string is recorded as an enum violation that lists
// texts, the values as JSON.
func ReadEnum[E ~string](r *Reader, values []E, texts []string) (E, bool) {
	// StringBytes, written out: a call less on every enum read.
	v, ok := r.readString()
	if !ok || !r.withinLimit(v) {
		return "", false
	}
	for _, e := range values {
		if string(e) == string(v) {
			return e, true
		}
	}
	r.Enum(texts)
	return "", false
}
