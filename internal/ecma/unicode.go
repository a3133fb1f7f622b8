package ecma

import (
	"slices"
	"unicode"
)

// This file resolves the operands of \p{...} and \P{...}: the property names
// and values ECMA-262 accepts (its tables of General_Category values, Script
// values and binary properties, all case-sensitive and without Unicode's loose
// matching), and the code point sets they denote, taken from Go's unicode
// package so that they agree with the tables Go's regexp uses, and for the
// emoji properties it lacks from Unicode's emoji data of the same version
// (emoji_tables.go, written by emoji_gen.go).

// property is the meaning of one \p{...} operand.
type property struct {
	// symbol, when set, names the set for Go's regexp itself, as in
	// \p{symbol}; it is one of regexp's own names for exactly this set.
	symbol string
	// build returns the set when symbol is empty. It is called only when
	// translating, so that checking a pattern never builds large sets.
	build func() runeSet
	// unsupported, when set, says why the property, valid in ECMA-262, has
	// no translation: Go's unicode package has no data for it.
	unsupported string
}

// lookupProperty resolves the text between the braces of \p{...}; ok is
// false when expr is not an operand ECMA-262 accepts.
func lookupProperty(expr string) (prop property, ok bool) {
	name, value, hasValue := cut(expr, '=')
	if !hasValue {
		if prop, ok := generalCategory(expr); ok {
			return prop, true
		}
		return binaryProperty(expr)
	}
	switch name {
	case "General_Category", "gc":
		return generalCategory(value)
	case "Script", "sc":
		return script(value)
	case "Script_Extensions", "scx":
		// Go's unicode package has no Script_Extensions data, and
		// approximating it by Script would accept and reject the wrong
		// characters (U+0640 ARABIC TATWEEL is Common by Script but Arabic,
		// Syriac and others by Script_Extensions).
		if _, ok := script(value); !ok {
			return property{}, false
		}
		return property{unsupported: "the Script_Extensions property (\\p{scx=...})"}, true
	}
	return property{}, false
}

