package toolgenimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/toolgen/toolgen/runtime"

	"github.com/go-json-experiment/json/jsontext"
)

// readPoint reads {"items":[{"qty":...}, ...]} the way generated code does,
// with a minimum of 1 on qty.
func readPoint(r *Reader) {
	if !r.BeginObject() {
		return
	}
	for r.More() {
		switch string(r.Name()) {
		case "items":
			if r.BeginArray() {
				for r.More() {
					if r.BeginObject() {
						for r.More() {
							name := r.Name()
							if string(name) != "qty" {
								r.NotAllowed(string(name), []string{"qty"})
								continue
							}
							if v, ok := r.Int(); ok && v < 1 {
								r.Minimum("1")
							}
						}
						r.EndObject()
					}
				}
				r.EndArray()
			}
		default:
			r.Skip()
		}
	}
	r.EndObject()
}

func validate(input string, opts ...runtime.Options) *runtime.ValidationError {
	r := NewReader([]byte(input), opts...)
	readPoint(r)
	err := r.Finish("t")
	if err == nil {
		return nil
	}
	ve, ok := errors.AsType[*runtime.ValidationError](err)
	if !ok {
		panic(fmt.Sprintf("Finish returned %T", err))
	}
	return ve
}

func TestViolationsCarryPointersAndHints(t *testing.T) {
	cases := []struct {
		input   string
		pointer string
		keyword string
		hint    string
	}{
		{`{"items":[{"qty":1},{"qty":0}]}`, "/items/1/qty", "minimum", `Field "items[1].qty" must be at least 1; got 0.`},
		{`{"items":[{"qty":"42"}]}`, "/items/0/qty", "type", `Field "items[0].qty" must be an integer, got the string "42".`},
		{`{"items":[{"qty":1.5}]}`, "/items/0/qty", "type", `Field "items[0].qty" must be an integer, got the number 1.5.`},
		{`{"items":[{"qty":1,"size":"L"}]}`, "/items/0/size", "additionalProperties", `Field "items[0].size" is not allowed here; remove it. Allowed fields: qty.`},
		{`{"items":{"qty":1}}`, "/items", "type", `Field "items" must be an array, got an object.`},
		{`[]`, "", "type", `The arguments must be an object, got an array.`},
		{`{"items":[{"qty":1}]`, "", "json", `The JSON arguments end too early, as if cut off after byte 20; send the complete JSON object.`},
		{"\xef\xbb\xbf{}", "", "json", "The arguments start with a byte order mark; send plain JSON without it."},
		{`{} {}`, "", "json", "There is more data after the JSON object; send exactly one JSON object."},
		{`  `, "", "json", "The arguments are empty; send a JSON object with the tool's fields."},
		{`{"items":[{"qty":"\ud800"}]}`, "/items/0/qty", "json", `The arguments contain an invalid \u escape (a lone UTF-16 surrogate); escape characters outside the Basic Multilingual Plane as a surrogate pair, or send them unescaped.`},
		{"{\"items\":[{\"qty\":\"\xff\"}]}", "/items/0/qty", "json", "The arguments contain bytes that are not valid UTF-8; send text as valid UTF-8 JSON strings."},
		{`{"items":[{"qty":12345678901234567890}]}`, "/items/0/qty", "type", `Field "items[0].qty" must be an integer between -9223372036854775808 and 9223372036854775807, got the number 12345678901234567890.`},
		{`{"items":[{"a~b/c":1}]}`, "/items/0/a~0b~1c", "additionalProperties", `Field "items[0].a~b/c" is not allowed here; remove it. Allowed fields: qty.`},
		{`{"items":[{"\u0071ty":"1"}]}`, "/items/0/qty", "type", `Field "items[0].qty" must be an integer, got the string "1".`},
		{`{"items":[{"a\"b":1}]}`, "/items/0/a\"b", "additionalProperties", `Field "items[0].a\"b" is not allowed here; remove it. Allowed fields: qty.`},
		{`{"items":[{"ü":1}]}`, "/items/0/ü", "additionalProperties", `Field "items[0].ü" is not allowed here; remove it. Allowed fields: qty.`},
		{`{"items":[{"a\tb":1}]}`, "/items/0/a\tb", "additionalProperties", `Field "items[0].a\tb" is not allowed here; remove it. Allowed fields: qty.`},
		// A name the model made up is cut in the hint, whole in the pointer.
		{`{"items":[{"` + strings.Repeat("n", 64) + `":1}]}`, "/items/0/" + strings.Repeat("n", 64), "additionalProperties", `Field "items[0].` + strings.Repeat("n", 64) + `" is not allowed here; remove it. Allowed fields: qty.`},
		{`{"items":[{"` + strings.Repeat("n", 65) + `":1}]}`, "/items/0/" + strings.Repeat("n", 65), "additionalProperties", `Field "items[0].` + strings.Repeat("n", 64) + `…" is not allowed here; remove it. Allowed fields: qty.`},
		{`{"items":[{"\u006e` + strings.Repeat("ü", 70) + `":1}]}`, "/items/0/n" + strings.Repeat("ü", 70), "additionalProperties", `Field "items[0].n` + strings.Repeat("ü", 63) + `…" is not allowed here; remove it. Allowed fields: qty.`},
	}
	for _, c := range cases {
		ve := validate(c.input)
		if ve == nil {
			t.Errorf("%s: valid, want a %s violation", c.input, c.keyword)
			continue
		}
		v := ve.Violations[0]
		if v.Pointer != c.pointer || v.Keyword != c.keyword || v.Hint != c.hint {
			t.Errorf("%s:\n got %q %q %q\nwant %q %q %q", c.input, v.Pointer, v.Keyword, v.Hint, c.pointer, c.keyword, c.hint)
		}
		if ve.Tool != "t" || v.Message == "" {
			t.Errorf("%s: tool %q, message %q", c.input, ve.Tool, v.Message)
		}
	}
}

