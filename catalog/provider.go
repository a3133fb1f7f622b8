package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolgen/toolgen/internal/schema"
)

// Provider names an API whose rules for tool definitions LintProvider
// checks a catalog against.
type Provider string

const (
	// ProviderOpenAIStrict is OpenAI function calling with "strict": true
	// (Structured Outputs): the model's arguments are constrained to the
	// schema, which must fit a subset of JSON Schema.
	ProviderOpenAIStrict Provider = "openai-strict"
	// ProviderOpenAI is OpenAI function calling without strict mode (Chat
	// Completions and Responses).
	ProviderOpenAI Provider = "openai"
	// ProviderAnthropic is the Anthropic Messages API's client tools.
	ProviderAnthropic Provider = "anthropic"
	// ProviderMCP is the Model Context Protocol's tools/list (2025-11-25).
	ProviderMCP Provider = "mcp"
	// ProviderGemini is the Gemini API's function declarations, with the
	// schema sent as "parameters" (a subset of the OpenAPI 3.0 Schema).
	ProviderGemini Provider = "gemini"
	// ProviderGeminiJSONSchema is the Gemini API's function declarations,
	// with the schema sent as "parametersJsonSchema" (JSON Schema), as
	// toolgen's Gemini adapter sends it.
	ProviderGeminiJSONSchema Provider = "gemini-jsonschema"
)

// Providers returns every provider LintProvider knows, in a fixed order.
func Providers() []Provider {
	return []Provider{ProviderOpenAIStrict, ProviderOpenAI, ProviderAnthropic, ProviderMCP, ProviderGemini, ProviderGeminiJSONSchema}
}

// UnknownProviderError is returned by ParseProvider for a name that is not
// a known provider.
type UnknownProviderError struct {
	Name string
}

func (e *UnknownProviderError) Error() string {
	names := make([]string, 0, len(providerSpecs))
	for _, p := range Providers() {
		names = append(names, string(p))
	}
	return fmt.Sprintf("unknown provider %q; known providers: %s", e.Name, strings.Join(names, ", "))
}

// ParseProvider returns the provider called name, or an
// *UnknownProviderError.
func ParseProvider(name string) (Provider, error) {
	p := Provider(name)
	if _, ok := providerSpecs[p]; !ok {
		return "", &UnknownProviderError{Name: name}
	}
	return p, nil
}

// LintProvider reports, for each tool of a loaded catalog, what the
// provider will reject (errors) or may reject or silently change
// (warnings): tool names, the shape of the input schema's root, and for
// openai-strict and gemini every keyword the provider does not take, with
// the JSON Pointer of the node and a fix. For openai, a tool whose catalog
// entry says "strict": true also gets the openai-strict checks. Each
// message starts with the provider's name. The diagnostics are sorted by
// position.
//
// LintProvider complements Lint, which checks that the schemas are valid
// JSON Schema; run both (Diagnostics.Merge leaves out an error that both
// report at the same place). An unknown provider is one error diagnostic.
func LintProvider(c *Catalog, provider Provider) Diagnostics {
	spec, ok := providerSpecs[provider]
	if !ok {
		return Diagnostics{{Severity: Error, File: c.File, Message: (&UnknownProviderError{Name: string(provider)}).Error()}}
	}
	var ds Diagnostics
	x := c.Index()
	for i := range c.Tools {
		pc := &providerCheck{c: c, provider: provider, tool: &c.Tools[i], input: x.Document(i, false), diags: &ds}
		pc.name(spec.name)
		for _, rule := range spec.tool {
			rule(pc)
		}
		pc.schema(pc.input, pc.tool.SchemaPointer, spec.input...)
		pc.schema(x.Document(i, true), pc.tool.OutputSchemaPointer, spec.output...)
	}
	ds.Sort()
	return ds
}