func cut(s string, sep byte) (before, after string, found bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// generalCategoryNames maps every General_Category value ECMA-262 accepts
// (the short name, the long name and any other alias from Unicode's
// PropertyValueAliases.txt) to its short name, which is also the key of the
// table in unicode.Categories.
var generalCategoryNames = map[string]string{
	"C": "C", "Other": "C",
	"Cc": "Cc", "Control": "Cc", "cntrl": "Cc",
	"Cf": "Cf", "Format": "Cf",
	"Cn": "Cn", "Unassigned": "Cn",
	"Co": "Co", "Private_Use": "Co",
	"Cs": "Cs", "Surrogate": "Cs",
	"L": "L", "Letter": "L",
	"LC": "LC", "Cased_Letter": "LC",
	"Ll": "Ll", "Lowercase_Letter": "Ll",
	"Lm": "Lm", "Modifier_Letter": "Lm",
	"Lo": "Lo", "Other_Letter": "Lo",
	"Lt": "Lt", "Titlecase_Letter": "Lt",
	"Lu": "Lu", "Uppercase_Letter": "Lu",
	"M": "M", "Mark": "M", "Combining_Mark": "M",
	"Mc": "Mc", "Spacing_Mark": "Mc",
	"Me": "Me", "Enclosing_Mark": "Me",
	"Mn": "Mn", "Nonspacing_Mark": "Mn",
	"N": "N", "Number": "N",
	"Nd": "Nd", "Decimal_Number": "Nd", "digit": "Nd",
	"Nl": "Nl", "Letter_Number": "Nl",
	"No": "No", "Other_Number": "No",
	"P": "P", "Punctuation": "P", "punct": "P",
	"Pc": "Pc", "Connector_Punctuation": "Pc",
	"Pd": "Pd", "Dash_Punctuation": "Pd",
	"Pe": "Pe", "Close_Punctuation": "Pe",
	"Pf": "Pf", "Final_Punctuation": "Pf",
	"Pi": "Pi", "Initial_Punctuation": "Pi",
	"Po": "Po", "Other_Punctuation": "Po",
	"Ps": "Ps", "Open_Punctuation": "Ps",
	"S": "S", "Symbol": "S",
	"Sc": "Sc", "Currency_Symbol": "Sc",
	"Sk": "Sk", "Modifier_Symbol": "Sk",
	"Sm": "Sm", "Math_Symbol": "Sm",
	"So": "So", "Other_Symbol": "So",
	"Z": "Z", "Separator": "Z",
	"Zl": "Zl", "Line_Separator": "Zl",
	"Zp": "Zp", "Paragraph_Separator": "Zp",
	"Zs": "Zs", "Space_Separator": "Zs",
}

func generalCategory(value string) (property, bool) {
	short, ok := generalCategoryNames[value]
	if !ok {
		return property{}, false
	}
	if short == "Cs" {
		// Surrogates never occur in Go strings, which hold UTF-8; Go's
		// regexp is also unreliable with a class that is a single
		// surrogate, so the set is handled like every other set with
		// surrogates in it.
		return property{build: func() runeSet { return tableSet(unicode.Cs) }}, true
	}
	// Go's regexp knows every short name, and its C includes Cn as
	// Unicode's does. LC and Cn need Go 1.25 or later.
	return property{symbol: short}, true
}

// scriptValues lists the Script values of Unicode 17: the ISO 15924 code
// Unicode uses as the short name, and the long name, which is the key in
// unicode.Scripts for the scripts Go's tables know. Katakana_Or_Hiragana
// is listed by Unicode (and ECMA-262) although no code point has it.
var scriptValues = []struct{ code, name string }{
	{"Adlm", "Adlam"}, {"Aghb", "Caucasian_Albanian"}, {"Ahom", "Ahom"},
	{"Arab", "Arabic"}, {"Armi", "Imperial_Aramaic"}, {"Armn", "Armenian"},
	{"Avst", "Avestan"}, {"Bali", "Balinese"}, {"Bamu", "Bamum"},
	{"Bass", "Bassa_Vah"}, {"Batk", "Batak"}, {"Beng", "Bengali"},
	{"Berf", "Beria_Erfe"}, {"Bhks", "Bhaiksuki"}, {"Bopo", "Bopomofo"}, {"Brah", "Brahmi"},
	{"Brai", "Braille"}, {"Bugi", "Buginese"}, {"Buhd", "Buhid"},
	{"Cakm", "Chakma"}, {"Cans", "Canadian_Aboriginal"}, {"Cari", "Carian"},
	{"Cham", "Cham"}, {"Cher", "Cherokee"}, {"Chrs", "Chorasmian"},
	{"Copt", "Coptic"}, {"Cpmn", "Cypro_Minoan"}, {"Cprt", "Cypriot"},
	{"Cyrl", "Cyrillic"}, {"Deva", "Devanagari"}, {"Diak", "Dives_Akuru"},
	{"Dogr", "Dogra"}, {"Dsrt", "Deseret"}, {"Dupl", "Duployan"},
	{"Egyp", "Egyptian_Hieroglyphs"}, {"Elba", "Elbasan"}, {"Elym", "Elymaic"},
	{"Ethi", "Ethiopic"}, {"Gara", "Garay"}, {"Geor", "Georgian"},
	{"Glag", "Glagolitic"}, {"Gong", "Gunjala_Gondi"}, {"Gonm", "Masaram_Gondi"},
	{"Goth", "Gothic"}, {"Gran", "Grantha"}, {"Grek", "Greek"},
	{"Gujr", "Gujarati"}, {"Gukh", "Gurung_Khema"}, {"Guru", "Gurmukhi"},
	{"Hang", "Hangul"}, {"Hani", "Han"}, {"Hano", "Hanunoo"},
	{"Hatr", "Hatran"}, {"Hebr", "Hebrew"}, {"Hira", "Hiragana"},
	{"Hluw", "Anatolian_Hieroglyphs"}, {"Hmng", "Pahawh_Hmong"},
	{"Hmnp", "Nyiakeng_Puachue_Hmong"}, {"Hrkt", "Katakana_Or_Hiragana"},
	{"Hung", "Old_Hungarian"}, {"Ital", "Old_Italic"}, {"Java", "Javanese"},
	{"Kali", "Kayah_Li"}, {"Kana", "Katakana"}, {"Kawi", "Kawi"},
	{"Khar", "Kharoshthi"}, {"Khmr", "Khmer"}, {"Khoj", "Khojki"},
	{"Kits", "Khitan_Small_Script"}, {"Knda", "Kannada"}, {"Krai", "Kirat_Rai"},
	{"Kthi", "Kaithi"}, {"Lana", "Tai_Tham"}, {"Laoo", "Lao"},
	{"Latn", "Latin"}, {"Lepc", "Lepcha"}, {"Limb", "Limbu"},
	{"Lina", "Linear_A"}, {"Linb", "Linear_B"}, {"Lisu", "Lisu"},
	{"Lyci", "Lycian"}, {"Lydi", "Lydian"}, {"Mahj", "Mahajani"},
	{"Maka", "Makasar"}, {"Mand", "Mandaic"}, {"Mani", "Manichaean"},
	{"Marc", "Marchen"}, {"Medf", "Medefaidrin"}, {"Mend", "Mende_Kikakui"},
	{"Merc", "Meroitic_Cursive"}, {"Mero", "Meroitic_Hieroglyphs"},
	{"Mlym", "Malayalam"}, {"Modi", "Modi"}, {"Mong", "Mongolian"},
	{"Mroo", "Mro"}, {"Mtei", "Meetei_Mayek"}, {"Mult", "Multani"},
	{"Mymr", "Myanmar"}, {"Nagm", "Nag_Mundari"}, {"Nand", "Nandinagari"},
	{"Narb", "Old_North_Arabian"}, {"Nbat", "Nabataean"}, {"Newa", "Newa"},
	{"Nkoo", "Nko"}, {"Nshu", "Nushu"}, {"Ogam", "Ogham"},
	{"Olck", "Ol_Chiki"}, {"Onao", "Ol_Onal"}, {"Orkh", "Old_Turkic"},
	{"Orya", "Oriya"}, {"Osge", "Osage"}, {"Osma", "Osmanya"},
	{"Ougr", "Old_Uyghur"}, {"Palm", "Palmyrene"}, {"Pauc", "Pau_Cin_Hau"},
	{"Perm", "Old_Permic"}, {"Phag", "Phags_Pa"}, {"Phli", "Inscriptional_Pahlavi"},
	{"Phlp", "Psalter_Pahlavi"}, {"Phnx", "Phoenician"}, {"Plrd", "Miao"},
	{"Prti", "Inscriptional_Parthian"}, {"Rjng", "Rejang"},
	{"Rohg", "Hanifi_Rohingya"}, {"Runr", "Runic"}, {"Samr", "Samaritan"},
	{"Sarb", "Old_South_Arabian"}, {"Saur", "Saurashtra"}, {"Sgnw", "SignWriting"},
	{"Shaw", "Shavian"}, {"Shrd", "Sharada"}, {"Sidd", "Siddham"},
	{"Sind", "Khudawadi"}, {"Sinh", "Sinhala"}, {"Sogd", "Sogdian"},
	{"Sogo", "Old_Sogdian"}, {"Sora", "Sora_Sompeng"}, {"Soyo", "Soyombo"},
	{"Sund", "Sundanese"}, {"Sunu", "Sunuwar"}, {"Sylo", "Syloti_Nagri"},
	{"Syrc", "Syriac"}, {"Tagb", "Tagbanwa"}, {"Takr", "Takri"},
	{"Tale", "Tai_Le"}, {"Tayo", "Tai_Yo"}, {"Talu", "New_Tai_Lue"}, {"Taml", "Tamil"},
	{"Tang", "Tangut"}, {"Tavt", "Tai_Viet"}, {"Telu", "Telugu"},
	{"Tfng", "Tifinagh"}, {"Tglg", "Tagalog"}, {"Thaa", "Thaana"},
	{"Thai", "Thai"}, {"Tibt", "Tibetan"}, {"Tirh", "Tirhuta"},
	{"Tnsa", "Tangsa"}, {"Todr", "Todhri"}, {"Tols", "Tolong_Siki"}, {"Toto", "Toto"},
	{"Tutg", "Tulu_Tigalari"}, {"Ugar", "Ugaritic"}, {"Vaii", "Vai"},
	{"Vith", "Vithkuqi"}, {"Wara", "Warang_Citi"}, {"Wcho", "Wancho"},
	{"Xpeo", "Old_Persian"}, {"Xsux", "Cuneiform"}, {"Yezi", "Yezidi"},
	{"Yiii", "Yi"}, {"Zanb", "Zanabazar_Square"}, {"Zinh", "Inherited"},
	{"Zyyy", "Common"}, {"Zzzz", "Unknown"},
}

// scriptAliases are the Script values Unicode lists beyond the code and the
// long name.
var scriptAliases = map[string]string{"Qaac": "Coptic", "Qaai": "Inherited"}

// scriptName returns the long name of a Script value.
func scriptName(value string) (string, bool) {
	if name, ok := scriptAliases[value]; ok {
		return name, true
	}
	for _, s := range scriptValues {
		if value == s.code || value == s.name {
			return s.name, true
		}
	}
	return "", false
}

func script(value string) (property, bool) {
	name, ok := scriptName(value)
	if !ok {
		return property{}, false
	}
	switch name {
	case "Katakana_Or_Hiragana":
		// A valid value that Unicode assigns to no code point.
		return property{build: func() runeSet { return nil }}, true
	case "Unknown":
		return property{build: unknownScript}, true
	}
	table := unicode.Scripts[name]
	if table == nil {
		return property{unsupported: "the script " + name + ", which Go's Unicode " + unicode.Version + " tables do not have"}, true
	}
	if regexpResolves(name) {
		return property{symbol: name}, true
	}
	return property{build: func() runeSet { return tableSet(table) }}, true
}

// regexpResolves reports whether Go's regexp finds the script name in
// \p{name}. It folds a name to an initial capital and lower case and drops
// underscores before looking it up, which loses names like Old_Italic and
// SignWriting; those are written out as ranges instead.
func regexpResolves(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if i == 0 && (c < 'A' || c > 'Z') || i > 0 && (c < 'a' || c > 'z') {
			return false
		}
	}
	return name != ""
}

