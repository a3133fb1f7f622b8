package gen

import (
	"errors"
	"go/format"
	"strings"
	"testing"
)

// TestFormatErrorIsShort checks that a formatting failure reports its first
// error and the line it points at, not the generated source.
func TestFormatErrorIsShort(t *testing.T) {
	src := []byte("package p\n\nvar A = 1\nvar B = +Inf.0\nvar C = 3\nvar D = )\n" + strings.Repeat("var E = 1\n", 1000))
	_, err := format.Source(src)
	if err == nil {
		t.Fatal("the source formats")
	}
	fe := newFormatError(src, err)
	msg := fe.Error()
	if !strings.Contains(msg, "4:") || !strings.Contains(msg, `"var B = +Inf.0"`) || !strings.Contains(msg, "bug in toolgen") {
		t.Errorf("message %q does not name the first error, its line and whose fault it is", msg)
	}
	if strings.Contains(msg, "var C") || strings.Contains(msg, "var D") || len(msg) > 400 {
		t.Errorf("message %q shows more than the failing line", msg)
	}
	if !errors.Is(fe, fe.Err) {
		t.Error("FormatError does not unwrap to the formatting error")
	}
}
