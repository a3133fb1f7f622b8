package main

import (
	"fmt"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/gen"
)

// generateAll lints a loaded catalog and generates its code; loaded are
// the diagnostics of loading it. src is nil when an error stops it.
func generateAll(cat *catalog.Catalog, loaded catalog.Diagnostics, lintOpts catalog.LintOptions, genOpts gen.Options) ([]byte, catalog.Diagnostics) {
	diags := loaded.Merge(catalog.Lint(cat, lintOpts))
	// A duplicate tool name is Lint's one error; the generator sees each
	// name once, so that it does not report the cause again.
	unique := cat.FirstOfEachName()
	diags = diags.Merge(catalog.NameWarnings(unique))
	src, genDiags := gen.Generate(unique, genOpts)
	return src, diags.Merge(genDiags)
}

// generateSkipping is generateAll for -skip-uncompilable: a tool with an
// error is left out, whole, and the rest generated again, until no tool
// has one (leaving a tool out can break another that refers to its
// schema). The errors of the tools left out come back as warnings, with
// one more at each tool's name saying it was left out; an error that
// belongs to no tool still stops generation.
func generateSkipping(cat *catalog.Catalog, loaded catalog.Diagnostics, lintOpts catalog.LintOptions, genOpts gen.Options) ([]byte, catalog.Diagnostics) {
	left := map[string]catalog.Diagnostics{} // the errors of each tool left out
	var order []string
	isLeft := func(name string) bool { return left[name] != nil }
	for {
		var base catalog.Diagnostics // what loading said of the tools still in
		for _, d := range loaded {
			if !isLeft(d.Tool) {
				base = append(base, d)
			}
		}
		src, diags := generateAll(cat.Without(isLeft), base, lintOpts, genOpts)
		failing := map[string]catalog.Diagnostics{}
		var kept catalog.Diagnostics
		for _, d := range diags {
			switch {
			case d.Severity != catalog.Error:
				kept = append(kept, d)
			case d.Tool == "" || !hasTool(cat, d.Tool) || isLeft(d.Tool):
				return nil, diags // nothing to leave out: the catalog's own error
			default:
				if failing[d.Tool] == nil {
					order = append(order, d.Tool)
				}
				failing[d.Tool] = append(failing[d.Tool], d)
			}
		}
		if len(failing) == 0 {
			kept = append(kept, skipped(cat, left, order)...)
			kept.Sort()
			return src, kept
		}
		for name, ds := range failing {
			left[name] = ds
		}
	}
}

// skipped returns the warnings about the tools left out, in the order they
// were found, each tool's first.
func skipped(cat *catalog.Catalog, left map[string]catalog.Diagnostics, order []string) catalog.Diagnostics {
	var out catalog.Diagnostics
	for _, name := range order {
		errs := left[name]
		t := tool(cat, name)
		ptr := t.Pointer + "/name"
		if cat.Format == catalog.FormatOpenAIChat {
			ptr = t.Pointer + "/function/name"
		}
		out = append(out, cat.Warning(catalog.WarnSkippedTool, name, ptr,
			"tool %q is left out of the generated code (-skip-uncompilable), since it cannot be compiled exactly (%s below): Dispatch refuses it as an unknown tool, and Tools and Definitions do not list it", name, problems(len(errs))))
		for _, d := range errs {
			d.Severity, d.Class = catalog.Warning, catalog.WarnSkippedTool
			d.Message = "left out: " + d.Message
			out = append(out, d)
		}
	}
	return out
}

func problems(n int) string {
	if n == 1 {
		return "1 problem"
	}
	return fmt.Sprintf("%d problems", n)
}

func hasTool(cat *catalog.Catalog, name string) bool { return tool(cat, name) != nil }

func tool(cat *catalog.Catalog, name string) *catalog.Tool {
	for i := range cat.Tools {
		if cat.Tools[i].Name == name {
			return &cat.Tools[i]
		}
	}
	return nil
}