// unknownScript is the set of code points no script in Go's tables claims.
func unknownScript() runeSet {
	var all runeSet
	for _, table := range unicode.Scripts {
		all = all.union(tableSet(table))
	}
	return all.complement()
}

// binaryProperties maps the names and aliases of ECMA-262's binary
// properties to their long names.
var binaryProperties = map[string]string{
	"ASCII": "ASCII", "ASCII_Hex_Digit": "ASCII_Hex_Digit", "AHex": "ASCII_Hex_Digit",
	"Alphabetic": "Alphabetic", "Alpha": "Alphabetic", "Any": "Any", "Assigned": "Assigned",
	"Bidi_Control": "Bidi_Control", "Bidi_C": "Bidi_Control",
	"Bidi_Mirrored": "Bidi_Mirrored", "Bidi_M": "Bidi_Mirrored",
	"Case_Ignorable": "Case_Ignorable", "CI": "Case_Ignorable", "Cased": "Cased",
	"Changes_When_Casefolded": "Changes_When_Casefolded", "CWCF": "Changes_When_Casefolded",
	"Changes_When_Casemapped": "Changes_When_Casemapped", "CWCM": "Changes_When_Casemapped",
	"Changes_When_Lowercased": "Changes_When_Lowercased", "CWL": "Changes_When_Lowercased",
	"Changes_When_NFKC_Casefolded": "Changes_When_NFKC_Casefolded", "CWKCF": "Changes_When_NFKC_Casefolded",
	"Changes_When_Titlecased": "Changes_When_Titlecased", "CWT": "Changes_When_Titlecased",
	"Changes_When_Uppercased": "Changes_When_Uppercased", "CWU": "Changes_When_Uppercased",
	"Dash":                         "Dash",
	"Default_Ignorable_Code_Point": "Default_Ignorable_Code_Point", "DI": "Default_Ignorable_Code_Point",
	"Deprecated": "Deprecated", "Dep": "Deprecated",
	"Diacritic": "Diacritic", "Dia": "Diacritic",
	"Emoji":           "Emoji",
	"Emoji_Component": "Emoji_Component", "EComp": "Emoji_Component",
	"Emoji_Modifier": "Emoji_Modifier", "EMod": "Emoji_Modifier",
	"Emoji_Modifier_Base": "Emoji_Modifier_Base", "EBase": "Emoji_Modifier_Base",
	"Emoji_Presentation": "Emoji_Presentation", "EPres": "Emoji_Presentation",
	"Extended_Pictographic": "Extended_Pictographic", "ExtPict": "Extended_Pictographic",
	"Extender": "Extender", "Ext": "Extender",
	"Grapheme_Base": "Grapheme_Base", "Gr_Base": "Grapheme_Base",
	"Grapheme_Extend": "Grapheme_Extend", "Gr_Ext": "Grapheme_Extend",
	"Hex_Digit": "Hex_Digit", "Hex": "Hex_Digit",
	"IDS_Binary_Operator": "IDS_Binary_Operator", "IDSB": "IDS_Binary_Operator",
	"IDS_Trinary_Operator": "IDS_Trinary_Operator", "IDST": "IDS_Trinary_Operator",
	"ID_Continue": "ID_Continue", "IDC": "ID_Continue",
	"ID_Start": "ID_Start", "IDS": "ID_Start",
	"Ideographic": "Ideographic", "Ideo": "Ideographic",
	"Join_Control": "Join_Control", "Join_C": "Join_Control",
	"Logical_Order_Exception": "Logical_Order_Exception", "LOE": "Logical_Order_Exception",
	"Lowercase": "Lowercase", "Lower": "Lowercase",
	"Math":                    "Math",
	"Noncharacter_Code_Point": "Noncharacter_Code_Point", "NChar": "Noncharacter_Code_Point",
	"Pattern_Syntax": "Pattern_Syntax", "Pat_Syn": "Pattern_Syntax",
	"Pattern_White_Space": "Pattern_White_Space", "Pat_WS": "Pattern_White_Space",
	"Quotation_Mark": "Quotation_Mark", "QMark": "Quotation_Mark",
	"Radical":            "Radical",
	"Regional_Indicator": "Regional_Indicator", "RI": "Regional_Indicator",
	"Sentence_Terminal": "Sentence_Terminal", "STerm": "Sentence_Terminal",
	"Soft_Dotted": "Soft_Dotted", "SD": "Soft_Dotted",
	"Terminal_Punctuation": "Terminal_Punctuation", "Term": "Terminal_Punctuation",
	"Unified_Ideograph": "Unified_Ideograph", "UIdeo": "Unified_Ideograph",
	"Uppercase": "Uppercase", "Upper": "Uppercase",
	"Variation_Selector": "Variation_Selector", "VS": "Variation_Selector",
	"White_Space": "White_Space", "space": "White_Space",
	"XID_Continue": "XID_Continue", "XIDC": "XID_Continue",
	"XID_Start": "XID_Start", "XIDS": "XID_Start",
}

