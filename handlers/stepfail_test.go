package handlers_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// stepFails is Spells & Arrows whose Step fails while fail is set: a kept
// state that refuses an action the rules judged legal a moment before.
type stepFails struct {
	spellsarrows.Kind
	fail *atomic.Bool
}

func (k stepFails) Step(t play.Table, s play.State, action json.RawMessage, seat int) (play.State, error) {
	if k.fail.Load() {
		return nil, errors.New("the kept state refuses the action")
	}
	return k.Kind.Step(t, s, action, seat)
}

// A kept state that cannot step past an action just stored is not silent:
// the server logs it once at error level with the game and the version, and
// forgets the game, so the next request reads the record from the store.
func TestAKeptStateThatCannotStepIsLoggedAndDropped(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "grimoire.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	keys := sessionKeys(t)
	var fail atomic.Bool
	var logs bytes.Buffer
	h, err := handlers.New(handlers.Config{
		Store: st, SessionKeys: keys,
		Games:  []play.Kind{stepFails{fail: &fail}, scribes.Kind{}, tower.Kind{}},
		Logger: slog.New(slog.NewJSONHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	a := &testApp{t: t, Store: st, Handler: h.Echo()}
	c := a.phone()
	id := c.newSAGame("Ana", "Ben", "12")
	// The first tap steps the kept state as usual.
	c.get("/g/"+id, nil)
	if res := c.post("/g/"+id+"/act", withV(tollMade, 0), htmx); res.StatusCode != http.StatusOK {
		t.Fatalf("first tap: status %d", res.StatusCode)
	}
	if !handlers.CacheHolds(h, id) {
		t.Fatal("the cache does not hold the game after a tap that stepped")
	}
	if kept, err := handlers.KeptStateIsTheReplay(h, id); !kept || err != nil {
		t.Fatalf("after the first tap: kept %v, %v", kept, err)
	}
	if strings.Contains(logs.String(), `"level":"ERROR"`) {
		t.Fatalf("an error logged before any step failed:\n%s", logs.String())
	}

	fail.Store(true)
	res := c.post("/g/"+id+"/act", withV(moveTo("A"), 1), htmx)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the tap whose step fails: status %d\n%.400s", res.StatusCode, res.Body)
	}
	if got := a.game(id).Version; got != 2 {
		t.Fatalf("the store is at version %d, want 2", got)
	}
	if handlers.CacheHolds(h, id) {
		t.Error("the game is still cached after its kept state refused a stored action")
	}
	var errs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) == nil && rec["level"] == "ERROR" {
			errs = append(errs, rec)
		}
	}
	if len(errs) != 1 {
		t.Fatalf("%d error records, want 1:\n%s", len(errs), logs.String())
	}
	if errs[0]["game"] != id || errs[0]["version"] != float64(2) || errs[0]["err"] == nil {
		t.Errorf("the error record does not name game %s at version 2 and the error: %v", id, errs[0])
	}

	// The next request replays the record from the store: the screen is the
	// one a server with nothing cached draws.
	fail.Store(false)
	warm := c.get("/g/"+id, nil)
	cc := appOn(t, st, keys).phone()
	cc.http.Jar = c.http.Jar
	cold := cc.get("/g/"+id, nil)
	if warm.StatusCode != http.StatusOK || warm.Body != cold.Body {
		t.Errorf("the page after the failure (status %d) is not the one a cold server draws (status %d)\n%s", warm.StatusCode, cold.StatusCode, firstDifference(warm.Body, cold.Body))
	}
	if kept, err := handlers.KeptStateIsTheReplay(h, id); !kept || err != nil {
		t.Errorf("after the next request: kept %v, %v", kept, err)
	}
}

func withV(form map[string][]string, v int) map[string][]string {
	out := map[string][]string{"v": {strconv.Itoa(v)}}
	for k, x := range form {
		out[k] = x
	}
	return out
}
