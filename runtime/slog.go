package runtime

import (
	"context"
	"log/slog"

	"github.com/toolgen/toolgen/internal/jsonpointer"
)

// SlogObserver is an Observer that logs each call with log/slog: the tool,
// outcome, attempt, duration, argument size and keyed digest, and the
// violations' keywords and pointers; never argument values. Successful calls log at
// Info, rejected arguments at Warn, and server-side failures at Error with
// their internal detail.
type SlogObserver struct {
	Logger *slog.Logger
}

// Observe logs one call.
func (o SlogObserver) Observe(ctx context.Context, c CallInfo) {
	logger := o.Logger
	if logger == nil {
		logger = slog.Default()
	}
	attrs := []slog.Attr{
		slog.String("tool", c.Tool),
		slog.String("outcome", c.Outcome),
		slog.Int("attempt", c.Attempt),
		slog.Duration("duration", c.Duration),
		slog.Int("argument_bytes", c.ArgumentBytes),
		slog.String("argument_sha256", c.ArgumentSHA256),
	}
	if len(c.Violations) > 0 {
		refs := make([]string, len(c.Violations))
		for i, v := range c.Violations {
			refs[i] = v.Keyword + " " + jsonpointer.Display(v.Pointer)
		}
		attrs = append(attrs, slog.Any("violations", refs))
	}
	if c.Detail != "" {
		attrs = append(attrs, slog.String("detail", c.Detail))
	}
	if len(c.Stack) > 0 {
		attrs = append(attrs, slog.String("stack", string(c.Stack)))
	}
	level := slog.LevelInfo
	switch c.Outcome {
	case "ok":
	case FailureToolFailed, FailurePanic, FailureExited, FailureTimeout, FailureInvalidOutput, FailureInternal:
		level = slog.LevelError
	default:
		level = slog.LevelWarn
	}
	logger.LogAttrs(ctx, level, "tool call", attrs...)
}
