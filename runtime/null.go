package runtime

import (
	"bytes"
	"errors"
)

// Null is the Go type of a value whose schema allows only null
// ({"type": "null"}, zod's z.null()): it holds nothing, and encodes as
// null. An optional member of the type is a *Null, nil when absent.
type Null struct{}

// MarshalJSON encodes null.
func (Null) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// UnmarshalJSON accepts null alone, so that a generated type round-trips
// through encoding/json; the validator is what reports another value.
func (*Null) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) != "null" {
		return errors.New("runtime.Null holds null alone")
	}
	return nil
}