func TestIntegersFollowJSONSchema(t *testing.T) {
	for _, in := range []string{"1", "1.0", "1e0", "10e-1", "0.1e1", "-0", "9223372036854775807", "-9223372036854775808", "0e999999999"} {
		if ve := validate(`{"items":[{"qty":` + in + `}]}`); ve != nil && ve.Violations[0].Keyword == "type" {
			t.Errorf("%s is an integer, got %v", in, ve)
		}
	}
	for _, in := range []string{"1.5", "1e-1", "9223372036854775808", "1e19", "1e999999999", "1e-999999999"} {
		ve := validate(`{"items":[{"qty":` + in + `}]}`)
		if ve == nil || ve.Violations[0].Keyword != "type" {
			t.Errorf("%s: want a type violation, got %v", in, ve)
		}
	}
}

// parseShortInt must agree with strconv.ParseInt on every number it takes,
// and leave to it every number it cannot be sure of.
func TestParseShortIntAgreesWithStrconv(t *testing.T) {
	for _, in := range []string{"0", "-0", "7", "-7", "1999", "123456789012345678", "-123456789012345678",
		"999999999999999999", "1234567890123456789", "9223372036854775807", "-9223372036854775808",
		"1.0", "1e2", "-1E2", "0.5", "-", ""} {
		n, ok := parseShortInt([]byte(in))
		want, err := strconv.ParseInt(in, 10, 64)
		switch short := len(strings.TrimPrefix(in, "-")) <= 18; {
		case ok && (err != nil || n != want):
			t.Errorf("parseShortInt(%q) = %d, strconv says %d, %v", in, n, want, err)
		case !ok && err == nil && short:
			t.Errorf("parseShortInt(%q) declined an integer of at most 18 digits", in)
		case ok && !short:
			t.Errorf("parseShortInt(%q) took a number of more than 18 digits", in)
		}
	}
}

func TestAllViolationsInOnePass(t *testing.T) {
	ve := validate(`{"items":[{"qty":0},{"qty":"x"},{"qty":2,"b":1},{"qty":-1}]}`)
	if ve == nil || len(ve.Violations) != 4 {
		t.Fatalf("want 4 violations, got %v", ve)
	}
	want := []string{"/items/0/qty", "/items/1/qty", "/items/2/b", "/items/3/qty"}
	for i, v := range ve.Violations {
		if v.Pointer != want[i] {
			t.Errorf("violation %d at %q, want %q", i, v.Pointer, want[i])
		}
	}
	msg := ve.ModelMessage()
	if !strings.HasPrefix(msg, `The arguments for tool "t" have 4 problems. Fix all of them`) || strings.Count(msg, "\n- ") != 4 {
		t.Errorf("model message:\n%s", msg)
	}
}

