package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/cmd/internal/catalogdiff"
	"github.com/toolgen/toolgen/cmd/internal/drift"
)

func init() {
	commands["pull"] = command{"write the tool catalog an MCP server lists, or check a pulled one against it", pull}
}

// pulledName names a pulled catalog in its diagnostics: it is not a file
// yet, and its lines are those it would be written with.
const pulledName = "tools/list"

const pullSynopsis = `usage: toolgen pull [-o FILE] [-check] [-header 'NAME: VALUE']... [-timeout D] (URL | -- COMMAND [ARG...])

Connects to an MCP server as a client, over streamable HTTP for a URL or over
standard input and output for a command (run with toolgen's environment),
pages through tools/list and writes the tools as the server sent them, with the
server's name and version, in one layout. The catalog must pass the checks
every toolgen command makes, or nothing is written. A server may send at most
` + "100 pages and 16 MiB" + `.

With -check, nothing is written: exit 0 when FILE holds what the server lists,
else exit 1 with the tools added, removed and changed, which changes break
existing callers, and a diff.`

// pull is toolgen pull: a live server's catalog in, a catalog file out.
func pull(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("toolgen pull", pullSynopsis, nil)
	out := flags.String("o", "", "output file (default: standard output)")
	check := flags.Bool("check", false, "write nothing; exit 1 and describe the changes when FILE differs from what the server lists")
	var headers headerFlags
	flags.Var(&headers, "header", "an HTTP header sent with every request to URL, as 'NAME: VALUE' (repeatable)")
	timeout := flags.Duration("timeout", defaultPullTimeout, "how long the whole pull may take")
	if code, done := parseFlags(flags, args, nil, stdout, stderr); done {
		return code
	}
	target, reason := pullOperands(args, flags.Args())
	switch {
	case reason != "":
		return usageError(flags, stderr, "%s", reason)
	case *check && *out == "":
		return usageError(flags, stderr, "-check needs -o FILE: the catalog to compare with")
	case *timeout <= 0:
		return usageError(flags, stderr, "-timeout must be positive, got %v", *timeout)
	case len(headers) > 0 && target.url == "":
		return usageError(flags, stderr, "-header applies to a URL; a command gets toolgen's environment")
	}
	target.headers = http.Header(headers)

	pulled, err := pullTools(target, *timeout)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen pull: %v\n", err)
		return exitInvalid
	}
	data, err := formatCatalog(pulled)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen pull: %v; nothing was written\n", err)
		return exitInvalid
	}
	cat, diags := catalog.Parse(pulledName, data)
	diags = lintLoaded(cat, diags, catalog.LintOptions{})
	printDiagnosticsFrom(stderr, diags, map[string][]byte{pulledName: data})
	if diags.HasErrors() || cat == nil {
		fmt.Fprintf(stderr, "toolgen pull: the catalog of %s has errors (lines are those of the catalog as it would be written); nothing was written\n", describeServer(pulled.serverName, pulled.serverVersion))
		return exitInvalid
	}
	if *check {
		return checkPulled(*out, data, cat, stdout, stderr)
	}
	if err := write(*out, data, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgen pull: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// serverText quotes text a server sent (a name, an error message, its
// standard error) for a diagnostic, so that no control or bidirectional
// character in it reaches the terminal.
func serverText(s string) string {
	return strconv.Quote(s)
}

// describeServer names a server for messages: "server "memory" 0.6.3".
func describeServer(name, version string) string {
	if name == "" {
		return "the server"
	}
	d := "server " + serverText(name)
	if version != "" {
		d += " " + serverText(version)
	}
	return d
}

// pullOperands reads the target after the flags: a URL alone, or a command
// after "--" (which the flag package consumes, so it is looked for in args).
func pullOperands(args, rest []string) (pullTarget, string) {
	dashes := len(args) > len(rest) && args[len(args)-len(rest)-1] == "--"
	switch {
	case dashes && len(rest) == 0:
		return pullTarget{}, "missing the server's COMMAND after --"
	case dashes:
		return pullTarget{command: rest}, ""
	case len(rest) == 0:
		return pullTarget{}, "missing the server: a URL, or -- COMMAND [ARG...]"
	case len(rest) > 1:
		if strings.HasPrefix(rest[1], "-") {
			flag, _, _ := strings.Cut(rest[1], "=")
			return pullTarget{}, fmt.Sprintf("flags must come before the server: move %s before %s", flag, rest[0])
		}
		return pullTarget{}, fmt.Sprintf("a command goes after --: toolgen pull [flags] -- %s", strings.Join(rest, " "))
	}
	u, err := url.Parse(rest[0])
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		shown := shownURL(u, err)
		return pullTarget{}, fmt.Sprintf("%q is not an http or https URL; a command goes after --: toolgen pull [flags] -- %s", shown, shown)
	}
	return pullTarget{url: rest[0]}, ""
}

