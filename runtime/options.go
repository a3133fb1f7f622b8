package runtime

// The limits of a Reader: its defaults, unless Options say otherwise, and
// MaxViolations.
const (
	DefaultMaxBytes = 1 << 20 // 1 MiB of arguments
	DefaultMaxDepth = 256
	// MaxViolations caps how many violations one validation reports. A
	// model that sent more than this many problems is better served by the
	// first ones and a note that more exist than by a wall of text.
	MaxViolations = 50
)

// Options are the limits a Reader enforces before and while it decodes, so
// that hostile arguments cost a violation rather than memory. Zero fields
// take the defaults.
type Options struct {
	// MaxBytes limits the size of the arguments, checked before anything is
	// decoded; 0 means DefaultMaxBytes.
	MaxBytes int
	// MaxDepth limits how deeply objects and arrays may nest; 0 means
	// DefaultMaxDepth. The JSON tokenizer reads no deeper than 10,000
	// levels, so a larger value means 10,000.
	MaxDepth int
	// MaxStringLength limits any one string value, in bytes, after
	// unescaping: a member or item that is a string, an enum's included;
	// 0 means only MaxBytes bounds it. Strings nested in an object or array
	// kept whole as JSON text (json.RawMessage, any), and in members skipped,
	// are bounded by MaxBytes alone.
	MaxStringLength int
	// MaxArrayLength limits the items of any one array; 0 means only
	// MaxBytes bounds it.
	MaxArrayLength int
	// NullAsAbsent reads null for an optional member that may not be null as
	// if the member were absent: what a model following a strict-mode
	// variant of the schema (StrictInputSchema) sends for "no value". Only
	// code generated with -openai-strict honours it.
	NullAsAbsent bool
}

func (o Options) maxBytes() int {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return DefaultMaxBytes
}
