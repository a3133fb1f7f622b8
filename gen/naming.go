package gen

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file turns the names found in tool catalogs (tool names, property
// names, enum values) into exported Go identifiers, and resolves the
// collisions that the mapping inevitably produces.
//
// The mapping is a pure function of the name: the same JSON name always gives
// the same Go name, whatever else is in the catalog. Only when two names in
// one scope (the tools of a catalog, the fields of a struct, the constants of
// an enum) map to the same identifier does assignNames pick a different,
// still readable and still deterministic, name for all but one of them.

// initialisms lists the words that are spelled in a fixed way, whatever the
// case they are written in: the golint list of common initialisms plus a few
// more that are common in tool catalogs. Keep it sorted; each entry is the
// canonical spelling and is matched case-insensitively against a whole word.
var initialisms = []string{
	"ACL",
	"AMQP",
	"API",
	"ASCII",
	"CI",
	"CPU",
	"CSS",
	"CSV",
	"DB",
	"DNS",
	"EOF",
	"GID",
	"GUID",
	"HTML",
	"HTTP",
	"HTTPS",
	"ID",
	"IP",
	"IPv4",
	"IPv6",
	"JSON",
	"JWT",
	"LHS",
	"PDF",
	"PR",
	"QPS",
	"RAM",
	"RHS",
	"RPC",
	"SHA",
	"SLA",
	"SMS",
	"SMTP",
	"SQL",
	"SSH",
	"TCP",
	"TLS",
	"TTL",
	"UDP",
	"UI",
	"UID",
	"URI",
	"URL",
	"UTF8",
	"UUID",
	"VM",
	"XML",
	"XMPP",
	"XSRF",
	"XSS",
	"YAML",
}

// initialismByLower maps the lower-case form of each entry of initialisms to
// its canonical spelling.
var initialismByLower = func() map[string]string {
	m := make(map[string]string, len(initialisms))
	for _, s := range initialisms {
		m[strings.ToLower(s)] = s
	}
	return m
}()

// symbolWords spells out the punctuation that carries meaning in names and
// enum values ("C++", "C#", "+1", "@type", ">="), so that it is not lost.
// '-' is handled separately: it is a minus sign only before a digit at the
// start of a word, and a separator everywhere else.
var symbolWords = map[rune]string{
	'!': "Not",
	'#': "Sharp",
	'$': "Dollar",
	'%': "Percent",
	'&': "And",
	'*': "Star",
	'+': "Plus",
	'<': "Lt",
	'=': "Eq",
	'>': "Gt",
	'@': "At",
	'~': "Tilde",
}

// word is one word of a name, as split by splitWords.
type word struct {
	text   string // the word as written (or the spelled-out symbol)
	symbol bool   // text spells out a symbol; it is used verbatim
	sep    bool   // a run of separators stood between this word and the previous one
}

// goName returns the exported Go identifier for the JSON name s.
//
// s is split into words at every rune that is neither a letter nor a digit
// and at case changes ("userId" is user+Id, "HTTPServer" is HTTP+Server,
// "IPv6Address" is IPv6+Address). Each word is capitalised; words that are
// common initialisms get their canonical spelling ("id" is ID, "urls" is
// URLs, "utf-8" is UTF8). Symbols that carry meaning are spelled out: + Plus,
// # Sharp, @ At, & And, % Percent, * Star, = Eq, < Lt, > Gt, ! Not, ~ Tilde,
// $ Dollar, and a '-' that starts a word and is followed by a digit is Minus
// ("-1" is Minus1, "reactions--1" ReactionsMinus1, "C++" CPlusPlus). All
// other punctuation, spaces and invalid UTF-8 only separate words; combining
// marks, which Go does not allow in identifiers, are dropped.
//
// A word written all in capitals is kept as written ("GET", "AWSRegion"),
// unless it stands next to another all-capitals word and would run into it:
// then it is title-cased ("MAX_VALUE" is MaxValue, "HTTP_PROXY" HTTPProxy).
//
// Letters outside ASCII are kept. If the result does not start with an
// upper-case letter (a digit, or a letter without an upper case such as CJK)
// it is prefixed with X ("2xx" is X2xx, "日本" X日本); a name without any
// letter, digit or symbol is "Empty". The result is always a valid exported
// Go identifier, never contains an underscore, and so is never a keyword.
func goName(s string) string {
	return joinWords(renderWords(splitWords(s)), false)
}

// goNameSep is goName with an underscore between two words wherever s had
// separators between them ("calculate_tax" is Calculate_Tax, where goName
// gives CalculateTax). Removing its underscores gives goName(s). It is the
// first alternative assignNames tries when goName(s) is taken.
func goNameSep(s string) string {
	return joinWords(renderWords(splitWords(s)), true)
}

// joinWords concatenates rendered words, with an underscore before each word
// that followed separators if sep is set, and makes the result an exported
// identifier.
func joinWords(words []word, sep bool) string {
	var b strings.Builder
	for i, w := range words {
		if sep && w.sep && i > 0 {
			b.WriteByte('_')
		}
		b.WriteString(w.text)
	}
	name := b.String()
	if name == "" {
		return "Empty"
	}
	if r, _ := utf8.DecodeRuneInString(name); !unicode.IsUpper(r) {
		name = "X" + name
	}
	return name
}

// isUpper reports whether r is an upper-case or title-case letter.
func isUpper(r rune) bool { return unicode.IsUpper(r) || unicode.IsTitle(r) }

// isMark reports whether r is a combining mark.
func isMark(r rune) bool { return unicode.Is(unicode.M, r) }

// splitWords splits s into words as described at goName. The words are as
// written; renderWords capitalises them.
func splitWords(s string) []word {
	var (
		words   []word
		cur     []rune // the word being built
		pending bool   // separators were seen since the last word
	)
	flush := func() {
		if len(cur) > 0 {
			words = append(words, word{text: string(cur), sep: pending})
			cur = cur[:0]
			pending = false
		}
	}
	emit := func(text string) {
		flush()
		words = append(words, word{text: text, symbol: true, sep: pending})
		pending = false
	}

	runes := []rune(s)
	for i, r := range runes {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if len(cur) > 0 {
				p := cur[len(cur)-1]
				switch {
				case (unicode.IsLower(p) || unicode.IsDigit(p)) && isUpper(r):
					// userId, base64Encode, IPv6Address: a new word starts at r.
					flush()
				case isUpper(p) && unicode.IsLower(r) && keepsUpperRun(cur, runes[i:]):
					// IDs, URLs, IPv6: an initialism with a one-letter tail.
				case isUpper(p) && unicode.IsLower(r):
					// HTTPServer: the last capital starts the next word.
					k := 0
					for k < len(cur) && isUpper(cur[len(cur)-1-k]) {
						k++
					}
					if k >= 2 {
						cur = cur[:len(cur)-1]
						flush()
						cur = append(cur, p)
					}
				}
			}
			cur = append(cur, r)
		case isMark(r):
			// Not allowed in identifiers, and not a word boundary either.
		case symbolWords[r] != "":
			emit(symbolWords[r])
		case r == '-' && len(cur) == 0 && i+1 < len(runes) && unicode.IsDigit(runes[i+1]):
			emit("Minus")
		default:
			flush()
			if len(words) > 0 {
				pending = true
			}
		}
	}
	flush()
	return mergeDigits(words)
}