// TestInvalidCallAllocations checks that the error of an invalid call costs
// no allocation per violation: one up to eight violations (the error, its
// violations and their texts in one block), three beyond (each apart).
func TestInvalidCallAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the count relies on the reader pool, which the race detector empties at random")
	}
	for n := 1; n <= 10; n++ {
		invalid := `{"items":[` + strings.TrimSuffix(strings.Repeat(`{"qty":0},`, n), ",") + `]}`
		valid := strings.ReplaceAll(invalid, "0", "1") // the same shape, no violation
		var got int
		allocs := testing.AllocsPerRun(20, func() { got = len(validate(invalid).Violations) })
		if got != n {
			t.Fatalf("%d violations, want %d", got, n)
		}
		added := allocs - testing.AllocsPerRun(20, func() { validate(valid) })
		want := 1.0
		if n > 8 {
			want = 3
		}
		if added != want {
			t.Errorf("%d violations add %v allocations to a valid call, want %v (one up to eight, three beyond)", n, added, want)
		}
	}
}

func TestViolationsAreCapped(t *testing.T) {
	items := strings.Repeat(`{"qty":0},`, runtime.MaxViolations+7)
	ve := validate(`{"items":[` + strings.TrimSuffix(items, ",") + `]}`)
	if ve == nil || len(ve.Violations) != runtime.MaxViolations || ve.Omitted != 7 {
		t.Fatalf("want %d violations and 7 omitted, got %d and %d", runtime.MaxViolations, len(ve.Violations), ve.Omitted)
	}
	if !strings.Contains(ve.ModelMessage(), "7 more problems were found") {
		t.Errorf("the model message does not say violations were left out:\n%s", ve.ModelMessage())
	}
}

func TestNestingLimit(t *testing.T) {
	deep := strings.Repeat("[", 300) + strings.Repeat("]", 300)
	ve := validate(`{"other":` + deep + `}`)
	if ve == nil || ve.Violations[0].Keyword != "limit" || !strings.Contains(ve.Violations[0].Message, "deeper than 256") {
		t.Fatalf("want a nesting violation at the default limit, got %v", ve)
	}
	if ve := validate(`{"other":[[[1]]]}`, runtime.Options{MaxDepth: 3}); ve == nil {
		t.Fatal("want a nesting violation at MaxDepth 3")
	}
	if ve := validate(`{"other":[[1]]}`, runtime.Options{MaxDepth: 3}); ve != nil {
		t.Fatalf("depth 3 is within MaxDepth 3: %v", ve)
	}
}

func TestEqualJSON(t *testing.T) {
	equal := [][2]string{{`1`, `1.0`}, {`1`, `10e-1`}, {`{"a":1,"b":[true,null]}`, `{"b":[true,null],"a":1.0}`}, {`"é"`, `"\u00e9"`}, {`-0`, `0`}}
	for _, p := range equal {
		if !EqualJSON([]byte(p[0]), []byte(p[1])) {
			t.Errorf("%s and %s are equal JSON values", p[0], p[1])
		}
	}
	differ := [][2]string{{`1`, `"1"`}, {`[1,2]`, `[2,1]`}, {`{"a":1}`, `{"a":1,"b":1}`}, {`true`, `1`}, {`null`, `false`}, {`1e400`, `1e401`}}
	for _, p := range differ {
		if EqualJSON([]byte(p[0]), []byte(p[1])) {
			t.Errorf("%s and %s differ as JSON values", p[0], p[1])
		}
	}
}

