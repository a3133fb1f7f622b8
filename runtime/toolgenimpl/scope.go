package toolgenimpl

import (
	"encoding/binary"
	"slices"
)

// The dynamic scope is the schema resources a check has entered, outermost
// first; $dynamicRef follows the dynamic anchor of its name in the outermost
// resource that has one. What it can find is decided by the holders: for
// each anchor name, the outermost resource entered that has it. A schema
// function that may follow a $dynamicRef runs once per value and per holders
// (see OnceInScope), which dynamicScope numbers.
type dynamicScope struct {
	resources []int       // the resources entered, outermost first, each once
	holders   []int32     // for each anchor name's number, 1 + the outermost resource having it, or 0
	set       []int32     // the anchor names the pushes not yet popped made held, in order
	pushes    []scopePush // one per Push not yet popped
	key       int32       // the number of holders, 0 when no name is held (see scopeKey)
	keys      map[string]int32
	buf       []byte
}

// scopePush is what one Push changed, for Pop to undo.
type scopePush struct {
	entered bool  // the resource was not in the scope yet
	set     int   // how many names it made held
	key     int32 // the key before
}

// Push records that the check entered schema resource id, for $dynamicRef;
// Pop undoes it.
func (c *Check) Push(id int) { c.PushAnchors(id) }

// PushAnchors is Push for a resource with dynamic anchors, whose names are
// numbered anchors. A resource entered again adds nothing: $dynamicRef looks
// for the outermost.
func (c *Check) PushAnchors(id int, anchors ...int) {
	if c.more == nil {
		c.more = &checkMore{}
	}
	d := &c.more.dynamic
	if slices.Contains(d.resources, id) {
		d.pushes = append(d.pushes, scopePush{key: d.key})
		return
	}
	d.resources = append(d.resources, id)
	push := scopePush{entered: true, key: d.key}
	for _, a := range anchors {
		if a >= len(d.holders) {
			d.holders = append(d.holders, make([]int32, a+1-len(d.holders))...)
		}
		if d.holders[a] == 0 {
			d.holders[a] = int32(id) + 1
			d.set = append(d.set, int32(a))
			push.set++
		}
	}
	d.pushes = append(d.pushes, push)
	if push.set > 0 {
		d.key = d.number()
	}
}

// Pop undoes the last Push.
func (c *Check) Pop() {
	d := &c.more.dynamic
	push := d.pushes[len(d.pushes)-1]
	d.pushes = d.pushes[:len(d.pushes)-1]
	if !push.entered {
		return
	}
	d.resources = d.resources[:len(d.resources)-1]
	for range push.set {
		d.holders[d.set[len(d.set)-1]] = 0
		d.set = d.set[:len(d.set)-1]
	}
	d.key = push.key
}

// scopeKey returns the number of the holders of the check's dynamic scope.
func (c *Check) scopeKey() int32 {
	if c.more == nil {
		return 0
	}
	return c.more.dynamic.key
}

// number returns the number of the current holders, numbering them if they
// are new.
func (d *dynamicScope) number() int32 {
	held := d.holders
	for len(held) > 0 && held[len(held)-1] == 0 {
		held = held[:len(held)-1]
	}
	d.buf = d.buf[:0]
	for _, h := range held {
		d.buf = binary.AppendUvarint(d.buf, uint64(h))
	}
	if key, ok := d.keys[string(d.buf)]; ok {
		return key
	}
	if d.keys == nil {
		d.keys = map[string]int32{}
	}
	key := int32(len(d.keys) + 1)
	d.keys[string(d.buf)] = key
	return key
}
