package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The secrets a pull is given: a header value, a URL's password and a
// token in its query. None may reach anything pull prints, nor any host
// but the one the URL names.
const (
	headerSecret = "Bearer hdr-s3cret"
	userSecret   = "usr-s3cret"
	querySecret  = "qry-s3cret"
)

// assertNoSecret fails when s holds any of the secrets.
func assertNoSecret(t *testing.T, what, s string) {
	t.Helper()
	for _, secret := range []string{"hdr-s3cret", userSecret, querySecret} {
		if strings.Contains(s, secret) {
			t.Errorf("%s holds the secret %q:\n%s", what, secret, s)
		}
	}
}

// secretURL is base with a password and a query token added.
func secretURL(t *testing.T, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("alice", userSecret)
	u.RawQuery = "token=" + querySecret
	return u.String()
}

// TestPullSecretsStayPut pulls with every secret from URLs that fail in
// each way a transport can: nothing listening, a redirect to another host
// (which must not receive the header), a server that hangs up, a status
// without a body. Each ends with exit 1 and an error that says what
// happened without quoting a secret.
func TestPullSecretsStayPut(t *testing.T) {
	var mu sync.Mutex
	var elsewhere []string // Authorization headers another host received
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		elsewhere = append(elsewhere, r.Header.Get("Authorization"))
		mu.Unlock()
		http.Error(w, "nothing here", http.StatusNotFound)
	}))
	defer other.Close()
	// The same listener named by another host name: another origin.
	otherURL := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)

	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedURL := "http://" + closed.Addr().String() + "/mcp"
	closed.Close()

	server := sdkServer()
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	cases := []struct {
		name    string
		handler http.HandlerFunc // nil: nothing listens
		want    string
	}{
		{"refused", nil, "cannot reach"},
		{"redirect-elsewhere", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, otherURL+"/mcp?token="+querySecret, http.StatusTemporaryRedirect)
		}, "initialize"},
		{"hang-up", func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}, "cannot reach"},
		{"teapot", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusTeapot)
		}, "initialize"},
		{"sdk", func(w http.ResponseWriter, r *http.Request) { sdk.ServeHTTP(w, r) }, ""},
		// A redirect within the origin keeps the header: the SDK server
		// behind it answers only with it.
		{"redirect-same-origin", func(w http.ResponseWriter, r *http.Request) {
			switch {
			case r.URL.Path == "/mcp":
				http.Redirect(w, r, "/moved", http.StatusTemporaryRedirect)
			case r.Header.Get("Authorization") != headerSecret:
				http.Error(w, "unauthorized", http.StatusUnauthorized)
			default:
				sdk.ServeHTTP(w, r)
			}
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			target := closedURL
			if c.handler != nil {
				ts := httptest.NewServer(c.handler)
				defer ts.Close()
				target = ts.URL + "/mcp"
			}
			code, stdout, stderr := runPull(t, "-timeout", "5s", "-header", "Authorization: "+headerSecret, secretURL(t, target))
			t.Logf("exit %d: %s", code, stderr)
			assertNoSecret(t, "stderr", stderr)
			assertNoSecret(t, "the catalog", stdout)
			switch {
			case c.want == "" && code != exitOK:
				t.Errorf("exit %d, want %d", code, exitOK)
			case c.want != "" && (code != exitInvalid || !strings.Contains(stderr, c.want)):
				t.Errorf("exit %d, want %d and an error saying %q", code, exitInvalid, c.want)
			}
			if strings.Contains(stderr, "the server answered") && c.want != "" {
				t.Errorf("a transport failure is told as the server's answer")
			}
		})
	}
	mu.Lock()
	defer mu.Unlock()
	for _, h := range elsewhere {
		if h != "" {
			t.Errorf("another host received the Authorization header %q", h)
		}
	}
}

// TestPullUsageHidesURLSecrets: a URL refused as an operand is not echoed
// with its password or query.
func TestPullUsageHidesURLSecrets(t *testing.T) {
	for _, raw := range []string{
		"ftp://alice:" + userSecret + "@example.com/?token=" + querySecret,
		"http://alice:" + userSecret + "@/?token=" + querySecret,
	} {
		code, _, stderr := runPull(t, raw)
		if code == exitOK {
			t.Errorf("%s: exit 0", raw)
		}
		assertNoSecret(t, "stderr", stderr)
	}
}
