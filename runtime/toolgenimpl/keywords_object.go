package toolgenimpl

import "github.com/toolgen/toolgen/runtime/internal/message"

// The checks of the keywords on objects: the schema functions' (Check) and
// the typed reader's (Reader), beside the schema compiler's keywords of the
// same file name (gen/internal/schemafunc).

// Required checks that an object has each of the named members.
func (c *Check) Required(x *Value, names ...string) bool {
	ok := true
	for _, name := range names {
		if !x.Has(name) {
			ok = c.Report("required", string(message.RequiredMessage(nil, name)),
				string(message.RequiredHint([]byte(c.memberSubject(name))))) && ok
		}
	}
	return ok
}

// DependentRequired checks that an object with member present has the
// members it requires.
func (c *Check) DependentRequired(x *Value, present string, required ...string) bool {
	if !x.Has(present) {
		return true
	}
	ok := true
	for _, name := range required {
		if !x.Has(name) {
			ok = c.Report("dependentRequired", string(message.DependentRequiredMessage(nil, present, name)),
				string(message.DependentRequiredHint([]byte(c.memberSubject(name)), present))) && ok
		}
	}
	return ok
}

// memberSubject names the member called name of the current object, which
// may be absent; inside a sensitive value, below its position, it names
// nothing.
func (c *Check) memberSubject(name string) string {
	if c.below() {
		return message.InsideMember
	}
	c.Enter(name)
	s := string(message.AppendSubject(nil, false, c.path()))
	c.Leave()
	return s
}

// NotAllowed records that the current member is forbidden by keyword
// (additionalProperties or unevaluatedProperties, with the schema false).
// allowed lists the members the object takes, as the typed reader's hint
// lists them, when the names alone decide (additionalProperties beside
// properties only); it is nil when they do not (patternProperties,
// unevaluatedProperties), and the hint lists nothing. Inside a sensitive
// object the member's name is part of the secret, so the violation is
// reported at the object, without the name.
func (c *Check) NotAllowed(keyword string, allowed []string) bool {
	atMember := len(c.steps) > 0 && c.steps[len(c.steps)-1].index < 0
	var name string
	if atMember {
		name = c.steps[len(c.steps)-1].name
	}
	if c.sensitive > 0 && atMember {
		c.Leave()
		defer c.Enter(name)
		return c.Report(keyword, message.HiddenNotAllowedMessage, c.subject()+message.HiddenNotAllowedHint)
	}
	return c.Report(keyword, string(message.NotAllowedMessage(nil, []byte(name))),
		string(message.NotAllowedHint(c.hintStart(), allowed, allowed != nil)))
}

// PropertyName records that a member's name fails propertyNames, at the
// member. Inside a sensitive object the name is part of the secret and is
// reported as HiddenPropertyName does.
func (c *Check) PropertyName(name string) bool {
	if c.sensitive > 0 {
		return c.HiddenPropertyName()
	}
	c.Enter(name)
	defer c.Leave()
	return c.Report("propertyNames", message.PropertyNameMessage(name), c.subject()+message.PropertyNameHint)
}

// HiddenPropertyName records that a member's name fails propertyNames when
// the name must not be echoed (the propertyNames schema or the object is
// sensitive): the violation is at the object, and says only that some name
// is wrong, since the name, its pointer and its path would all quote it.
func (c *Check) HiddenPropertyName() bool {
	return c.Report("propertyNames", message.HiddenPropertyNameMessage, c.subject()+message.HiddenPropertyNameHint)
}

// Required records that the current object lacks a required member.
func (r *Reader) Required(name string) {
	if t, ok := r.beginViolation(); ok {
		t = message.RequiredMessage(t, name)
		t = r.appendMemberSubject(r.beginHint(t), name)
		r.record("required", message.RequiredHint(t))
	}
}

// DependentRequired records that member present requires member missing.
func (r *Reader) DependentRequired(present, missing string) {
	if t, ok := r.beginViolation(); ok {
		t = message.DependentRequiredMessage(t, present, missing)
		t = r.appendMemberSubject(r.beginHint(t), missing)
		r.record("dependentRequired", message.DependentRequiredHint(t, present))
	}
}

// NotAllowed records that the member whose name was just read is not allowed,
// and skips its value. allowed lists the members that are; nil when the
// names cannot be listed (a map's pattern decides them).
func (r *Reader) NotAllowed(name string, allowed []string) {
	if r.sensitive > 0 {
		r.hiddenMember("additionalProperties", message.HiddenNotAllowedMessage, message.HiddenNotAllowedHint)
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = message.NotAllowedMessage(t, []byte(name))
		t = r.appendSubject(r.beginHint(t))
		if list, ok := joined(allowed); ok {
			t = message.NotAllowedHintList(t, list)
		} else {
			t = message.NotAllowedHint(t, allowed, allowed != nil)
		}
		r.record("additionalProperties", t)
	}
	r.Skip()
}

// PropertyName records that the name of the member just read fails
// propertyNames, at the member; its value is read on, and judged by its
// own schema. Inside a sensitive object the name is part of the secret:
// the violation is at the object and leaves the name out.
func (r *Reader) PropertyName(name string) {
	if r.sensitive > 0 {
		r.hiddenName("propertyNames", message.HiddenPropertyNameMessage, message.HiddenPropertyNameHint)
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = append(t, message.PropertyNameMessage(name)...)
		t = r.appendSubject(r.beginHint(t))
		r.record("propertyNames", append(t, message.PropertyNameHint...))
	}
}

// Duplicate records that the member whose name was just read appeared before
// in the same object, and skips its value.
func (r *Reader) Duplicate(name string) {
	if r.sensitive > 0 {
		r.hiddenMember("json", message.HiddenDuplicateMessage, message.HiddenDuplicateHint)
		return
	}
	if t, ok := r.beginViolation(); ok {
		t = message.DuplicateMessage(t, []byte(name))
		t = r.appendSubject(r.beginHint(t))
		r.record("json", message.DuplicateHint(t))
	}
	r.Skip()
}

// hiddenMember records a violation about the member whose name was just
// read, in a sensitive object, where the name is part of the value: at the
// object, with a message and a hint that leave the name out. It skips the
// member's value.
func (r *Reader) hiddenMember(keyword, message, hint string) {
	r.hiddenName(keyword, message, hint)
	r.Skip()
}

// hiddenName is hiddenMember without skipping the member's value.
func (r *Reader) hiddenName(keyword, message, hint string) {
	if t, hidden, ok := r.beginObjectViolation(); ok {
		t = append(t, message...)
		t = r.appendSubject(r.beginHint(t))
		r.record(keyword, append(t, hint...))
		r.endObjectViolation(hidden)
	}
}

// beginObjectViolation is beginViolation at the object whose member name was
// just read, for a violation about a name that must not be echoed: the name
// is left out of the pointer and the path until endObjectViolation.
func (r *Reader) beginObjectViolation() ([]byte, nameSpan, bool) {
	f := &r.frames[len(r.frames)-1]
	hidden := f.name
	f.name = nameSpan{}
	r.locatedAt = 0
	t, ok := r.beginViolation()
	if !ok {
		r.endObjectViolation(hidden)
	}
	return t, hidden, ok
}

// endObjectViolation puts back the name beginObjectViolation left out.
func (r *Reader) endObjectViolation(hidden nameSpan) {
	r.frames[len(r.frames)-1].name = hidden
	r.locatedAt = 0
}
