package handlers_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The error page's heading says the code and, in words, what it means; the
// handler picks the words (views know no HTTP).
func TestErrorPageHeading(t *testing.T) {
	h, _ := servingApp(t, nil)
	cases := []struct {
		name, method, path string
		code               int
		heading, title     string
	}{
		{"an unknown address", http.MethodGet, "/no-such-page", http.StatusNotFound, "<h1>404: Not found</h1>", "<title>Not Found"},
		{"an unknown game", http.MethodGet, "/g/no-such-game", http.StatusNotFound, "<h1>404: Not found</h1>", "<title>Not Found"},
		{"a write without its CSRF token", http.MethodPut, "/", http.StatusForbidden, "<h1>403: Not allowed</h1>", "<title>Forbidden"},
		{"a code with no words of its own", http.MethodGet, "/g/no-such-game/act", http.StatusMethodNotAllowed, "<h1>405: Method Not Allowed</h1>", "<title>Method Not Allowed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := serveOnce(h, httptest.NewRequest(tc.method, tc.path, nil))
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.code {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.code)
			}
			for _, want := range []string{tc.heading, tc.title} {
				if !strings.Contains(string(body), want) {
					t.Errorf("the page lacks %q:\n%.600s", want, body)
				}
			}
		})
	}
}
