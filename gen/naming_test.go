package gen

import (
	"go/token"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestGoName(t *testing.T) {
	tests := []struct{ in, want string }{
		// Tool names.
		{"math.factorial", "MathFactorial"},
		{"CalculateTax", "CalculateTax"},
		{"calculate_tax", "CalculateTax"},
		{"calculateTax", "CalculateTax"},
		{"calculate-tax", "CalculateTax"},
		{"get_weather", "GetWeather"},
		{"search issues", "SearchIssues"},
		{"github/create_issue", "GithubCreateIssue"},
		{"list_PRs", "ListPRs"},

		// Property names.
		{"type", "Type"},
		{"func", "Func"},
		{"go", "Go"},
		{"Content-Type", "ContentType"},
		{"content_type", "ContentType"},
		{"user_id", "UserID"},
		{"userId", "UserID"},
		{"userID", "UserID"},
		{"UserId", "UserID"},
		{"user.id", "UserID"},
		{"id", "ID"},
		{"Id", "ID"},
		{"ID", "ID"},
		{"ids", "IDs"},
		{"userIds", "UserIDs"},
		{"userIDs", "UserIDs"},
		{"user_ids", "UserIDs"},
		{"IDsMap", "IDsMap"},
		{"urls", "URLs"},
		{"image_urls", "ImageURLs"},
		{"https", "HTTPS"},
		{"HTTPServer", "HTTPServer"},
		{"HTTPSServer", "HTTPSServer"},
		{"httpServer", "HTTPServer"},
		{"http_server", "HTTPServer"},
		{"XMLHttpRequest", "XMLHTTPRequest"},
		{"JSONSchema", "JSONSchema"},
		{"api_key", "APIKey"},
		{"x-api-key", "XAPIKey"},
		{"X-Request-ID", "XRequestID"},
		{"already_Go_Name", "AlreadyGoName"},
		{"AlreadyGoName", "AlreadyGoName"},
		{"uuid", "UUID"},
		{"sql_query", "SQLQuery"},
		{"ttl_seconds", "TTLSeconds"},
		{"cpu_count", "CPUCount"},
		{"ci_status", "CIStatus"},
		{"vm_size", "VMSize"},
		{"pr_number", "PRNumber"},
		{"sha", "SHA"},
		{"head_sha", "HeadSHA"},
		{"dns_name", "DNSName"},
		{"eof", "EOF"},
		{"ascii", "ASCII"},
		{"utf8", "UTF8"},
		{"utf-8", "UTF8"},
		{"UTF-8", "UTF8"},
		{"utf_8_string", "UTF8String"},
		{"latin-1", "Latin1"},
		{"IPv6", "IPv6"},
		{"ipv6", "IPv6"},
		{"IPV6", "IPv6"},
		{"IPv4Address", "IPv4Address"},
		{"ipv6_address", "IPv6Address"},
		{"ip_address", "IPAddress"},
		{"IPAddress", "IPAddress"},
		{"ips", "IPs"},
		{"tcp_port", "TCPPort"},
		{"udp", "UDP"},
		{"tls_cert", "TLSCert"},
		{"ssh_key", "SSHKey"},
		{"ui_theme", "UITheme"},
		{"base64Encode", "Base64Encode"},
		{"sha256sum", "Sha256sum"},
		{"sha256Sum", "Sha256Sum"},
		{"oauth2Token", "Oauth2Token"},
		{"OAuth2Token", "OAuth2Token"},
		{"iOS", "IOS"},
		{"eTag", "ETag"},
		{"VMware", "VMware"},
		{"v2", "V2"},
		{"api_v2", "APIV2"},
		{"APIv2", "APIv2"},
		{"x", "X"},
		{"_id", "ID"},
		{"__init__", "Init"},
		{"$ref", "DollarRef"},
		{"$schema", "DollarSchema"},
		{"@type", "AtType"},
		{"@odata.type", "AtOdataType"},
		{"a b  c", "ABC"},
		{"first name", "FirstName"},
		{"first\tname\n", "FirstName"},

		// All-capitals words.
		{"GET", "GET"},
		{"POST", "POST"},
		{"USD", "USD"},
		{"AWSRegion", "AWSRegion"},
		{"MAX_VALUE", "MaxValue"},
		{"CONTENT_TYPE", "ContentType"},
		{"HTTP_PROXY", "HTTPProxy"},
		{"USER_ID", "UserID"},
		{"API_KEY", "APIKey"},
		{"X_RATE_LIMIT", "XRateLimit"},
		{"the_ABC_value", "TheABCValue"},
		{"VALUE_2", "VALUE2"},

		// Enum values and symbols.
		{"+1", "Plus1"},
		{"-1", "Minus1"},
		{"+", "Plus"},
		{"-", "Empty"},
		{"--1", "Minus1"},
		{"+-1", "PlusMinus1"},
		{"-1.5", "Minus15"},
		{"a-1", "A1"},
		{"v-1", "V1"},
		{"1-2", "X12"},
		{"reactions-+1", "ReactionsPlus1"},
		{"reactions--1", "ReactionsMinus1"},
		{"reactions-laugh", "ReactionsLaugh"},
		{"C++", "CPlusPlus"},
		{"C#", "CSharp"},
		{"F#", "FSharp"},
		{"C", "C"},
		{"c", "C"},
		{"Objective-C", "ObjectiveC"},
		{"a&b", "AAndB"},
		{"R&D", "RAndD"},
		{"100%", "X100Percent"},
		{"*", "Star"},
		{"**", "StarStar"},
		{"=", "Eq"},
		{"==", "EqEq"},
		{"!=", "NotEq"},
		{"<", "Lt"},
		{"<=", "LtEq"},
		{">", "Gt"},
		{">=", "GtEq"},
		{"!important", "NotImportant"},
		{"~user", "TildeUser"},
		{"$", "Dollar"},
		{"@", "At"},
		{"#", "Sharp"},
		{"user@example.com", "UserAtExampleCom"},
		{"", "Empty"},
		{" ", "Empty"},
		{"_", "Empty"},
		{"...", "Empty"},
		{"?", "Empty"},
		{"2xx", "X2xx"},
		{"4XX", "X4XX"},
		{"200", "X200"},
		{"3d", "X3d"},
		{"1st_place", "X1stPlace"},
		{"application/json", "ApplicationJSON"},
		{"application/x-www-form-urlencoded", "ApplicationXWwwFormUrlencoded"},
		{"text/html; charset=utf-8", "TextHTMLCharsetEqUTF8"},
		{"image/svg+xml", "ImageSvgPlusXML"},
		{"in_progress", "InProgress"},
		{"in-progress", "InProgress"},
		{"IN_PROGRESS", "InProgress"},
		{"snake_case", "SnakeCase"},
		{"kebab-case", "KebabCase"},
		{"camelCase", "CamelCase"},
		{"PascalCase", "PascalCase"},
		{"true", "True"},
		{"null", "Null"},
		{"nil", "Nil"},
		{"Empty", "Empty"},

		// Unicode.
		{"größe", "Größe"},
		{"Größe", "Größe"},
		{"straße_name", "StraßeName"},
		{"café", "Café"},
		{"cafe\u0301", "Cafe"}, // combining acute accent dropped
		{"naïve-bayes", "NaïveBayes"},
		{"ÉCOLE", "ÉCOLE"},
		{"日本", "X日本"},
		{"日本語_テキスト", "X日本語テキスト"},
		{"名前", "X名前"},
		{"ßtraße", "Xßtraße"},
		{"éte", "Éte"},
		{"αβγ", "Αβγ"},
		{"Ωmega", "Ωmega"},
		{"٣x", "X٣x"},
		{"ǆemal", "Ǆemal"}, // dž has title case ǅ, but Go needs upper case Ǆ
		{"user\xffid", "UserID"},
		{"emoji😀name", "EmojiName"},
	}
	for _, tt := range tests {
		if got := goName(tt.in); got != tt.want {
			t.Errorf("goName(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkIdent(t, tt.in, tt.want)
	}
}

func TestGoNameSep(t *testing.T) {
	tests := []struct{ in, want string }{
		{"calculate_tax", "Calculate_Tax"},
		{"CalculateTax", "CalculateTax"},
		{"math.factorial", "Math_Factorial"},
		{"Content-Type", "Content_Type"},
		{"user_id", "User_ID"},
		{"userId", "UserID"},
		{"_user__id_", "User_ID"},
		{"reactions--1", "Reactions_Minus1"},
		{"reactions-+1", "Reactions_Plus1"},
		{"a + b", "A_Plus_B"},
		{"MAX_VALUE", "Max_Value"},
		{"utf-8", "UTF8"},
		{"2xx", "X2xx"},
		{"4xx_error", "X4xx_Error"},
		{"日本_語", "X日本_語"},
		{"", "Empty"},
		{"-", "Empty"},
	}
	for _, tt := range tests {
		if got := goNameSep(tt.in); got != tt.want {
			t.Errorf("goNameSep(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkSep(t, tt.in)
	}
}

func TestInitialismsTable(t *testing.T) {
	if !slices.IsSorted(initialisms) {
		t.Errorf("initialisms is not sorted")
	}
	if len(initialismByLower) != len(initialisms) {
		t.Errorf("initialisms has entries that differ only in case")
	}
	for _, s := range initialisms {
		if got := goName(s); got != s {
			t.Errorf("goName(%q) = %q, want it unchanged", s, got)
		}
		if got := goName(strings.ToLower(s)); got != s {
			t.Errorf("goName(%q) = %q, want %q", strings.ToLower(s), got, s)
		}
	}
}

// TestGoNameIdempotent checks that names that are already Go names in the
// style goName produces are kept as they are.
func TestGoNameIdempotent(t *testing.T) {
	for _, s := range []string{
		"MathFactorial", "UserID", "UserIDs", "HTTPServer", "XMLHTTPRequest",
		"ReactionsMinus1", "CPlusPlus", "CSharp", "X2xx", "X日本", "Größe",
		"IPv6Address", "ApplicationJSON", "MaxValue", "HTTPProxy", "GET",
		"Empty", "OAuth2Token", "VMware", "APIKey", "TheABCValue",
	} {
		if got := goName(s); got != s {
			t.Errorf("goName(%q) = %q, want it unchanged", s, got)
		}
	}
}

// checkIdent fails t unless name is a valid exported Go identifier without
// underscores.
func checkIdent(t testing.TB, in, name string) {
	t.Helper()
	if !token.IsIdentifier(name) || !token.IsExported(name) || token.IsKeyword(name) {
		t.Errorf("goName(%q) = %q: not a valid exported identifier", in, name)
	}
	if strings.Contains(name, "_") {
		t.Errorf("goName(%q) = %q: contains an underscore", in, name)
	}
}

// checkSep fails t unless goNameSep(in) is a valid exported identifier that
// is goName(in) with underscores added.
func checkSep(t testing.TB, in string) {
	t.Helper()
	sep := goNameSep(in)
	if !token.IsIdentifier(sep) || !token.IsExported(sep) || token.IsKeyword(sep) {
		t.Errorf("goNameSep(%q) = %q: not a valid exported identifier", in, sep)
	}
	if got, want := strings.ReplaceAll(sep, "_", ""), goName(in); got != want {
		t.Errorf("goNameSep(%q) = %q: without underscores %q, want goName %q", in, sep, got, want)
	}
}

func FuzzGoName(f *testing.F) {
	for _, s := range []string{
		"", "math.factorial", "CalculateTax", "calculate_tax", "type", "func",
		"Content-Type", "userId", "user_id", "+1", "-1", "reactions-+1",
		"reactions--1", "C++", "C#", "2xx", "application/json", "HTTPServer",
		"IPv6", "größe", "日本", "ǆ", "cafe\u0301", "\xff", "_", "ids", "utf-8",
		"MAX_VALUE", "ß", "İD", "\u0345", "Ⓐb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name := goName(s)
		checkIdent(t, s, name)
		if again := goName(s); again != name {
			t.Fatalf("goName(%q) = %q, then %q", s, name, again)
		}
		checkSep(t, s)
	})
}

func TestAssignNames(t *testing.T) {
	tests := []struct {
		name      string
		originals []string
		taken     []string
		want      []string
		renamed   []rename
	}{
		{
			name:      "no collisions",
			originals: []string{"type", "func", "user_id", "math.factorial"},
			want:      []string{"Type", "Func", "UserID", "MathFactorial"},
		},
		{
			name:      "exact match keeps the name",
			originals: []string{"calculate_tax", "CalculateTax"},
			want:      []string{"Calculate_Tax", "CalculateTax"},
			renamed: []rename{
				{Original: "calculate_tax", Wanted: "CalculateTax", Got: "Calculate_Tax", Rival: "CalculateTax"},
			},
		},
		{
			name:      "first in byte order keeps the name",
			originals: []string{"user_id", "userId"},
			want:      []string{"User_ID", "UserID"},
			renamed: []rename{
				{Original: "user_id", Wanted: "UserID", Got: "User_ID", Rival: "userId"},
			},
		},
		{
			name:      "numbered when there are no separators",
			originals: []string{"userId", "userID", "UserId"},
			want:      []string{"UserID3", "UserID2", "UserID"},
			renamed: []rename{
				{Original: "userID", Wanted: "UserID", Got: "UserID2", Rival: "UserId"},
				{Original: "userId", Wanted: "UserID", Got: "UserID3", Rival: "UserId"},
			},
		},
		{
			name:      "numbered when the underscore name is also wanted",
			originals: []string{"calculate_tax", "calculate-tax", "calculate.tax", "CalculateTax"},
			want:      []string{"CalculateTax4", "Calculate_Tax", "CalculateTax2", "CalculateTax"},
			renamed: []rename{
				{Original: "calculate-tax", Wanted: "CalculateTax", Got: "Calculate_Tax", Rival: "CalculateTax"},
				{Original: "calculate.tax", Wanted: "CalculateTax", Got: "CalculateTax2", Rival: "CalculateTax"},
				{Original: "calculate_tax", Wanted: "CalculateTax", Got: "CalculateTax4", Rival: "CalculateTax"},
			},
			taken: []string{"CalculateTax3"},
		},
		{
			name:      "enum values",
			originals: []string{"+1", "-1", "reactions-+1", "reactions--1", "C++", "C#", "", "2xx"},
			want:      []string{"Plus1", "Minus1", "ReactionsPlus1", "ReactionsMinus1", "CPlusPlus", "CSharp", "Empty", "X2xx"},
		},
		{
			name:      "numbering after a digit uses an underscore",
			originals: []string{"v1.2", "v12", "v1_2", "V12"},
			want:      []string{"V1_2", "V12_2", "V12_3", "V12"},
			renamed: []rename{
				{Original: "v1.2", Wanted: "V12", Got: "V1_2", Rival: "V12"},
				{Original: "v12", Wanted: "V12", Got: "V12_2", Rival: "V12"},
				{Original: "v1_2", Wanted: "V12", Got: "V12_3", Rival: "V12"},
			},
		},
		{
			name:      "empty and punctuation-only",
			originals: []string{"", "-", "Empty", "_"},
			want:      []string{"Empty2", "Empty3", "Empty", "Empty4"},
			renamed: []rename{
				{Original: "", Wanted: "Empty", Got: "Empty2", Rival: "Empty"},
				{Original: "-", Wanted: "Empty", Got: "Empty3", Rival: "Empty"},
				{Original: "_", Wanted: "Empty", Got: "Empty4", Rival: "Empty"},
			},
		},
		{
			name:      "taken names are never given out",
			originals: []string{"type", "schema", "raw_input"},
			taken:     []string{"Type", "Raw_Input", "RawInput", "Schema", "Schema2"},
			want:      []string{"Type2", "Schema3", "RawInput2"},
			renamed: []rename{
				{Original: "raw_input", Wanted: "RawInput", Got: "RawInput2"},
				{Original: "schema", Wanted: "Schema", Got: "Schema3"},
				{Original: "type", Wanted: "Type", Got: "Type2"},
			},
		},
		{
			name:      "taken name wanted by several",
			originals: []string{"content_type", "Content-Type"},
			taken:     []string{"ContentType"},
			want:      []string{"ContentType2", "Content_Type"},
			renamed: []rename{
				{Original: "Content-Type", Wanted: "ContentType", Got: "Content_Type"},
				{Original: "content_type", Wanted: "ContentType", Got: "ContentType2"},
			},
		},
		{
			name:      "a taken name does not make the winner lose",
			originals: []string{"content_type", "Content-Type"},
			taken:     []string{"Content_Type"},
			want:      []string{"ContentType2", "ContentType"},
			renamed: []rename{
				{Original: "content_type", Wanted: "ContentType", Got: "ContentType2", Rival: "Content-Type"},
			},
		},
		{
			name:      "empty",
			originals: nil,
			want:      []string{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			taken := map[string]bool{}
			for _, s := range tt.taken {
				taken[s] = true
			}
			got, renamed := assignNames(tt.originals, goName, taken)
			if !slices.Equal(got, tt.want) {
				t.Errorf("names = %q, want %q", got, tt.want)
			}
			if !slices.Equal(renamed, tt.renamed) {
				t.Errorf("renamed = %+v, want %+v", renamed, tt.renamed)
			}
			if len(taken) != len(tt.taken) {
				t.Errorf("taken was modified: %v", taken)
			}
			checkAssigned(t, tt.originals, got, renamed, taken)
		})
	}
}

// TestAssignNamesPrefixedBase checks the underscore alternative with a base
// that adds a prefix, as for enum constants.
func TestAssignNamesPrefixedBase(t *testing.T) {
	base := func(s string) string { return "Color" + goName(s) }
	got, renamed := assignNames([]string{"dark_red", "DarkRed", "darkRed"}, base, map[string]bool{"ColorDarkRed": true})
	want := []string{"ColorDark_Red", "ColorDarkRed2", "ColorDarkRed3"}
	if !slices.Equal(got, want) {
		t.Errorf("names = %q, want %q", got, want)
	}
	if len(renamed) != 3 {
		t.Errorf("renamed = %+v, want 3 entries", renamed)
	}
}

// TestAssignNamesShuffle checks that the names do not depend on the order of
// the originals.
func TestAssignNamesShuffle(t *testing.T) {
	originals := []string{
		"calculate_tax", "CalculateTax", "calculateTax", "calculate-tax", "calculate.tax",
		"user_id", "userId", "userID", "UserID", "user.id", "USER_ID",
		"type", "Type", "TYPE", "func", "Content-Type", "content_type", "CONTENT_TYPE",
		"+1", "-1", "reactions-+1", "reactions--1", "Plus1", "Minus1", "plus_1",
		"C++", "C#", "CPlusPlus", "c_plus_plus", "", "-", "_", "Empty",
		"2xx", "X2xx", "x2xx", "application/json", "ApplicationJSON",
		"v1", "v1.1", "v11", "V1_1", "日本", "x日本", "größe", "Größe",
	}
	taken := map[string]bool{"Type": true, "UserID2": true, "Calculate_Tax": true}
	want, wantRenamed := assignNames(originals, goName, taken)
	checkAssigned(t, originals, want, wantRenamed, taken)
	byOriginal := map[string]string{}
	for i, o := range originals {
		byOriginal[o] = want[i]
	}

	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		shuffled := slices.Clone(originals)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		got, renamed := assignNames(shuffled, goName, taken)
		for i, o := range shuffled {
			if got[i] != byOriginal[o] {
				t.Fatalf("order %q: %q got %q, want %q", shuffled, o, got[i], byOriginal[o])
			}
		}
		if !slices.Equal(renamed, wantRenamed) {
			t.Fatalf("order %q: renamed = %+v, want %+v", shuffled, renamed, wantRenamed)
		}
	}
}

// checkAssigned checks the invariants of assignNames: one distinct, free name
// per original, and renamed consistent with it.
func checkAssigned(t testing.TB, originals, names []string, renamed []rename, taken map[string]bool) {
	t.Helper()
	if len(names) != len(originals) {
		t.Fatalf("got %d names for %d originals", len(names), len(originals))
	}
	seen := map[string]string{}
	for i, name := range names {
		if prev, ok := seen[name]; ok {
			t.Errorf("%q and %q both got %q", prev, originals[i], name)
		}
		seen[name] = originals[i]
		if taken[name] {
			t.Errorf("%q got the taken name %q", originals[i], name)
		}
		if !token.IsIdentifier(name) || !token.IsExported(name) {
			t.Errorf("%q got %q: not a valid exported identifier", originals[i], name)
		}
	}
	if !slices.IsSortedFunc(renamed, func(a, b rename) int { return strings.Compare(a.Original, b.Original) }) {
		t.Errorf("renamed is not sorted: %+v", renamed)
	}
	nameOf := map[string]string{}
	for i, o := range originals {
		nameOf[o] = names[i]
	}
	nrenamed := 0
	for i, o := range originals {
		if names[i] != goName(o) {
			nrenamed++
		}
	}
	if nrenamed != len(renamed) {
		t.Errorf("%d originals did not get goName, but renamed has %d entries", nrenamed, len(renamed))
	}
	for _, r := range renamed {
		if nameOf[r.Original] != r.Got || r.Got == r.Wanted {
			t.Errorf("bad rename %+v: the original got %q", r, nameOf[r.Original])
		}
		if taken[r.Wanted] {
			if r.Rival != "" {
				t.Errorf("rename %+v: %q is reserved, but has a rival", r, r.Wanted)
			}
		} else if nameOf[r.Rival] != r.Wanted {
			t.Errorf("rename %+v: the rival got %q", r, nameOf[r.Rival])
		}
	}
}

// FuzzAssignNames splits its input into names at newlines and checks that
// assignNames gives them distinct valid names independent of their order.
func FuzzAssignNames(f *testing.F) {
	f.Add("calculate_tax\nCalculateTax\ncalculateTax\nuser_id\nuserId\n+1\nPlus1\n\n-", "Type\nCalculate_Tax")
	f.Add("v1.2\nv12\nV12\nv1_2", "V12_2")
	f.Fuzz(func(t *testing.T, in, reserved string) {
		originals := slices.Compact(slices.Sorted(slices.Values(strings.Split(in, "\n"))))
		taken := map[string]bool{}
		for _, s := range strings.Split(reserved, "\n") {
			taken[s] = true
		}
		names, renamed := assignNames(originals, goName, taken)
		checkAssigned(t, originals, names, renamed, taken)
		reversed := slices.Clone(originals)
		slices.Reverse(reversed)
		rnames, _ := assignNames(reversed, goName, taken)
		slices.Reverse(rnames)
		if !slices.Equal(names, rnames) {
			t.Fatalf("order matters: %q got %q, reversed %q", originals, names, rnames)
		}
	})
}

// TestNamespaceClaim checks how a namespace numbers the names it gives: a
// free name as wanted, a taken one with the first free number, after an
// underscore when the name ends in a digit, and never a keyword, a
// predeclared identifier or an import name.
func TestNamespaceClaim(t *testing.T) {
	ns := newNamespace()
	for _, c := range []struct{ want, got string }{
		{"usPresident", "usPresident"},
		{"usPresident", "usPresident2"},
		{"usPresident2", "usPresident2_2"},
		{"usPresident", "usPresident3"},
		{"pattern0", "pattern0"},
		{"pattern0", "pattern0_2"},
		{"type", "type2"},
		{"string", "string2"},
		{"runtime", "runtime2"},
		{"Handler", "Handler2"},
		{"toolTable", "toolTable2"},
		{"seen", "seen2"},
	} {
		if got := ns.claim(c.want); got != c.got {
			t.Errorf("claim(%q) = %q, want %q", c.want, got, c.got)
		}
	}
}
