// Package lookaround matches regular expressions with lookahead and
// lookbehind assertions, which Go's regexp does not run, in time linear in
// the input: O(input length × pattern size), with no backtracking.
//
// A pattern is written in Go's regexp syntax, with an empty group named
// L1, L2, ... standing for each assertion:
//
//	\A(?P<L1>)[+\-]?0*\d+    with L1 the negative lookahead of \A[+\-]*\z
//
// Each assertion's body is written the same way, and may itself hold
// assertions of higher numbers (nested ones). Matching takes one pass over
// the input per assertion and one for the pattern:
//
//   - a lookahead holds at position i when its body matches from i on.
//     The body's automaton, built from the body reversed, is run from the
//     end of the input to its start, a new thread starting at every
//     position; it reaches its match state at i exactly when the body
//     matches a part of the input starting at i.
//   - a lookbehind is the mirror image: the body's own automaton, run from
//     the start, reaches its match state at i when the body matches a part
//     ending at i.
//   - the pattern's automaton is then run as a Thompson (Pike) simulation,
//     an assertion being an empty-width test of the bit its pass set at the
//     current position.
//
// Assertions are decided inner first (from the last to the first, nested
// ones having higher numbers), so that a body's own assertions are known
// when its pass reads them. Each pass keeps one set of automaton states
// per position, each state visited at most once per position: the work is
// the input length times the size of the automata, whatever the input.
//
// Positions count code points; invalid UTF-8 reads as U+FFFD one byte at a
// time, as Go's regexp reads it. ^, $, \A, \z and \b test the input around
// the position (not the direction of a pass), so a body's anchors mean in
// a pass what they mean in the pattern.
package lookaround

import (
	"fmt"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Assertion is one lookaround of a pattern.
type Assertion struct {
	// Behind selects a lookbehind, (?<=...) or (?<!...): the body must match
	// a part of the input that ends where the assertion stands. Otherwise it
	// is a lookahead, (?=...) or (?!...): a part that starts there.
	Behind bool
	// Negated selects (?!...) or (?<!...): the assertion holds where the
	// body does not match.
	Negated bool
	// RE2 is the body in Go's regexp syntax, its own assertions written as
	// in the pattern.
	RE2 string
}

// Regexp is a compiled pattern with assertions. It is safe for concurrent
// use.
type Regexp struct {
	main       *program
	assertions []*program // assertions[k] decides assertion k+1
	pool       sync.Pool  // of *machine
}

// program is one automaton: the pattern's, or an assertion's body, reversed
// for a lookahead.
type program struct {
	inst     []inst
	start    uint32
	injectAt injection
	negated  bool // for an assertion's body
	backward bool // run from the end of the input to its start
}

// inst is an instruction of a compiled syntax.Prog, with what a pass needs
// of it at hand.
type inst struct {
	op       syntax.InstOp
	out, arg uint32
	// assert is, for the instruction that opens a placeholder group, the
	// index of its assertion; -1 for every other instruction.
	assert int32
	// ascii has bit c set when the instruction reads the ASCII character
	// c; others are read by orig.
	ascii [2]uint64
	orig  *syntax.Inst
}

// injection says where a pass starts a thread: at every position, or only
// at one end of the input when the automaton begins with \A or \z.
type injection uint8

const (
	everywhere injection = iota
	atStart
	atEnd
	nowhere // the automaton matches nothing
)

// Compile reads a pattern and its assertions, numbered from 1 in the
// order given.
func Compile(re string, assertions ...Assertion) (*Regexp, error) {
	r := &Regexp{}
	var err error
	if r.main, err = compileProgram(re, false, 0, len(assertions)); err != nil {
		return nil, fmt.Errorf("lookaround: pattern %q: %w", re, err)
	}
	for i, a := range assertions {
		p, err := compileProgram(a.RE2, !a.Behind, i+1, len(assertions))
		if err != nil {
			return nil, fmt.Errorf("lookaround: assertion L%d %q: %w", i+1, a.RE2, err)
		}
		p.negated = a.Negated
		r.assertions = append(r.assertions, p)
	}
	return r, nil
}

// MustCompile is Compile for patterns known to be valid, such as those of
// generated code; it panics on an error.
func MustCompile(re string, assertions ...Assertion) *Regexp {
	r, err := Compile(re, assertions...)
	if err != nil {
		panic(err)
	}
	return r
}

// compileProgram compiles the pattern (self 0) or the body of assertion
// self, which may refer only to assertions after it, of n in all.
func compileProgram(re string, reversed bool, self, n int) (*program, error) {
	parsed, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return nil, err
	}
	caps := map[int]int32{} // capture index -> assertion index
	if err := placeholders(parsed, self, n, caps); err != nil {
		return nil, err
	}
	if reversed {
		reverse(parsed)
	}
	prog, err := syntax.Compile(parsed.Simplify())
	if err != nil {
		return nil, err
	}
	p := &program{inst: make([]inst, len(prog.Inst)), start: uint32(prog.Start), backward: reversed}
	for pc := range prog.Inst {
		orig := &prog.Inst[pc]
		in := inst{op: orig.Op, out: orig.Out, arg: orig.Arg, assert: -1, orig: orig}
		if k, ok := caps[int(orig.Arg/2)]; ok && orig.Op == syntax.InstCapture && orig.Arg%2 == 0 {
			in.assert = k
		}
		switch orig.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			for c := rune(0); c < utf8.RuneSelf; c++ {
				if readsRune(orig, c) {
					in.ascii[c/64] |= 1 << (c % 64)
				}
			}
		}
		p.inst[pc] = in
	}
	switch cond := prog.StartCond(); {
	case cond == ^syntax.EmptyOp(0): // the start fails
		p.injectAt = nowhere
	case cond&syntax.EmptyBeginText != 0:
		p.injectAt = atStart
	case cond&syntax.EmptyEndText != 0:
		p.injectAt = atEnd
	}
	return p, nil
}

