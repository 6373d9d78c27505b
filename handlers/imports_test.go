package handlers_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
	"github.com/grimoire-games/grimoire/store"
)

// reshuffled is a record as another program might write it back: other
// spacing, every object's keys in reverse order.
func reshuffled(t *testing.T, rec record.Record) string {
	t.Helper()
	rev := func(raw json.RawMessage) string {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		var parts []string
		for k, v := range m {
			b, _ := json.MarshalIndent(v, "  ", "\t")
			parts = append(parts, fmt.Sprintf("%q :  %s", k, b))
		}
		// map order is random, so sort descending for a fixed, reversed order
		for i := range parts {
			for j := i + 1; j < len(parts); j++ {
				if parts[j] > parts[i] {
					parts[i], parts[j] = parts[j], parts[i]
				}
			}
		}
		return "{ " + strings.Join(parts, ",\n   ") + " }"
	}
	var acts []string
	for _, a := range rec.Actions {
		acts = append(acts, rev(a))
	}
	return fmt.Sprintf("{\n\"version\": %d, \"setup\": %s,\n \"seed\": %d, \"game\": %q,\n\"actions\": [\n%s\n]}\n",
		rec.Version, rev(rec.Setup), rec.Seed, rec.Game, strings.Join(acts, ",\n"))
}

// heldAnswer checks that an import was answered with the game held: no
// redirect to a new game, a link to open the one this phone has.
func heldAnswer(t *testing.T, res *http.Response, body, id string) {
	t.Helper()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("import of a held game: status %d, want 200 (the page offering the game held)\n%.400s", res.StatusCode, body)
	}
	doc := docOf(t, body)
	if doc.Find(`[data-testid="import-held"]`).Length() != 1 {
		t.Fatalf("no 'You already have this game' panel:\n%.600s", body)
	}
	if href, _ := doc.Find(`a[data-testid="open-held"]`).Attr("href"); href != "/g/"+id {
		t.Errorf("the page offers %q, want /g/%s", href, id)
	}
}

func gameCount(t *testing.T, a *recApp, owner string) int {
	t.Helper()
	games, err := a.Store.Games(context.Background(), owner)
	if err != nil {
		t.Fatal(err)
	}
	return len(games)
}

// TestImportOwnExportBack: a record this phone already holds, exported and
// imported back (as it came, or as another program wrote it again, or an
// earlier moment of it), makes no second game; the page offers the game
// held. A record that goes on from a held game, and the same record on
// another phone, are imported.
func TestImportOwnExportBack(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	raw, rec := readRecord(t, saFinished)
	id := p.importID(raw, true)
	ctx := context.Background()
	g, err := a.Store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	me := g.Owner

	res, exported := p.get("/g/" + id + "/export")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("export: %d", res.StatusCode)
	}
	earlier := rec
	earlier.Actions = rec.Actions[:10]
	for _, tc := range []struct {
		name, data string
		file       bool
		why        string
	}{
		{"the exported file", exported, true, "exactly as this phone holds it"},
		{"the exported record, pasted", exported, false, "exactly as this phone holds it"},
		{"written again with other spacing and key order", reshuffled(t, rec), true, "exactly as this phone holds it"},
		{"an earlier moment of the game", encodeRecord(t, earlier), true, "its 10 actions are the first of the 27 actions"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p.t = t
			defer func() { p.t = nil }()
			res, body := p.importRecord(tc.data, tc.file)
			heldAnswer(t, res, body, id)
			if why := docOf(t, body).Find(`[data-testid="import-held-why"]`).Text(); !strings.Contains(why, tc.why) || !strings.Contains(why, g.Title) {
				t.Errorf("the page says %q, want it to name %q and say %q", why, g.Title, tc.why)
			}
			if n := gameCount(t, a, me); n != 1 {
				t.Fatalf("this phone has %d games after importing its own game back, want 1", n)
			}
		})
	}
	p.t = t

	t.Run("a game that goes on from a held one is imported", func(t *testing.T) {
		q := a.phone(t)
		first := q.importID(encodeRecord(t, earlier), false)
		second := q.importID(raw, false)
		if first == second {
			t.Fatal("one id for two imports")
		}
	})
	t.Run("another phone holds nothing of it and imports it", func(t *testing.T) {
		other := a.phone(t)
		other.importID(exported, true)
	})
	t.Run("one action different is another game", func(t *testing.T) {
		changed := rec
		changed.Actions = append([]json.RawMessage(nil), rec.Actions[:1]...)
		flip := strings.NewReplacer(`"made":true`, `"made":false`, `"made":false`, `"made":true`)
		changed.Actions[0] = json.RawMessage(flip.Replace(string(rec.Actions[0])))
		if _, err := sa.Replay(changed); err != nil {
			t.Fatalf("the changed record is not legal: %v (first action %s)", err, rec.Actions[0])
		}
		p.t = t
		defer func() { p.t = nil }()
		p.importID(encodeRecord(t, changed), false)
		if n := gameCount(t, a, me); n != 2 {
			t.Fatalf("%d games, want 2", n)
		}
	})
}

