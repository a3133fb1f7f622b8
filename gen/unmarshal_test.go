package gen_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/gen"
)

// checkRoundTrips holds encoding/json to the generated types on every
// instance of a matrix run: for each instance Parse accepts, json.Marshal
// writes the value and json.Unmarshal reads that back as the same value. A
// type with a generated UnmarshalJSON (a tuple, a struct holding a sealed
// union, an optional null, or writing its own members) is held to the
// validator as well: json.Unmarshal of any instance succeeds exactly when
// Parse does, as arguments and as a result, and a refusal is a
// *runtime.ValidationError. Without UnmarshalJSON, a struct holding a sealed
// union or a tuple struct could not be read back at all, and an open
// record's members, a member no tag spells, or a present null were lost.
func checkRoundTrips(t *testing.T, tools []matrixTool, verdicts [][]matrixVerdict) {
	t.Helper()
	lossy, seen := map[string]bool{}, map[string]bool{}
	for i, mt := range tools {
		shape, _, _ := strings.Cut(mt.label, " at ")
		// What loses a member depends on the draft ($ref's siblings count
		// from 2019-09): a shape is known to lose in the default one.
		seen[shape] = seen[shape] || !strings.Contains(string(mt.schema), `"$schema"`)
		for j, inst := range mt.instances {
			v := verdicts[i][j].Trip
			where := fmt.Sprintf("%s, instance %s", mt.label, inst)
			switch {
			case v.Own && v.Unmarshaled != v.Parsed:
				t.Errorf("%s: json.Unmarshal ok = %v (%s), Parse ok = %v", where, v.Unmarshaled, v.Err, v.Parsed)
			case v.Own && !v.Unmarshaled && !v.Invalid:
				t.Errorf("%s: json.Unmarshal's error is not a *runtime.ValidationError: %s", where, v.Err)
			case v.Parsed && v.Problem != "":
				t.Errorf("%s: %s\nencoded: %s", where, v.Problem, v.Encoded)
			case v.Parsed && !v.Reparsed:
				lossy[shape] = true
				if !slices.Contains(lossyShapes, shape) {
					t.Errorf("%s: Parse refuses what json.Marshal wrote: %s", where, v.Encoded)
				}
			}
			switch {
			case v.ResultOwn && v.ResultUnmarshaled != verdicts[i][j].Out:
				t.Errorf("%s: as a result, json.Unmarshal ok = %v (%s), the output check ok = %v", where, v.ResultUnmarshaled, v.ResultErr, verdicts[i][j].Out)
			case v.ResultOwn && !v.ResultUnmarshaled && !v.ResultInvalid:
				t.Errorf("%s: as a result, json.Unmarshal's error is not a *runtime.ValidationError: %s", where, v.ResultErr)
			}
		}
	}
	for _, shape := range lossyShapes {
		if seen[shape] && !lossy[shape] {
			t.Errorf("lossyShapes lists %s, whose encoding no longer loses a member a keyword needs: take it off", shape)
		}
	}
}

// lossyShapes are the shapes whose struct drops members its schema does
// not declare (an open object, whose other members are skipped) while a
// keyword beside the properties counts or requires them: the value
// json.Marshal writes back is one the schema refuses, and json.Unmarshal
// with it. What is kept round-trips; what the struct cannot hold is lost,
// as it is in a tool's arguments.
var lossyShapes = []string{
	`$ref {"$ref":"#/$defs/obj","properties":{"y":{}}}`,
	`minProperties {"type":"object","properties":{"x":{"type":"integer"}},"minProperties":1}`,
	`dependentSchemas {"type":"object","properties":{"a":{"type":"integer"}},"dependentSchemas":{"a":{"required":["b"]}}}`,
	`dependencies {"type":"object","properties":{"x":{"type":"integer"}},"dependencies":{"x":{"required":["y"]}}}`,
}

