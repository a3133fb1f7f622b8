package runtime

import "encoding/json"

// ObjectEncoder writes a JSON object member by member, each under the name it
// is given. Generated MarshalJSON methods use it for structs with a member
// whose name no struct tag can spell ("a,b", `a"b`, "-", "", "🙂"): given such
// a tag, encoding/json encodes the field under another name or drops it, and
// the object no longer matches its schema.
type ObjectEncoder struct {
	buf []byte
	err error
}

// Member appends the member name with value encoded by encoding/json. After
// an error, Member does nothing and Finish reports the error.
func (o *ObjectEncoder) Member(name string, value any) {
	if o.err != nil {
		return
	}
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
