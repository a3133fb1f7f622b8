package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// toolgenModule is the module whose runtime the generated code imports.
const toolgenModule = "github.com/toolgen/toolgen"

// ErrNoToolchain means no go command was found: the generated code cannot
// be built.
var ErrNoToolchain = errors.New("no Go toolchain found: toolgen validate builds the generated code and needs the go command in PATH (or in $GOROOT/bin)")

// ErrNoSource means the source of the toolgen module was found neither in
// the module cache at the version of this binary nor through the module of
// the working directory.
var ErrNoSource = errors.New("no toolgen source found: run toolgen validate inside a module that requires " + toolgenModule +
	" (as a tool or a dependency, downloaded: go mod download), or use a released toolgen whose version is in the module cache")

// Source is what the program is built with: a go command and the source
// directory of the toolgen module, whose runtime the generated code imports.
type Source struct {
	Go        string // the go command
	Dir       string // the toolgen module's root directory
	GoVersion string // the go directive of its go.mod
	Sum       []byte // its go.sum: the sums of its dependencies
	// User is the module the search started in, whose dependencies a
	// catalog's goJSONSchema imports may come from; nil when it is in none.
	User *UserModule
}

// FindSource finds the go command and the toolgen module's source without
// the network: first the module cache entry of the version this binary was
// built from, then what `go list -m` reports from workDir (the toolgen
// repository itself, or a module that requires toolgen, for instance as a
// tool).
func FindSource(workDir string) (*Source, error) {
	goCmd, err := findGo()
	if err != nil {
		return nil, err
	}
	dir := cachedSelf(goCmd)
	if dir == "" {
		var why string
		if dir, why = listedModule(goCmd, workDir); dir == "" {
			return nil, fmt.Errorf("%w (go list -m %s in %s: %s)", ErrNoSource, toolgenModule, workDir, why)
		}
	}
	src, err := readSource(goCmd, dir)
	if err != nil {
		return nil, err
	}
	src.User = findUserModule(goCmd, workDir)
	return src, nil
}

// findGo returns $GOROOT/bin/go when GOROOT is set and has one, else the go
// command in PATH.
func findGo() (string, error) {
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	p, err := exec.LookPath("go")
	if err != nil {
		return "", ErrNoToolchain
	}
	return p, nil
}

// cachedSelf returns the module cache directory of the toolgen version this
// binary was built from, or "" when it is a development build or the cache
// does not hold that version.
func cachedSelf(goCmd string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	version := ""
	if info.Main.Path == toolgenModule {
		version = info.Main.Version
	}
	for _, dep := range info.Deps {
		if dep.Path == toolgenModule && dep.Replace == nil {
			version = dep.Version
		}
	}
	// A build from a work tree carries a version that no cache holds
	// ("(devel)", or a pseudo-version marked +dirty).
	if !semver.IsValid(version) || semver.Build(version) != "" {
		return ""
	}
	cache, err := goEnv(goCmd, "GOMODCACHE")
	if err != nil || cache == "" {
		return ""
	}
	escaped, err := module.EscapePath(toolgenModule)
	if err != nil {
		return ""
	}
	dir := filepath.Join(cache, filepath.FromSlash(escaped)+"@"+version)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return ""
	}
	return dir
}

// listedModule asks the go command, offline, where the toolgen module of
// workDir's module graph is; "" and why when workDir is in no module that
// has it downloaded.
func listedModule(goCmd, workDir string) (dir, why string) {
	cmd := exec.Command(goCmd, "list", "-m", "-json", toolgenModule)
	cmd.Dir = workDir
	cmd.Env = offlineEnv("-mod=readonly")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "go.mod file not found") {
			return "", "the folder is in no Go module"
		}
		if msg != "" {
			first, _, _ := strings.Cut(msg, "\n")
			return "", first
		}
		return "", err.Error()
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil {
		return "", err.Error()
	}
	if m.Dir == "" {
		return "", "the module is not in the module cache; run go mod download " + toolgenModule
	}
	return m.Dir, ""
}

// readSource reads the go directive and go.sum of the module in dir.
func readSource(goCmd, dir string) (*Source, error) {
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoSource, err)
	}
	f, err := modfile.ParseLax(filepath.Join(dir, "go.mod"), gomod, nil)
	if err != nil || f.Module == nil || f.Module.Mod.Path != toolgenModule {
		return nil, fmt.Errorf("%w: %s is not the module %s", ErrNoSource, dir, toolgenModule)
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: %v", ErrNoSource, err)
	}
	s := &Source{Go: goCmd, Dir: dir, Sum: sum}
	if f.Go != nil {
		s.GoVersion = f.Go.Version
	}
	return s, nil
}

// goEnv returns one variable of go env.
func goEnv(goCmd, name string) (string, error) {
	cmd := exec.Command(goCmd, "env", name)
	cmd.Env = offlineEnv("")
	out, err := cmd.Output()
	return string(bytes.TrimSpace(out)), err
}

// offlineEnv is the environment of every go command run here: the module
// proxy and checksum database are off (nothing is downloaded: what the
// build needs must already be in the module cache), no toolchain is
// switched to, no workspace applies and GOFLAGS is exactly goflags, so that
// none of the user's settings can add a network step or a -toolexec. The
// program is built for this machine, without cgo.
func offlineEnv(goflags string) []string {
	override := map[string]string{
		"GOPROXY":     "off",
		"GOSUMDB":     "off",
		"GOTOOLCHAIN": "local",
		"GOWORK":      "off",
		"GOFLAGS":     goflags,
		"CGO_ENABLED": "0",
		"GOOS":        goruntime.GOOS,
		"GOARCH":      goruntime.GOARCH,
	}
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if _, ok := override[name]; !ok {
			env = append(env, kv)
		}
	}
	for name, value := range override {
		env = append(env, name+"="+value)
	}
	return env
}
