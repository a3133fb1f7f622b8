package toolgenimpl

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// ObjectEncoder writes a JSON object member by member, each under the name it
// is given. Generated MarshalJSON methods use it for structs with a member
// whose name no struct tag can spell ("a,b", `a"b`, "-", "", "🙂"): given such
// a tag, encoding/json encodes the field under another name or drops it, and
// the object no longer matches its schema. They use it too for structs that
// hold the members their schema does not declare in a map, which no tag can
// put beside the declared ones.
type ObjectEncoder struct {
	buf  []byte
	err  error
	seen map[string]struct{} // the names written
}

// duplicateMemberError is the error MarshalJSON returns when a value would be
// written with a member name twice: the same name in a struct's field and
// in its map of other members, or in both maps of a record. Such an object
// would not read back as the value it came from, so none is written. It is
// not exported: the API generated code compiles against stays as it is.
type duplicateMemberError struct {
	Name string
}

func (e *duplicateMemberError) Error() string {
	return fmt.Sprintf("member %q would be written twice: it is held in two places of the value", e.Name)
}

// Member appends the member name with value encoded by encoding/json. After
// an error, Member does nothing and Finish reports the error.
func (o *ObjectEncoder) Member(name string, value any) {
	if o.err != nil {
		return
	}
	if o.seen == nil {
		o.seen = map[string]struct{}{}
	}
	if _, dup := o.seen[name]; dup {
		o.err = &duplicateMemberError{Name: name}
		return
	}
	o.seen[name] = struct{}{}
	text, err := json.Marshal(value)
	if err != nil {
		o.err = err
		return
	}
	key, err := json.Marshal(name)
	if err != nil {
		o.err = err
		return
	}
	if len(o.buf) == 0 {
		o.buf = append(o.buf, '{')
	} else {
		o.buf = append(o.buf, ',')
	}
	o.buf = append(append(append(o.buf, key...), ':'), text...)
}

// Finish returns the object's JSON text, or the first error a member met.
func (o *ObjectEncoder) Finish() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if len(o.buf) == 0 {
		return []byte("{}"), nil
	}
	return append(o.buf, '}'), nil
}

// EncodeMembers appends the members of m to o, in the order of their names,
// so that the encoding is the same every time. Generated MarshalJSON methods
// use it for the members a struct holds beyond those its schema declares.
func EncodeMembers[V any](o *ObjectEncoder, m map[string]V) {
	for _, name := range slices.Sorted(maps.Keys(m)) {
		o.Member(name, m[name])
	}
}
