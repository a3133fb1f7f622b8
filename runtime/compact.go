package runtime

// CompactErrorReport is an ErrorReport without its prose, as
// ErrorReport.Compact gives it: the failure class and, per violation, only
// where and which keyword. A tool message that already carries
// ModelMessage(err) sends Report(err).Compact() beside it, so that every
// hint reaches the model once instead of three times (in the text, in the
// report's message and in each violation's hint).
type CompactErrorReport struct {
	Error      string         `json:"error"` // the failure class, one of the Failure… constants
	Tool       string         `json:"tool,omitempty"`
	Violations []ViolationRef `json:"violations,omitempty"`
	Omitted    int            `json:"omitted,omitempty"` // violations found but not listed
}

// Compact is the report with the message, the hints and the list of known
// tools left out, as those are all in ModelMessage(err).
func (full ErrorReport) Compact() CompactErrorReport {
	r := CompactErrorReport{Error: full.Error, Tool: full.Tool, Omitted: full.Omitted}
	if len(full.Violations) > 0 {
		r.Violations = refs(full.Violations)
	}
	return r
}
