package runtime

import (
	"bytes"
	"encoding/json"
)

// Nullable holds an optional member that may also be null, keeping apart the
// three cases the schema tells apart: absent, null, and a value.
type Nullable[T any] struct {
	Value   T
	Present bool // the member was sent, as null or as a value
	Null    bool // the member was sent as null
}

// Get returns the value and whether there is one (present and not null).
func (n Nullable[T]) Get() (T, bool) { return n.Value, n.Present && !n.Null }

// IsZero reports whether the member is absent, so that encoding/json's
// omitzero leaves it out.
func (n Nullable[T]) IsZero() bool { return !n.Present }

// MarshalJSON encodes null or the value.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.Present || n.Null {
		return []byte("null"), nil
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON decodes null or a value, marking the member present. It lets
// generated types round-trip through encoding/json; it validates nothing.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	*n = Nullable[T]{Present: true}
	if string(bytes.TrimSpace(data)) == "null" {
		n.Null = true
		return nil
	}
	return json.Unmarshal(data, &n.Value)
}