// NameWarnings returns a warning for each tool whose name some provider's
// API refuses, such as "tickets.search"
// for OpenAI and Anthropic: generation succeeds, and the request that
// declares the tool would fail. Each warning names the providers and the
// toolgen lint command that says why; it is placed at the tool's name.
func NameWarnings(c *Catalog) Diagnostics {
	var ds Diagnostics
	for i := range c.Tools {
		t := &c.Tools[i]
		if t.Name == "" {
			continue // Lint's error
		}
		var refused Diagnostics
		var apis []string // the APIs that refuse the name, each once
		var first Provider
		for _, p := range Providers() {
			rule := providerSpecs[p].name
			if p == ProviderOpenAIStrict || rule.advisory || slices.Contains(apis, rule.api) {
				// One API, one mention; openai-strict names are openai's;
				// what MCP advises against, Lint warns of itself.
				continue
			}
			refused = nil
			pc := &providerCheck{c: c, provider: p, tool: t, diags: &refused}
			if pc.name(rule); refused.HasErrors() {
				apis = append(apis, rule.api)
				if first == "" {
					first = p
				}
			}
		}
		if len(apis) > 0 {
			pc := &providerCheck{c: c, tool: t}
			ds = append(ds, c.Warning(WarnProviderName, t.Name, pc.namePointer(),
				"the tool name %q is refused by %s; toolgen lint -provider %s says why and how to name it", t.Name, andList(apis), first))
		}
	}
	ds.Sort()
	return ds
}

// andList joins words as "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// providerSpec is what one provider checks.
type providerSpec struct {
	name   nameRule
	tool   []func(*providerCheck) // checks that need the tool, not only a schema
	input  []schemaRule           // checks of the input schema
	output []schemaRule           // checks of the output schema
}

// schemaRule checks one decoded schema and adds findings with pointers
// relative to the schema.
type schemaRule func(root *schema.Node, f *findings)

var providerSpecs = map[Provider]providerSpec{
	ProviderOpenAIStrict: {
		name:  openAIName,
		tool:  []func(*providerCheck){strictDisabled},
		input: []schemaRule{checkOpenAIRoot, checkOpenAIStrict},
	},
	ProviderOpenAI: {
		name:  openAIName,
		tool:  []func(*providerCheck){strictEnabled},
		input: []schemaRule{checkOpenAIRoot, checkOpenAIOneOf},
	},
	ProviderAnthropic: {
		name:  anthropicName,
		input: []schemaRule{checkAnthropicRoot},
	},
	ProviderMCP: {
		name:   mcpName,
		input:  []schemaRule{mcpRootObject("inputSchema", "clients that check tools/list against the specification's schema (such as the TypeScript SDK) refuse the tool, and the Go SDK's AddTool panics")},
		output: []schemaRule{mcpRootObject("outputSchema", "the specification restricts outputSchema to \"type\": \"object\" at the root, and clients that check tools/list against it refuse the tool")},
	},
	ProviderGemini: {
		name:  geminiName,
		input: []schemaRule{checkGemini},
	},
	ProviderGeminiJSONSchema: {
		name:  geminiName,
		input: []schemaRule{checkGeminiJSONSchemaRoot, checkGeminiRefSiblings},
	},
}

// providerCheck is the linting of one tool for one provider.
type providerCheck struct {
	c        *Catalog
	provider Provider
	tool     *Tool
	input    *schema.Document // the tool's input schema, from the catalog's index; nil if unreadable
	diags    *Diagnostics
}

// report adds a diagnostic at ptr, a pointer into the file.
func (pc *providerCheck) report(sev Severity, ptr, format string, args ...any) {
	d := pc.c.Diagnostic(sev, pc.tool.Name, ptr, "%s: %s", pc.provider, fmt.Sprintf(format, args...))
	if sev == Warning {
		d.Class = WarnProvider
	}
	*pc.diags = append(*pc.diags, d)
}

// schema runs rules on doc, the schema at base in the file. A schema that
// the index could not read (nil) is left to Lint.
func (pc *providerCheck) schema(doc *schema.Document, base string, rules ...schemaRule) {
	if doc == nil || len(rules) == 0 {
		return
	}
	root := doc.Root
	var fs findings
	for _, rule := range rules {
		rule(root, &fs)
	}
	for _, f := range fs {
		pc.report(f.sev, base+f.ptr, "%s", f.msg)
	}
}

// namePointer locates the tool's "name" member in the file.
func (pc *providerCheck) namePointer() string {
	if pc.c.Format == FormatOpenAIChat {
		return pc.tool.Pointer + "/function/name"
	}
	return pc.tool.Pointer + "/name"
}