// keepsUpperRun reports whether the run of capitals that ends cur should stay
// one word with the lower-case letter that starts rest: it is so when the run
// is an initialism and is followed by exactly one lower-case letter ("IDs",
// "URLs", "IPv6"), rather than by a word of its own ("HTTPServer").
func keepsUpperRun(cur, rest []rune) bool {
	k := 0
	for k < len(cur) && isUpper(cur[len(cur)-1-k]) {
		k++
	}
	if k < 2 {
		return false
	}
	if len(rest) > 1 && unicode.IsLower(rest[1]) {
		return false
	}
	_, ok := initialismByLower[strings.ToLower(string(cur[len(cur)-k:]))]
	return ok
}

// mergeDigits joins a word of digits to the word before it when together they
// form an initialism ("utf-8" is UTF8).
func mergeDigits(words []word) []word {
	out := words[:0]
	for _, w := range words {
		if n := len(out); n > 0 && !w.symbol && !out[n-1].symbol && isDigits(w.text) {
			if _, ok := initialismByLower[strings.ToLower(out[n-1].text+w.text)]; ok {
				out[n-1].text += w.text
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// isAllCaps reports whether s has an upper-case letter and no lower-case one.
func isAllCaps(s string) bool {
	upper := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		upper = upper || isUpper(r)
	}
	return upper
}

// renderWords capitalises words as described at goName.
func renderWords(words []word) []word {
	out := make([]word, len(words))
	fixed := make([]bool, len(words)) // spelled by the table or a symbol
	for i, w := range words {
		out[i] = w
		if w.symbol {
			fixed[i] = true
			continue
		}
		if s, ok := initialism(w.text); ok {
			out[i].text, fixed[i] = s, true
			continue
		}
		out[i].text = upperFirst(w.text)
	}
	// A word is in capitals if it is written so, or is an initialism that
	// is spelled so; symbols never are.
	caps := make([]bool, len(out))
	for i, w := range words {
		caps[i] = !w.symbol && (isAllCaps(w.text) || fixed[i] && isAllCaps(out[i].text))
	}
	for i, w := range words {
		if fixed[i] || !caps[i] {
			continue
		}
		if (i > 0 && caps[i-1]) || (i+1 < len(out) && caps[i+1]) {
			lower := strings.ToLower(w.text)
			if s, ok := initialism(lower); ok {
				out[i].text = s
			} else {
				out[i].text = upperFirst(lower)
			}
		}
	}
	return out
}

// initialism returns the canonical spelling of w if w, ignoring case, is an
// initialism, or an initialism followed by a lower-case plural s ("ids" is
// IDs, "URLs" is URLs).
func initialism(w string) (string, bool) {
	lw := strings.ToLower(w)
	if s, ok := initialismByLower[lw]; ok {
		return s, true
	}
	if stem, ok := strings.CutSuffix(w, "s"); ok {
		if s, ok := initialismByLower[strings.ToLower(stem)]; ok {
			return s + "s", true
		}
	}
	return "", false
}

// upperFirst upper-cases the first rune of s and keeps the rest as written.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// rename records that an original name did not get the identifier it wanted.
type rename struct {
	Original string // the name as written in the catalog
	Wanted   string // what base(Original) gave
	Got      string // the identifier it was given instead
	// Rival is the original that kept Wanted, or "" if Wanted was reserved
	// by the caller (an empty original can be a rival too; taken tells the
	// two apart).
	Rival string
}

// assignNames gives each of the distinct names in originals a distinct
// identifier: names[i] is the identifier for originals[i]. It is used for the
// tools of a catalog, the fields of a struct and the constants of an enum.
//
// Each original wants base(original) (usually goName). Identifiers in taken
// are reserved by the caller and are never given out; taken is not modified.
// When several originals want the same identifier, the one whose text equals
// it exactly keeps it, failing that the first in byte-wise order; the others
// are renamed. A renamed original first tries its words joined by
// underscores where it had separators (goNameSep: "calculate_tax" becomes
// Calculate_Tax when "CalculateTax" keeps CalculateTax); this needs
// base(original) to end in goName(original), as goName itself and prefixing
// wrappers do. Failing that it gets the wanted identifier with 2, 3, ...
// appended, after an underscore if the identifier ends in a digit ("Plus1_2"
// rather than the misleading "Plus12").
//
// The result depends only on the set of originals, base and taken, never on
// the order of originals. renamed lists the renamed originals in byte-wise
// order of Original, for diagnostics. Duplicate originals are the caller's
// problem: they would get distinct identifiers, but which one gets which is
// unspecified.
func assignNames(originals []string, base func(string) string, taken map[string]bool) (names []string, renamed []rename) {
	n := len(originals)
	names = make([]string, n)
	wanted := make([]string, n)
	for i, o := range originals {
		wanted[i] = base(o)
	}

	// Process originals in byte-wise order, so that the input order does
	// not matter. The stable sort keeps duplicates in input order.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(originals[a], originals[b]) })

	used := make(map[string]bool, n)
	free := func(name string) bool { return !taken[name] && !used[name] }

	// Winners: the exact match, else the first in byte-wise order.
	owner := make(map[string]int, n) // wanted name -> index of the original that keeps it
	for _, i := range order {
		w := wanted[i]
		if taken[w] {
			continue
		}
		if j, ok := owner[w]; !ok || (originals[i] == w && originals[j] != w) {
			owner[w] = i
		}
	}
	for w, i := range owner {
		names[i] = w
		used[w] = true
	}

	// Losers, first the underscore alternative, then numbering.
	var losers []int
	for _, i := range order {
		if j, ok := owner[wanted[i]]; ok && j == i {
			continue
		}
		losers = append(losers, i)
	}
	var numbered []int
	for _, i := range losers {
		if alt, ok := sepAlternative(originals[i], wanted[i]); ok && free(alt) {
			names[i] = alt
			used[alt] = true
			continue
		}
		numbered = append(numbered, i)
	}
	next := map[string]int{} // per stem, the first number worth trying
	for _, i := range numbered {
		w := wanted[i]
		stem := w
		if r, _ := utf8.DecodeLastRuneInString(w); unicode.IsDigit(r) {
			stem += "_"
		}
		for k := max(next[stem], 2); ; k++ {
			if c := stem + strconv.Itoa(k); free(c) {
				names[i] = c
				used[c] = true
				next[stem] = k + 1
				break
			}
		}
	}

	for _, i := range losers {
		r := rename{Original: originals[i], Wanted: wanted[i], Got: names[i]}
		if j, ok := owner[wanted[i]]; ok {
			r.Rival = originals[j]
		}
		renamed = append(renamed, r)
	}
	return names, renamed
}

// sepAlternative returns the underscore alternative for an original that
// wanted the identifier want, if there is one that differs from want.
func sepAlternative(original, want string) (string, bool) {
	prefix, ok := strings.CutSuffix(want, goName(original))
	if !ok {
		return "", false
	}
	alt := prefix + goNameSep(original)
	return alt, alt != want
}

// isExportedIdent reports whether s can name an exported Go declaration.
func isExportedIdent(s string) bool { return token.IsIdentifier(s) && token.IsExported(s) }

// namespace allocates the package-level identifiers of one generated file,
// exported or not, so that no two declarations share a name whatever the
// catalog calls its tools, properties and definitions. Every declaration of
// the file takes its name from the one namespace of its file: the mapping of
// catalog names to Go names is many-to-one ("us_president" and "US_president"
// are UsPresident and USPresident, but both unexport to usPresident), so
// uniqueness is a property of the allocation, not of the mapping.
//
// A name is given as wanted when it is free, else numbered: want2, want3, ...,
// after an underscore when want ends in a digit. Claims made in the same
// order give the same names, so a catalog always gives the same file.
type namespace struct {
	taken map[string]bool
	next  map[string]int // the first number worth trying for a wanted name
}

// fixedNames are the identifiers the generated file always declares, which
// the emitter writes as they are.
var fixedNames = []string{
	"ToolName", "Tools", "Definitions", "Handler", "NewDispatcher", "Dispatch", "ValidateArgs",
	"toolTable", "toolsOnce", "toolSpecs", "toolIndex", "toolValidator", "loadTools",
}

// importNames are the names the generated file imports packages under; a
// package-level declaration of one of them would not compile.
var importNames = []string{"runtime", "json", "context", "regexp", "sync", "time"}

// localNames are the parameters and local variables of generated functions.
// Package-level names never take them, so that no local hides a package-level
// name the function refers to.
var localNames = []string{
	"args", "c", "cfg", "clean", "ctx", "data", "declared", "defs", "dup", "err", "ev",
	"failures", "found", "h", "i", "item", "j", "key", "m", "mark", "matched", "members",
	"n", "name", "ok", "opts", "others", "r", "raw", "result", "s", "seen", "specs",
	"start", "sub", "text", "texts", "tools", "u", "v", "val", "value", "x",
}

// newNamespace returns a namespace in which Go's predeclared identifiers,
// the file's fixed names, import names and local names are taken.
func newNamespace() *namespace {
	ns := &namespace{taken: map[string]bool{}, next: map[string]int{}}
	for _, list := range [][]string{types.Universe.Names(), fixedNames, importNames, localNames} {
		for _, name := range list {
			ns.taken[name] = true
		}
	}
	return ns
}

// claim returns want, or a numbered form of it, and marks it taken.
func (ns *namespace) claim(want string) string {
	if !ns.taken[want] && !token.IsKeyword(want) {
		ns.taken[want] = true
		return want
	}
	stem := want
	if r, _ := utf8.DecodeLastRuneInString(want); unicode.IsDigit(r) {
		stem += "_"
	}
	k := max(ns.next[want], 2)
	for ns.taken[stem+strconv.Itoa(k)] {
		k++
	}
	ns.next[want] = k + 1
	name := stem + strconv.Itoa(k)
	ns.taken[name] = true
	return name
}