// shownURL is the operand u (parsed with err) as a message may quote it:
// without its userinfo, query or fragment, where a token may be.
func shownURL(u *url.URL, err error) string {
	if err != nil {
		return "the operand"
	}
	shown := *u
	shown.User, shown.RawQuery, shown.ForceQuery, shown.Fragment, shown.RawFragment = nil, "", false, "", ""
	return shown.String()
}

// headerFlags collects -header 'NAME: VALUE'.
type headerFlags http.Header

func (h *headerFlags) String() string { return "" }

func (h *headerFlags) Set(s string) error {
	name, value, ok := strings.Cut(s, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || !validHeaderName(name) {
		return errors.New("want 'NAME: VALUE', NAME a header name")
	}
	if strings.ContainsAny(value, "\r\n\x00") {
		return fmt.Errorf("the value of %s holds a line break or NUL", name)
	}
	if *h == nil {
		*h = headerFlags{}
	}
	http.Header(*h).Add(name, value)
	return nil
}

var _ flag.Value = (*headerFlags)(nil)

// validHeaderName reports whether s is an HTTP token (RFC 9110).
func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// checkPulled compares the pulled catalog (data, cat) with the one in
// path: exit 0 when the bytes are the same, else a report of the changes
// and a diff on stdout, and exit 1.
func checkPulled(path string, data []byte, cat *catalog.Catalog, stdout, stderr io.Writer) int {
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "toolgen pull: %s\n", readError(path, err))
		return exitInvalid
	}
	if bytes.Equal(old, data) {
		return exitOK
	}
	oldName := path
	var oldTools []catalog.Tool
	var oldServer *catalog.ServerInfo
	switch {
	case err != nil:
		oldName = os.DevNull
	default:
		oldCat, diags := catalog.Parse(path, old)
		if oldCat == nil || diags.HasErrors() {
			fmt.Fprintf(stderr, "toolgen pull: %s is not a valid catalog; the changes are shown as a diff only\n", path)
			break
		}
		oldTools, oldServer = oldCat.Tools, oldCat.Server
	}
	report := drift.Compare(oldTools, cat.Tools)
	fmt.Fprintf(stdout, "%s differs from what %s lists:\n", path, describeServer(serverOf(cat)))
	if oldServer != nil && cat.Server != nil && *oldServer != *cat.Server {
		fmt.Fprintf(stdout, "  (%s was pulled from %s)\n", path, describeServer(oldServer.Name, oldServer.Version))
	}
	io.WriteString(stdout, report.Format(serverText))
	io.WriteString(stdout, "\n")
	io.WriteString(stdout, catalogdiff.Unified(oldName, path, old, data))
	switch {
	case report.Breaking() > 0:
		fmt.Fprintf(stderr, "toolgen pull: %s is stale, and %d of the changes break existing callers; pull it again (toolgen pull -o %s ...), regenerate, and update the callers\n", path, report.Breaking(), path)
	default:
		fmt.Fprintf(stderr, "toolgen pull: %s is stale; no change breaks existing callers; pull it again (toolgen pull -o %s ...) and regenerate\n", path, path)
	}
	return exitInvalid
}

// serverOf returns the name and version a catalog records.
func serverOf(cat *catalog.Catalog) (string, string) {
	if cat.Server == nil {
		return "", ""
	}
	return cat.Server.Name, cat.Server.Version
}
