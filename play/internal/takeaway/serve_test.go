package takeaway

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// games is this test binary's list: the one line a game takes in a binary.
func games() []play.Kind { return []play.Kind{Kind{}} }

// keys are the test server's session keys (hash, block).
var keys = [][]byte{bytes.Repeat([]byte{3}, 32), bytes.Repeat([]byte{5}, 32)}

// serve starts the real handlers on st, as cmd/grimoire serve does.
func serve(t *testing.T, st store.Store) string {
	t.Helper()
	h, err := handlers.New(handlers.Config{Store: st, Games: games(), SessionKeys: keys, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Echo())
	t.Cleanup(srv.Close)
	return srv.URL
}

// device is one phone's browser: its own cookies, redirects not followed.
type device struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newDevice(t *testing.T, base string) *device {
	jar, _ := cookiejar.New(nil)
	return &device{t: t, base: base, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (d *device) do(req *http.Request) (int, string, http.Header) {
	d.t.Helper()
	res, err := d.c.Do(req)
	if err != nil {
		d.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		d.t.Fatal(err)
	}
	return res.StatusCode, string(b), res.Header
}

func (d *device) get(path string) (int, string) {
	d.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, d.base+path, nil)
	code, body, _ := d.do(req)
	return code, body
}

// csrf is the token this device's forms carry.
func (d *device) csrf() string {
	d.t.Helper()
	_, body := d.get("/import")
	tok, ok := doc(d.t, body).Find(`input[name="_csrf"]`).Attr("value")
	if !ok || tok == "" {
		d.t.Fatal("no CSRF token on /import")
	}
	return tok
}

// post sends a form as a plain browser does, or as htmx does (partial).
func (d *device) post(path string, form url.Values, partial bool) (int, string, http.Header) {
	d.t.Helper()
	form.Set("_csrf", d.csrf())
	req, _ := http.NewRequest(http.MethodPost, d.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if partial {
		req.Header.Set("HX-Request", "true")
	}
	return d.do(req)
}

func doc(t *testing.T, body string) *goquery.Document {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func text(t *testing.T, body, css string) string {
	t.Helper()
	return strings.Join(strings.Fields(doc(t, body).Find(css).Text()), " ")
}

// embedded is the record the game page embeds for the phone.
func embedded(t *testing.T, body string) play.Table {
	t.Helper()
	tab, err := play.ParseTable([]byte(doc(t, body).Find(`script#grimoire-record`).Text()))
	if err != nil {
		t.Fatalf("the page's record: %v", err)
	}
	return tab
}

// TestFourthGameServedEndToEnd plays the test-only game through the real
// server: the new-game form and its confirmation, taps (whole pages and
// htmx fragments), refusals, undo, a stale tap, the end, the home list,
// rules and scoresheets, export and import on another phone, and the page
// reloaded from a restarted server. Nothing in handlers/ names the game.
func TestFourthGameServedEndToEnd(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	base := serve(t, st)
	ana := newDevice(t, base)

	// A new game: the form, its check, its confirmation.
	if code, body := ana.get("/new"); code != http.StatusOK || !strings.Contains(body, "/new/"+gameID) {
		t.Fatalf("the new-game list (%d) does not offer the game", code)
	}
	if code, body := ana.get("/new/" + gameID); code != http.StatusOK || doc(t, body).Find(`[data-testid="new-game"]`).Length() != 1 {
		t.Fatalf("new-game form: %d", code)
	}
	code, body, _ := ana.post("/new/"+gameID, url.Values{"a": {"Ana <&>"}, "b": {"Ana <&>"}, "stones": {"7"}}, false)
	if code != http.StatusUnprocessableEntity || !strings.Contains(text(t, body, `[data-testid="problems"]`), "different names") {
		t.Fatalf("two players of one name: %d %q", code, text(t, body, `[data-testid="problems"]`))
	}
	fields := url.Values{"a": {"Ana <&>"}, "b": {"Ben"}, "stones": {"7"}, "most": {"3"}}
	code, body, _ = ana.post("/new/"+gameID, fields, false)
	if code != http.StatusOK || text(t, body, `[data-testid="confirm"]`) != "Ana <&> against Ben, 7 stones, at most 3 a turn." {
		t.Fatalf("confirmation: %d %q", code, text(t, body, `[data-testid="confirm"]`))
	}
	fields.Set("confirm", "1")
	code, _, hdr := ana.post("/new/"+gameID, fields, false)
	id, ok := strings.CutPrefix(hdr.Get("Location"), "/g/")
	if code != http.StatusSeeOther || !ok {
		t.Fatalf("start: %d to %q", code, hdr.Get("Location"))
	}
	game := "/g/" + id

	status := func(want string) string {
		t.Helper()
		code, body := ana.get(game)
		if code != http.StatusOK {
			t.Fatalf("GET %s: %d", game, code)
		}
		if got := text(t, body, `[data-testid="status"]`); got != want {
			t.Fatalf("status %q, want %q", got, want)
		}
		return body
	}
	body = status("7 left; Ana <&> to take 1 to 3.")
	if n := doc(t, body).Find(`[data-testid^="take-"]`).Length(); n != 3 {
		t.Fatalf("%d take buttons, want 3", n)
	}
	tap := func(path string, v int, take string, partial bool) (int, string) {
		t.Helper()
		f := url.Values{"v": {strconv.Itoa(v)}}
		if take != "" {
			f.Set("take", take)
		}
		code, body, _ := ana.post(path, f, partial)
		return code, body
	}

	// Taps: a whole page, then the fragments htmx swaps in.
	if code, _ := tap(game+"/act", 0, "2", false); code != http.StatusSeeOther {
		t.Fatalf("a tap without htmx: %d, want a redirect to the game", code)
	}
	body = status("5 left; Ben to take 1 to 3.")
	// The phone draws the next screen from the record its page embeds, with
	// the code the server runs (play.Act, the game's Kind): the fragments
	// it draws are those the server sends for the same tap.
	phone, _, err := play.Act(Kind{}, embedded(t, body), url.Values{"take": {"1"}})
	if err != nil {
		t.Fatalf("the phone's tap: %v", err)
	}
	phoneFrags, err := Kind{}.Fragments(phone, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, body = tap(game+"/act", 1, "1", true)
	for _, f := range phoneFrags[:3] {
		var b strings.Builder
		if err := f.Component.Render(t.Context(), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(body, `hx-swap-oob="innerHTML:#`+f.ID+`">`+b.String()+"</div>") {
			t.Errorf("the server's answer has not the phone's %s:\n%s", f.ID, b.String())
		}
	}
	if code != http.StatusOK || !strings.Contains(body, `hx-swap-oob="innerHTML:#ta-status"`) || !strings.Contains(body, "4</span> left; Ana &lt;&amp;&gt; to take") {
		t.Fatalf("an htmx tap: %d\n%.600s", code, body)
	}
	// Refusals: a take the rules forbid, a tap that cannot be read, a
	// tap on a screen another tap already changed.
	if code, body := tap(game+"/act", 2, "4", true); code != http.StatusUnprocessableEntity || !strings.Contains(body, "take at most 3 now") {
		t.Fatalf("four stones: %d\n%.400s", code, body)
	}
	if code, _ := tap(game+"/act", 2, "lots", true); code != http.StatusBadRequest {
		t.Fatalf("an unreadable take: %d, want 400", code)
	}
	if code, _ := tap(game+"/act", 1, "1", true); code != http.StatusOK {
		t.Fatalf("the same tap again (a repeat, stored once): %d, want 200", code)
	}
	if code, _ := tap(game+"/act", 1, "2", true); code != http.StatusConflict {
		t.Fatalf("another tap on the old screen: %d, want 409", code)
	}
	status("4 left; Ana <&> to take 1 to 3.")
	// Undo takes the last take back, as a new version.
	if code, _ := tap(game+"/undo", 2, "", false); code != http.StatusSeeOther {
		t.Fatalf("undo: %d", code)
	}
	body = status("5 left; Ben to take 1 to 3.")
	if tab := embedded(t, body); tab.Version != 3 || len(tab.Actions) != 1 {
		t.Fatalf("after the undo the page embeds version %d with %d actions, want 3 and 1", tab.Version, len(tab.Actions))
	}
	// To the end: Ben takes 2, Ana takes the last 3.
	if code, _ := tap(game+"/act", 3, "2", false); code != http.StatusSeeOther {
		t.Fatal("Ben's take")
	}
	if code, _ := tap(game+"/act", 4, "3", false); code != http.StatusSeeOther {
		t.Fatal("Ana's take")
	}
	body = status("Ana <&> took the last stone and won.")
	if doc(t, body).Find(`[data-testid^="take-"]`).Length() != 0 {
		t.Error("a finished game offers takes")
	}
	wantLog := []string{"Ana <&> took 2 stones; 5 stones left.", "Ben took 2 stones; 3 stones left.", "Ana <&> took the last 3 stones and won."}
	var log []string
	doc(t, body).Find(`[data-testid="log"] li`).Each(func(_ int, s *goquery.Selection) { log = append(log, s.Text()) })
	if !slices.Equal(log, wantLog) {
		t.Fatalf("log %q, want %q", log, wantLog)
	}
	if code, body := ana.get("/"); code != http.StatusOK || !strings.Contains(body, "Ana &lt;&amp;&gt; won") {
		t.Errorf("the home list (%d) does not say who won", code)
	}

	// Rules and scoresheets.
	if code, body := ana.get("/rules/" + gameID); code != http.StatusOK || !strings.Contains(body, "last stone wins") {
		t.Errorf("rules page: %d", code)
	}
	if code, body := ana.get(game + "/sheet"); code != http.StatusOK || doc(t, body).Find(`[data-testid="sheet-turns"] tbody tr`).Length() != 3 ||
		!strings.Contains(text(t, body, `[data-testid="sheet-result"]`), "Ana <&> took the last stone and won") {
		t.Errorf("the game's sheet (%d) has not its three turns and result", code)
	}
	if code, body := ana.get("/sheets/" + gameID + "/blank"); code != http.StatusOK || doc(t, body).Find(`[data-testid="sheet-result"] .field-line`).Length() != 2 {
		t.Errorf("blank sheet: %d", code)
	}

	// Export, and import on another phone: the same game, playable there.
	code, exported := ana.get(game + "/export")
	if code != http.StatusOK {
		t.Fatalf("export: %d", code)
	}
	rec, err := record.Parse([]byte(exported))
	if err != nil || rec.Game != gameID || len(rec.Actions) != 3 {
		t.Fatalf("exported record %+v: %v", rec, err)
	}
	ben := newDevice(t, base)
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("_csrf", ben.csrf())
	fw, _ := mw.CreateFormFile("record", "take-away.json")
	fw.Write([]byte(exported))
	mw.WriteField("json", "")
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, base+"/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	code, body, hdr = ben.do(req)
	imported, ok := strings.CutPrefix(hdr.Get("Location"), "/g/")
	if code != http.StatusSeeOther || !ok || imported == id {
		t.Fatalf("import: %d to %q\n%.400s", code, hdr.Get("Location"), body)
	}
	if code, body := ben.get("/g/" + imported); code != http.StatusOK || text(t, body, `[data-testid="status"]`) != "Ana <&> took the last stone and won." {
		t.Fatalf("the imported game (%d) says %q", code, text(t, body, `[data-testid="status"]`))
	}
	// An import of a game of a kind this server does not play.
	other := strings.Replace(exported, `"take-away"`, `"take-more"`, 1)
	buf.Reset()
	mw = multipart.NewWriter(&buf)
	mw.WriteField("_csrf", ben.csrf())
	mw.WriteField("json", other)
	mw.Close()
	req, _ = http.NewRequest(http.MethodPost, base+"/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if code, body, _ := ben.do(req); code != http.StatusUnprocessableEntity || !strings.Contains(body, `unknown game &#34;take-more&#34;`) {
		t.Errorf("import of an unknown game: %d\n%.300s", code, text(t, body, `[data-testid="import-reason"]`))
	}

	// The page reloaded from a restarted server (no kept state, the store
	// only) is the same game.
	before := embedded(t, status("Ana <&> took the last stone and won."))
	ana.base = serve(t, st)
	after := embedded(t, status("Ana <&> took the last stone and won."))
	a, _ := json.Marshal(before.Record())
	b, _ := json.Marshal(after.Record())
	if !bytes.Equal(a, b) || before.Version != after.Version {
		t.Fatalf("after a restart the page embeds\n%s v%d\nwas\n%s v%d", b, after.Version, a, before.Version)
	}
}