func TestIsMultipleOf(t *testing.T) {
	d := Rat("0.01")
	for _, ok := range []string{"0.3", "19.99", "1e2", "0", "-0.07"} {
		if !IsMultipleOf([]byte(ok), d) {
			t.Errorf("%s is a multiple of 0.01", ok)
		}
	}
	for _, no := range []string{"1.005", "0.001", "1e-999999999"} {
		if IsMultipleOf([]byte(no), d) {
			t.Errorf("%s is not a multiple of 0.01", no)
		}
	}
	// Exponents beyond float64's range and beyond what is worth expanding
	// are still decided exactly.
	for _, c := range []struct {
		number, divisor string
		want            bool
	}{
		{"1E1000", "2", true},
		{"1E1000", "3", false},
		{"3e999999999", "3", true},
		{"3e999999999", "7", false},
		{"3e99999999999999999999", "3", true}, // an exponent beyond int64
		{"3E+99999999999999999999", "0.75", true},
		{"1e99999999999999999999", "3", false},
		{"5e-99999999999999999999", "1e-10", false},
		{"0e99999999999999999999", "7", true},
		{"-0.0e-99999999999999999999", "7", true},
		{"1e1000", "1024", true},
		{"1e1000", "0.5", true},
		{"-1e1000", "0.001", true},
		{"1e-1000", "1e-1000", true},
		{"2e-1000", "1e-1000", true},
		{"1e-1000", "2e-1000", false},
		{"1e-1001", "1e-1000", false},
		{"12345678901234567890123456789012345678901234567890", "10", true},
		{"12345678901234567890123456789012345678901234567891", "107", true},
		{"12345678901234567890123456789012345678901234567891", "3", false},
		{"1." + strings.Repeat("0", 5000) + "1", "1e-5001", true},
		{"1." + strings.Repeat("0", 5000) + "1", "1e-5000", false},
	} {
		if got := IsMultipleOf([]byte(c.number), Rat(c.divisor)); got != c.want {
			t.Errorf("IsMultipleOf(%.40s, %s) = %v, want %v", c.number, c.divisor, got, c.want)
		}
	}
}

// multipleOf agrees with dividing big.Rats wherever they can be made.
func FuzzMultipleOf(f *testing.F) {
	f.Add("1e3", "8")
	f.Add("0.3", "0.1")
	f.Add("-7.5e-3", "2.5e-4")
	f.Add("123456789012345678901234567890", "97")
	f.Fuzz(func(t *testing.T, number, divisor string) {
		if !json.Valid([]byte(number)) || strings.TrimSpace(number) != number || len(number)+len(divisor) > 200 {
			return
		}
		n, ok1 := new(big.Rat).SetString(number)
		d, ok2 := new(big.Rat).SetString(divisor)
		if !ok1 || !ok2 || d.Sign() <= 0 {
			return
		}
		if _, _, exp, _ := splitNumber(number); exp > 300 || exp < -300 {
			return // the reference would expand it
		}
		want := new(big.Rat).Quo(n, d).IsInt()
		if got := multipleOf(number, d); got != want {
			t.Errorf("multipleOf(%s, %s) = %v, want %v", number, divisor, got, want)
		}
	})
}

func TestDuplicate(t *testing.T) {
	if i, j, dup := Duplicate([]string{"a", "b", "a"}); !dup || i != 0 || j != 2 {
		t.Errorf("Duplicate = %d, %d, %v", i, j, dup)
	}
	long := make([]int64, 40)
	for i := range long {
		long[i] = int64(i)
	}
	if _, _, dup := Duplicate(long); dup {
		t.Error("no duplicate in 0..39")
	}
	long[39] = 3
	if i, j, dup := Duplicate(long); !dup || i != 3 || j != 39 {
		t.Errorf("Duplicate = %d, %d, %v", i, j, dup)
	}
}

func TestReport(t *testing.T) {
	ve := validate(`{"items":[{"qty":0}]}`)
	r := runtime.Report(fmt.Errorf("wrapped: %w", ve))
	if r.Error != runtime.FailureInvalidArguments || r.Tool != "t" || len(r.Violations) != 1 || r.Violations[0].Pointer != "/items/0/qty" || r.Message != ve.ModelMessage() {
		t.Errorf("validation report: %+v", r)
	}
	r = runtime.Report(&runtime.UnknownToolError{Name: "x", Known: []string{"a"}})
	if r.Error != runtime.FailureUnknownTool || len(r.KnownTools) != 1 {
		t.Errorf("unknown tool report: %+v", r)
	}
	var err error = &runtime.HandlerError{Tool: "t", Err: errors.New("disk on fire")}
	r = runtime.Report(err)
	if r.Error != runtime.FailureToolFailed || strings.Contains(r.Message, "disk") {
		t.Errorf("handler report: %+v", r)
	}
	if r := runtime.Report(errors.New("secret")); r.Error != runtime.FailureInternal || strings.Contains(r.Message, "secret") {
		t.Errorf("internal report: %+v", r)
	}
}

