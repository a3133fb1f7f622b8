package ecma

import (
	"regexp/syntax"
	"unicode"
)

// maxWork bounds the search prefixFree makes, in instructions and pairs of
// them visited; past it the answer is "not proven", and the lookahead
// after the prefix is refused.
const maxWork = 1 << 18

// prefixFree reports whether no string that the RE2 text re matches is a
// proper prefix of another one it matches, so that in any input a match of
// re from the start ends at one place at most. It runs two copies of re's
// automaton on one input: the first reaching a match and the second going
// on to read at least one more character and match again disproves it.
// Empty-width assertions (\A, \z, \b) are taken to hold everywhere: that
// can only add strings, and a language with more strings that is prefix-free
// proves the smaller one so.
func prefixFree(re string) bool {
	prog, ok := program(re)
	if !ok || len(prog.Inst) > maxWork/64 {
		return false
	}
	a := automaton{prog: prog, closures: map[uint32][]uint32{}}
	work := 0
	type state struct {
		first, second uint32
		phase         uint8 // 0: both reading; 1: the first matched; 2: and the second read on
	}
	seen := map[state]bool{}
	var queue []state
	push := func(s state) {
		work++
		if !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	start := a.closure(uint32(prog.Start))
	for _, x := range start {
		for _, y := range start {
			push(state{x, y, 0})
		}
	}
	for len(queue) > 0 {
		if work+a.work > maxWork {
			return false
		}
		s := queue[0]
		queue = queue[1:]
		second := &prog.Inst[s.second]
		if s.phase > 0 {
			if s.phase == 2 && second.Op == syntax.InstMatch {
				return false
			}
			if a.reads(second) != nil {
				for _, y := range a.closure(second.Out) {
					push(state{0, y, 2})
				}
			}
			continue
		}
		first := &prog.Inst[s.first]
		if first.Op == syntax.InstMatch {
			push(state{0, s.second, 1})
			continue
		}
		if !overlap(a.reads(first), a.reads(second)) {
			continue
		}
		for _, x := range a.closure(first.Out) {
			for _, y := range a.closure(second.Out) {
				push(state{x, y, 0})
			}
		}
	}
	return true
}

// automaton is a compiled RE2 program read as an automaton on code points.
type automaton struct {
	prog     *syntax.Prog
	closures map[uint32][]uint32
	work     int // instructions visited for closures
}

// closure returns the instructions that read a character or match,
// reachable from pc without reading one.
func (a *automaton) closure(pc uint32) []uint32 {
	if c, ok := a.closures[pc]; ok {
		return c
	}
	var out []uint32
	seen := map[uint32]bool{}
	stack := []uint32{pc}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		a.work++
		switch inst := &a.prog.Inst[pc]; inst.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, inst.Arg, inst.Out)
		case syntax.InstCapture, syntax.InstNop, syntax.InstEmptyWidth:
			stack = append(stack, inst.Out)
		case syntax.InstFail:
		default: // InstMatch and the instructions that read
			out = append(out, pc)
		}
	}
	a.closures[pc] = out
	return out
}

// anyRune is every code point, as pairs of bounds.
var anyRune = []rune{0, unicode.MaxRune}

// reads returns the code points inst reads, as sorted pairs of bounds; nil
// for an instruction that reads none.
func (a *automaton) reads(inst *syntax.Inst) []rune {
	switch inst.Op {
	case syntax.InstRune1:
		return []rune{inst.Rune[0], inst.Rune[0]}
	case syntax.InstRune:
		if len(inst.Rune) == 1 || syntax.Flags(inst.Arg)&syntax.FoldCase != 0 {
			return anyRune // folded case: any rune will do for a proof
		}
		return inst.Rune
	case syntax.InstRuneAny:
		return anyRune
	case syntax.InstRuneAnyNotNL:
		return []rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}
	}
	return nil
}

// overlap reports whether two sets of code points, as sorted pairs of
// bounds, share one.
func overlap(x, y []rune) bool {
	for i, j := 0, 0; i+1 < len(x) && j+1 < len(y); {
		switch {
		case x[i+1] < y[j]:
			i += 2
		case y[j+1] < x[i]:
			j += 2
		default:
			return true
		}
	}
	return false
}
