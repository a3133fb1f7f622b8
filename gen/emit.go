package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	goruntime "runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/toolgen/toolgen/gen/internal/goemit"

	"github.com/dave/jennifer/jen"
	"github.com/go-json-experiment/json/jsontext"
)

const (
	runtimePkg = goemit.RuntimePkg
	jsonPkg    = "encoding/json"
)

// Emit renders a model as one gofmt'ed Go file.
func Emit(m *Model, opts Options) ([]byte, error) {
	if err := CheckPackageName(opts.Package); err != nil {
		return nil, err
	}
	if m.names == nil {
		return nil, errors.New("the model was not made by Build")
	}
	e := &emitter{m: m, pkg: opts.Package, allowed: map[string]string{}, names: m.names, readerNames: map[*Value]string{}, enumListNames: map[*NamedType]string{}, fieldLists: map[*NamedType]string{}, objectTypes: map[*NamedType]string{}, customs: map[string]customUse{}, customBase: map[*Value]*Value{}}
	e.newChunk()
	e.planTrials()

	enforceVersion(e.f)
	e.toolNames()
	e.definitions()
	e.handler()
	e.dispatch()
	e.validateArgs()
	if opts.Client {
		e.client()
	}
	for _, t := range m.Tools {
		e.validType(t)
	}
	for _, t := range m.Types {
		if t.Base != nil {
			e.enumType(t)
		} else {
			e.structType(t)
		}
	}
	e.sealedTypes()
	e.unionTypes()
	e.valueReaders()
	e.alternatives()
	e.customAssertions()
	if opts.Client {
		e.clientAssertions()
	}
	e.packageVars()
	if m.Schemas != nil {
		e.f.Add(m.Schemas.Code()...)
	}

	return e.render(generatedBy(opts.Source, opts.Flags))
}

type emitter struct {
	m   *Model
	pkg string
	f   *jen.File // the chunk being written; see end

	chunks   []*jen.File
	sinceCut int // top-level declarations written to f since it was started

	allowed      map[string]string // JSON texts of allowed values -> package variable
	names        *namespace        // the model's: every package-level name of the file
	allowedOrder []string
	readers      []*Alternative // value readers to emit: union alternatives and items read from their text
	readerNames  map[*Value]string
	// enumListNames names the variable listing each plain enum type's values.
	enumListNames map[*NamedType]string
	fieldLists    map[*NamedType]string // the member list variable of each struct type
	objectTypes   map[*NamedType]string // the toolgenimpl.ObjectType variable of each struct type held by pointer

	// The types the catalog chose (goJSONSchema), in the order met, and the
	// values their values are checked as before conversion.
	customs     map[string]customUse
	customOrder []string
	customBase  map[*Value]*Value

	trials *trialPlan // what is read inside a union's trial (see emit_trials.go)
	// secretText caches textHoldsSecrets.
	secretText map[*Value]bool
}

// chunkDecls is how many top-level declarations a chunk holds: enough that
// formatting a chunk costs far more than starting one, few enough that a
// large catalog makes many chunks to share among the processors.
const chunkDecls = 200

// newChunk starts a new chunk of the file: a jen.File of its own, so that
// chunks can be rendered and formatted concurrently.
func (e *emitter) newChunk() {
	e.f = jen.NewFile(e.pkg)
	importRuntime(e.f)
	e.f.ImportName(jsonPkg, "json")
	for path, name := range e.m.Imports {
		if name == importName(path) {
			e.f.ImportName(path, name)
		} else {
			e.f.ImportAlias(path, name)
		}
	}
	e.f.NoFormat = true
	e.chunks = append(e.chunks, e.f)
	e.sinceCut = 0
}

// end ends a top-level declaration with a blank line, the only place the
// file may be cut into chunks: with a blank line before the next
// declaration, gofmt formats a chunk on its own exactly as it formats it
// inside the whole file.
func (e *emitter) end() {
	e.f.Line()
	e.sinceCut++
	if e.sinceCut >= chunkDecls {
		e.newChunk()
	}
}