// strictPointer locates the tool's OpenAI "strict" member in the file.
func (pc *providerCheck) strictPointer() string {
	if pc.c.Format == FormatOpenAIChat {
		return pc.tool.Pointer + "/function/strict"
	}
	return pc.tool.Pointer + "/strict"
}

// finding is one problem in a schema, at a pointer relative to the schema.
type finding struct {
	sev Severity
	ptr string
	msg string
}

type findings []finding

func (f *findings) add(sev Severity, ptr, format string, args ...any) {
	*f = append(*f, finding{sev: sev, ptr: ptr, msg: fmt.Sprintf(format, args...)})
}

// ---- Tool names ----

// nameRule is one provider's rule for tool names.
type nameRule struct {
	api     string          // who rejects: "OpenAI"
	effect  string          // what it does with a bad name
	rule    string          // the rule in words
	first   func(rune) bool // the first character; nil when any allowed one will do
	allowed func(rune) bool
	max     int    // longest name, in characters
	softMax int    // when > 0, a name longer than this but within max is a warning
	softWhy string // why, for that warning
	// advisory is set when the rule is advice (a SHOULD), not a
	// rejection the provider documents: a name outside it is a warning.
	advisory bool
}

func isASCIIAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

var (
	openAIName = nameRule{
		api:     "OpenAI",
		effect:  "rejects the whole request (\"Invalid 'tools[N].function.name': string does not match pattern\")",
		rule:    "a function name is 1 to 64 characters from a-z, A-Z, 0-9, '_' and '-'",
		allowed: func(r rune) bool { return isASCIIAlnum(r) || r == '_' || r == '-' },
		max:     64,
	}
	anthropicName = nameRule{
		api:     "Anthropic",
		effect:  "rejects the whole request (\"tools.N.custom.name: String should match pattern\")",
		rule:    "a tool name is 1 to 128 characters from a-z, A-Z, 0-9, '_' and '-'",
		allowed: func(r rune) bool { return isASCIIAlnum(r) || r == '_' || r == '-' },
		max:     128,
		softMax: 64,
		softWhy: "Anthropic's documentation gives ^[a-zA-Z0-9_-]{1,64}$ and some clients (Claude Desktop) still enforce 64, although the API takes up to 128; keep it to 64",
	}
	mcpName = nameRule{
		api:      "MCP",
		effect:   "advises against it (specification 2025-11-25, \"Tool names\", a SHOULD; the Go SDK logs an error and clients may refuse the tool)",
		rule:     "tool names SHOULD be 1 to 128 characters, and A-Z, a-z, 0-9, '_', '-' and '.' SHOULD be the only characters",
		allowed:  func(r rune) bool { return isASCIIAlnum(r) || r == '_' || r == '-' || r == '.' },
		max:      128,
		advisory: true,
	}
	geminiName = nameRule{
		api:     "Gemini",
		effect:  "rejects the function declaration",
		rule:    "a function name starts with a letter or '_' and is at most 64 characters from a-z, A-Z, 0-9, '_', '.', ':' and '-'",
		first:   func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' },
		allowed: func(r rune) bool { return isASCIIAlnum(r) || r == '_' || r == '.' || r == ':' || r == '-' },
		max:     64,
	}
)

// name checks the tool's name against rule.
func (pc *providerCheck) name(rule nameRule) {
	name, ptr := pc.tool.Name, pc.namePointer()
	sev := Error
	if rule.advisory {
		sev = Warning
	}
	if name == "" {
		pc.report(sev, ptr, "the tool name is empty; %s %s; %s", rule.api, rule.effect, rule.rule)
		return
	}
	for i, r := range name {
		if !rule.allowed(r) {
			pc.report(sev, ptr, "tool name %q has %q at byte %d; %s %s; %s", name, r, i, rule.api, rule.effect, rule.rule)
			return
		}
	}
	if r, _ := utf8.DecodeRuneInString(name); rule.first != nil && !rule.first(r) {
		pc.report(sev, ptr, "tool name %q starts with %q; %s %s; %s", name, r, rule.api, rule.effect, rule.rule)
		return
	}
	switch n := utf8.RuneCountInString(name); {
	case n > rule.max:
		pc.report(sev, ptr, "tool name %q is %d characters long; %s %s; %s", name, n, rule.api, rule.effect, rule.rule)
	case rule.softMax > 0 && n > rule.softMax:
		pc.report(Warning, ptr, "tool name %q is %d characters long: %s", name, n, rule.softWhy)
	}
}

