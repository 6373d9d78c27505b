package handlers_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// dictLink finds the compression dictionary a page links to.
var dictLink = regexp.MustCompile(`<link rel="compression-dictionary" href="(/dictionary/[0-9a-f]{32}-(?:g|watch)\.txt)">`)

// heldDictionary is the dictionary as a browser holds it: its bytes, and
// the Available-Dictionary value that names it.
type heldDictionary struct {
	url       string
	raw       []byte
	available string
}

// fetchDictionary reads the dictionary the home page links to, as a
// browser fetches it.
func fetchDictionary(t *testing.T, c *client) heldDictionary {
	t.Helper()
	return fetchDictionaryOf(t, c, "/")
}

// fetchDictionaryOf reads the dictionary the page at path links to.
func fetchDictionaryOf(t *testing.T, c *client, path string) heldDictionary {
	t.Helper()
	m := dictLink.FindStringSubmatch(c.get(path, nil).Body)
	if m == nil {
		t.Fatalf("%s links to no compression dictionary", path)
	}
	res := c.get(m[1], nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d", m[1], res.StatusCode)
	}
	return heldDictionary{url: m[1], raw: []byte(res.Body), available: availableValue([]byte(res.Body))}
}

// availableValue is the Available-Dictionary value naming a dictionary:
// its SHA-256 as a structured-field byte sequence.
func availableValue(raw []byte) string {
	sum := sha256.Sum256(raw)
	return ":" + base64.StdEncoding.EncodeToString(sum[:]) + ":"
}

// dczHeaders are the headers Chromium sends with a tap once it holds d.
func dczHeaders(d heldDictionary) hdr {
	return hdr{"HX-Request": "true", "X-Grimoire-Record": "delta", "Accept-Encoding": "gzip, deflate, br, zstd, dcb, dcz", "Available-Dictionary": d.available}
}

// undcz decodes a dcz answer with d, checking its header frame names d.
func undcz(t *testing.T, d heldDictionary, body string) string {
	t.Helper()
	sum := sha256.Sum256(d.raw)
	head := append([]byte{0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00}, sum[:]...)
	if !strings.HasPrefix(body, string(head)) {
		t.Fatalf("a dcz answer does not start with the header frame naming the dictionary: % x", body[:min(len(body), 40)])
	}
	zr, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(0, d.raw))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out, err := zr.DecodeAll([]byte(body[len(head):]), nil)
	if err != nil {
		t.Fatalf("decode dcz: %v", err)
	}
	return string(out)
}

