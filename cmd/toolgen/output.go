package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/toolgen/toolgen/cmd/internal/catalogdiff"
)

// Every command that writes a file writes it here, whatever -o names:
//
//   - nothing, or "-": standard output;
//   - a regular file, or a name nothing has yet: the bytes go to a
//     temporary file in the same folder, renamed over the name, so a reader
//     never sees half a file; a file that already holds them is left alone;
//   - a symbolic link: what it leads to, as above, so the link stays a
//     link and its target gets the bytes;
//   - a device or a named pipe: opened and written, never replaced (a
//     rename would put a regular file where /dev/null was);
//   - a folder, a socket or anything else: an error, and nothing written.

// toStdout reports whether the -o value out names standard output.
func toStdout(out string) bool { return out == "" || out == "-" }

// checkUsage says what is wrong with -check given -o out, or "".
func checkUsage(out string) string {
	switch out {
	case "":
		return "-check needs -o FILE: the file to compare with"
	case "-":
		return "-check compares with a file, and -o - is standard output; give -o FILE"
	}
	return ""
}

// emit writes data as write does, or with check compares it with what the
// file out holds: when they differ it prints a unified diff from the file
// to data on stdout, says so on stderr and returns exitInvalid, writing
// nothing.
func emit(out string, data []byte, check bool, stdout, stderr io.Writer) int {
	if check {
		return compare(out, data, stdout, stderr)
	}
	if err := write(out, data, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// compare is emit with check: only a regular file (or none yet) is read,
// since reading a device or a named pipe would take what is not a file's
// content.
func compare(out string, data []byte, stdout, stderr io.Writer) int {
	target, info, err := resolveOutput(out)
	if err == nil && info != nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("-check compares with a file, and %s is %s", out, describeMode(info.Mode()))
	}
	var old []byte
	if err == nil && info != nil {
		old, err = os.ReadFile(target)
	}
	if err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return exitInvalid
	}
	if bytes.Equal(old, data) {
		return exitOK
	}
	oldName := out
	if info == nil {
		oldName = os.DevNull
	}
	io.WriteString(stdout, catalogdiff.Unified(oldName, out, old, data))
	fmt.Fprintf(stderr, "toolgen: %s is not up to date; regenerate it (go generate)\n", out)
	return exitInvalid
}

// write puts data where the -o value out names, as the comment above says.
func write(out string, data []byte, stdout io.Writer) error {
	if toStdout(out) {
		_, err := stdout.Write(data)
		return err
	}
	target, info, err := resolveOutput(out)
	switch {
	case err != nil:
		return err
	case info == nil:
		return replaceFile(target, data, 0o644)
	case info.Mode().IsRegular():
		if old, err := os.ReadFile(target); err == nil && bytes.Equal(old, data) {
			return nil
		}
		return replaceFile(target, data, info.Mode().Perm())
	case info.Mode()&(fs.ModeDevice|fs.ModeNamedPipe) != 0:
		return writeInto(target, data)
	}
	return fmt.Errorf("cannot write %s: it is %s; name a file to write (or - for standard output)", out, describeMode(info.Mode()))
}

// maxLinks bounds how many symbolic links resolveOutput follows, as the
// kernel bounds a path's.
const maxLinks = 40

// resolveOutput follows out through symbolic links to what is to be
// written: its path, and what is there (nil when nothing is yet).
func resolveOutput(out string) (target string, info fs.FileInfo, err error) {
	target = out
	for range maxLinks {
		info, err := os.Lstat(target)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return target, nil, nil
		case err != nil:
			return "", nil, err
		case info.Mode()&fs.ModeSymlink == 0:
			return target, info, nil
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(target), link)
		}
		target = link
	}
	return "", nil, fmt.Errorf("cannot write %s: more than %d symbolic links lead from it", out, maxLinks)
}

// replaceFile puts data in the regular file path, or a new one, with
// permissions perm: written to a temporary file in the same folder and
// renamed over path.
func replaceFile(path string, data []byte, perm fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".toolgen-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeInto writes data into the device or named pipe at path, as it is:
// neither created nor truncated, and never replaced.
func writeInto(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// isFileOutput reports whether out names a regular file, or a name nothing
// has yet, once symbolic links are followed: a file whose folder is a
// package's, unlike standard output, a device or a named pipe.
func isFileOutput(out string) bool {
	if toStdout(out) {
		return false
	}
	_, info, err := resolveOutput(out)
	return err == nil && (info == nil || info.Mode().IsRegular())
}

// describeMode names the kind of file mode is, for messages.
func describeMode(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	case mode.IsRegular():
		return "a regular file"
	}
	return "neither a regular file, a device nor a named pipe"
}
