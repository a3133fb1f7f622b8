package toolgenimpl

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// uniqueAlphabet holds values that are equal in ways text is not (member
// order, number spellings, -0, huge exponents) and values that differ by
// kind alone.
var uniqueAlphabet = []string{
	`null`, `true`, `false`, `0`, `-0`, `0.0`, `1`, `1.0`, `10e-1`, `-1`, `1e99999999999999999999`,
	`"1"`, `""`, `"a"`, `[]`, `[1]`, `[1.0]`, `[[]]`, `{}`, `{"a":1,"b":[1.0]}`, `{"b":[1],"a":1}`,
	`{"a":null}`, `{"":""}`, `["a",{"1":"1"}]`, `{"1:":""}`, `{"1":":"}`,
}

// TestDuplicateAgreesWithPairs checks that both ways of finding equal
// items, on the text (DuplicateJSON) and on values read whole
// (Check.UniqueItems), find the pair that comparing every pair finds: the
// earliest item equal to one before it, and the earliest such one.
func TestDuplicateAgreesWithPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		texts := make([]json.RawMessage, rng.IntN(8))
		for k := range texts {
			texts[k] = json.RawMessage(uniqueAlphabet[rng.IntN(len(uniqueAlphabet))])
		}
		wantI, wantJ, want := 0, 0, false
	pairs:
		for j := range texts {
			for i := range j {
				if EqualJSON(texts[i], texts[j]) {
					wantI, wantJ, want = i, j, true
					break pairs
				}
			}
		}
		if i, j, got := DuplicateJSON(texts); got != want || i != wantI || j != wantJ {
			t.Errorf("DuplicateJSON(%s) = %d, %d, %v; want %d, %d, %v", texts, i, j, got, wantI, wantJ, want)
		}
		items := make([]string, len(texts))
		for k, s := range texts {
			items[k] = string(s)
		}
		x := MustParseValue("[" + strings.Join(items, ",") + "]")
		var c Check
		if got := c.UniqueItems(&x); got == want {
			t.Errorf("UniqueItems(%s) = %v, want %v", x.Text, got, !want)
		} else if want && !strings.Contains(c.violations[0].Message, fmt.Sprintf("items %d and %d", wantI, wantJ)) {
			t.Errorf("UniqueItems(%v): %q, want items %d and %d", items, c.violations[0].Message, wantI, wantJ)
		}
	}
}

// TestDuplicateGrowsLinearly finds no duplicate among n and 2n distinct
// objects: what it allocates must double at most, where comparing every
// pair, reading both texts each time, allocated four times as much.
func TestDuplicateGrowsLinearly(t *testing.T) {
	allocated := func(n int) uint64 {
		texts := make([]json.RawMessage, n)
		for i := range texts {
			texts[i] = json.RawMessage(fmt.Sprintf(`{"k":%d,"v":[%d,"x"]}`, i, n-i))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, _, found := DuplicateJSON(texts); found {
			t.Fatal("found a duplicate among distinct items")
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := allocated(1000), allocated(2000)
	if r := float64(large) / float64(small); r > 2.5 {
		t.Errorf("DuplicateJSON allocated %d bytes for 1000 items, %d for 2000 (x%.2f)", small, large, r)
	}
}