func binaryProperty(name string) (property, bool) {
	long, ok := binaryProperties[name]
	if !ok {
		return property{}, false
	}
	if table := unicode.Properties[long]; table != nil {
		return property{build: func() runeSet { return tableSet(table) }}, true
	}
	if build := derivedProperties[long]; build != nil {
		return property{build: build}, true
	}
	if table := emojiProperties[long]; table != nil {
		return property{build: func() runeSet { return tableSet(table) }}, true
	}
	return property{unsupported: "the property " + long + ", which Go's unicode package has no data for"}, true
}

// derivedProperties builds the binary properties that Unicode derives
// (DerivedCoreProperties.txt) from data Go's unicode package has, by the
// derivations Unicode documents there.
var derivedProperties = map[string]func() runeSet{
	"Any":   func() runeSet { return runeSet{{0, unicode.MaxRune}} },
	"ASCII": func() runeSet { return runeSet{{0, unicode.MaxASCII}} },
	"Assigned": func() runeSet {
		return tableSet(unicode.Cn).complement()
	},
	"Lowercase": lowercase,
	"Uppercase": uppercase,
	"Cased": func() runeSet {
		return lowercase().union(uppercase()).union(tableSet(unicode.Lt))
	},
	"Alphabetic": func() runeSet {
		return unionOf(unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_Alphabetic).
			union(lowercase()).union(uppercase())
	},
	"Math": func() runeSet {
		return unionOf(unicode.Sm, unicode.Other_Math)
	},
	"ID_Start": idStart,
	"ID_Continue": func() runeSet {
		return idStart().
			union(unionOf(unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)).
			minus(unionOf(unicode.Pattern_Syntax, unicode.Pattern_White_Space))
	},
	"Grapheme_Extend": graphemeExtend,
	"Grapheme_Base": func() runeSet {
		return unionOf(unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co, unicode.Cn, unicode.Zl, unicode.Zp).
			union(graphemeExtend()).complement()
	},
}

