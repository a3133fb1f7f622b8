package brandcheck_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolgen/toolgen/cmd/internal/brandcheck"
)

// TestAnalyzer checks every construction the check reports, in the generated
// package's own hand-written files and in a package importing it, and the
// uses it allows: the want comments in testdata/src list each report, and a
// report on a line without one fails the test. Package forged marks types
// outside a toolgen file, which the check must not trust.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), brandcheck.Analyzer, "tools", "app", "forged")
}
