package toolgenimpl

import "github.com/toolgen/toolgen/runtime/internal/message"

// The checks of the keywords on arrays: the schema functions' (Check) and
// the typed reader's (Reader), beside the schema compiler's keywords of the
// same file name (gen/internal/schemafunc).

// UniqueItems checks that no two items of an array are equal. Which ones
// are is not said of a sensitive array, nor of one that holds secrets: it
// would tell which secrets are equal.
func (c *Check) UniqueItems(x *Value) bool {
	for i := range x.Items {
		for j := i + 1; j < len(x.Items); j++ {
			if !x.Items[i].Equal(&x.Items[j]) {
				continue
			}
			if c.hidden(x) {
				return c.Report("uniqueItems", message.HiddenUniqueItemsMessage, c.subject()+message.HiddenUniqueItemsHint)
			}
			return c.Report("uniqueItems", string(message.UniqueItemsMessage(nil, i, j)), string(message.UniqueItemsHint(c.hintStart(), i, j)))
		}
	}
	return true
}

// ItemNotAllowed records that the current item is forbidden by keyword
// (items or unevaluatedItems, with the schema false).
func (c *Check) ItemNotAllowed(keyword string) bool {
	return c.Report(keyword, message.ItemNotAllowedMessage, c.subject()+message.ItemNotAllowedHint)
}

// Contains checks that between min and max items (max < 0: no limit) matched
// the contains schema.
func (c *Check) Contains(matched, min, max int) bool {
	switch {
	case matched < min:
		keyword := "minContains"
		if min == 1 {
			keyword = "contains"
		}
		return c.Report(keyword, message.FewContainsMessage(matched, min), string(message.FewContainsHint(c.hintStart(), matched, min)))
	case max >= 0 && matched > max:
		return c.Report("maxContains", message.ManyContainsMessage(matched, max), string(message.ManyContainsHint(c.hintStart(), matched, max)))
	}
	return true
}

// MinItems records an array with fewer than min items; call it after EndArray.
func (r *Reader) MinItems(min, got int) { r.sizeBound("minItems", got, min) }

// MaxItems records an array with more than max items; call it after EndArray.
func (r *Reader) MaxItems(max, got int) { r.sizeBound("maxItems", got, max) }

// UniqueItems records that items i and j of an array are equal; call it
// after EndArray. Which ones are is not said of a sensitive array.
func (r *Reader) UniqueItems(i, j int) { r.uniqueItems(i, j, false) }

// UniqueItemsHoldingSecrets is UniqueItems for an array whose items hold
// sensitive values: which items are equal is not said, since it would tell
// which secrets are.
func (r *Reader) UniqueItemsHoldingSecrets() { r.uniqueItems(0, 0, true) }

func (r *Reader) uniqueItems(i, j int, holdsSecrets bool) {
	if t, ok := r.beginViolation(); ok {
		if r.sensitive > 0 || holdsSecrets {
			t = append(t, message.HiddenUniqueItemsMessage...)
			t = r.appendSubject(r.beginHint(t))
			r.record("uniqueItems", append(t, message.HiddenUniqueItemsHint...))
			return
		}
		t = message.UniqueItemsMessage(t, i, j)
		t = r.appendSubject(r.beginHint(t))
		r.record("uniqueItems", message.UniqueItemsHint(t, i, j))
	}
}