// ---- OpenAI ----

// openAIRootRejected are the keywords OpenAI refuses at the root of
// function parameters, strict or not.
var openAIRootRejected = []string{"oneOf", "anyOf", "allOf", "enum", "const", "not"}

func isRootRejected(k string) bool {
	for _, r := range openAIRootRejected {
		if k == r {
			return true
		}
	}
	return false
}

// checkOpenAIRoot checks the root of function parameters, which OpenAI
// requires to be a plain object schema in every mode.
func checkOpenAIRoot(m *schema.Node, f *findings) {
	if m.Kind != '{' {
		f.add(Error, "", "OpenAI rejects function parameters that are not an object schema; use {\"type\": \"object\", \"properties\": {...}}")
		return
	}
	switch t := m.Member("type"); {
	case t == nil:
		f.add(Error, "", `OpenAI rejects function parameters without "type": "object" (schema must be a JSON Schema of 'type: "object"'); add "type": "object"`)
	case !isString(t, "object"):
		f.add(Error, "/type", "OpenAI rejects function parameters whose \"type\" is %s rather than \"object\"; use \"type\": \"object\"", brief(t))
	}
	for _, k := range keysOf(m) {
		if isRootRejected(k) {
			f.add(Error, "/"+k, `OpenAI rejects %q at the top level of function parameters (schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level); move the alternatives into a property, or make the properties optional and check the combination in the handler`, k)
		}
	}
}

// checkOpenAIOneOf warns about "oneOf" below the root, which the
// Responses API rejects even without strict mode.
func checkOpenAIOneOf(root *schema.Node, f *findings) {
	walkSchemas(root, everyKeyword, func(v schemaVisit) {
		if m := v.node; m.Kind == '{' && v.ptr != "" && m.Member("oneOf") != nil {
			f.add(Warning, appendPointer(v.ptr, "oneOf"), "OpenAI's Responses API rejects \"oneOf\" (\"'oneOf' is not permitted\") with or without strict mode, while Chat Completions passes it to the model; use \"anyOf\", which means the same when no value can match two branches")
		}
	})
}

// strictEnabled applies the strict-mode checks to a tool whose catalog
// entry already says "strict": true.
func strictEnabled(pc *providerCheck) {
	if pc.tool.Strict == nil || !*pc.tool.Strict || pc.input == nil {
		return
	}
	var fs findings
	checkOpenAIStrict(pc.input.Root, &fs)
	for _, f := range fs {
		pc.report(f.sev, pc.tool.SchemaPointer+f.ptr, "the tool sets \"strict\": true, and %s", f.msg)
	}
}

// strictDisabled notes a tool whose catalog entry says "strict": false.
func strictDisabled(pc *providerCheck) {
	if pc.tool.Strict != nil && !*pc.tool.Strict {
		pc.report(Warning, pc.strictPointer(), "the tool sets \"strict\": false, so OpenAI will not constrain the model to the schema; the strict-mode findings below apply once it is true")
	}
}

// Strict mode's documented subset of JSON Schema: these keywords are taken
// as they are.
var strictSupported = provSet(
	"type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
	"$ref", "$defs", "definitions", "description", "title",
	"pattern", "format",
	"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"minItems", "maxItems",
)

// strictRejected are the keywords strict mode refuses, with the fix.
var strictRejected = map[string]string{
	"allOf":             "merge the subschemas into one schema",
	"not":               "remove it and check the excluded values in the handler",
	"if":                "remove \"if\"/\"then\"/\"else\" and check the condition in the handler",
	"then":              "remove \"if\"/\"then\"/\"else\" and check the condition in the handler",
	"else":              "remove \"if\"/\"then\"/\"else\" and check the condition in the handler",
	"dependentRequired": "remove it and check the dependency in the handler",
	"dependentSchemas":  "remove it and check the dependency in the handler",
	"dependencies":      "remove it and check the dependency in the handler",
	"oneOf":             "use \"anyOf\", which means the same when no value can match two branches",
	"default":           "remove it, or " + strictFlagHint + " drops it: in strict mode no property is ever absent, so a default never applies",
}