func ungzip(t *testing.T, body string) string {
	t.Helper()
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// importWalk imports the ten-action walk and returns its id.
func importWalk(t *testing.T, c *client) string {
	t.Helper()
	return importWalkSeed(t, c, 1)
}

// importWalkSeed imports the ten-action walk under another seed. Spells &
// Arrows draws nothing from its seed, so two such imports play alike, but
// they are two games: a phone that holds one game is not given a copy.
func importWalkSeed(t *testing.T, c *client, seed int64) string {
	t.Helper()
	rec, err := record.Parse(walkRecord(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	rec.Seed = seed
	raw, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	res := c.post("/import", url.Values{"json": {string(raw)}}, nil)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/") {
		t.Fatalf("import: status %d, Location %q", res.StatusCode, loc)
	}
	return strings.TrimPrefix(loc, "/g/")
}

// walkTap is the tap the walk makes next on its ten-action game.
func walkTap(t *testing.T) url.Values {
	t.Helper()
	rec, err := record.Parse(walkRecord(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	s, err := sa.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	a := walkStep(s, 10)
	f := url.Values{"v": {"10"}, "type": {a.Type}}
	if a.Type == sa.TypeMove {
		f.Set("to", a.To)
	} else {
		f.Set("made", "1")
	}
	return f
}

func TestDictionaryIsServedOnceForAYear(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	d := fetchDictionary(t, c)
	sum := sha256.Sum256(d.raw)
	if want := "/dictionary/" + hex.EncodeToString(sum[:16]) + "-g.txt"; d.url != want {
		t.Errorf("the dictionary is at %s, but its bytes hash to %s", d.url, want)
	}
	for _, frag := range []string{`#sa-status`, `#sa-controls`, `#tw-controls`, `#sc-controls`} {
		if !bytes.Contains(d.raw, []byte(frag)) {
			t.Errorf("the dictionary holds no sample of %s", frag)
		}
	}
	if len(d.raw) > 96<<10 {
		t.Errorf("the dictionary is %d B: every phone fetches it, and zstd copies it for every answer", len(d.raw))
	}

	res := c.get(d.url, hdr{"Accept-Encoding": "br"})
	if got := res.Header.Get("Use-As-Dictionary"); got != `match="/g/*"` {
		t.Errorf("Use-As-Dictionary = %q, want the game URLs", got)
	}
	if got := res.Header.Get("Cache-Control"); !strings.Contains(got, "immutable") || !strings.Contains(got, "max-age=31536000") {
		t.Errorf("Cache-Control = %q, want a year, immutable", got)
	}
	if res.Header.Get("Set-Cookie") != "" {
		t.Error("the dictionary sets a cookie: it is a file like any other")
	}
	if res.Header.Get("Content-Encoding") != "br" {
		t.Fatalf("the dictionary went out %q to a browser taking brotli", res.Header.Get("Content-Encoding"))
	}
	plain, err := io.ReadAll(brotli.NewReader(strings.NewReader(res.Body)))
	if err != nil || !bytes.Equal(plain, d.raw) {
		t.Errorf("the brotli dictionary is not the dictionary (%v)", err)
	}
	if res := c.get(d.url, hdr{"If-None-Match": res.Header.Get("ETag")}); res.StatusCode != http.StatusNotModified {
		t.Errorf("a revalidation got %d, want 304", res.StatusCode)
	}
	if res := c.get("/dictionary/0123456789abcdef0123456789abcdef-g.txt", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("another build's dictionary got %d, want 404", res.StatusCode)
	}

	// Another server of the same build makes the same dictionary: a phone's
	// copy is good on either.
	if other := fetchDictionary(t, newTestApp(t).phone()); other.url != d.url {
		t.Errorf("two servers made two dictionaries: %s and %s", d.url, other.url)
	}
}

func TestTapAnswerIsCompressedAgainstTheDictionary(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	d := fetchDictionary(t, c)
	tap := walkTap(t)

	// Two games alike but for their seeds: the same tap on each gives the
	// same answer but for the game's id, once against the dictionary, once
	// gzip.
	withDict, plain := importWalk(t, c), importWalkSeed(t, c, 2)
	dcz := c.post("/g/"+withDict+"/act", tap, dczHeaders(d))
	gz := c.post("/g/"+plain+"/act", tap, hdr{"HX-Request": "true", "X-Grimoire-Record": "delta", "Accept-Encoding": "gzip, deflate, br, zstd"})
	if dcz.StatusCode != http.StatusOK || gz.StatusCode != http.StatusOK {
		t.Fatalf("taps: status %d and %d", dcz.StatusCode, gz.StatusCode)
	}
	if got := dcz.Header.Get("Content-Encoding"); got != "dcz" {
		t.Fatalf("Content-Encoding = %q for a browser holding the dictionary, want dcz", got)
	}
	if gz.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding = %q for a browser without it, want gzip", gz.Header.Get("Content-Encoding"))
	}
	for _, res := range []response{dcz, gz} {
		if !res.varies("Available-Dictionary") || !res.varies("Accept-Encoding") {
			t.Errorf("Vary = %q: an answer under /g/ varies on the dictionary held", res.vary())
		}
	}
	got, want := undcz(t, d, dcz.Body), ungzip(t, gz.Body)
	if strings.ReplaceAll(got, withDict, plain) != want {
		t.Errorf("the dcz answer differs from the gzip one:\n%s\n---\n%s", got, want)
	}
	if !strings.Contains(got, `hx-swap-oob="innerHTML:#sa-status"`) {
		t.Errorf("the answer carries no status:\n%s", got)
	}
	// The dictionary holds the markup; what is left is the game's own.
	if len(dcz.Body)*2 > len(gz.Body) {
		t.Errorf("against the dictionary the answer is %d B, gzip %d B (%d B inflated): want under half", len(dcz.Body), len(gz.Body), len(want))
	}
	t.Logf("a tap's answer: %d B inflated, %d B gzip, %d B dcz", len(want), len(gz.Body), len(dcz.Body))
}

func TestDictionaryOnlyWhenTheBrowserHoldsIt(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	d := fetchDictionary(t, c)
	id := importWalk(t, c)
	tap := walkTap(t)
	v := 10
	for _, tc := range []struct {
		name    string
		headers hdr
		want    string
	}{
		{"another build's dictionary", hdr{"Available-Dictionary": ":" + base64.StdEncoding.EncodeToString(make([]byte, 32)) + ":"}, "gzip"},
		{"no dcz in Accept-Encoding", hdr{"Accept-Encoding": "gzip, deflate, br, zstd"}, "gzip"},
		{"dcz refused", hdr{"Accept-Encoding": "gzip, dcz;q=0"}, "gzip"},
		{"a header that is no byte sequence", hdr{"Available-Dictionary": "this is not a hash"}, "gzip"},
		{"no gzip either", hdr{"Accept-Encoding": "identity", "Available-Dictionary": ""}, ""},
		{"the dictionary held", hdr{}, "dcz"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := dczHeaders(d)
			for k, val := range tc.headers {
				h[k] = val
			}
			f := url.Values{}
			for k, vs := range tap {
				f[k] = vs
			}
			f.Set("v", strconv.Itoa(v))
			// The same tap, taken back after each case, so every case
			// answers the same screen.
			res := c.post("/g/"+id+"/act", f, h)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("tap: status %d", res.StatusCode)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.want {
				t.Errorf("Content-Encoding = %q, want %q", got, tc.want)
			}
			if !res.varies("Available-Dictionary") {
				t.Errorf("Vary = %q", res.vary())
			}
			undo := c.post("/g/"+id+"/undo", url.Values{"v": {strconv.Itoa(v + 1)}}, htmx)
			if undo.StatusCode != http.StatusOK {
				t.Fatalf("undo: status %d", undo.StatusCode)
			}
			v += 2
		})
	}
}

func TestKeptRefreshIsCompressedAgainstTheDictionary(t *testing.T) {
	a := newTestApp(t)
	c := a.phone()
	d := fetchDictionary(t, c)
	id := importWalk(t, c)
	if res := c.post("/g/"+id+"/act", walkTap(t), htmx); res.StatusCode != http.StatusOK {
		t.Fatalf("tap: status %d", res.StatusCode)
	}
	// What another phone's page asks after the tap's event: the change
	// since the version it shows, sent again to every phone asking the same.
	refresh := func(h hdr) response {
		res := c.get("/g/"+id+"?v=10", h)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("refresh: status %d", res.StatusCode)
		}
		return res
	}
	h := dczHeaders(d)
	first, again := refresh(h), refresh(h)
	if first.Header.Get("Content-Encoding") != "dcz" {
		t.Fatalf("Content-Encoding = %q, want dcz", first.Header.Get("Content-Encoding"))
	}
	if first.Body != again.Body {
		t.Error("the kept refresh was compressed anew")
	}
	h["Accept-Encoding"] = "gzip"
	if got, want := undcz(t, d, first.Body), ungzip(t, refresh(h).Body); got != want {
		t.Errorf("the dcz refresh differs from the gzip one:\n%s\n---\n%s", got, want)
	}
}

// A spectator's page links to the same dictionary offered for /watch/, and
// the refreshes it asks after each tap come compressed against it.
func TestSpectatorRefreshIsCompressedAgainstTheDictionary(t *testing.T) {
	a := newTestApp(t)
	keeper := a.phone()
	id := importWalk(t, keeper)
	token := a.game(id).SpectatorToken
	fan := a.phone()
	watch := "/watch/" + token
	d := fetchDictionaryOf(t, fan, watch)
	if !strings.HasSuffix(d.url, "-watch.txt") {
		t.Fatalf("the spectator's page links to %s, want the copy for /watch/", d.url)
	}
	if got := fan.get(d.url, nil).Header.Get("Use-As-Dictionary"); got != `match="/watch/*"` {
		t.Errorf("Use-As-Dictionary = %q", got)
	}
	if g := fetchDictionary(t, keeper); !bytes.Equal(g.raw, d.raw) {
		t.Error("the spectator's copy is not the same dictionary")
	}
	if res := keeper.post("/g/"+id+"/act", walkTap(t), htmx); res.StatusCode != http.StatusOK {
		t.Fatalf("tap: status %d", res.StatusCode)
	}
	h := dczHeaders(d)
	res := fan.get(watch+"?v=10", h)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "dcz" || !res.varies("Available-Dictionary") {
		t.Fatalf("spectator refresh: status %d, Content-Encoding %q, Vary %q", res.StatusCode, res.Header.Get("Content-Encoding"), res.vary())
	}
	h["Accept-Encoding"] = "gzip"
	gz := fan.get(watch+"?v=10", h)
	if got, want := undcz(t, d, res.Body), ungzip(t, gz.Body); got != want {
		t.Errorf("the dcz refresh differs from the gzip one:\n%s\n---\n%s", got, want)
	}
	t.Logf("a spectator's refresh: %d B gzip, %d B dcz", len(gz.Body), len(res.Body))
}
