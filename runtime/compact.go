package runtime

// CompactErrorReport is an ErrorReport without its prose: the failure class
// and, per violation, only where and which keyword. A tool message that
// already carries ModelMessage(err) sends this beside it, so that every hint
// reaches the model once instead of three times (in the text, in the
// report's message and in each violation's hint).
type CompactErrorReport struct {
	Error      string             `json:"error"` // the failure class, one of the Failure… constants
	Tool       string             `json:"tool,omitempty"`
	Violations []CompactViolation `json:"violations,omitempty"`
	Omitted    int                `json:"omitted,omitempty"` // violations found but not listed
}

// CompactViolation locates one violation: its JSON Pointer and the keyword
// that failed. Its hint is in the model message it goes with.
type CompactViolation struct {
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
}

// CompactReport is Report(err) with the message, the hints and the list of
// known tools left out, as those are all in ModelMessage(err).
func CompactReport(err error) CompactErrorReport {
	return Report(err).Compact()
}

// Compact is the report without its prose, as CompactReport gives it.
func (full ErrorReport) Compact() CompactErrorReport {
	r := CompactErrorReport{Error: full.Error, Tool: full.Tool, Omitted: full.Omitted}
	if len(full.Violations) > 0 {
		r.Violations = make([]CompactViolation, len(full.Violations))
		for i, v := range full.Violations {
			r.Violations[i] = CompactViolation{Pointer: v.Pointer, Keyword: v.Keyword}
		}
	}
	return r
}
