package handlers_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// hashedName is a content-hashed asset URL: /static/<name>.<16 hex>.<ext>.
var hashedName = regexp.MustCompile(`^/static/.+\.[0-9a-f]{16}\.[a-z0-9]+$`)

// pageAssets lists the static URLs a page links to (styles, scripts, icons).
func pageAssets(t *testing.T, res response) []string {
	t.Helper()
	var urls []string
	doc := res.doc(t)
	for sel, attr := range map[string]string{`link[rel="stylesheet"]`: "href", `link[rel="icon"]`: "href", `link[rel="apple-touch-icon"]`: "href", "script[src]": "src"} {
		for _, n := range doc.Find(sel).Nodes {
			for _, a := range n.Attr {
				if a.Key == attr {
					urls = append(urls, a.Val)
				}
			}
		}
	}
	return urls
}

func TestStaticAssetsAreHashedAndCachedForever(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	urls := pageAssets(t, p.get("/", nil))
	if len(urls) < 4 {
		t.Fatalf("home links only %v", urls)
	}
	wantType := map[string]string{".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml", ".png": "image/png", ".wav": "audio/wav"}
	for _, u := range urls {
		t.Run(strings.TrimPrefix(u, "/static/"), func(t *testing.T) {
			if !hashedName.MatchString(u) {
				t.Fatalf("%s has no content hash in its name", u)
			}
			res := p.get(u, nil)
			if res.StatusCode != 200 || res.Body == "" {
				t.Fatalf("status %d, %d bytes", res.StatusCode, len(res.Body))
			}
			if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
				t.Errorf("Cache-Control %q, want a year and immutable", cc)
			}
			ext := u[strings.LastIndex(u, "."):]
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, wantType[ext]) {
				t.Errorf("Content-Type %q, want %s", ct, wantType[ext])
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("no nosniff on a static file")
			}
			etag := res.Header.Get("ETag")
			if etag == "" {
				t.Fatal("no ETag")
			}
			if !strings.Contains(u, strings.Trim(etag, `"`)) {
				t.Errorf("ETag %s is not the hash in the name", etag)
			}
			again := p.get(u, hdr{"If-None-Match": etag})
			if again.StatusCode != http.StatusNotModified || again.Body != "" {
				t.Errorf("If-None-Match: status %d with %d bytes, want 304 and no body", again.StatusCode, len(again.Body))
			}
			if other := p.get(u, hdr{"If-None-Match": `"0000000000000000"`}); other.StatusCode != 200 {
				t.Errorf("a different ETag: status %d, want 200", other.StatusCode)
			}
		})
	}
	for _, u := range []string{"/static/app.css", "/static/app.0000000000000000.css", "/static/nope.js", "/static/"} {
		t.Run("unknown or unhashed "+u+" is 404", func(t *testing.T) {
			if res := p.get(u, nil); res.StatusCode != http.StatusNotFound {
				t.Errorf("status %d, want 404", res.StatusCode)
			}
		})
	}
}

func TestServiceWorkerIsFreshAndPrecachesTheShell(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	assets := pageAssets(t, p.get("/", nil))
	res := p.get("/sw.js", nil)
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("Cache-Control %q, want no-cache", cc)
	}
	if strings.Contains(res.Body, "GRIMOIRE_PRECACHE") || strings.Contains(res.Body, `"version": "dev"`) {
		t.Fatal("the precache list was not filled in")
	}
	m := regexp.MustCompile(`const PRECACHE = (\{.*?\});`).FindStringSubmatch(res.Body)
	if m == nil {
		t.Fatalf("no PRECACHE object in sw.js:\n%.300s", res.Body)
	}
	var pre struct {
		Version string   `json:"version"`
		URLs    []string `json:"urls"`
	}
	if err := json.Unmarshal([]byte(m[1]), &pre); err != nil {
		t.Fatalf("PRECACHE is not JSON: %v", err)
	}
	if pre.Version == "" {
		t.Error("no cache version")
	}
	listed := map[string]bool{}
	for _, u := range pre.URLs {
		if listed[u] {
			t.Errorf("%s listed twice", u)
		}
		listed[u] = true
	}
	for _, u := range append(assets, "/offline", "/rules", "/rules/spells-arrows") {
		if !listed[u] {
			t.Errorf("sw.js does not precache %s", u)
		}
	}
	for _, u := range pre.URLs {
		if res := p.get(u, nil); res.StatusCode != 200 {
			t.Errorf("precached %s: status %d (install would fail)", u, res.StatusCode)
		}
	}
}

func TestManifestMakesTheAppInstallable(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	if href, _ := p.get("/", nil).doc(t).Find(`link[rel="manifest"]`).Attr("href"); href != "/manifest.webmanifest" {
		t.Fatalf("pages link the manifest as %q", href)
	}
	res := p.get("/manifest.webmanifest", nil)
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/manifest+json") {
		t.Errorf("Content-Type %q", ct)
	}
	var m struct {
		Name       string `json:"name"`
		ShortName  string `json:"short_name"`
		StartURL   string `json:"start_url"`
		Display    string `json:"display"`
		ThemeColor string `json:"theme_color"`
		Icons      []struct {
			Src   string `json:"src"`
			Sizes string `json:"sizes"`
			Type  string `json:"type"`
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(res.Body), &m); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if m.Display != "standalone" || m.Name == "" || m.ShortName == "" || m.StartURL != "/" || m.ThemeColor == "" {
		t.Errorf("manifest %+v", m)
	}
	sizes := map[string]bool{}
	for _, ic := range m.Icons {
		sizes[ic.Sizes] = true
		t.Run("icon "+ic.Src+" exists", func(t *testing.T) {
			res := p.get(ic.Src, nil)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if ct := res.Header.Get("Content-Type"); ct != ic.Type {
				t.Errorf("Content-Type %q, manifest says %q", ct, ic.Type)
			}
		})
	}
	if !sizes["192x192"] || !sizes["512x512"] {
		t.Errorf("icon sizes %v, want 192x192 and 512x512", sizes)
	}
}