// TestLocateAgreesWithTheDecoder walks documents with the reader and, in
// step, with a jsontext.Decoder, and checks after every read that the
// position locate builds from the frames is the decoder's own StackPointer,
// and that the hint path spells the same members.
func TestLocateAgreesWithTheDecoder(t *testing.T) {
	docs := []string{
		`{}`, `[]`, `{"a":1}`, `[1,[2,[3]],{}]`,
		`{"a":{"b":[{"c":[[],[{"d":null}]]}],"e":{}},"f":[true,false]}`,
		`{"a\/b":{"~x":{"y/~z":1}},"\u00e9t\u00e9":[0,{"\"q\"":2}]}`,
		`{"items":[{"sku":"A","tags":["x","y"]},{"sku":"B","tags":[]}],"note":"n"}`,
		`{"a":{"a":{"a":{}}},"b":{"b":[[[]]]}}`,
		` { "a" : [ 1 , { "b" : "c" } ] , "d" : [ ] } `,
	}
	for _, doc := range docs {
		r := NewReader([]byte(doc))
		dec := jsontext.NewDecoder(strings.NewReader(doc))
		step := func(read func() error) {
			t.Helper()
			if err := read(); err != nil {
				t.Fatalf("%s: the decoder: %v", doc, err)
			}
		}
		token := func() error { _, err := dec.ReadToken(); return err }
		value := func() error { _, err := dec.ReadValue(); return err }
		check := func(after string) {
			t.Helper()
			r.locatedAt = 0 // locate afresh at every step
			got, want := r.pointer(), string(dec.StackPointer())
			if got != want {
				t.Fatalf("%s: after %s: pointer %q, the decoder says %q", doc, after, got, want)
			}
			if path := r.path(); pathOf(want) != path {
				t.Fatalf("%s: after %s: path %q for pointer %q", doc, after, path, want)
			}
		}
		var walk func()
		walk = func() {
			switch r.Kind() {
			case KindObject:
				r.BeginObject()
				step(token)
				check("{")
				for r.More() {
					name := string(r.Name())
					step(value)
					check("name " + name)
					walk()
					check("the value of " + name)
				}
				r.EndObject()
				step(token)
				check("}")
			case KindArray:
				r.BeginArray()
				step(token)
				check("[")
				for r.More() {
					walk()
					check("an item")
				}
				r.EndArray()
				step(token)
				check("]")
			default:
				r.Skip()
				step(value)
				check("a scalar")
			}
		}
		walk()
		if err := r.Finish("t"); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
	}
}

// pathOf renders a JSON Pointer as a hint path, assuming numeric tokens are
// array indexes (true of the documents above).
func pathOf(pointer string) string {
	var b strings.Builder
	for _, token := range strings.Split(pointer, "/")[1:] {
		if _, err := strconv.Atoi(token); err == nil {
			b.WriteString("[" + token + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strings.NewReplacer("~1", "/", "~0", "~").Replace(token))
	}
	return b.String()
}

// TestStringsShareBlocks reads strings of every length and kind, escaped or
// not, and checks each against encoding/json's reading, after all of them
// are read (a block's bytes must never change), and that short strings cost
// far fewer allocations than one each.
func TestStringsShareBlocks(t *testing.T) {
	var want []string
	for i := range 400 {
		s := strings.Repeat(string(rune('a'+i%26)), i%(ownStringLength+40))
		switch i % 5 {
		case 1:
			s += "\n\"é\""
		case 2:
			s = "日本" + s
		}
		want = append(want, s)
	}
	input, _ := json.Marshal(want)
	var got []string
	read := func() {
		got = got[:0]
		r := NewReader(input)
		r.BeginArray()
		for r.More() {
			s, _ := r.String()
			got = append(got, s)
		}
		r.EndArray()
		if err := r.Finish("t"); err != nil {
			t.Fatal(err)
		}
	}
	read()
	if !slices.Equal(got, want) {
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("string %d: got %q, want %q", i, got[i], want[i])
			}
		}
	}
	long := 0
	for _, s := range want {
		if len(s) > ownStringLength {
			long++
		}
	}
	// The short strings take about len(input)/stringBlock blocks.
	if raceEnabled {
		return // the count relies on the reader pool
	}
	if allocs := testing.AllocsPerRun(20, read); allocs > float64(long+len(input)/stringBlock+8) {
		t.Errorf("%d strings, %d of them long, read with %v allocations", len(want), long, allocs)
	}
}