// roundTripVerdict is the driver's answer for one instance.
type roundTripVerdict struct {
	Own                                    bool // the type has an UnmarshalJSON
	Parsed, Unmarshaled, Invalid, Reparsed bool
	Err, Problem                           string
	Encoded                                json.RawMessage
	// The same instance as the tool's result.
	ResultOwn, ResultUnmarshaled, ResultInvalid bool
	ResultErr                                   string
}

// writeRoundTrips adds to the generated package in dir a file giving, for
// each of m's tools, what its round trips need, which the matrix driver
// runs. The per-tool part is small closures: the round trip itself is
// written once, not instantiated per tool, so that the package of a
// matrix of thousands of tools builds in about the time it did without.
func writeRoundTrips(t *testing.T, dir string, m *gen.Model) {
	t.Helper()
	var trips strings.Builder
	trips.WriteString(roundTripFile)
	for _, tool := range m.Tools {
		fmt.Fprintf(&trips, "\t%q: {func(raw []byte) (any, error) { v, err := %s(raw); return v.Args(), err }, func() any { return new(%s) }, func() any { return new(%s) }},\n",
			tool.Name, tool.Parse, tool.ArgsName(), tool.Result.Name)
	}
	trips.WriteString("}\n")
	writeFile(t, filepath.Join(dir, "matrix", "roundtrip.go"), []byte(trips.String()))
}

const roundTripFile = `package matrix

import (
	"errors"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/toolgen/toolgen/runtime"
)

// Verdict is one instance's round trip.
type Verdict struct {
	Own                                    bool
	Parsed, Unmarshaled, Invalid, Reparsed bool
	Err, Problem                           string
	Encoded                                json.RawMessage

	ResultOwn, ResultUnmarshaled, ResultInvalid bool
	ResultErr                                   string
}

// Trip is what a tool's round trips need: its Parse, giving the arguments
// it read, and new values of its arguments and result types.
type Trip struct {
	Parse             func([]byte) (any, error)
	NewArgs, NewResult func() any
}

// unmarshal decodes raw into a new value of fresh with json.Unmarshal, and
// says whether its type has an UnmarshalJSON.
func unmarshal(fresh func() any, raw []byte) (value any, own bool, err error) {
	p := fresh()
	_, own = p.(json.Unmarshaler)
	err = json.Unmarshal(raw, p)
	return reflect.ValueOf(p).Elem().Interface(), own, err
}

// Run decodes raw with Parse and with json.Unmarshal, as arguments and as
// a result, then encodes what Parse read and decodes that again.
func (tr Trip) Run(raw []byte) (v Verdict) {
	var invalid *runtime.ValidationError
	_, resultOwn, err := unmarshal(tr.NewResult, raw)
	v.ResultOwn = resultOwn
	if v.ResultUnmarshaled = err == nil; err != nil {
		v.ResultInvalid, v.ResultErr = errors.As(err, &invalid), err.Error()
	}
	args, perr := tr.Parse(raw)
	v.Parsed = perr == nil
	x, own, err := unmarshal(tr.NewArgs, raw)
	v.Own = own
	if v.Unmarshaled = err == nil; err != nil {
		v.Invalid, v.Err = errors.As(err, &invalid), err.Error()
	}
	if perr != nil {
		return v
	}
	if v.Own && err == nil && !reflect.DeepEqual(x, args) {
		v.Problem = "json.Unmarshal read a value other than Parse's"
		return v
	}
	if v.Encoded, err = json.Marshal(args); err != nil {
		v.Problem = "json.Marshal: " + err.Error()
		return v
	}
	_, perr = tr.Parse(v.Encoded)
	v.Reparsed = perr == nil
	again, _, err := unmarshal(tr.NewArgs, v.Encoded)
	switch {
	case err != nil && (v.Reparsed || !v.Own):
		v.Problem = fmt.Sprintf("json.Unmarshal cannot read what json.Marshal wrote: %v", err)
	case err == nil && v.Reparsed && !reflect.DeepEqual(again, args):
		v.Problem = "json.Unmarshal of what json.Marshal wrote is another value"
	}
	return v
}

// Trips are the round trips by tool name.
var Trips = map[string]Trip{
`
