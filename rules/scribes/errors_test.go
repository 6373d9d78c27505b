package scribes_test

import (
	"errors"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	S "github.com/grimoire-games/grimoire/rules/scribes"
)

func TestErrors(t *testing.T) {
	start := table(t, 2, []string{"TIDE-8"}, quiet)
	held := must(t, start, S.Take(0, A, T), S.Take(1, A, T)) // Mia 1 ASHW 1 TIDE
	reserved := must(t, start, S.Reserve(0, 0), S.Take(1, G, R), S.Reserve(0, 1), S.Exchange(1, A, T, 1))
	over, _, _ := S.PlayGame(S.Setup{Players: []string{"a", "b"}}, 3, []S.Bot{S.GreedyBot{}, S.GreedyBot{}}, 20000)
	tests := []struct {
		name string
		s    S.State
		a    S.Action
		want error
	}{
		{"nothing can be played once the game is over", over, S.Take(over.Decider()+1, A, T), S.ErrGameOver},
		{"game over is reported before whose turn it is", over, S.Take(1, A, A), S.ErrGameOver},
		{"only the deciding seat may act", start, S.Take(1, A, T), S.ErrNotYourTurn},
		{"there is no seat 7 at a 2-player table", start, S.Take(7, A, T), S.ErrNotYourTurn},
		{"a take needs two different elements", start, S.Take(0, G, G), S.ErrIllegal},
		{"an exchange needs an oink to give", start, S.Exchange(0, A, T, 1), S.ErrIllegal},
		{"an exchange takes another element", held, S.Exchange(0, A, A, 1), S.ErrIllegal},
		{"an exchange takes 1 to 3 oinks", held, S.Exchange(0, A, T, 4), S.ErrIllegal},
		{"reserve names a slot of the row", start, S.Reserve(0, 5), S.ErrIllegal},
		{"no more than 2 reserved cards with 2 players", reserved, S.Reserve(0, 2), S.ErrIllegal},
		{"a scribe needs the oinks it pays with", start, S.ScribeRow(0, 0, oinks(0, 4, 0, 0)), S.ErrCannotAfford},
		{"a scribe must cover the face value", held, S.ScribeRow(0, 0, oinks(1, 1, 0, 0)), S.ErrCannotAfford},
		{"a scribe from the reserve needs a reserved card", start, S.ScribeReserved(0, 0, oinks(0, 0, 0, 0)), S.ErrIllegal},
		{"discarding is only for getting down to 5", held, S.Discard(0, oinks(1, 0, 0, 0)), S.ErrIllegal},
		{"a follow-up answer needs a follow-up", held, S.FollowDecline(0), S.ErrIllegal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.s.Snapshot()
			_, err := S.Apply(tc.s, tc.a)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if !sameJSON(before, tc.s.Snapshot()) {
				t.Fatal("a refused action changed the state")
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, raw := range []string{
		`{"type":"take","elements":["ASHW","TIDE"]}`,
		`{"type":"take","seat":0,"elements":["ASHW"]}`,
		`{"type":"take","seat":0,"elements":["ASHW","FIRE"]}`,
		`{"type":"take","seat":0,"elements":["ASHW","TIDE"],"slot":1}`,
		`{"type":"scribe","seat":0,"slot":1,"reserve":0,"pay":{}}`,
		`{"type":"scribe","seat":0,"slot":1}`,
		`{"type":"discard","seat":0,"oinks":{"ASHW":-1}}`,
		`{"type":"follow","seat":0}`,
		`{"type":"cast","seat":0}`,
		`{"type":"take","seat":0,"elements":["ASHW","TIDE"],"colour":1}`,
	} {
		if _, err := S.ParseAction([]byte(raw)); !errors.Is(err, S.ErrBadAction) {
			t.Errorf("%s: %v", raw, err)
		}
	}
	for _, raw := range []string{`{"players":["a"]}`, `{"players":["a","a"]}`, `{"players":["a","b"],"first":2}`, `{"players":["a","b"],"deck":["TIDE-8"]}`, `{"players":["a","b"],"speed":1}`} {
		setup, err := S.ParseSetup([]byte(raw))
		if err == nil {
			_, err = S.New(setup, 1)
		}
		if !errors.Is(err, S.ErrBadSetup) {
			t.Errorf("%s: %v", raw, err)
		}
	}
	rec, _ := S.NewRecord(S.Setup{Players: []string{"a", "b"}, First: new(int)}, 1)
	rec.Actions = append(rec.Actions, []byte(`{"type":"take","seat":0,"elements":["ASHW","TIDE"]}`), []byte(`{"type":"take","seat":0,"elements":["ASHW","TIDE"]}`))
	_, err := S.Replay(rec)
	var ae *record.ActionError
	if !errors.As(err, &ae) || ae.Index != 1 || !errors.Is(err, S.ErrNotYourTurn) {
		t.Fatalf("%v", err)
	}
}

func TestData(t *testing.T) {
	d := S.DefaultData()
	if len(d.Cards) != 40 || len(d.Tiles) != 48 {
		t.Fatal("default sizes")
	}
	kinds := map[string]int{}
	for _, tl := range d.Tiles {
		k := tl.Kind().String()
		if len(tl.Insignias) == 2 && tl.Insignias[0] == tl.Insignias[1] {
			k = "same"
		} else if len(tl.Insignias) == 1 {
			k = "single"
		}
		kinds[k]++
	}
	if kinds["single"] != 20 || kinds["choose"] != 12 || kinds["same"] != 4 || kinds["trade"] != 8 || kinds["arena"] != 4 {
		t.Fatal(kinds)
	}
	bad := map[string][3]string{
		"value 11":      {"", `[{"id":"x","name":"X","element":"ASHW","value":11}]`, ""},
		"unknown code":  {`[{"code":"FIRE","name":"F"},{"code":"TIDE","name":"T"},{"code":"GALE","name":"G"},{"code":"ROOT","name":"R"}]`, "", ""},
		"five insignia": {"", "", `[{"id":"t","insignias":["ASHW","TIDE","GALE","ROOT","ASHW"]}]`},
		"trailing":      {"", "", `[] []`},
		"small deck":    {"", `[{"id":"x","name":"X","element":"ASHW","value":3}]`, ""},
	}
	for name, files := range bad {
		if _, err := S.ParseData([]byte(files[0]), []byte(files[1]), []byte(files[2])); !errors.Is(err, S.ErrBadData) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := S.ParseData([]byte(`[{"code":"ASHW","name":"Cinder"},{"code":"TIDE","name":"Brine"},{"code":"GALE","name":"Zephyr"},{"code":"ROOT","name":"Loam"}]`), nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(S.Rulings()) < 20 {
		t.Fatal("rulings")
	}
}
