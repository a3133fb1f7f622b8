package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestVetExample checks that toolgen vet reports nothing on the payments
// example, whose handlers only receive the branded values, and says so with
// exit code 0 and no output.
func TestVetExample(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"vet", "../../examples/payments"}, &stdout, &stderr); code != exitOK || stdout.Len() != 0 || stderr.Len() != 0 {
		t.Fatalf("toolgen vet ../../examples/payments: exit %d, stdout %q, stderr %q; want exit 0 and no output", code, stdout.String(), stderr.String())
	}
}

// TestVetGeneratedCode adds a file minting branded values to the payments
// example and checks that toolgen vet, reading the types' marks from code the
// generator wrote, reports each construction once with its line, and exits 1.
func TestVetGeneratedCode(t *testing.T) {
	dir, err := filepath.Abs("../../examples/payments")
	if err != nil {
		t.Fatal(err)
	}
	mint := filepath.Join(dir, "mint_vettest.go")
	cfg := &packages.Config{Overlay: map[string][]byte{mint: []byte(`package main

func mint() ValidGetPaymentArgs {
	_ = ValidRefundPaymentArgs{}
	var v ValidGetPaymentArgs
	return v
}
`)}}
	var stdout, stderr bytes.Buffer
	code := vetWith(cfg, []string{"../../examples/payments"}, &stdout, &stderr)
	want := mint + ":4:6: composite literal ValidRefundPaymentArgs{…} makes a ValidRefundPaymentArgs that never passed validation; get one from ParseRefundPaymentArgs\n" +
		mint + ":5:6: var v declared without a value makes a ValidGetPaymentArgs that never passed validation; get one from ParseGetPaymentArgs\n"
	if code != exitInvalid || stdout.String() != want || stderr.Len() != 0 {
		t.Errorf("toolgen vet: exit %d, stderr %q, stdout:\n%s\nwant exit 1 and:\n%s", code, stderr.String(), stdout.String(), want)
	}
}

// TestVetErrors checks the exit codes and messages of a usage error and of a
// run that cannot load its packages.
func TestVetErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"vet", "-no-such-flag"}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "usage: toolgen vet") {
		t.Errorf("toolgen vet -no-such-flag: exit %d, stderr %q; want exit 2 with the usage", code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"vet", "../../examples/payments/no-such-package"}, &stdout, &stderr); code != exitInvalid || !strings.HasPrefix(stderr.String(), "toolgen vet: ") {
		t.Errorf("toolgen vet of a missing package: exit %d, stderr %q; want exit 1 and a toolgen vet: error", code, stderr.String())
	}
}
