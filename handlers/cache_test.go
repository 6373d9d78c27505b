package handlers_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/postgres"
)

// appOn is the app on a given store with given session keys: two of them
// with the same keys are two instances behind one load balancer, where a
// phone's cookie works on either.
func appOn(t *testing.T, st store.Store, keys [][]byte) *testApp {
	t.Helper()
	h, err := handlers.New(handlers.Config{
		Store: st, Games: testGames(), SessionKeys: keys,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	checkKept(t, h)
	return &testApp{t: t, Store: st, Handler: h.Echo()}
}

func sessionKeys(t *testing.T) [][]byte {
	t.Helper()
	key := make([]byte, 64)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	return [][]byte{key[:32], key[32:]}
}

// pgStore opens the test PostgreSQL in a schema of its own, dropped after.
func pgStore(t *testing.T) func() store.Store {
	t.Helper()
	base := os.Getenv("GRIMOIRE_TEST_POSTGRES")
	if base == "" {
		if os.Getenv("GRIMOIRE_REQUIRE_POSTGRES") == "1" {
			t.Fatal("GRIMOIRE_REQUIRE_POSTGRES=1 but GRIMOIRE_TEST_POSTGRES (a postgres:// URL) is not set")
		}
		t.Skip("GRIMOIRE_TEST_POSTGRES not set: skipping the two-instance cache test")
	}
	ctx := context.Background()
	schema := "grimoire_cache_" + strings.ToLower(rand.Text()[:12])
	admin := func(sql string) {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	admin("CREATE SCHEMA " + schema)
	t.Cleanup(func() { admin("DROP SCHEMA " + schema + " CASCADE") })
	pu, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := pu.Query()
	q.Set("search_path", schema)
	pu.RawQuery = q.Encode()
	return func() store.Store {
		st, err := postgres.Open(ctx, pu.String())
		if err != nil {
			t.Fatalf("open postgres: %v", err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
}

var versionRE = regexp.MustCompile(`name="v" value="(\d+)"`)

// shownVersion is the version the taps of a screen are made against.
func shownVersion(t *testing.T, body string) int {
	t.Helper()
	m := versionRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no version on the screen:\n%.400s", body)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// A game's state is cached per instance, but the store stays the truth: a
// tap stored through one instance is what the other shows and judges next,
// however recently that one cached the older version.
func TestCacheSeesWritesOfAnotherInstance(t *testing.T) {
	open := pgStore(t)
	keys := sessionKeys(t)
	a, b := appOn(t, open(), keys), appOn(t, open(), keys)
	pa := a.phone()
	id := pa.newSAGame("Ana", "Ben", "12")
	// The same phone (same cookies) reaching instance b, as behind a
	// balancer that spreads requests.
	pb := b.newClient("http://grimoire.test", inProcess{b.Handler})
	pb.http.Jar = pa.http.Jar

	missed := url.Values{"type": {"spy-shot"}, "made": {"0"}}
	steps := []struct {
		name     string
		via      *client
		from     int
		tap      url.Values
		wantCode int
		wantV    int // version of the screen in the answer
	}{
		{"a tap through a caches the game at version 1", pa, 0, tollMade, http.StatusOK, 1},
		{"b, which has not read the game yet, takes the next tap", pb, 1, moveTo("A"), http.StatusOK, 2},
		// (Another tap than b's: the same one would be a repeat of it.)
		{"a's cached version 1 is stale: a tap made on it through a is refused", pa, 1, missed, http.StatusConflict, 2},
		{"a judges the next tap on version 2, read from the store", pa, 2, tollMade, http.StatusOK, 3},
		{"b, which cached version 2 itself, sees a's write too", pb, 2, missed, http.StatusConflict, 3},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			form := url.Values{"v": {strconv.Itoa(s.from)}}
			for k, x := range s.tap {
				form[k] = x
			}
			res := s.via.post("/g/"+id+"/act", form, htmx)
			if res.StatusCode != s.wantCode {
				t.Fatalf("status %d, want %d\n%.400s", res.StatusCode, s.wantCode, res.Body)
			}
			if got := shownVersion(t, res.Body); got != s.wantV {
				t.Fatalf("answer shows version %d, want %d", got, s.wantV)
			}
		})
	}
	for name, p := range map[string]*client{"a": pa, "b": pb} {
		t.Run("the next read through "+name+" shows the stored version", func(t *testing.T) {
			if got := shownVersion(t, p.get("/g/"+id, nil).Body); got != 3 {
				t.Fatalf("page shows version %d, want 3", got)
			}
			// A refresh from a version the cache holds screens of.
			res := p.get("/g/"+id+"?v=1", htmx)
			if got := shownVersion(t, res.Body); got != 3 {
				t.Fatalf("refresh shows version %d, want 3", got)
			}
		})
	}
}

var campFaceRE = regexp.MustCompile(`(?s)data-testid="camp".*?class="zones"`)

// A rendered screen is kept per viewer (everything the table holds besides
// its actions): what one viewer was drawn never reaches another.
func TestCacheScreensNeverCrossViewers(t *testing.T) {
	t.Run("the scorekeeper's record and token never reach a spectator", func(t *testing.T) {
		a := newTestApp(t)
		keeper := a.phone()
		id := keeper.newSAGame("Ana", "Ben", "12")
		keeper.post("/g/"+id+"/act", url.Values{"v": {"0"}, "type": {"spy-shot"}, "made": {"1"}}, htmx)
		// Draw the keeper's screens at both versions into the cache.
		mine := keeper.get("/g/"+id+"?v=0", htmx).Body
		if !strings.Contains(mine, "grimoire-record") || !strings.Contains(mine, keeper.csrf()) {
			t.Fatal("the keeper's answer should carry the record and the keeper's token")
		}
		token := a.game(id).SpectatorToken
		var first string
		for i, w := range []*client{a.phone(), a.phone()} {
			w.get("/", nil)
			body := w.get("/watch/"+token+"?v=0", htmx).Body
			if strings.Contains(body, "grimoire-record") || strings.Contains(body, keeper.csrf()) {
				t.Fatalf("spectator %d got the keeper's record or token:\n%.600s", i, body)
			}
			if i == 0 {
				first = body
			} else if body != first {
				t.Fatal("two spectators of one version should get the same screen")
			}
		}
	})
	t.Run("the Mage's phone never gets the General's camp faces", func(t *testing.T) {
		a := startApp(t)
		gen := twNewPhone(t, a)
		id := twCreate(t, gen, url.Values{"general": {"Ana"}, "mage": {"Ben"}, "mode": {"two"}, "myside": {"general"}})
		mage := twJoin(t, a, gen, id)
		// A version the client names beyond the game gets every fragment:
		// the General's whole screen is drawn into the cache first.
		_, gens := gen.get("/g/"+id+"?v=99", true)
		if camp := campFaceRE.FindString(gens); !strings.Contains(camp, "heads") && !strings.Contains(camp, "tails") {
			t.Fatalf("the General's screen should show the camp's faces:\n%.600s", gens)
		}
		_, mages := mage.get("/g/"+id+"?v=99", true)
		if camp := campFaceRE.FindString(mages); camp == "" || strings.Contains(camp, "heads") || strings.Contains(camp, "tails") {
			t.Fatalf("the Mage's screen shows camp faces (or no camp):\n%s", camp)
		}
		if strings.Contains(mages, "grimoire-record") {
			t.Fatal("the Mage's phone got the record, which holds every face")
		}
	})
}

// embedded is the offline record of a page or answer.
type embedded struct {
	Version     int               `json:"version"`
	Actions     []json.RawMessage `json:"actions"`
	ActionSeats []int             `json:"actionSeats"`
}

var recordRE = regexp.MustCompile(`(?s)id="grimoire-record"[^>]*>(.*?)</script>`)

func pageRecord(t *testing.T, body string) embedded {
	t.Helper()
	m := recordRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no record on the page:\n%.400s", body)
	}
	var e embedded
	if err := json.Unmarshal([]byte(m[1]), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

type recordDelta struct {
	From, Version, Keep int
	Actions             []json.RawMessage
	ActionSeats         []int
}

// apply is what the page's script does with a delta.
func (d recordDelta) apply(t *testing.T, e embedded) embedded {
	t.Helper()
	if d.Keep > len(e.Actions) {
		t.Fatalf("delta keeps %d of %d actions", d.Keep, len(e.Actions))
	}
	e.Actions = append(e.Actions[:d.Keep:d.Keep], d.Actions...)
	e.ActionSeats = append(e.ActionSeats[:d.Keep:d.Keep], d.ActionSeats...)
	e.Version = d.Version
	return e
}

// A page that asks for deltas gets the record's change instead of the
// record; applied to the copy it holds, it gives the record the server
// would have sent, through taps, undos and another phone's writes.
func TestRecordDelta(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	id := p.newSAGame("Ana", "Ben", "12")
	copyAt := map[int]embedded{0: pageRecord(t, p.get("/g/"+id, nil).Body)}
	delta := hdr{"HX-Request": "true", "X-Grimoire-Record": "delta"}
	at := func(v int, tap url.Values) url.Values {
		f := url.Values{"v": {strconv.Itoa(v)}}
		for k, x := range tap {
			f[k] = x
		}
		return f
	}
	steps := []struct {
		name string
		path string
		form url.Values
		from int // the version of the copy the page holds
		want int // the version after
	}{
		{"a tap adds one action", "/act", at(0, tollMade), 0, 1},
		{"the next tap adds the next", "/act", at(1, moveTo("A")), 1, 2},
		{"an undo keeps one action fewer and adds none", "/undo", url.Values{"v": {"2"}}, 2, 3},
		{"a tap after the undo", "/act", at(3, moveTo("A")), 3, 4},
		{"a stale tap from an old copy brings it up to date", "/act", at(1, moveTo("A")), 1, 4},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			res := p.post("/g/"+id+s.path, s.form, delta)
			if strings.Contains(res.Body, "grimoire-record") {
				t.Fatal("a delta answer should not carry the record")
			}
			var d recordDelta
			if err := json.Unmarshal([]byte(res.Header.Get("X-Grimoire-Record-Delta")), &d); err != nil {
				t.Fatalf("delta header %q: %v", res.Header.Get("X-Grimoire-Record-Delta"), err)
			}
			if d.From != s.from || d.Version != s.want {
				t.Fatalf("delta from %d to %d, want %d to %d", d.From, d.Version, s.from, s.want)
			}
			got := d.apply(t, copyAt[s.from])
			full := pageRecord(t, p.get("/g/"+id, nil).Body)
			gb, _ := json.Marshal(got)
			fb, _ := json.Marshal(full)
			if string(gb) != string(fb) {
				t.Fatalf("copy with the delta:\n%s\nthe server's record:\n%s", gb, fb)
			}
			copyAt[s.want] = full
		})
	}
	t.Run("without the header the whole record comes as before", func(t *testing.T) {
		res := p.post("/g/"+id+"/act", at(4, tollMade), htmx)
		if !strings.Contains(res.Body, "grimoire-record") || res.Header.Get("X-Grimoire-Record-Delta") != "" {
			t.Fatal("the default answer should carry the record and no delta")
		}
	})
}
