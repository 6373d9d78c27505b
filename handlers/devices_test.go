package handlers_test

import (
	"net/http"
	"net/url"
	"testing"
)

// The memo of decoded session cookies trusts only the exact bytes that
// decoded: a cookie changed by one character is decoded (and refused) again.
func TestRememberedCookiesAreExact(t *testing.T) {
	a := newTestApp(t)
	keeper := a.phone()
	id := keeper.newSAGame("Ana", "Ben", "12")
	base, _ := url.Parse(keeper.base + "/")
	var real string
	for _, k := range keeper.http.Jar.Cookies(base) {
		if k.Name == "grimoire" {
			real = k.Value
		}
	}
	if real == "" {
		t.Fatal("the keeper's phone has no session cookie")
	}
	keeper.get("/g/"+id, nil) // the cookie is remembered now
	flip := []byte(real)
	if flip[len(flip)/2] == 'A' {
		flip[len(flip)/2] = 'B'
	} else {
		flip[len(flip)/2] = 'A'
	}
	tests := []struct {
		name   string
		cookie string
		want   int
	}{
		{"the same cookie is the keeper's device", real, http.StatusOK},
		{"one character changed is another device, which only watches", string(flip), http.StatusSeeOther},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := a.phone()
			p.http.Jar.SetCookies(base, []*http.Cookie{{Name: "grimoire", Value: tc.cookie, Path: "/"}})
			for range 2 { // the first decode, then the memo
				if got := p.get("/g/"+id, nil).StatusCode; got != tc.want {
					t.Fatalf("GET /g/%s: %d, want %d", id, got, tc.want)
				}
			}
		})
	}
}
