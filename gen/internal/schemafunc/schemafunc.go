// Package schemafunc compiles JSON Schemas into Go check functions of the
// toolgenimpl.SchemaFunc shape: every keyword of 2020-12, 2019-09 and
// draft-07, the exact validator behind whatever the typed reader cannot
// express, and the whole of gen.GenerateValidators.
package schemafunc

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/internal/schema"
)

// Compiler is the handle a generated file keeps on its schema functions:
// asked for the function of a schema, it names it and queues it; Finish
// compiles everything asked for, and Code is the result.
type Compiler struct{ k *checker }

// Options are what a Compiler is told besides its registry.
type Options struct {
	// Prefix starts the name of every function and variable it declares.
	Prefix string
	// Claim returns a free package-level identifier for one wanted, and
	// takes it: the generated file's namespace.
	Claim func(want string) string
	// AnnotateFormats makes format an annotation unless a meta-schema asks
	// for the format-assertion vocabulary.
	AnnotateFormats bool
	// Describe names a document in doc comments; nil means by its URI.
	Describe func(doc *schema.Document) string
}

// New returns a compiler of the schemas of reg.
func New(reg *schema.Registry, opts Options) *Compiler {
	k := newChecker(reg, opts.Prefix, opts.Claim)
	k.annotateFormats = opts.AnnotateFormats
	k.describe = opts.Describe
	return &Compiler{k}
}

// Function returns the name of the check function for schema n, queueing
// it for compilation.
func (c *Compiler) Function(n *schema.Node) string { return c.k.function(n) }

// HoldsSecrets reports whether a value of schema n may hold a sensitive
// value inside it.
func (c *Compiler) HoldsSecrets(n *schema.Node) bool { return c.k.holdsSecrets(n) }

// Sensitive reports whether a value of schema n must not be echoed.
func (c *Compiler) Sensitive(n *schema.Node) bool { return c.k.sensitive(n) }

// Finish compiles every schema asked for and returns every problem found;
// schema errors are *schema.RefError.
func (c *Compiler) Finish() []error { return c.k.finish() }

// Code is the check functions and package variables, once Finish has run.
func (c *Compiler) Code() []jen.Code { return c.k.code }

// ValidateJSON is the runtime's entry point for a validator of a whole
// schema that may or may not hold secrets.
func ValidateJSON(holdsSecrets bool) string { return validateJSON(holdsSecrets) }
