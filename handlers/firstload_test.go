package handlers_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// firstLoad is what a phone downloads opening a page for the first time:
// the page and everything its head links (styles, scripts, icons, the
// manifest), with headers, as the server sends it for one Accept-Encoding.
// The WebAssembly module is counted apart: it is embedded gzipped and sent
// the same way before and after, and only the service worker fetches it.
func firstLoad(t *testing.T, h http.Handler, path, accept string, cookies []*http.Cookie) (page, linked int) {
	t.Helper()
	get := func(u string) (int, string) {
		r := httptest.NewRequest(http.MethodGet, u, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		for _, c := range cookies {
			r.AddCookie(c)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		res := rec.Result()
		body, _ := io.ReadAll(res.Body)
		hdr := 0
		for k, vs := range res.Header {
			for _, v := range vs {
				hdr += len(k) + len(v) + 4
			}
		}
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", u, res.StatusCode)
		}
		return len(body) + hdr, string(inflate(t, res.Header.Get("Content-Encoding"), body))
	}
	page, html := get(path)
	links := regexp.MustCompile(`(?:href|src)="(/(?:static/[^"]+|manifest\.webmanifest))"`).FindAllStringSubmatch(html, -1)
	seen := map[string]bool{}
	for _, m := range links {
		if seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		n, _ := get(m[1])
		linked += n
	}
	return page, linked
}

// precacheBytes is what the service worker downloads at install (every
// hashed file and the offline pages), the wasm module included.
func precacheBytes(t *testing.T, h http.Handler, accept func(url string) string) int {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/sw.js", nil))
	m := regexp.MustCompile(`(?s)const PRECACHE = (\{.*?\});`).FindStringSubmatch(rec.Body.String())
	var pre struct{ URLs []string }
	if m == nil || json.Unmarshal([]byte(m[1]), &pre) != nil {
		t.Fatal("no precache list in sw.js")
	}
	total := 0
	for _, u := range pre.URLs {
		r := httptest.NewRequest(http.MethodGet, u, nil)
		r.Header.Set("Accept-Encoding", accept(u))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		total += rec.Body.Len()
	}
	return total
}

// The figures in the README's "compressed first load" come from here:
//
//	go test -run TestFirstLoadBytes -v ./handlers
//
// "before" is what the server sent before it compressed responses (only the
// pre-gzipped module was compressed): the same server asked for identity
// bodies, the module still gzipped.
func TestFirstLoadBytes(t *testing.T) {
	a := newTestApp(t)
	owner := a.phone()
	id := owner.newSAGame("Ana", "Ben", "12")
	u, _ := url.Parse(owner.base)
	cookies := owner.http.Jar.Cookies(u)
	const browser = "gzip, deflate, br, zstd"
	for _, pg := range []struct{ name, path string }{{"home page", "/"}, {"Spells & Arrows game page", "/g/" + id}} {
		bp, bl := firstLoad(t, a.Handler, pg.path, "", cookies)
		ap, al := firstLoad(t, a.Handler, pg.path, browser, cookies)
		t.Logf("%s: before %d B (page %d + linked %d), after %d B (page %d + linked %d): %.0f%% less",
			pg.name, bp+bl, bp, bl, ap+al, ap, al, 100*(1-float64(ap+al)/float64(bp+bl)))
		if ap+al >= bp+bl {
			t.Errorf("%s: compressed first load %d B is not below %d B", pg.name, ap+al, bp+bl)
		}
	}
	before := precacheBytes(t, a.Handler, func(u string) string {
		if strings.Contains(u, "/wasm/") {
			return "gzip"
		}
		return ""
	})
	after := precacheBytes(t, a.Handler, func(string) string { return browser })
	t.Logf("service worker install (precache, bodies only): before %d B, after %d B: %.0f%% less", before, after, 100*(1-float64(after)/float64(before)))
	if after >= before {
		t.Errorf("precache %d B compressed is not below %d B", after, before)
	}
}