// render renders the chunks under the header; see assemble.
func (e *emitter) render(generated string) ([]byte, error) {
	return assemble(generated, e.pkg, e.chunks)
}

// assemble renders and formats chunks, as many at once as there are
// processors (go/format is most of the time a large catalog takes), and joins
// them under the header, the package clause and the imports of them all.
func assemble(generated, pkg string, chunks []*jen.File) ([]byte, error) {
	bodies := make([][]byte, len(chunks))
	imports := make([][]string, len(chunks))
	errs := make([]error, len(chunks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(goruntime.GOMAXPROCS(0), len(chunks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(chunks); i = int(next.Add(1) - 1) {
				bodies[i], imports[i], errs[i] = renderChunk(chunks[i])
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	var prelude bytes.Buffer
	if err := header(generated).Render(&prelude); err != nil {
		return nil, fmt.Errorf("rendering generated code: %w", err)
	}
	fmt.Fprintf(&prelude, "\n\npackage %s\n\n", pkg)
	writeImports(&prelude, slices.Concat(imports...))
	out, err := format.Source(prelude.Bytes())
	if err != nil {
		return nil, newFormatError(prelude.Bytes(), err)
	}
	for _, body := range bodies {
		if len(body) > 0 {
			out = append(append(out, '\n'), body...)
		}
	}
	return out, nil
}

// writeImports writes the import declaration of specs (a path, or a name and
// a path, as jennifer writes them) the way goimports groups them: the
// standard library, then a blank line, then every other package.
func writeImports(w *bytes.Buffer, specs []string) {
	slices.SortFunc(specs, func(a, b string) int {
		pa, pb := importPath(a), importPath(b)
		if sa, sb := isStandard(pa), isStandard(pb); sa != sb {
			if sa {
				return -1
			}
			return 1
		}
		return strings.Compare(pa, pb)
	})
	specs = slices.Compact(specs)
	switch len(specs) {
	case 0:
		return
	case 1:
		w.WriteString("import " + specs[0] + "\n")
		return
	}
	std, others := specs, []string(nil)
	if i := slices.IndexFunc(specs, func(s string) bool { return !isStandard(importPath(s)) }); i >= 0 {
		std, others = specs[:i:i], specs[i:]
	}
	w.WriteString("import (\n")
	for _, group := range [][]string{std, others} {
		if len(group) == 0 {
			continue
		}
		if group[0] != specs[0] {
			w.WriteString("\n")
		}
		w.WriteString(strings.Join(group, "\n") + "\n")
	}
	w.WriteString(")\n")
}

// importPath is the path of an import spec: its last field, unquoted.
func importPath(spec string) string {
	quoted := spec[strings.LastIndexByte(spec, ' ')+1:]
	if path, err := strconv.Unquote(quoted); err == nil {
		return path
	}
	return quoted
}

// isStandard reports whether path is a package of the standard library:
// as goimports tells, one whose first element has no dot.
func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// renderChunk renders one chunk and formats its declarations. It returns them
// without the package clause and imports, each line ending in a newline, and
// the chunk's import specs as jennifer wrote them (path, or name and path).
func renderChunk(f *jen.File) (body []byte, imports []string, err error) {
	var raw bytes.Buffer
	if err := f.Render(&raw); err != nil {
		return nil, nil, fmt.Errorf("rendering generated code: %w", err)
	}
	src := raw.Bytes()
	// jennifer writes "package p\n\n", then either import "path"\n\n or an
	// import block of one spec a line, then the declarations.
	clause, rest, _ := bytes.Cut(src, []byte("\n\n"))
	switch {
	case bytes.HasPrefix(rest, []byte("import (\n")):
		block, decls, _ := bytes.Cut(rest[len("import (\n"):], []byte("\n)\n\n"))
		imports = strings.Split(string(block), "\n")
		rest = decls
	case bytes.HasPrefix(rest, []byte("import ")):
		spec, decls, _ := bytes.Cut(rest[len("import "):], []byte("\n\n"))
		imports = []string{string(spec)}
		rest = decls
	}
	if len(bytes.TrimSpace(rest)) == 0 {
		return nil, imports, nil
	}
	// Format the declarations as a file of their own: the same package
	// clause, no imports (gofmt does not resolve names).
	src = append(append(append(make([]byte, 0, len(clause)+2+len(rest)), clause...), "\n\n"...), rest...)
	formatted, err := format.Source(src)
	if err != nil {
		return nil, nil, newFormatError(src, err)
	}
	return bytes.TrimLeft(formatted[len(clause):], "\n"), imports, nil
}

func litOrNil(s string) jen.Code {
	if s == "" {
		return nil
	}
	return jen.Lit(s)
}

// stringLiteral renders s as a raw string literal when it can be one, which
// keeps JSON readable, and as an interpreted one otherwise.
func stringLiteral(s string) jen.Code {
	if rawStringSafe(s) {
		return jen.Id("`" + s + "`")
	}
	return jen.Lit(s)
}

// rawStringSafe reports whether s can stand between backquotes and read as
// what it is: valid UTF-8 of printable characters, spaces, tabs and
// newlines. A raw string keeps every byte, so a NUL or a byte order mark
// would make the file fail to compile, a carriage return would be dropped,
// and a bidirectional control would reorder how the code around it reads;
// an interpreted literal escapes them all.
func rawStringSafe(s string) bool {
	for _, r := range s {
		if r == '`' || r == utf8.RuneError || r != '\n' && r != '\t' && !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

// lowerFirst unexports a Go name: RefundPaymentArgs -> refundPaymentArgs,
// URLArgs -> urlArgs.
func lowerFirst(s string) string {
	upper := 0
	for upper < len(s) && s[upper] >= 'A' && s[upper] <= 'Z' {
		upper++
	}
	if upper > 1 && upper < len(s) {
		upper-- // keep the capital that starts the next word
	}
	return strings.ToLower(s[:upper]) + s[upper:]
}

func varName(base string, depth int) string {
	if depth == 0 {
		return base
	}
	return base + strconv.Itoa(depth)
}

// withArticle puts "a" or "an" before word, a JSON type or a keyword, as
// the word is said: "an object", "an anyOf", "an enum", but "a oneOf" (said
// "won") and "a uniqueItems" (said "you").
func withArticle(word string) string {
	lower := strings.ToLower(word)
	vowel := lower != "" && strings.ContainsRune("aeiou", rune(lower[0]))
	for _, p := range consonantSounds {
		if strings.HasPrefix(lower, p) {
			vowel = false
		}
	}
	if vowel {
		return "an " + word
	}
	return "a " + word
}

// consonantSounds are the beginnings of words that a vowel letter starts but
// a consonant sound does.
var consonantSounds = []string{"one", "uni", "uint", "use", "eu"}

func joinOr(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func compact(v jsontext.Value) []byte {
	c := slices.Clone(v)
	if err := (*jsontext.Value)(&c).Compact(); err != nil {
		return v
	}
	return c
}

// kv is one key: value of a composite literal, in the order written.
type kv struct {
	key   string
	value jen.Code
}

// keyed renders fields as a composite literal body, one per line, keeping
// their order (jen.Dict would sort them).
func keyed(fields ...kv) []jen.Code {
	items := make([]jen.Code, 0, len(fields))
	for _, f := range fields {
		if f.value != nil {
			items = append(items, jen.Id(f.key).Op(":").Add(f.value))
		}
	}
	return lines(items)
}

// lines puts each item of a composite literal on its own line.
func lines(items []jen.Code) []jen.Code {
	if len(items) == 0 {
		return nil
	}
	out := make([]jen.Code, 0, len(items)+1)
	for _, it := range items {
		out = append(out, jen.Line().Add(it))
	}
	return append(out, jen.Line())
}
