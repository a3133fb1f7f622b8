package gen

import (
	"errors"
	"fmt"
	"go/token"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen/toolgen/gen/internal/schemafunc"
	"github.com/toolgen/toolgen/internal/jsonpointer"
	"github.com/toolgen/toolgen/internal/schema"
)

// Schema is one root schema to compile into a validator with
// GenerateValidators.
type Schema struct {
	// Name is the exported name of the generated function.
	Name string
	// JSON is the schema: an object or a boolean.
	JSON []byte
	// URI is where the schema was retrieved from, the base of its relative
	// references; empty means DefaultBaseURI.
	URI string
	// AnnotateFormats makes format an annotation, as the 2020-12 default
	// dialect has it, unless the meta-schema asks for the format-assertion
	// vocabulary. By default toolgen asserts every format it knows: a tool
	// that asks for a date should not receive "tomorrow".
	AnnotateFormats bool
	// Draft is the meta-schema URI of the dialect of a schema (and of the
	// documents it reaches) that does not name one with "$schema":
	// "http://json-schema.org/draft-07/schema#",
	// "https://json-schema.org/draft/2019-09/schema" or, when empty, 2020-12.
	Draft string
}

// DefaultBaseURI is the base URI of a schema that has neither an $id nor a
// retrieval URI.
const DefaultBaseURI = "https://toolgen.invalid/schema.json"

// ValidatorOptions configure GenerateValidators.
type ValidatorOptions struct {
	// Package is the Go package name of the generated file.
	Package string
	// Resources are further schema documents that references may reach
	// (meta-schemas, shared definitions), by absolute URI.
	Resources map[string][]byte
}

// SchemaError is a schema that cannot be compiled: the place, the keyword and
// what to do about it.
type SchemaError struct {
	Schema string // the Schema.Name
	// Document is the URI of the document at fault when it is not the
	// schema itself but one it refers to.
	Document string
	Pointer  string // JSON Pointer of the offending schema within its document
	Keyword  string
	Reason   string
}

func (e *SchemaError) Error() string {
	where := jsonpointer.Display(e.Pointer)
	if e.Document != "" {
		where = e.Document + "#" + e.Pointer
	}
	return fmt.Sprintf("schema %s: %s: %s: %s", e.Schema, where, e.Keyword, e.Reason)
}

// GenerateValidators compiles each schema into a function
//
//	func Name(data []byte) error
//
// that reads data as one JSON value and returns nil or a
// *runtime.ValidationError listing every violation. Every keyword of JSON
// Schema 2020-12, 2019-09 and draft-07 is compiled to Go, each resource by
// the draft its "$schema" names; a schema that cannot be (an unsupported
// dialect, a pattern RE2 cannot run, a reference to nothing) is left out of
// the file, and its *SchemaError is returned in refused under its name.
func GenerateValidators(schemas []Schema, opts ValidatorOptions) (src []byte, refused map[string]error, err error) {
	if err := CheckPackageName(opts.Package); err != nil {
		return nil, nil, err
	}
	f := jen.NewFile(opts.Package)
	importRuntime(f)
	enforceVersion(f)
	f.NoFormat = true // assemble formats it
	refused = map[string]error{}
	// The entry functions keep their names; everything else of the file
	// is named around them.
	names := newNamespace()
	for _, s := range schemas {
		if err := checkSchemaName(s.Name); err != nil {
			return nil, nil, err
		}
		if names.taken[s.Name] {
			return nil, nil, &SchemaNameError{Name: s.Name, Reason: "two schemas have this name; give each its own"}
		}
		names.taken[s.Name] = true
	}
	for _, s := range schemas {
		code, err := compileSchema(s, opts, names)
		if err != nil {
			refused[s.Name] = err
			continue
		}
		f.Add(code...)
	}
	src, err = assemble(generatedBy("", nil), opts.Package, []*jen.File{f})
	if err != nil {
		return nil, nil, err
	}
	return src, refused, nil
}

// checkSchemaName checks that a validator's name can be the name of its
// entry function.
func checkSchemaName(name string) error {
	if !token.IsIdentifier(name) || !token.IsExported(name) {
		return &SchemaNameError{Name: name, Reason: "it is not an exported Go identifier; use one such as ValidateOrder"}
	}
	return nil
}

// compileSchema compiles one root schema into the entry function and the
// check functions behind it.
func compileSchema(s Schema, opts ValidatorOptions, names *namespace) ([]jen.Code, error) {
	uri := s.URI
	if uri == "" {
		uri = DefaultBaseURI
	}
	reg := schema.NewRegistry(opts.Resources)
	k := schemafunc.New(reg, schemafunc.Options{Prefix: lowerFirst(s.Name), Claim: names.claim, AnnotateFormats: s.AnnotateFormats})
	if s.Draft != "" {
		d := schema.Dialects[schema.WithoutFragment(s.Draft)]
		if d == nil {
			return nil, &SchemaError{Schema: s.Name, Keyword: "$schema", Reason: fmt.Sprintf("the draft %q is not one toolgen compiles; use %q, %q or %q", s.Draft, schema.Draft202012.URI, schema.Draft201909.URI, schema.Draft07.URI)}
		}
		reg.DefaultDialect = d
	}
	located := func(err error) error {
		var re *schema.RefError
		if errors.As(err, &re) {
			e := &SchemaError{Schema: s.Name, Pointer: re.Ptr, Keyword: re.Keyword, Reason: re.Reason}
			if re.Doc != schema.WithoutFragment(uri) {
				e.Document = re.Doc
			}
			return e
		}
		return &SchemaError{Schema: s.Name, Reason: err.Error()}
	}
	doc, err := reg.AddDocument(schema.WithoutFragment(uri), s.JSON)
	if err != nil {
		return nil, located(err)
	}
	root := k.Function(doc.Root)
	if errs := k.Finish(); len(errs) > 0 {
		return nil, located(errs[0])
	}
	entry := lineComment(fmt.Sprintf("%s checks that data is one JSON value valid against its schema, and returns nil or a *runtime.ValidationError listing every violation.", s.Name)).Line().
		Func().Id(s.Name).Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(rt(schemafunc.ValidateJSON(k.HoldsSecrets(doc.Root))).Call(jen.Lit(s.Name), jen.Id("data"), jen.Id(root))),
	)
	return append([]jen.Code{entry, jen.Line()}, k.Code()...), nil
}