// madeTried reads a row of the player page's table of makes by kind.
func madeTried(t *testing.T, body, kind string) string {
	t.Helper()
	return strings.TrimSpace(docOf(t, body).Find(`[data-testid="player-kinds-row"][data-kind="` + kind + `"] td`).First().Text())
}

// TestPlayerFiguresCountADuplicateOnce: a store made by an older build may
// hold one game twice (a record imported back). Every figure of a player
// (the page's games, makes by kind, trend, the CSV, the advisor's rates)
// counts the game once; the same holds for an earlier moment of a game
// kept beside it.
func TestPlayerFiguresCountADuplicateOnce(t *testing.T) {
	a := startRecApp(t)
	p := a.phone(t)
	_, rec := readRecord(t, saFinished)
	id := p.importID(encodeRecord(t, rec), false)
	ctx := context.Background()
	g, err := a.Store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}

	// Ana's figures from the one game, as the rules core counts them.
	at, err := sa.Attempts(rec)
	if err != nil {
		t.Fatal(err)
	}
	tolls, made := 0, 0
	for _, x := range at {
		if x.Player == "Ana" && x.Kind == "toll" {
			tolls++
			if x.Made {
				made++
			}
		}
	}
	want := fmt.Sprintf("%d/%d", made, tolls)
	if tolls == 0 {
		t.Fatal("Ana shot no tolls in the test record")
	}
	_, body := p.get("/players?name=Ana")
	if got := madeTried(t, body, "toll"); got != want {
		t.Fatalf("before any copy: Ana's tolls %q, want %q", got, want)
	}

	// Copies as an older build stored them: the same record, re-spaced,
	// under new ids, owned by this phone; and an earlier moment of it.
	copies := 0
	copyOf := func(cid string, actions []json.RawMessage, indent bool) {
		copies++
		c := g
		c.ID, c.SpectatorToken = cid, cid+"-watch-token-x"
		c.Created = g.Created.Add(time.Duration(copies) * time.Hour)
		if indent {
			c.Setup = json.RawMessage(`{ "options": {}, "mage": "Ben", "spy": "Ana", "victory": 10 }`)
		}
		var entries []store.Entry
		for i, act := range actions {
			entries = append(entries, store.Entry{Kind: store.KindAction, Action: act, Seat: -1, ClientID: fmt.Sprintf("import:%d", i)})
		}
		if err := a.Store.CreateGameWithLog(ctx, c, nil, entries); err != nil {
			t.Fatal(err)
		}
	}
	copyOf("copy1", rec.Actions, false)
	copyOf("copy2", rec.Actions, true)
	copyOf("copy3", rec.Actions[:12], false)
	if n := gameCount(t, a, g.Owner); n != 4 {
		t.Fatalf("%d games in the store, want the game and 3 copies", n)
	}

	_, body = p.get("/players?name=Ana")
	doc := docOf(t, body)
	if got := madeTried(t, body, "toll"); got != want {
		t.Errorf("Ana's tolls %q with copies in the store, want %q (the game once)", got, want)
	}
	if n := doc.Find(`[data-testid="player-game"]`).Length(); n != 1 {
		t.Errorf("%d games on Ana's page, want 1", n)
	}
	if n := doc.Find(`[data-testid="trend"] circle`).Length(); n != 1 {
		t.Errorf("%d points on the trend, want 1", n)
	}
	if href, _ := doc.Find(`[data-testid="player-game"] a`).Attr("href"); href != "/g/"+id {
		t.Errorf("the game listed is %q, want the original /g/%s", href, id)
	}

	_, csvBody := p.get("/players/spells-arrows/attempts.csv?name=Ana")
	rows, err := csv.NewReader(strings.NewReader(csvBody)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(rows)-1, attemptsBy(t, "Ana", rec); got != want {
		t.Errorf("%d CSV rows, want %d (one game's attempts)", got, want)
	}

	q := url.Values{"spy": {"Ana"}, "mage": {"Dee"}, "victory": {"10"}, "turns": {"5"}}
	req, _ := http.NewRequest(http.MethodGet, p.base+"/new/spells-arrows/advice?"+q.Encode(), nil)
	req.Header.Set("HX-Request", "true")
	_, adv := p.do(req)
	caption := docOf(t, adv).Find(`[data-testid="advice-rates-a"] caption`).Text()
	if shots := attemptsBy(t, "Ana", rec); !strings.Contains(caption, fmt.Sprintf("%d shots in 1 game", shots)) {
		t.Errorf("the advisor's rates for Ana %q: want them from one game's %d shots", caption, shots)
	}
}
