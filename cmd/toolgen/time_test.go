package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTimeFlag checks that -time holds a date-time string as time.Time and
// that without it the member stays a string.
func TestTimeFlag(t *testing.T) {
	catalog := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(catalog, []byte(`{"tools": [{"name": "remind", "inputSchema": {"type": "object",
		"properties": {"at": {"type": "string", "format": "date-time"}}, "required": ["at"]}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-pkg", "tools", "-time", catalog}, "At time.Time `json:\"at\"`"},
		{[]string{"-pkg", "tools", catalog}, "At string `json:\"at\"`"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), c.want) {
			t.Errorf("%v: the file lacks %s", c.args, c.want)
		}
	}
}
