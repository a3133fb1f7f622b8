package toolgenimpl

import (
	"encoding/json"
	"slices"
	"strconv"
)

// uniqueItems finds duplicates by a key per item, equal exactly when the
// items are equal as JSON values, in a map: comparing every pair costs the
// square of the items, and an argument of 8,000 numbers took 36 s. A key
// spells each value with its kind and length first, so that no key is the
// beginning of another; numbers in canonical form, object members sorted
// by name.

// firstDuplicate returns the indexes of the first two of n items whose
// keys are equal: the earliest j that equals an earlier item, and the
// earliest such item, as comparing every pair in order finds them. key
// appends item i's key to b, or reports false when it has none (it is
// then equal to no item).
func firstDuplicate(n int, key func(b []byte, i int) ([]byte, bool)) (i, j int, found bool) {
	first := make(map[string]int, n)
	var b []byte
	for j := range n {
		var ok bool
		if b, ok = key(b[:0], j); !ok {
			continue
		}
		if i, dup := first[string(b)]; dup {
			return i, j, true
		}
		first[string(b)] = j
	}
	return 0, 0, false
}

// DuplicateJSON returns the indexes of the first two items of s that are equal
// as JSON values: object member order does not matter and numbers compare by
// value, so 1 equals 1.0.
func DuplicateJSON(s []json.RawMessage) (i, j int, found bool) {
	return firstDuplicate(len(s), func(b []byte, i int) ([]byte, bool) {
		v, err := parseValue(s[i])
		return appendKey(b, v), err == nil
	})
}

// appendKey appends the key of a value parseValue read.
func appendKey(b []byte, v value) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, 'n')
	case bool:
		if v {
			return append(b, 't')
		}
		return append(b, 'f')
	case string:
		return appendKeyText(append(b, '"'), v)
	case number:
		return appendKeyText(append(b, '0'), string(v))
	case []value:
		b = appendKeyCount(append(b, '['), len(v))
		for _, item := range v {
			b = appendKey(b, item)
		}
		return b
	case map[string]value:
		names := make([]string, 0, len(v))
		for name := range v {
			names = append(names, name)
		}
		slices.Sort(names)
		b = appendKeyCount(append(b, '{'), len(names))
		for _, name := range names {
			b = appendKey(appendKeyText(b, name), v[name])
		}
		return b
	}
	return b
}

// appendValueKey appends the key of v, which matches Value.Equal.
func appendValueKey(b []byte, v *Value) []byte {
	switch v.Kind {
	case KindBool:
		if v.Bool {
			return append(b, 't')
		}
		return append(b, 'f')
	case KindString:
		return appendKeyText(append(b, '"'), v.Text)
	case KindNumber:
		return appendKeyText(append(b, '0'), canonicalNumber(v.Text))
	case KindArray:
		b = appendKeyCount(append(b, '['), len(v.Items))
		for i := range v.Items {
			b = appendValueKey(b, &v.Items[i])
		}
		return b
	case KindObject:
		order := make([]int, len(v.Members))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(i, j int) int { return cmpString(v.Members[i].Name, v.Members[j].Name) })
		b = appendKeyCount(append(b, '{'), len(order))
		for _, i := range order {
			b = appendValueKey(appendKeyText(b, v.Members[i].Name), &v.Members[i].Value)
		}
		return b
	}
	return append(b, 'n')
}

func appendKeyCount(b []byte, n int) []byte {
	return append(strconv.AppendInt(b, int64(n), 10), ':')
}

func appendKeyText(b []byte, s string) []byte {
	return append(appendKeyCount(b, len(s)), s...)
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