// placeholders checks that every group of re is an empty group named Ln,
// n an assertion after self, and records each group's assertion index.
func placeholders(re *syntax.Regexp, self, n int, caps map[int]int32) error {
	if re.Op == syntax.OpCapture {
		k, err := strconv.Atoi(strings.TrimPrefix(re.Name, "L"))
		switch {
		case !strings.HasPrefix(re.Name, "L") || err != nil || k < 1 || k > n:
			return fmt.Errorf("group %q is not an assertion L1 to L%d", re.Name, n)
		case k <= self:
			return fmt.Errorf("assertion L%d holds L%d: an assertion may hold only those after it", self, k)
		case re.Sub[0].Op != syntax.OpEmptyMatch:
			return fmt.Errorf("group %q, an assertion, is not empty", re.Name)
		}
		caps[re.Cap] = int32(k - 1)
	}
	for _, sub := range re.Sub {
		if err := placeholders(sub, self, n, caps); err != nil {
			return err
		}
	}
	return nil
}

// reverse turns re into the expression that matches the reverse of each
// string re matches, with its empty-width assertions where they were.
func reverse(re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpConcat:
		slices.Reverse(re.Sub)
	case syntax.OpLiteral:
		slices.Reverse(re.Rune)
	}
	for _, sub := range re.Sub {
		reverse(sub)
	}
}

// MatchString reports whether the pattern matches anywhere in s.
func (r *Regexp) MatchString(s string) bool {
	m := r.machine(s)
	defer r.pool.Put(m)
	return m.run(0)
}

func (r *Regexp) machine(s string) *machine {
	m, _ := r.pool.Get().(*machine)
	if m == nil {
		m = &machine{r: r, passes: make([]pass, 1+len(r.assertions))}
	}
	m.load(s)
	return m
}

// machine is the state of one match: the input as code points, the bits
// the assertions' passes set, and each pass's sets of states.
type machine struct {
	r      *Regexp
	in     []rune
	holds  []uint64 // assertion k's bit at position i is bit k*stride*64+i
	stride int      // words per assertion
	done   []bool   // assertion k's pass has run
	passes []pass   // the pattern's, then each assertion's
	steps  int      // states visited, for tests of the work done
}

// pass is what one pass over the input steps between: the states at the
// position and at the next one, and a stack for following empty moves.
// Each program has its own, since an assertion's pass runs the first time
// another pass asks for one of its bits.
type pass struct {
	cur, next stateSet
	stack     []uint32
}

func (m *machine) load(s string) {
	m.in = m.in[:0]
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		m.in = append(m.in, c)
		i += size
	}
	k := len(m.r.assertions)
	m.stride = (len(m.in) + 64) / 64
	m.holds = slices.Grow(m.holds[:0], k*m.stride)[:k*m.stride]
	clear(m.holds)
	m.done = slices.Grow(m.done[:0], k)[:k]
	clear(m.done)
	m.steps = 0
}

// holdsAt reports whether assertion k holds at position i, running the
// assertion's pass the first time it is asked.
func (m *machine) holdsAt(k int32, i int) bool {
	bits := m.holds[int(k)*m.stride : int(k+1)*m.stride]
	if !m.done[k] {
		m.done[k] = true
		m.run(int(k) + 1)
		if m.r.assertions[k].negated {
			for j := range bits {
				bits[j] = ^bits[j]
			}
		}
	}
	return bits[i/64]&(1<<(i%64)) != 0
}