func lowercase() runeSet { return unionOf(unicode.Ll, unicode.Other_Lowercase) }

func uppercase() runeSet { return unionOf(unicode.Lu, unicode.Other_Uppercase) }

func graphemeExtend() runeSet {
	return unionOf(unicode.Me, unicode.Mn, unicode.Other_Grapheme_Extend)
}

func idStart() runeSet {
	return unionOf(unicode.L, unicode.Nl, unicode.Other_ID_Start).
		minus(unionOf(unicode.Pattern_Syntax, unicode.Pattern_White_Space))
}

// isIDStart and isIDPart tell which code points a capture group name may
// start with and continue with (ECMAScript's IdentifierStartChar and
// IdentifierPartChar).
func isIDStart(r rune) bool {
	return r == '$' || r == '_' ||
		unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start) &&
			!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

func isIDPart(r rune) bool {
	return isIDStart(r) || r == '\u200C' || r == '\u200D' ||
		unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) &&
			!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

// runeRange is the code points lo through hi.
type runeRange struct{ lo, hi rune }

// runeSet is a set of code points as sorted ranges that neither overlap nor
// touch.
type runeSet []runeRange

// Sets of code points fixed by ECMA-262.
var (
	digitSet = runeSet{{'0', '9'}}
	wordSet  = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	// lineTerminators are what "." does not match.
	lineTerminators = runeSet{{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}}
	surrogates      = runeSet{{0xD800, 0xDFFF}}
)

