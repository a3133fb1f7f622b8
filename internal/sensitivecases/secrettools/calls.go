package secrettools

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/internal/sensitivecases"
)

// A Call is an invalid call of a tool of the catalog.
type Call struct {
	Tool      string
	Arguments json.RawMessage
	// Sealed are the pointers of the sensitive values it breaks inside:
	// nothing below them may be located or named.
	Sealed []string
	// Shown is what its errors must name: PlainName, a member of a plain
	// object, or "" for a call whose plain parts are not read.
	Shown string
}

// PlainName is the name of the member of a plain object each call breaks,
// which must be named (so that a test can tell redaction from silence).
const PlainName = "PLAINNAME"

// Secret is in the name of every member inside a sensitive value of the
// calls: it must show nowhere (see sensitivecases.Leaks).
const Secret = sensitivecases.Secret

// Calls are an invalid call of each tool, breaking every sensitive value
// below its position, under member names (and at indexes) that are part of
// the value, and a plain object's member, which must be named.
func Calls() []Call { return CallsWith("tok"+Secret, nil) }

// CallsWith is Calls with name, which must begin with "tok", for every
// member inside the sensitive values, and value, JSON text, for the value
// of each (nil for values that break every schema there).
func CallsWith(name string, value json.RawMessage) []Call { return callsWith(name, value) }

func callsWith(name string, value json.RawMessage) []Call {
	pick := func(v any) any {
		if value != nil {
			return value
		}
		return v
	}
	member := func(v any) map[string]any { return map[string]any{name: pick(v)} }
	plain := map[string]any{PlainName: "x"}
	store := map[string]any{
		"creds":    member("one"),
		"tokens":   member(-1),
		"accounts": []any{map[string]any{}, member("12a")},
		"vault":    map[string]any{"label": "l", name: pick(true)},
		"keyring":  map[string]any{name: map[string]any{name + "2": []any{1, pick("two")}}},
		"named":    map[string]any{name: member(1)},
		"either":   member(pick(3)),
		"login":    map[string]any{"password": pick(name)},
		"note":     "Bad Note",
		"counts":   plain,
	}
	session := map[string]any{"session": member("one"), "note": "Bad Note", "counts": plain}
	return []Call{
		{"store_credentials", mustJSON(store), []string{"/creds", "/tokens", "/accounts", "/vault", "/keyring", "/named", "/either", "/login/password"}, PlainName},
		{"open_session", mustJSON(session), []string{"/session"}, PlainName},
		// A name twice in the session, found when the arguments are read
		// whole, before any schema says where the secrets are: reported at
		// the arguments, and nothing else is checked.
		{"open_session", json.RawMessage(fmt.Sprintf(`{"session":{%s:1,%s:2},"counts":{%q:"x"}}`, quote(name), quote(name), PlainName)), []string{""}, ""},
	}
}

func quote(s string) string { return string(mustJSON(s)) }

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Problems returns what text, any text a failed call produces, shows of
// what is inside the sensitive values sealed: a secret (sensitivecases.Leaks),
// a JSON Pointer below one of them, or a hint's path into one.
func Problems(text string, sealed []string) []string {
	found := sensitivecases.Leaks(text)
	for _, s := range sealed {
		if strings.Contains(text, `"`+s+`/`) || sensitivecases.NamesInside(s, text) {
			found = append(found, "something inside "+s)
		}
	}
	return found
}
