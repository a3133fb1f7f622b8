package toolgenimpl

import (
	"slices"

	"github.com/toolgen/toolgen/runtime"
)

// A schema that several others apply to the same value (two references to
// one definition under allOf, one alternative of two anyOfs, ...) would be
// checked once per way of reaching it, and chains of such schemas double
// the work at every level: forty levels of two definitions each are 2^40
// checks of one empty object. The generator marks those schemas, and their
// functions run through Once: the first run on a value is remembered, with
// its verdict, the violations it reported, the problems it counted inside a
// sensitive value and the members or items it evaluated, and every later
// run on the same value in the same check replays them. The work of a check is then at most in proportion to the
// schema's size times the value's.

// checkMore is what only checks of some schemas need: what the schema
// functions run through Once have found, and the dynamic scope.
type checkMore struct {
	runs    map[memoKey]memoRun
	dynamic dynamicScope
}

// memoKey is one run of a schema function: which function, on which value,
// where the value is with respect to a sensitive value (which changes how
// violations read and which are counted rather than recorded, see
// secretPlace) and, for functions that follow $dynamicRef, in which dynamic
// scope.
type memoKey struct {
	fn     int32
	scope  int32
	secret secretPlace
	x      *Value
}

// secretPlace is where a check is with respect to the sensitive values
// around it: outside all of them, at the outermost one, or inside it,
// below its position; or outside them, at a value that holds some (see
// BeginHoldingSecrets). Where a run starts, so placed, decides where every
// place it reaches is, since inside a sensitive value positions only go
// deeper: which violations are recorded and which counted, and which show
// the value.
type secretPlace uint8

const (
	inTheOpen secretPlace = iota
	atSecret
	belowSecret
	holdingSecrets
)

func (c *Check) secretPlace() secretPlace {
	switch {
	case c.sensitive == 0 && c.holder == len(c.steps)+1:
		return holdingSecrets
	case c.sensitive == 0:
		return inTheOpen
	case c.below():
		return belowSecret
	}
	return atSecret
}

// memoRun is what a run found: its verdict, the members or items it
// evaluated (nil unless it was asked to record them) and as much of its
// violations as its report mode kept (see kept): the first one's hint, or
// the first runtime.MaxViolations and how many there were, and the problems
// it counted inside a sensitive value around it (see secret.go), which
// the check adds to those it counts there.
type memoRun struct {
	ok         bool
	kept       reportMode
	found      bool // it reported a violation that is recorded, not counted
	marks      *Evaluated
	firstHint  string
	violations []runtime.Violation
	reported   int
	hidden     secret
}

// serves reports whether the run can stand for one in report mode mode:
// whether it kept what that mode keeps. A valid value has no violations to
// keep.
func (r *memoRun) serves(mode reportMode, ev *Evaluated) bool {
	return (ev == nil || r.marks != nil) && (r.ok || r.kept <= mode)
}

// Once runs eval, the schema function numbered fn, on x, unless it already
// ran on x in this check; then it reports again the violations it reported,
// counts again what it counted inside a sensitive value, marks in ev what it
// evaluated and returns its verdict, without running. Generated code calls
// it for the schemas that several others apply to the same value, and only
// for those.
func (c *Check) Once(fn int, eval SchemaFunc, x *Value, ev *Evaluated) bool {
	return c.once(memoKey{fn: int32(fn), x: x, secret: c.secretPlace()}, eval, x, ev)
}

// OnceInScope is Once for a schema function whose verdict may depend on the
// dynamic scope, which $dynamicRef consults: a run is remembered for the
// scope it ran in.
func (c *Check) OnceInScope(fn int, eval SchemaFunc, x *Value, ev *Evaluated) bool {
	return c.once(memoKey{fn: int32(fn), scope: c.scopeKey(), x: x, secret: c.secretPlace()}, eval, x, ev)
}

func (c *Check) once(key memoKey, eval SchemaFunc, x *Value, ev *Evaluated) bool {
	m := c.moreState()
	last, found := m.runs[key]
	if found && last.serves(c.mode, ev) {
		ev.Merge(last.marks)
		if !last.ok {
			c.replay(&last)
		}
		return last.ok
	}
	run := c.run(eval, x, ev)
	if found {
		// Keep what the last run knew and this one does not.
		if run.marks == nil {
			run.marks = last.marks
		}
		if last.kept < run.kept {
			run.kept, run.found, run.firstHint, run.violations, run.reported, run.hidden = last.kept, last.found, last.firstHint, last.violations, last.reported, last.hidden
		}
	}
	m.runs[key] = run
	ev.Merge(run.marks)
	return run.ok
}

// run runs eval on x and returns what it found, having reported it as a
// run of eval would. What it counts inside a sensitive value is counted
// apart, then added to what the check counted before: counting is
// associative, so the sum is what counting on would have made.
func (c *Check) run(eval SchemaFunc, x *Value, ev *Evaluated) memoRun {
	run := memoRun{kept: c.mode}
	if ev != nil {
		run.marks = NewEvaluated(x)
	}
	if c.mode == discarding {
		run.ok = eval(c, x, run.marks)
		return run
	}
	outer := c.secret
	c.secret = secret{}
	if c.mode == recording {
		// The run's violations are those recorded while it ran: the check
		// records only the first runtime.MaxViolations, and never drops one,
		// so a run that could not record all of its own ran with the record
		// full, and so does every run after it, which then records nothing
		// that a replay could miss, and whose hints, however a replay would
		// capture them, end in violations that are dropped.
		mark, reported := len(c.violations), c.reported
		run.ok = eval(c, x, run.marks)
		run.reported = c.reported - reported
		run.violations = slices.Clone(c.violations[mark:])
		run.found = run.reported > 0
		if len(run.violations) > 0 {
			run.firstHint = run.violations[0].Hint
		}
	} else {
		// The mode turns to discarding once the run's first violation is
		// captured; until then, what is inside a sensitive value is counted.
		run.ok = eval(c, x, run.marks)
		run.found, run.firstHint = c.mode == discarding, c.firstHint
	}
	run.hidden, c.secret = c.secret, outer
	c.secret.merge(&run.hidden)
	return run
}

// maxReported bounds the count of violations reported: a schema that
// applies one failing schema 2^40 times to a value (forty levels of allOf,
// each referring twice to the next) reports as many, which replays count
// in a few steps, but an int would overflow past 2^63.
const maxReported = 1<<31 - 1

// replay reports again the violations a remembered run of an invalid value
// reported, as far as the report mode asks: the first runtime.MaxViolations
// and how many there were, or the first one's hint, and counts again the
// problems it counted inside a sensitive value.
func (c *Check) replay(run *memoRun) {
	switch c.mode {
	case recording:
		c.reported = min(c.reported+run.reported, maxReported)
		room := min(len(run.violations), runtime.MaxViolations-len(c.violations))
		if room > 0 {
			c.violations = append(c.violations, run.violations[:room]...)
		}
		c.secret.merge(&run.hidden)
	case capturing:
		if run.found {
			c.firstHint, c.mode = run.firstHint, discarding
		} else {
			c.secret.merge(&run.hidden)
		}
	}
}

// moreState returns what only checks of some schemas need, made on first
// use.
func (c *Check) moreState() *checkMore {
	if c.more == nil {
		c.more = &checkMore{}
	}
	if c.more.runs == nil {
		c.more.runs = map[memoKey]memoRun{}
	}
	return c.more
}
