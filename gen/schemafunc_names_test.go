package gen_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// namesSchema has more than ten subschemas and package variables of several
// kinds, so that its check functions and variables get numbers of two digits
// and kind words: the names another schema's could run into.
const namesSchema = `{"type":"object","properties":{
	"a":{"pattern":"^a"},"b":{"enum":[[1],[2]]},"c":{"multipleOf":0.3},"d":{"const":{"x":1}},
	"e":{"type":"integer"},"f":{"type":"string"},"g":{"minimum":2},"h":{"items":{"pattern":"^h"}},
	"i":{"maxLength":3},"j":{"format":"date"},"k":{"not":{"type":"null"}},"l":{"anyOf":[{"type":"string"},{"multipleOf":0.7}]}}}`

// TestValidatorNames puts sets of names, built from parts that collide when
// names are lower-cased and numbered, through GenerateValidators. Each set is
// either refused with a *SchemaNameError that names one of its names, or
// gives a file that type-checks: no two schemas' functions share a name.
func TestValidatorNames(t *testing.T) {
	if err := validatorNames(t, []string{"A", "A1"}); err != nil {
		t.Errorf("A and A1 refused: %v", err)
	}
	// Names that differ only once lowered, or that have no lower case, are
	// told apart by the file's namespace.
	for _, names := range [][]string{{"A", "APattern"}, {"ABCd", "AbCd"}, {"K", "\u212a"}, {"\u03d2"}} {
		if err := validatorNames(t, names); err != nil {
			t.Errorf("%q refused: %v", names, err)
		}
	}
	for _, names := range [][]string{
		{`Foo(){}; func init(){panic("PWNED")}; func X`},
		{"A-B"}, {"A", "A"}, {"a"}, {""},
	} {
		var nameErr *gen.SchemaNameError
		if err := validatorNames(t, names); !errors.As(err, &nameErr) {
			t.Errorf("%q: got %v, want a *gen.SchemaNameError", names, err)
		}
	}

	parts := []string{"A", "B", "a", "b", "C", "d", "0", "1", "_", "Pattern", "Value", "Ü", "ü", "\u212a", "K", "k"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		names := make([]string, 2+r.IntN(3))
		for i := range names {
			for range 1 + r.IntN(4) {
				names[i] += parts[r.IntN(len(parts))]
			}
		}
		err := validatorNames(t, names)
		var nameErr *gen.SchemaNameError
		switch {
		case err == nil:
		case errors.As(err, &nameErr):
			if !strings.Contains(err.Error(), nameErr.Name) || !slices.Contains(names, nameErr.Name) {
				t.Errorf("%q: the error does not name one of the names: %v", names, err)
			}
		default:
			t.Errorf("%q: %v", names, err)
		}
	}
}

// validatorNames generates one validator of namesSchema under each name and
// type-checks the file, failing the test when it does not.
func validatorNames(t *testing.T, names []string) error {
	t.Helper()
	schemas := make([]gen.Schema, len(names))
	for i, name := range names {
		schemas[i] = gen.Schema{Name: name, JSON: []byte(namesSchema), URI: "urn:schema:" + strings.Repeat("s", i+1)}
	}
	src, refused, err := gen.GenerateValidators(schemas, gen.ValidatorOptions{Package: "tools"})
	if err != nil {
		return err
	}
	if len(refused) > 0 {
		t.Fatalf("%q: refused: %v", names, refused)
	}
	typeCheck(t, src)
	return nil
}
