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

// Repeated marks a declared member of the current object as read, through
// seen, and reports whether it had been read before: then it records the
// duplicate and skips the value, and the caller goes on to the next member.
//
// It is kept out of line on purpose: inlined, it would put its body back
// into every member of every generated reader, which is what the call is
// there to avoid, for a nanosecond saved.
//
//go:noinline
func (r *Reader) Repeated(seen *bool, name string) bool {
	if !*seen {
		*seen = true
		return false
	}
	r.Duplicate(name)
	return true
}

// The results of Member and NextMember that are not a declared member's index.
const (
	// OtherMember: the name is not one of the declared members.
	OtherMember = -1
	// RepeatedMember: a declared member sent again, already recorded as a
	// duplicate and skipped.
	RepeatedMember = -2
	// EndOfObject: the object has no more members and has been read to its
	// end, or the reading stopped (NextMember only).
	EndOfObject = -3
)

// NextMember reads the name of the current object's next member and
// returns what Member returns for it, or, at the end of the object, reads
// the end and returns EndOfObject. It is More, Name, Member and EndObject in
// one call: a generated reader makes one call per member rather than three,
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

// Member finds name among members, the names of the current object's
// declared members, and returns its index, marking it in seen, for the
// generated reader to switch on. A member read before is recorded as a
// duplicate and skipped (RepeatedMember); a name that is not declared is left
// to the caller (OtherMember).
//
// Generated readers switch on the index rather than on the name: a switch
// of small integers compiles to a jump table, a switch of strings to a
// search of comparisons, which took a large catalog measurably longer to
// compile.
func (r *Reader) Member(name []byte, members []string, seen []bool) int {
	return r.mark(memberIndex(name, members), members, seen)
}

// memberIndex returns the index of name among members, or OtherMember.
func memberIndex(name []byte, members []string) int {
	for i, m := range members {
		if m == string(name) {
			return i
		}
	}
	return OtherMember
}

// mark marks the member at index i seen, or, if it was seen before,
// reports and skips the repeat.
func (r *Reader) mark(i int, members []string, seen []bool) int {
	if i >= 0 {
		if seen[i] {
			r.Duplicate(members[i])
			return RepeatedMember
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