// spaceSet is \s: ECMAScript's WhiteSpace (tab, vertical tab, form feed,
// U+FEFF and the Space_Separator category) and LineTerminator.
func spaceSet() runeSet {
	return tableSet(unicode.Zs).union(runeSet{{'\t', '\r'}, {0x2028, 0x2029}, {0xFEFF, 0xFEFF}})
}

func tableSet(t *unicode.RangeTable) runeSet {
	var s []runeRange
	for _, r := range t.R16 {
		s = appendStrided(s, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		s = appendStrided(s, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return normalize(s)
}

func appendStrided(s []runeRange, lo, hi, stride rune) []runeRange {
	if stride == 1 {
		return append(s, runeRange{lo, hi})
	}
	for r := lo; r <= hi; r += stride {
		s = append(s, runeRange{r, r})
	}
	return s
}

func unionOf(tables ...*unicode.RangeTable) runeSet {
	var s runeSet
	for _, t := range tables {
		s = s.union(tableSet(t))
	}
	return s
}

// normalize sorts ranges and merges those that overlap or touch.
func normalize(s []runeRange) runeSet {
	slices.SortFunc(s, func(a, b runeRange) int { return int(a.lo - b.lo) })
	out := s[:0]
	for _, r := range s {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return runeSet(out)
}

func (s runeSet) union(t runeSet) runeSet {
	if len(t) == 0 {
		return s
	}
	return normalize(append(slices.Clone(s), t...))
}

// complement returns the code points 0 through unicode.MaxRune not in s.
func (s runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for _, r := range s {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, runeRange{next, unicode.MaxRune})
	}
	return out
}

func (s runeSet) minus(t runeSet) runeSet {
	return s.complement().union(t).complement()
}
