package encoding

import (
	"bytes"
	"net/http/httptest"
	"strings"
	"testing"
)

// What the server compresses against its dictionary, a phone holding the
// same bytes reads back; one holding another build's refuses it.
func TestDictionaryBothWays(t *testing.T) {
	raw := bytes.Repeat([]byte(`<div hx-swap-oob="innerHTML:#sa-status"><span class="value">`), 40)
	d, err := NewDictionary(raw)
	if err != nil {
		t.Fatal(err)
	}
	answer := []byte(`<div hx-swap-oob="innerHTML:#sa-status"><span class="value">7/12</span></div>`)
	z, err := d.Compress(answer)
	if err != nil {
		t.Fatal(err)
	}
	held, err := NewDecoder(raw, UseAsDictionary("/g/"))
	if err != nil {
		t.Fatal(err)
	}
	if held.Available() != d.Available() || !strings.HasPrefix(d.Available(), ":") || len(d.Tag()) != 32 {
		t.Errorf("the phone names the dictionary %q, the server %q (tag %q)", held.Available(), d.Available(), d.Tag())
	}
	got, err := held.Decode([]byte(z), nil)
	if err != nil || !bytes.Equal(got, answer) {
		t.Fatalf("decoded %q, %v", got, err)
	}
	other, err := NewDecoder(append([]byte("another build's "), raw...), UseAsDictionary("/g/"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Decode([]byte(z), nil); err == nil {
		t.Error("an answer against another dictionary was read")
	}
	for _, tc := range []struct {
		path string
		want bool
	}{{"/g/abc/act", true}, {"/g/", true}, {"/watch/tok", false}, {"/", false}} {
		if got := held.Matches(tc.path); got != tc.want {
			t.Errorf("Matches(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
	if none, _ := NewDecoder(raw, ""); none.Matches("/g/x") {
		t.Error("a dictionary with no match is named on /g/")
	}

	for _, tc := range []struct {
		name, accept, available string
		want                    bool
	}{
		{"held", "gzip, br, dcz", d.Available(), true},
		{"no dcz taken", "gzip, br", d.Available(), false},
		{"another dictionary", "gzip, dcz", other.Available(), false},
		{"none named", "gzip, dcz", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/g/x", nil)
			r.Header.Set("Accept-Encoding", tc.accept)
			r.Header.Set(HeaderAvailableDictionary, tc.available)
			if got := d.Held(r); got != tc.want {
				t.Errorf("Held = %v, want %v", got, tc.want)
			}
		})
	}
}

// The per-answer writer compresses what is worth it and nothing else.
func TestWriter(t *testing.T) {
	big := strings.Repeat("<p>a tap's answer</p>", 100)
	for _, tc := range []struct {
		name, accept, ctype, body, wantEnc string
	}{
		{"html, gzip taken", "gzip, br", "text/html; charset=UTF-8", big, "gzip"},
		{"html, brotli only", "br", "text/html; charset=UTF-8", big, "br"},
		{"too small", "gzip", "text/html; charset=UTF-8", "<p>ok</p>", ""},
		{"nothing taken", "identity", "text/html; charset=UTF-8", big, ""},
		{"an event stream", "gzip", "text/event-stream", big, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.Header.Set("Accept-Encoding", tc.accept)
			rec := httptest.NewRecorder()
			w := NewWriter(rec, r)
			w.Header().Set("Content-Type", tc.ctype)
			w.Write([]byte(tc.body))
			w.Finish()
			if got := rec.Header().Get("Content-Encoding"); got != tc.wantEnc {
				t.Fatalf("Content-Encoding %q, want %q", got, tc.wantEnc)
			}
			if tc.wantEnc == "" && rec.Body.String() != tc.body {
				t.Errorf("the body went out changed: %.80q", rec.Body.String())
			}
			if tc.wantEnc != "" && rec.Body.Len() >= len(tc.body) {
				t.Errorf("%d B compressed from %d", rec.Body.Len(), len(tc.body))
			}
		})
	}
}