// strictFlagHint ends a fix that the strict variant of a schema makes:
// generating with -openai-strict embeds that variant, and it is the schema
// the adapters send in strict mode.
const strictFlagHint = "generate with toolgen -openai-strict, whose strict variant of the schema"

// strictFormats are the string formats strict mode supports.
var strictFormats = provSet("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid")

// Strict mode's size limits.
const (
	strictMaxDepth      = 10      // levels of nested objects
	strictMaxProperties = 5000    // object properties in all
	strictMaxChars      = 120_000 // property and definition names, enum and const strings
	strictMaxEnumValues = 1000    // enum values in all
	strictBigEnum       = 250     // a string enum with more values than this ...
	strictBigEnumChars  = 15_000  // ... may hold at most this many characters
)

// checkOpenAIStrict checks a schema against strict mode's subset and
// limits. The root's own shape is checkOpenAIRoot's.
func checkOpenAIStrict(root *schema.Node, f *findings) {
	var props, enumValues, chars int
	// "additionalProperties" is strictObject's; what strict mode rejects
	// is reported once, at its keyword.
	descend := func(k string) bool {
		_, bad := strictRejected[k]
		return !bad && k != "additionalProperties"
	}
	walkSchemas(root, descend, func(v schemaVisit) {
		m := v.node
		if m.Kind != '{' {
			if v.ptr != "" {
				f.add(Error, v.ptr, "strict mode has no true/false schemas; give the value a type")
			}
			return
		}
		for _, k := range keysOf(m) {
			kp := appendPointer(v.ptr, k)
			switch fix, bad := strictRejected[k]; {
			case v.ptr == "" && isRootRejected(k):
				// Reported by checkOpenAIRoot.
			case bad:
				f.add(Error, kp, "strict mode rejects %q; %s", k, fix)
			case strictSupported[k]:
			case IsKeyword(k) && !IsAnnotationKeyword(k) && k != "$schema" && k != "$id" && k != "$anchor":
				f.add(Warning, kp, "%q is not in the JSON Schema subset strict mode documents; OpenAI may reject the schema, or accept it and not hold the model to %q (toolgen's validator still enforces it)", k, k)
			default:
				f.add(Warning, kp, "%q is not in the JSON Schema subset strict mode documents; OpenAI may reject the schema; remove it if it does", k)
			}
		}
		if v.ptr != "" && !hasTypeBearer(m) {
			f.add(Error, v.ptr, "strict mode needs a type on every schema (or \"anyOf\", \"$ref\", \"enum\", \"const\"), and a value of any type cannot be described; add a \"type\"")
		}
		if m.Member("$ref") != nil && len(m.Members) > 1 {
			f.add(Error, appendPointer(v.ptr, "$ref"), "strict mode rejects \"$ref\" next to other keywords (%s); write \"anyOf\": [{\"$ref\": ...}] instead, which means the same and may have siblings, or %s does so", strings.Join(otherKeys(m, "$ref"), ", "), strictFlagHint)
		}
		if schemaHasType(m, "object") {
			strictObject(m, v.ptr, f)
		}
		if schemaHasType(m, "array") && m.Member("items") == nil && m.Member("prefixItems") == nil {
			f.add(Error, v.ptr, "strict mode needs \"items\" on every array; add the schema of the elements")
		}
		if format := m.Member("format"); format != nil && format.Kind == '"' && !strictFormats[format.Str] {
			f.add(Warning, appendPointer(v.ptr, "format"), "\"format\": %q is not among the formats strict mode supports (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid); OpenAI may reject the schema (toolgen's validator still checks the format)", format.Str)
		}
		if v.depth == strictMaxDepth+1 && schemaHasType(m, "object") {
			f.add(Error, v.ptr, "objects are nested %d levels deep here; strict mode allows %d; flatten the schema", v.depth, strictMaxDepth)
		}

		if pm := m.Member("properties"); pm != nil && pm.Kind == '{' {
			props += len(pm.Members)
			for _, p := range pm.Members {
				chars += utf8.RuneCountInString(p.Name)
			}
		}
		for _, defs := range []string{"$defs", "definitions"} {
			if dm := m.Member(defs); dm != nil && dm.Kind == '{' {
				for _, d := range dm.Members {
					chars += utf8.RuneCountInString(d.Name)
				}
			}
		}
		if c := m.Member("const"); c != nil && c.Kind == '"' {
			chars += utf8.RuneCountInString(c.Str)
		}
		if list := m.Member("enum"); list != nil && list.Kind == '[' {
			enumValues += len(list.Items)
			nStrings, n := 0, 0
			for _, e := range list.Items {
				if e.Kind == '"' {
					nStrings++
					n += utf8.RuneCountInString(e.Str)
				}
			}
			chars += n
			if nStrings > strictBigEnum && n > strictBigEnumChars {
				f.add(Error, appendPointer(v.ptr, "enum"), "this enum has %d string values totalling %d characters; strict mode allows at most %d characters in an enum of more than %d strings; shorten the values or split the enum", nStrings, n, strictBigEnumChars, strictBigEnum)
			}
		}
	})
	if props > strictMaxProperties {
		f.add(Error, "", "the schema has %d object properties in all; strict mode allows %d; split the tool", props, strictMaxProperties)
	}
	if enumValues > strictMaxEnumValues {
		f.add(Error, "", "the schema has %d enum values in all; strict mode allows %d; shorten the enums", enumValues, strictMaxEnumValues)
	}
	if chars > strictMaxChars {
		f.add(Error, "", "the property names, definition names, enum values and const values of the schema total %d characters; strict mode allows %d; shorten them", chars, strictMaxChars)
	}
}

