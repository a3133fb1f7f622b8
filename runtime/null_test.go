package runtime_test

import (
	"encoding/json"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

func TestNullRoundTrip(t *testing.T) {
	type holder struct {
		A runtime.Null  `json:"a"`
		B *runtime.Null `json:"b,omitempty"`
		C *runtime.Null `json:"c,omitempty"`
	}
	out, err := json.Marshal(holder{C: &runtime.Null{}})
	if err != nil || string(out) != `{"a":null,"c":null}` {
		t.Fatalf("Marshal = %s, %v; want {\"a\":null,\"c\":null}", out, err)
	}
	var h holder
	if err := json.Unmarshal([]byte(`{"a":null,"c":null}`), &h); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`{"a":0}`, `{"a":"null"}`, `{"a":{}}`, `{"a":[]}`, `{"a":false}`} {
		if err := json.Unmarshal([]byte(bad), &h); err == nil {
			t.Errorf("Unmarshal(%s) accepted a value that is not null", bad)
		}
	}
}