// TestItemCountAndNesting checks the two quick scans of raw text against
// encoding/json's reading of the same arrays.
func TestItemCountAndNesting(t *testing.T) {
	for _, doc := range []string{
		`[]`, `[ ]`, `[1]`, `[[]]`, `[{}, []]`, `[1, "a,b", "]", "\\", "\\\"],[", {"a": [1, 2, {"b": "}"}]}]`,
		`["\"", "\\\\", "x\\\\\"y", [[[["deep"]]]], {"k,": "v]"}, null, true, -1.5e3]`,
		` [ 1 , 2 , 3 ] `,
		// Strings whose end lies past the eight-byte loop of plainString.
		`["0123456789abcdef\\\"],[", "0123456789abcde\\\"x\\\\", "0123456789abcdefghijklmnop,]\\\\", [1]]`,
		`["0123456789abcd\\\"", "x"]`, `["0123456789abcde\\\"", "x"]`, `["0123456789abcdef\\\"", "x"]`,
		// Arrays of containers, whose items the first check counts; the last
		// nests deeper than that check goes, so ItemCount counts it itself.
		`[{"a": [1, 2]}, {"b": [[3], [4, 5]]}, {}]`, `[[1, [2, 3]], [], [{"c": 4}]]`,
		`[{"a": ` + strings.Repeat("[", wellFormedDepth+1) + strings.Repeat("]", wellFormedDepth+1) + `}, {}]`,
	} {
		var items []any
		if err := json.Unmarshal([]byte(doc), &items); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		r := NewReader([]byte(doc))
		r.BeginArray()
		if got := r.ItemCount(); got != len(items) {
			t.Errorf("%s: ItemCount %d, want %d", doc, got, len(items))
		}
		var depthOf func(any) int
		depthOf = func(v any) int {
			d := 0
			switch v := v.(type) {
			case []any:
				for _, e := range v {
					d = max(d, depthOf(e))
				}
				return d + 1
			case map[string]any:
				for _, e := range v {
					d = max(d, depthOf(e))
				}
				return d + 1
			}
			return 0
		}
		deepest := depthOf(items)
		text := []byte(strings.TrimSpace(doc))
		if end, got := valueEnd(text, 0); end != len(text) || got != deepest {
			t.Errorf("%s: valueEnd %d, %d, want %d, %d", doc, end, got, len(text), deepest)
		}
		_ = r.Finish("t")
	}
}

// TestRawValuesShareBlocks reads raw values between strings and checks that
// short ones share the block of strings without one write reaching
// another: appending to a raw value, or changing its bytes, leaves the
// strings and raw values read after it as they were.
func TestRawValuesShareBlocks(t *testing.T) {
	input := []byte(`["first",{"a":[1,2]},"second",true,"third",12.5,"` + strings.Repeat("x", ownStringLength+1) + `"]`)
	r := NewReader(input)
	r.BeginArray()
	var strs []string
	var raws []json.RawMessage
	for i := 0; r.More(); i++ {
		if i%2 == 0 {
			s, _ := r.String()
			strs = append(strs, s)
			continue
		}
		raw, ok := r.Raw()
		if !ok {
			t.Fatalf("item %d: no raw value", i)
		}
		raws = append(raws, raw)
	}
	r.EndArray()
	if err := r.Finish("t"); err != nil {
		t.Fatal(err)
	}
	for _, raw := range raws {
		if cap(raw) != len(raw) {
			t.Errorf("raw value %s has room for %d more bytes after it, which an append would write over", raw, cap(raw)-len(raw))
		}
	}
	// Short raw values sit in the block between the strings read around
	// them (counting allocations instead would depend on the reader pool,
	// which the race detector empties at random).
	next := func(raw json.RawMessage, s string) unsafe.Pointer {
		return unsafe.Add(unsafe.Pointer(unsafe.SliceData(raw)), len(raw)+len(s))
	}
	if unsafe.Pointer(unsafe.SliceData(raws[1])) != next(raws[0], "second") ||
		unsafe.Pointer(unsafe.SliceData(raws[2])) != next(raws[1], "third") {
		t.Error("short raw values are not in the block of strings, one after the other with the strings between them")
	}
	raws[0] = append(raws[0], "!!!!!!!!"...)
	raws[1][0] = 'T'
	wantStrs := []string{"first", "second", "third", strings.Repeat("x", ownStringLength+1)}
	if !slices.Equal(strs, wantStrs) {
		t.Errorf("strings after writes to raw values: %q, want %q", strs, wantStrs)
	}
	if got := []string{string(raws[0]), string(raws[1]), string(raws[2])}; !slices.Equal(got, []string{`{"a":[1,2]}!!!!!!!!`, "True", "12.5"}) {
		t.Errorf("raw values after writes: %q", got)
	}
}