// strictObject checks strict mode's two rules for objects: closed, and
// every property required.
func strictObject(m *schema.Node, ptr string, f *findings) {
	switch ap := m.Member("additionalProperties"); {
	case ap == nil:
		f.add(Error, ptr, "strict mode requires \"additionalProperties\": false on every object; add it, or %s adds it", strictFlagHint)
	case ap.Kind != 'f':
		f.add(Error, appendPointer(ptr, "additionalProperties"), "strict mode requires \"additionalProperties\": false on every object, not %s; free-form keys cannot be described in strict mode, so list them as properties", brief(ap))
	}
	pm := m.Member("properties")
	if pm == nil || pm.Kind != '{' {
		return
	}
	listed := map[string]bool{}
	if rs := m.Member("required"); rs != nil {
		for _, r := range rs.Items {
			if r.Kind == '"' {
				listed[r.Str] = true
			}
		}
	}
	var missing []string
	for _, k := range keysOf(pm) {
		if !listed[k] {
			missing = append(missing, strconv.Quote(k))
		}
	}
	if len(missing) == 0 {
		return
	}
	at := ptr
	if m.Member("required") != nil {
		at = appendPointer(ptr, "required")
	}
	f.add(Error, at, "strict mode requires every property in \"required\" (missing: %s); list them, and make each optional one nullable, e.g. \"type\": [\"string\", \"null\"], or %s does so", strings.Join(missing, ", "), strictFlagHint)
}

// otherKeys returns the keys of m except k.
func otherKeys(m *schema.Node, k string) []string {
	var out []string
	for _, key := range keysOf(m) {
		if key != k {
			out = append(out, strconv.Quote(key))
		}
	}
	return out
}

// ---- Anthropic ----

// checkAnthropicRoot checks the root of input_schema.
func checkAnthropicRoot(m *schema.Node, f *findings) {
	if m.Kind != '{' {
		f.add(Error, "", "Anthropic requires input_schema to be an object schema with \"type\": \"object\"")
		return
	}
	switch t := m.Member("type"); {
	case t == nil:
		f.add(Error, "", "Anthropic requires \"type\": \"object\" at the root of input_schema and rejects the request without it; add it")
	case !isString(t, "object"):
		f.add(Error, "/type", "Anthropic requires \"type\": \"object\" at the root of input_schema, not %s; use \"type\": \"object\"", brief(t))
	}
	for _, k := range keysOf(m) {
		if k == "oneOf" || k == "allOf" || k == "anyOf" {
			f.add(Error, "/"+k, "Anthropic rejects the whole request (\"input_schema does not support oneOf, allOf, or anyOf at the top level\"); move the alternatives into a property, or make the properties optional and check the combination in the handler")
		}
	}
}

// ---- MCP ----