// run makes the pass of program index (0 for the pattern, k+1 for assertion
// k) over the input. The pattern's pass reports whether it matches
// anywhere, stopping at the first match; an assertion's sets its bit at
// every position where its match state is reached (the ends, in the
// direction of the pass, of the body's matches) and returns false.
func (m *machine) run(index int) bool {
	p, ps := m.r.main, &m.passes[index]
	var out []uint64
	if index > 0 {
		p = m.r.assertions[index-1]
		out = m.holds[(index-1)*m.stride : index*m.stride]
	}
	n := len(m.in)
	ps.cur.reset(len(p.inst))
	ps.next.reset(len(p.inst))
	pos, end, dir := 0, n, 1
	if p.backward {
		pos, end, dir = n, 0, -1
	}
	for {
		if p.injects(pos, n) {
			m.add(ps, &ps.cur, p, p.start, pos)
		}
		if ps.cur.matched {
			if out == nil {
				return true
			}
			out[pos/64] |= 1 << (pos % 64)
		}
		if pos == end {
			return false
		}
		if len(ps.cur.dense) == 0 {
			// No thread runs: skip to the next position where one starts.
			next, ok := p.nextInjection(pos, n, dir)
			if !ok {
				return false
			}
			if next != pos+dir {
				pos = next
				continue
			}
		}
		var c rune
		if p.backward {
			c = m.in[pos-1]
		} else {
			c = m.in[pos]
		}
		ps.next.clear()
		for _, pc := range ps.cur.dense {
			in := &p.inst[pc]
			m.steps++
			if in.reads(c) {
				m.add(ps, &ps.next, p, in.out, pos+dir)
			}
		}
		ps.cur, ps.next = ps.next, ps.cur
		pos += dir
	}
}

// injects reports whether a pass starts a thread at pos.
func (p *program) injects(pos, n int) bool {
	switch p.injectAt {
	case everywhere:
		return true
	case atStart:
		return pos == 0
	case atEnd:
		return pos == n
	}
	return false
}

// nextInjection returns the next position after pos, in the direction dir,
// where a pass starts a thread.
func (p *program) nextInjection(pos, n, dir int) (int, bool) {
	switch p.injectAt {
	case everywhere:
		return pos + dir, true
	case atStart:
		return 0, dir < 0
	case atEnd:
		return n, dir > 0
	}
	return 0, false
}

// reads reports whether the instruction reads c.
func (in *inst) reads(c rune) bool {
	if c < utf8.RuneSelf {
		return in.ascii[c/64]&(1<<(c%64)) != 0
	}
	return readsRune(in.orig, c)
}

func readsRune(inst *syntax.Inst, c rune) bool {
	switch inst.Op {
	case syntax.InstRune, syntax.InstRune1:
		return inst.MatchRune(c)
	case syntax.InstRuneAny:
		return true
	case syntax.InstRuneAnyNotNL:
		return c != '\n'
	}
	return false
}

// add puts pc in set, with every state reachable from it without reading,
// as they stand at position pos. The pattern's pass stops at its match
// state, which is all it asks for: an assertion further down the same
// closure may then never need its pass.
func (m *machine) add(ps *pass, set *stateSet, p *program, pc uint32, pos int) {
	var context syntax.EmptyOp
	haveContext := false
	ps.stack = append(ps.stack[:0], pc)
	for len(ps.stack) > 0 {
		pc := ps.stack[len(ps.stack)-1]
		ps.stack = ps.stack[:len(ps.stack)-1]
		if set.has(pc) {
			continue
		}
		set.insert(pc)
		m.steps++
		in := &p.inst[pc]
		switch in.op {
		case syntax.InstAlt, syntax.InstAltMatch:
			ps.stack = append(ps.stack, in.arg, in.out)
		case syntax.InstNop:
			ps.stack = append(ps.stack, in.out)
		case syntax.InstCapture:
			if in.assert < 0 || m.holdsAt(in.assert, pos) {
				ps.stack = append(ps.stack, in.out)
			}
		case syntax.InstEmptyWidth:
			if !haveContext {
				context, haveContext = m.context(pos), true
			}
			if syntax.EmptyOp(in.arg)&^context == 0 {
				ps.stack = append(ps.stack, in.out)
			}
		case syntax.InstMatch:
			set.matched = true
			if p == m.r.main {
				return
			}
		}
	}
}

// context returns the empty-width assertions that hold at pos.
func (m *machine) context(pos int) syntax.EmptyOp {
	before, after := rune(-1), rune(-1)
	if pos > 0 {
		before = m.in[pos-1]
	}
	if pos < len(m.in) {
		after = m.in[pos]
	}
	return syntax.EmptyOpContext(before, after)
}

// stateSet is a set of automaton states with constant-time insertion,
// membership and clearing (a sparse set), and whether the match state is
// among them.
type stateSet struct {
	sparse  []uint32
	dense   []uint32
	matched bool
}

func (s *stateSet) reset(size int) {
	if cap(s.sparse) < size {
		s.sparse = make([]uint32, size)
		s.dense = make([]uint32, 0, size)
	}
	s.sparse = s.sparse[:size]
	s.clear()
}

func (s *stateSet) clear() {
	s.dense = s.dense[:0]
	s.matched = false
}

func (s *stateSet) has(pc uint32) bool {
	i := s.sparse[pc]
	return int(i) < len(s.dense) && s.dense[i] == pc
}

func (s *stateSet) insert(pc uint32) {
	s.sparse[pc] = uint32(len(s.dense))
	s.dense = append(s.dense, pc)
}
