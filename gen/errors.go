package gen

import (
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"strings"
)

// PackageNameError reports a package name for generated code that Go does not
// accept: it must be an identifier, not a keyword and not the blank one.
type PackageNameError struct {
	Name string
}

func (e *PackageNameError) Error() string {
	return fmt.Sprintf("%q is not a Go package name: use an identifier such as tools (letters, digits and _, not starting with a digit) that is not a Go keyword or _", e.Name)
}

// CheckPackageName returns a *PackageNameError when name cannot be the
// package clause of a Go file. The package name is written into generated
// code as it is, so it is checked before anything is generated.
func CheckPackageName(name string) error {
	if !token.IsIdentifier(name) || name == "_" {
		return &PackageNameError{Name: name}
	}
	return nil
}

// SchemaNameError reports a name GenerateValidators cannot give a validator
// function: not an exported Go identifier, used twice, or one whose check
// functions would share names with another schema's.
type SchemaNameError struct {
	Name   string
	Reason string
}

func (e *SchemaNameError) Error() string {
	return fmt.Sprintf("schema name %q: %s", e.Name, e.Reason)
}

// FormatError reports generated code that go/format refuses. Every catalog
// text reaches the file as an escaped comment or a quoted literal, so this is
// a fault of toolgen, not of the catalog; the error says so, and shows the
// first error and its line rather than the whole file.
type FormatError struct {
	Err  error  // the first error go/format reported
	Line string // the generated line it points at, cut short
}

func (e *FormatError) Error() string {
	msg := fmt.Sprintf("toolgen generated Go that does not format, a bug in toolgen (please report it with the catalog): %v", e.Err)
	if e.Line != "" {
		msg += fmt.Sprintf("; the line: %q", e.Line)
	}
	return msg
}

func (e *FormatError) Unwrap() error { return e.Err }

// maxFormatErrorLine is how much of the offending line a FormatError shows.
const maxFormatErrorLine = 120

// newFormatError keeps the first of err's errors and the line of src it
// points at.
func newFormatError(src []byte, err error) *FormatError {
	fe := &FormatError{Err: err}
	var list scanner.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return fe
	}
	fe.Err = list[0]
	lines := strings.Split(string(src), "\n")
	if n := list[0].Pos.Line; n >= 1 && n <= len(lines) {
		line := lines[n-1]
		if len(line) > maxFormatErrorLine {
			line = line[:maxFormatErrorLine] + "..."
		}
		fe.Line = line
	}
	return fe
}