// mcpRootObject checks that the root of the schema in field has
// "type": "object"; why says what happens otherwise.
func mcpRootObject(field, why string) schemaRule {
	return func(m *schema.Node, f *findings) {
		if m.Kind != '{' {
			f.add(Error, "", "MCP declares %s as an object schema with \"type\": \"object\"; %s", field, why)
			return
		}
		switch t := m.Member("type"); {
		case t == nil:
			f.add(Error, "", "MCP declares %s with \"type\": \"object\" at the root, and it is missing: %s; add \"type\": \"object\"", field, why)
		case !isString(t, "object"):
			f.add(Error, "/type", "MCP declares %s with \"type\": \"object\" at the root, not %s: %s; use \"type\": \"object\"", field, brief(t), why)
		}
	}
}

// ---- Gemini ----

// geminiFields are the members of Gemini's Schema object (the OpenAPI 3.0
// subset that function declarations take as "parameters").
var geminiFields = provSet(
	"type", "format", "title", "description", "nullable", "enum", "items",
	"minItems", "maxItems", "properties", "required", "minProperties", "maxProperties",
	"minLength", "maxLength", "pattern", "example", "anyOf", "propertyOrdering",
	"default", "minimum", "maximum",
)

// geminiJSONSchemaFix ends a fix that sending the schema as JSON Schema
// makes.
const geminiJSONSchemaFix = "send the schema as \"parametersJsonSchema\", which takes JSON Schema (toolgen's Gemini adapter does; lint for it with -provider gemini-jsonschema)"

// geminiFixes say how to do without a keyword Gemini's Schema lacks.
var geminiFixes = map[string]string{
	"additionalProperties": "remove it (Gemini cannot describe free-form keys; toolgen's validator still checks them), or " + geminiJSONSchemaFix,
	"$ref":                 "inline the referenced schema, or " + geminiJSONSchemaFix,
	"$defs":                "inline the definitions where they are used, or " + geminiJSONSchemaFix,
	"definitions":          "inline the definitions where they are used, or " + geminiJSONSchemaFix,
	"const":                "use \"enum\" with the one value (Gemini's enum holds strings)",
	"oneOf":                "use \"anyOf\", which means the same when no value can match two branches",
	"allOf":                "merge the subschemas into one schema",
	"exclusiveMinimum":     "use \"minimum\" (toolgen's validator still enforces the exclusive bound)",
	"exclusiveMaximum":     "use \"maximum\" (toolgen's validator still enforces the exclusive bound)",
	"examples":             "use \"example\" with a single value",
}

// geminiFormats are the formats the Gemini API documents, by type.
var geminiFormats = map[string]map[string]bool{
	"string":  provSet("enum", "date-time"),
	"number":  provSet("float", "double"),
	"integer": provSet("int32", "int64"),
}

// checkGemini checks a schema against Gemini's Schema object. It descends
// only where Gemini has subschemas (properties, items, anyOf); whatever
// hangs from another keyword is reported with that keyword.
func checkGemini(root *schema.Node, f *findings) {
	descend := func(k string) bool { return k == "properties" || k == "items" || k == "anyOf" }
	walkSchemas(root, descend, func(v schemaVisit) {
		m := v.node
		if m.Kind != '{' {
			f.add(Error, v.ptr, "Gemini's Schema has no true/false schemas; give the value a type")
			return
		}
		for _, k := range keysOf(m) {
			if geminiFields[k] {
				continue
			}
			fix, ok := geminiFixes[k]
			if !ok {
				fix = "remove it, or " + geminiJSONSchemaFix
			}
			f.add(Error, appendPointer(v.ptr, k), "Gemini rejects the whole request: %q is not a field of its function parameter Schema, a subset of OpenAPI 3.0 (Unknown name %q: Cannot find field); %s", k, k, fix)
		}
		if list := m.Member("type"); list != nil && list.Kind == '[' {
			fix := "use \"anyOf\" with one branch per type"
			var others []*schema.Node
			for _, t := range list.Items {
				if !isString(t, "null") {
					others = append(others, t)
				}
			}
			if len(others) == 1 && len(list.Items) == 2 {
				fix = fmt.Sprintf("write \"type\": %s, \"nullable\": true", brief(others[0]))
			}
			f.add(Error, appendPointer(v.ptr, "type"), "Gemini's Schema takes a single \"type\", and the API rejects the list %s; %s", brief(list), fix)
		}
		if list := m.Member("enum"); list != nil && list.Kind == '[' {
			for i, e := range list.Items {
				if e.Kind != '"' {
					fix := "use string values, or drop \"enum\" and list the values in \"description\" (toolgen's validator still enforces the enum)"
					if e.Kind == 'n' {
						fix = "remove null and write \"nullable\": true"
					}
					f.add(Error, appendPointer(v.ptr, "enum", strconv.Itoa(i)), "Gemini's \"enum\" holds strings only, and the API rejects %s; %s", brief(e), fix)
					break
				}
			}
		}
		if f2 := m.Member("format"); f2 != nil && f2.Kind == '"' {
			format, typ := f2.Str, ""
			if t := m.Member("type"); t != nil && t.Kind == '"' {
				typ = t.Str
			}
			if allowed, known := geminiFormats[typ]; !known || !allowed[format] {
				f.add(Warning, appendPointer(v.ptr, "format"), "the Gemini API documents \"format\" only as date-time or enum for strings, float or double for numbers and int32 or int64 for integers, so %q may be rejected (Vertex AI takes more); toolgen's validator still checks it, so you can move it into \"description\"", format)
			}
		}
	})
}

