package format

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestIsRegex(t *testing.T) {
	for s, want := range map[string]bool{
		"":                   true,
		`^[a-z]+\d{2,}$`:     true,
		`(?<year>\d{4})-\1`:  true,
		`(?<=\$)\p{Nd}+`:     true,
		`(?!a)[^]|[]`:        true,
		`\u{1F600}\cA\0`:     true,
		`^(abc]`:             false,
		`(?i)abc`:            false,
		`(?P<name>x)`:        false,
		`\a`:                 false,
		`a{2,1}`:             false,
		`{`:                  false,
		`\p{Letter}\p{foo}`:  false,
		"valid\xffutf8-only": false,
	} {
		if got := IsRegex(s); got != want {
			t.Errorf("IsRegex(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestIsRegexSuite runs the JSON-Schema-Test-Suite's tests of the "regex"
// format (the files format_test.go leaves to this test).
func TestIsRegexSuite(t *testing.T) {
	dir := "../../shared/testdata/json-schema-test-suite/optional-format"
	ran := 0
	for _, file := range []string{"regex.json", "ecmascript-regex.json"} {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if errors.Is(err, os.ErrNotExist) {
			t.Skipf("JSON-Schema-Test-Suite not found in %s", dir)
		}
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string `json:"description"`
			Schema      struct {
				Format string `json:"format"`
			} `json:"schema"`
			Tests []struct {
				Description string `json:"description"`
				Data        any    `json:"data"`
				Valid       bool   `json:"valid"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, g := range groups {
			if g.Schema.Format != "regex" {
				t.Fatalf("%s: group %q tests format %q", file, g.Description, g.Schema.Format)
			}
			for _, tc := range g.Tests {
				s, ok := tc.Data.(string)
				if !ok {
					continue // formats apply to strings only
				}
				ran++
				if got := IsRegex(s); got != tc.Valid {
					t.Errorf("%s: %s / %s: IsRegex(%q) = %v, want %v", file, g.Description, tc.Description, s, got, tc.Valid)
				}
			}
		}
	}
	if ran < 10 {
		t.Errorf("ran %d string cases, expected 10 or more", ran)
	}
}
