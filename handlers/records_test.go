package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// sheetClock is the fixed clock of the record and scoresheet tests.
var sheetClock = time.Date(2026, 11, 30, 14, 5, 0, 0, time.UTC)

// recApp is a real server on temporary SQLite with a fixed clock.
type recApp struct {
	URL   string
	Store store.Store
}

func startRecApp(t *testing.T) *recApp {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	h, err := handlers.New(handlers.Config{
		Store:       st,
		Games:       testGames(),
		SessionKeys: [][]byte{bytes.Repeat([]byte{7}, 32), bytes.Repeat([]byte{9}, 32)},
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:         func() time.Time { return sheetClock },
	})
	if err != nil {
		t.Fatalf("handlers: %v", err)
	}
	checkKept(t, h)
	srv := httptest.NewServer(h.Echo())
	t.Cleanup(func() { srv.Close(); st.Close() })
	return &recApp{URL: srv.URL, Store: st}
}

// recPhone is one browser: its own cookies, redirects not followed.
type recPhone struct {
	t    *testing.T
	base string
	c    *http.Client
}

func (a *recApp) phone(t *testing.T) *recPhone {
	jar, _ := cookiejar.New(nil)
	return &recPhone{t: t, base: a.URL, c: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func (p *recPhone) do(req *http.Request) (*http.Response, string) {
	p.t.Helper()
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func (p *recPhone) get(path string) (*http.Response, string) {
	p.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, p.base+path, nil)
	return p.do(req)
}

// csrf reads the token the import form carries.
func (p *recPhone) csrf() string {
	p.t.Helper()
	_, body := p.get("/import")
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		p.t.Fatal(err)
	}
	tok, ok := doc.Find(`input[name="_csrf"]`).Attr("value")
	if !ok || tok == "" {
		p.t.Fatal("no CSRF token on /import")
	}
	return tok
}

// importRecord posts a record as pasted JSON, or as a file when file is set.
func (p *recPhone) importRecord(data string, file bool) (*http.Response, string) {
	p.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("_csrf", p.csrf())
	if file {
		fw, _ := mw.CreateFormFile("record", "game.json")
		fw.Write([]byte(data))
		mw.WriteField("json", "")
	} else {
		mw.WriteField("json", data)
	}
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, p.base+"/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return p.do(req)
}

func (p *recPhone) post(path string, form url.Values) (*http.Response, string) {
	p.t.Helper()
	form.Set("_csrf", p.csrf())
	req, _ := http.NewRequest(http.MethodPost, p.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return p.do(req)
}

func readRecord(t *testing.T, path string) (string, record.Record) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", path))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return string(b), rec
}

func encodeRecord(t *testing.T, rec record.Record) string {
	t.Helper()
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// importedID reads the new game's id from the redirect after an import.
func importedID(t *testing.T, res *http.Response, body string) string {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("import: status %d, want 303; body:\n%s", res.StatusCode, body)
	}
	loc := res.Header.Get("Location")
	if !strings.HasPrefix(loc, "/g/") {
		t.Fatalf("import redirected to %q", loc)
	}
	return strings.TrimPrefix(loc, "/g/")
}

func (p *recPhone) importID(data string, file bool) string {
	p.t.Helper()
	res, body := p.importRecord(data, file)
	return importedID(p.t, res, body)
}

const saFinished = "rules/spellsarrows/testdata/spy-wins-by-escapes.json"

func TestImportRefusesBadRecordsAndStoresNothing(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	_, good := readRecord(t, saFinished)

	illegal := good
	illegal.Actions = append([]json.RawMessage{}, good.Actions...)
	illegal.Actions[3] = json.RawMessage(`{"type":"cast","card":1}`) // the spy's half: the mage cannot cast
	_, wantErr := sa.Replay(illegal)
	if wantErr == nil || !strings.HasPrefix(wantErr.Error(), "action 3: ") {
		t.Fatalf("the illegal record should fail at action 3, got %v", wantErr)
	}

	cases := []struct {
		name, data, reason string
		file               bool
	}{
		{"broken JSON", `{"game": "spells-arrows", "version": 1, "seed": 4`, "malformed record", false},
		{"unknown game", `{"game": "chess", "version": 1, "seed": 1, "setup": {}, "actions": []}`, `unknown game "chess"`, false},
		{"wrong version", `{"game": "spells-arrows", "version": 9, "seed": 1, "setup": {}, "actions": []}`, "record version 9", true},
		// The page counts actions from 1, as the log does (issue 14).
		{"illegal action", encodeRecord(t, illegal), "action 4 (as the log counts): " + strings.TrimPrefix(wantErr.Error(), "action 3: "), true},
		{"a picture", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "This is not a game record", true},
		{"bad setup", `{"game": "spells-arrows", "version": 1, "seed": 1, "setup": {"victory": 0, "spy": "", "mage": "B"}, "actions": []}`, "setup", false},
		{"empty form", "", "Choose a record file", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p.t = t
			res, body := p.importRecord(tc.data, tc.file)
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.StatusCode)
			}
			doc, _ := goquery.NewDocumentFromReader(strings.NewReader(body))
			reason := doc.Find(`[data-testid="import-reason"]`).Text()
			if !strings.Contains(reason, tc.reason) {
				t.Errorf("reason %q, want it to contain %q", reason, tc.reason)
			}
			if doc.Find(`[data-testid="import-form"]`).Length() != 1 {
				t.Error("the form is not shown again")
			}
		})
	}
	p.t = t
	// Nothing was stored: this phone's game list (the store's Games for its
	// device) is still empty.
	_, home := p.get("/")
	if !strings.Contains(home, `data-testid="no-games"`) {
		t.Fatal("a refused import left a game behind")
	}
}

