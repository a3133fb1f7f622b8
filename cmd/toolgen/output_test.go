//go:build unix

package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writer is a command that writes a file with -o: its name and flags
// before -o, and its operand after.
type writer struct {
	pre     []string
	operand string
}

func (w writer) name() string { return strings.Join(w.pre, " ") }

// writers are every command that writes a file, each with the arguments
// that make it write one. Without -pkg, the package name of the generated
// file is inferred from where it goes: tools for standard output, a
// device or a named pipe.
func writers(t *testing.T, pkg bool) []writer {
	schemaFile := filepath.Join(t.TempDir(), "schema.json")
	if err := os.WriteFile(schemaFile, []byte(`{"type": "object", "properties": {"n": {"type": "integer"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	catalog, err := filepath.Abs(paymentsCatalog)
	if err != nil {
		t.Fatal(err)
	}
	ws := []writer{{[]string{}, catalog}, {[]string{"docs"}, catalog}, {[]string{"schema"}, schemaFile}}
	if pkg {
		ws[0].pre = []string{"-pkg", "tools"}
		ws[2].pre = append(ws[2].pre, "-pkg", "tools")
	}
	return ws
}

// expected is what the command writes on standard output without -o: the
// bytes -o must put wherever it writes.
func (w writer) expected(t *testing.T) []byte {
	t.Helper()
	code, stdout, stderr := runCLI(append(slices.Clone(w.pre), w.operand)...)
	if code != exitOK {
		t.Fatalf("toolgen %s: exit %d: %s", w.name(), code, stderr)
	}
	return []byte(stdout)
}

func (w writer) run(t *testing.T, out string) (code int, stdout, stderr string) {
	t.Helper()
	return runCLI(append(slices.Clone(w.pre), "-o", out, w.operand)...)
}

// TestOutputDash checks that -o - is standard output for every command
// that writes a file, and that no file named "-" appears.
func TestOutputDash(t *testing.T) {
	ws := writers(t, true)
	t.Chdir(t.TempDir())
	for _, w := range ws {
		want := w.expected(t)
		code, stdout, stderr := w.run(t, "-")
		if code != exitOK || stdout != string(want) {
			t.Errorf("%s -o -: exit %d, %d bytes on standard output, want %d: %s", w.name(), code, len(stdout), len(want), stderr)
		}
		if _, err := os.Lstat("-"); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("%s -o - made a file named -", w.name())
		}
	}
	for _, args := range [][]string{{"-check", "-o", "-", ws[0].operand}, {"docs", "-check", "-o", "-", ws[1].operand}} {
		if code, _, stderr := runCLI(args...); code != exitUsage || !strings.Contains(stderr, "-o - is standard output") {
			t.Errorf("%q: exit %d, want a usage error: %s", args, code, stderr)
		}
	}
}

// TestOutputThroughSymlink checks that -o naming a symbolic link writes at
// what it leads to, atomically, and leaves the link a link: a link to a
// file in another folder, a link to a link, and a link to nothing yet.
func TestOutputThroughSymlink(t *testing.T) {
	for _, w := range writers(t, true) {
		want := w.expected(t)
		dir := t.TempDir()
		must(t, os.Mkdir(filepath.Join(dir, "real"), 0o755))
		target := filepath.Join(dir, "real", "out.txt")
		must(t, os.WriteFile(target, []byte("old"), 0o600))
		must(t, os.Symlink(filepath.Join("real", "out.txt"), filepath.Join(dir, "link")))
		must(t, os.Symlink("link", filepath.Join(dir, "chain")))
		must(t, os.Symlink(filepath.Join("real", "new.txt"), filepath.Join(dir, "dangling")))

		for _, c := range []struct{ link, target, dest string }{
			{"link", "real/out.txt", target},
			{"chain", "link", target},
			{"dangling", "real/new.txt", filepath.Join(dir, "real", "new.txt")},
		} {
			must(t, os.WriteFile(target, []byte("old"), 0o600))
			link := filepath.Join(dir, c.link)
			if code, _, stderr := w.run(t, link); code != exitOK {
				t.Fatalf("%s -o %s: exit %d: %s", w.name(), c.link, code, stderr)
			}
			if got, err := os.Readlink(link); err != nil || got != c.target {
				t.Errorf("%s -o %s: the link now reads %q (%v), want it to lead to %s still", w.name(), c.link, got, err, c.target)
			}
			if got, _ := os.ReadFile(c.dest); !bytes.Equal(got, want) {
				t.Errorf("%s -o %s: %s holds %.40q, not the output", w.name(), c.link, c.dest, got)
			}
			if info, err := os.Stat(c.dest); err == nil && c.dest == target && info.Mode().Perm() != 0o600 {
				t.Errorf("%s -o %s: the file's permissions became %v, want them kept (0600)", w.name(), c.link, info.Mode().Perm())
			}
		}
		entries, _ := os.ReadDir(filepath.Join(dir, "real"))
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".toolgen-") {
				t.Errorf("%s left a temporary file behind: %s", w.name(), e.Name())
			}
		}

		loop := filepath.Join(dir, "loop")
		must(t, os.Symlink("loop", loop))
		if code, _, stderr := w.run(t, loop); code != exitInvalid || !strings.Contains(stderr, "symbolic links") {
			t.Errorf("%s -o a link to itself: exit %d: %s", w.name(), code, stderr)
		}
		if got, err := os.Readlink(loop); err != nil || got != "loop" {
			t.Errorf("%s -o a link to itself replaced it: %q, %v", w.name(), got, err)
		}
	}
}

// TestOutputIntoNamedPipe checks that -o naming a named pipe writes into
// it, read at the other end, and leaves it a pipe. Without -pkg, the
// package name is not looked for in the pipe, which nothing writes to.
func TestOutputIntoNamedPipe(t *testing.T) {
	for _, w := range writers(t, false) {
		want := w.expected(t)
		fifo := filepath.Join(t.TempDir(), "pipe")
		must(t, syscall.Mkfifo(fifo, 0o600))
		got := make(chan []byte, 1)
		go func() {
			data, _ := os.ReadFile(fifo) // blocks until a writer opens it, reads until it closes
			got <- data
		}()
		done := make(chan struct{})
		var code int
		var stderr string
		go func() {
			code, _, stderr = w.run(t, fifo)
			close(done)
		}()
		select {
		case data := <-got:
			<-done
			if code != exitOK || !bytes.Equal(data, want) {
				t.Errorf("%s -o a named pipe: exit %d, %d bytes read from it, want %d: %s", w.name(), code, len(data), len(want), stderr)
			}
		case <-time.After(time.Minute):
			// Nothing opened the pipe for writing: unblock the reader.
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
			t.Fatalf("%s -o a named pipe never wrote into it", w.name())
		}
		if info, err := os.Lstat(fifo); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("%s -o a named pipe replaced it: %v, %v", w.name(), info.Mode(), err)
		}
	}
}

// TestOutputIntoDevice checks that -o naming a device writes into it and
// never replaces it. As root (as in CI) the device is a null device made
// with mknod in a temporary folder; otherwise it is /dev/null itself,
// which a user other than root cannot replace anyway. Nothing here can
// touch the machine's /dev/null as root.
func TestOutputIntoDevice(t *testing.T) {
	device := "/dev/null"
	if os.Geteuid() == 0 {
		if runtime.GOOS != "linux" {
			t.Skip("makes its device with Linux's device numbers")
		}
		device = filepath.Join(t.TempDir(), "null")
		const major, minor = 1, 3 // /dev/null's, on Linux
		if err := syscall.Mknod(device, syscall.S_IFCHR|0o666, major<<8|minor); err != nil {
			t.Skipf("cannot make a device node: %v", err)
		}
	}
	before, err := os.Lstat(device)
	if err != nil || before.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("%s is not a character device: %v", device, err)
	}
	// A folder mounted nodev refuses to open its devices: then writing
	// fails, and the device must still be left as it is.
	f, openErr := os.OpenFile(device, os.O_WRONLY, 0)
	if openErr == nil {
		f.Close()
	}
	for _, w := range writers(t, true) {
		code, _, stderr := w.run(t, device)
		if openErr == nil && code != exitOK {
			t.Errorf("%s -o %s: exit %d: %s", w.name(), device, code, stderr)
		}
		after, err := os.Lstat(device)
		if err != nil || after.Mode() != before.Mode() || !sameFile(before, after) {
			t.Fatalf("%s -o %s replaced the device: now %v (%v)", w.name(), device, after.Mode(), err)
		}
		if code, _, stderr := runCLI("-check", "-o", device, paymentsCatalog); code != exitInvalid || !strings.Contains(stderr, "a character device") {
			t.Errorf("-check -o %s: exit %d: %s", device, code, stderr)
		}
	}
}

// sameFile reports whether two infos are of one file with one device
// number: a device replaced by a regular file, or by another node, is not.
func sameFile(a, b fs.FileInfo) bool {
	sa, ok1 := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	return ok1 && ok2 && os.SameFile(a, b) && sa.Rdev == sb.Rdev
}

// TestOutputRefusesOddFiles checks that -o naming a folder or a socket is
// an error that says what it is, with nothing written or replaced.
func TestOutputRefusesOddFiles(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "folder")
	must(t, os.Mkdir(folder, 0o755))
	sock := filepath.Join(dir, "sock")
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: sock}); err != nil {
		t.Fatal(err)
	}
	for _, w := range writers(t, true) {
		for path, kind := range map[string]string{folder: "a directory", sock: "a socket"} {
			code, _, stderr := w.run(t, path)
			if code != exitInvalid || !strings.Contains(stderr, "it is "+kind) {
				t.Errorf("%s -o %s: exit %d: %s", w.name(), kind, code, stderr)
			}
			if info, err := os.Lstat(path); err != nil || info.Mode().IsRegular() {
				t.Errorf("%s -o %s replaced it", w.name(), kind)
			}
		}
	}
	if entries, _ := os.ReadDir(folder); len(entries) != 0 {
		t.Errorf("something was written into the folder: %v", entries)
	}
}
