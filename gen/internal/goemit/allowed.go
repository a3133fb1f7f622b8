package goemit

import (
	"bytes"

	"github.com/go-json-experiment/json/jsontext"
)

// AllowedText is how an allowed value (const, an enum's item) is written for
// the model: compact JSON, as the catalog wrote it otherwise. The typed
// reader and the schema functions both take it from here, so that one
// value reads the same whichever checks it.
func AllowedText(raw jsontext.Value) string {
	v := jsontext.Value(bytes.Clone(raw))
	if err := v.Compact(); err != nil {
		return string(raw)
	}
	return string(v)
}