func TestImportGoodRecordIsPlayable(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	_, rec := readRecord(t, saFinished)
	rec.Actions = rec.Actions[:10] // mid-game: the mage's first cast is under way
	res, body := p.importRecord(encodeRecord(t, rec), true)
	id := importedID(t, res, body)

	ctx := context.Background()
	g, err := a.Store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Kind != record.SpellsArrows || g.Seed != rec.Seed || g.Title != "Ana (spy) vs Ben (mage)" || g.Version != 10 {
		t.Fatalf("imported game %+v", g)
	}
	if seats, _ := a.Store.Seats(ctx, id); len(seats) != 0 {
		t.Fatalf("an imported game is pass-and-play, got seats %v", seats)
	}
	log, _ := a.Store.Log(ctx, id)
	for i, e := range log {
		if e.ClientID != "import:"+itoa(i) || !jsonEqual(e.Action, rec.Actions[i]) {
			t.Fatalf("entry %d: %+v", i, e)
		}
	}
	if res, _ := p.get("/g/" + id); res.StatusCode != http.StatusOK {
		t.Fatalf("GET imported game: %d", res.StatusCode)
	}
	// Play on: the mage makes the next spot of the cast.
	res, body = p.post("/g/"+id+"/act", url.Values{"v": {"10"}, "type": {"spell-shot"}, "made": {"1"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("act on imported game: %d\n%s", res.StatusCode, body)
	}
	if g, _ := a.Store.Game(ctx, id); g.Version != 11 {
		t.Fatalf("version after a tap %d, want 11", g.Version)
	}
	_, home := p.get("/")
	if !strings.Contains(home, "Ana (spy) vs Ben (mage)") {
		t.Fatal("the imported game is not on the home list")
	}
}

func TestExportRecord(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	raw, rec := readRecord(t, saFinished)
	id := p.importID(raw, false)

	res, body := p.get("/g/" + id + "/export")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("export: %d %s", res.StatusCode, body)
	}
	if cd, want := res.Header.Get("Content-Disposition"), `attachment; filename="spells-arrows-ana-ben-2026-11-30.json"`; cd != want {
		t.Errorf("Content-Disposition %q, want %q", cd, want)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q", ct)
	}
	if !strings.Contains(body, "\n  \"game\": \"spells-arrows\"") {
		t.Errorf("record is not indented:\n%.200s", body)
	}
	got, err := record.Parse([]byte(body))
	if err != nil {
		t.Fatalf("exported record does not parse: %v", err)
	}
	want, err := sa.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	have, err := sa.Replay(got)
	if err != nil {
		t.Fatalf("exported record does not replay: %v", err)
	}
	if !reflect.DeepEqual(have.Snapshot(), want.Snapshot()) {
		t.Fatalf("exported record replays to\n%+v\nwant\n%+v", have.Snapshot(), want.Snapshot())
	}

	// Who may export: a phone with no seat gets nothing while the game runs;
	// a finished game is an archive anyone with the spectator link may take.
	g, _ := a.Store.Game(context.Background(), id)
	stranger := a.phone(t)
	if res, _ := stranger.get("/watch/" + g.SpectatorToken + "/export"); res.StatusCode != http.StatusOK {
		t.Errorf("spectator export of a finished game: %d", res.StatusCode)
	}
	// The running game is kept on another phone: this one holds the whole
	// game, so an earlier moment of it would not be imported again.
	keeper := a.phone(t)
	rec.Actions = rec.Actions[:5]
	running := keeper.importID(encodeRecord(t, rec), false)
	rg, _ := a.Store.Game(context.Background(), running)
	if res, _ := stranger.get("/g/" + running + "/export"); res.StatusCode != http.StatusForbidden {
		t.Errorf("stranger export of a running game: %d, want 403", res.StatusCode)
	}
	if res, _ := stranger.get("/watch/" + rg.SpectatorToken + "/export"); res.StatusCode != http.StatusForbidden {
		t.Errorf("spectator export of a running game: %d, want 403", res.StatusCode)
	}
	if res, _ := keeper.get("/g/" + running + "/export"); res.StatusCode != http.StatusOK {
		t.Errorf("scorekeeper export of a running game: %d", res.StatusCode)
	}
}

func TestQRCode(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	res, body := p.get("/qr.svg?path=" + url.QueryEscape("/watch/AbC-12_x"))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("qr: %d %s", res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "private") {
		t.Errorf("Cache-Control %q, want private", cc)
	}
	if !strings.HasPrefix(body, "<svg") || !strings.Contains(body, "<path") {
		t.Errorf("not an SVG: %.100s", body)
	}
	if res, _ := p.get("/qr.svg?path=/join/tok123"); res.StatusCode != http.StatusOK {
		t.Errorf("join link: %d", res.StatusCode)
	}
	for _, bad := range []string{"", "/g/abc", "https://evil.example/watch/x", "/watch/", "/watch/a/../../g/x", "//evil.example/watch/x", "/watch/a?b=c"} {
		if res, _ := p.get("/qr.svg?path=" + url.QueryEscape(bad)); res.StatusCode != http.StatusBadRequest {
			t.Errorf("path %q: status %d, want 400", bad, res.StatusCode)
		}
	}
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func itoa(n int) string { return strconv.Itoa(n) }