// TestItemCountOfStringArrays reads documents whole, skipping the members
// named "skip", and an array's first item if it is an object or an array,
// so that the reader passes over strings it never reads; it checks
// ItemCount of every array against the items read: arrays of strings,
// which ItemCount counts by the string ends the check listed, mixed ones,
// which it scans, and a document nested too deep for the check, whose
// strings are not listed.
func TestItemCountOfStringArrays(t *testing.T) {
	deep := strings.Repeat("[", wellFormedDepth+1) + strings.Repeat("]", wellFormedDepth+1)
	for _, doc := range []string{
		`["a","b","c"]`, `[ "a" , "b" ]`, `[""]`, `["", ""]`,
		`{"a":["x","y","z"],"skip":["p","q"],"b":["1", "2" ,"3"  ],"c":[]}`,
		`{"skip":"s1","skip2":["t","u"],"x":[ "" , "" ]}`,
		`["a\",\"b", "c", "]", ",", "[\"x\"]", "\\"]`,
		`["a\n","b\u00e9", "\ud83d\ude00"]`,
		`["a",1]`, `["a",["b","c"]]`, `["a",{"k":"v"}]`, `["a",null,"b"]`, `[1,"a","b"]`,
		`[{"skip":["a","b"],"n":["c","d","e"]},{"n":["f"]}]`,
		`[{"k":["p","q"]},["a","b","c"],{"k":"v"}]`, `[["p","q"],["a","b","c"]]`,
		`[["a","b"],["c"],[]]`,
		`["a","b",` + deep + `]`, `[` + deep + `,["a","b","c"]]`,
	} {
		r := NewReader([]byte(doc), runtime.Options{MaxDepth: 2 * wellFormedDepth})
		walkCountingItems(t, r, doc)
		if err := r.Finish("t"); err != nil {
			t.Errorf("%s: %v", doc, err)
		}
	}
}

// walkCountingItems reads the next value of r, checking ItemCount of each
// array in it.
func walkCountingItems(t *testing.T, r *Reader, doc string) {
	t.Helper()
	switch r.Kind() {
	case KindArray:
		r.BeginArray()
		want, n := r.ItemCount(), 0
		for r.More() {
			n++
			if k := r.Kind(); n == 1 && (k == KindObject || k == KindArray) {
				r.Skip() // and the strings in it
				continue
			}
			walkCountingItems(t, r, doc)
		}
		r.EndArray()
		if n != want {
			t.Errorf("%s: ItemCount %d for an array of %d items", doc, want, n)
		}
	case KindObject:
		r.BeginObject()
		for r.More() {
			if strings.HasPrefix(string(r.Name()), "skip") {
				r.Skip()
			} else {
				walkCountingItems(t, r, doc)
			}
		}
		r.EndObject()
	case KindString:
		r.String()
	default:
		r.Skip()
	}
}

// TestStringAtWithoutTheUnescapedText checks that a string the check
// listed as escaped, whose unescaped text is missing, is unescaped again
// rather than read as ending at 0, which would send the reader back to the
// start of its input.
func TestStringAtWithoutTheUnescapedText(t *testing.T) {
	r := NewReader([]byte(`["a\nb","c"]`))
	r.strs.escaped = r.strs.escaped[:0]
	r.BeginArray()
	var got []string
	for r.More() {
		s, _ := r.String()
		got = append(got, s)
	}
	r.EndArray()
	if err := r.Finish("t"); err != nil || !slices.Equal(got, []string{"a\nb", "c"}) {
		t.Errorf("read %q (%v), want %q", got, err, []string{"a\nb", "c"})
	}
}

// BenchmarkIsMultipleOf: a price, an exponent far past float64, and a
// million digits, which must cost time linear in the digits.
func BenchmarkIsMultipleOf(b *testing.B) {
	for _, c := range []struct{ name, number, divisor string }{
		{"price", "19.99", "0.01"},
		{"exponent", "3e999999999", "7"},
		{"million_digits", strings.Repeat("7", 1_000_000), "0.7"},
	} {
		number, divisor := []byte(c.number), Rat(c.divisor)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(number)))
			for b.Loop() {
				IsMultipleOf(number, divisor)
			}
		})
	}
}
