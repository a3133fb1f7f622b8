package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzFormatCatalog: whatever a server sends as its name, version and
// tools list, the catalog a pull writes is JSON whose tools read back as
// the server wrote them (member order, numbers as spelled, string
// contents), whose name and version read back as sent where they are
// UTF-8, and every character of which shows: no control but the line
// ends of the layout, no invisible or format character. rawTools either
// refuses the result or returns objects.
func FuzzFormatCatalog(f *testing.F) {
	for _, seed := range []struct{ result, name, version string }{
		{`{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":"integer","maximum":1e400}}}}]}`, "srv", "1.0"},
		{`{"nextCursor":"c","tools":[{"name":"b\u202e","description":"line\u2028sep\u0000","inputSchema":{}},{"name":"c","annotations":{"title":"\ud83d\ude00","x":[1,[2,{}],"\u00ad"]}}]}`, "s\u200bx", "\x00\xff"},
		{`{"tools":[]}`, "", ""},
		{`{"tools":[1]}`, "n", "v"},
		{`{"tools":{"a":1}}`, "n", "v"},
		{`[]`, "n", "v"},
		{`{"tools":[{"a":-0.0E+00,"b":[[[[]]]],"c":{"":{"":""}}}]}`, "\t", "\r\n"},
	} {
		f.Add(seed.result, seed.name, seed.version)
	}
	f.Fuzz(func(t *testing.T, result, name, version string) {
		tools, err := rawTools([]byte(result))
		if err != nil {
			return
		}
		out, err := formatCatalog(&pulledCatalog{serverName: name, serverVersion: version, tools: tools})
		if err != nil {
			t.Fatalf("formatCatalog refuses tools rawTools read: %v", err)
		}
		checkVisible(t, string(out))
		var back struct {
			ServerInfo struct{ Name, Version string } `json:"serverInfo"`
			Tools      []json.RawMessage              `json:"tools"`
		}
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("the written catalog is not JSON: %v\n%s", err, out)
		}
		for what, pair := range map[string][2]string{"name": {name, back.ServerInfo.Name}, "version": {version, back.ServerInfo.Version}} {
			if utf8.ValidString(pair[0]) && pair[0] != pair[1] {
				t.Errorf("the server's %s %q reads back as %q", what, pair[0], pair[1])
			}
		}
		if len(back.Tools) != len(tools) {
			t.Fatalf("%d tools read back, %d sent", len(back.Tools), len(tools))
		}
		for i := range tools {
			want, got := tokens(t, tools[i]), tokens(t, back.Tools[i])
			if want != got {
				t.Errorf("tool %d reads back as\n%s\nsent\n%s", i+1, got, want)
			}
		}
	})
}

// tokens lists v's tokens, strings by their contents and numbers as
// spelled, so that two layouts and escapings of one value compare equal.
func tokens(t *testing.T, v []byte) string {
	t.Helper()
	var b strings.Builder
	dec := jsontext.NewDecoder(bytes.NewReader(v))
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			return b.String()
		}
		if err != nil {
			t.Fatalf("reading %s: %v", v, err)
		}
		fmt.Fprintf(&b, "%c%q ", tok.Kind(), tok.String())
	}
}