// ---- Gemini, parametersJsonSchema ----

// checkGeminiJSONSchemaRoot checks the root of parametersJsonSchema, which
// must describe an object whose properties are the function's parameters.
func checkGeminiJSONSchemaRoot(m *schema.Node, f *findings) {
	const why = "Gemini documents that parametersJsonSchema must describe an object whose properties are the function's parameters"
	if m.Kind != '{' {
		f.add(Error, "", "%s; use {\"type\": \"object\", \"properties\": {...}}", why)
		return
	}
	switch t := m.Member("type"); {
	case t == nil:
		f.add(Error, "", "%s, and the schema has no \"type\"; add \"type\": \"object\"", why)
	case !isString(t, "object"):
		f.add(Error, "/type", "%s, not %s; use \"type\": \"object\"", why, brief(t))
	}
}

// checkGeminiRefSiblings warns about "$ref" beside keywords that Gemini
// does not keep next to a reference.
func checkGeminiRefSiblings(root *schema.Node, f *findings) {
	walkSchemas(root, everyKeyword, func(v schemaVisit) {
		m := v.node
		if m.Kind != '{' || m.Member("$ref") == nil {
			return
		}
		var others []string
		for _, k := range keysOf(m) {
			if !strings.HasPrefix(k, "$") && k != "description" && k != "default" {
				others = append(others, strconv.Quote(k))
			}
		}
		if len(others) > 0 {
			f.add(Warning, appendPointer(v.ptr, "$ref"), "Gemini keeps only \"description\", \"default\" and $-keywords beside \"$ref\" (the API refuses a reference \"set alongside unsupported fields\", and documents the rule for its JSON Schema fields), and this one has %s; move them into the referenced schema, or inline it", strings.Join(others, ", "))
		}
	})
}

// ---- Walking schemas ----

// schemaVisit is one schema node met by walkSchemas.
type schemaVisit struct {
	node    *schema.Node
	ptr     string // relative to the schema root
	keyword string // the keyword it hangs from; "" for the root
	// depth counts the object schemas from the root (or from the
	// definition it is in) down to this node, this node included when it
	// is an object schema.
	depth int
}

// everyKeyword descends through every subschema.
func everyKeyword(string) bool { return true }

// walkSchemas calls visit for root and, depth first in member order, every
// subschema reached through keywords for which descend is true. Where
// subschemas are is the keyword table's.
func walkSchemas(root *schema.Node, descend func(keyword string) bool, visit func(schemaVisit)) {
	var walk func(v schemaVisit)
	walk = func(v schemaVisit) {
		if v.node.Kind == '{' && schemaHasType(v.node, "object") {
			v.depth++
		}
		visit(v)
		_ = schema.Draft202012.Children(v.node, func(c schema.Sub) error {
			if descend(c.Keyword) {
				depth := v.depth
				if c.Keyword == "$defs" || c.Keyword == "definitions" {
					depth = 0
				}
				walk(schemaVisit{node: c.Node, ptr: c.Pointer(v.ptr), keyword: c.Keyword, depth: depth})
			}
			return nil
		})
	}
	walk(schemaVisit{node: root})
}

// provSet makes a set of names.
func provSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
