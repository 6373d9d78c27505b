package play_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
)

func TestDistinct(t *testing.T) {
	day := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	acts := func(xs ...string) []json.RawMessage {
		out := make([]json.RawMessage, len(xs))
		for i, x := range xs {
			out[i] = json.RawMessage(x)
		}
		return out
	}
	game := func(id string, hours int, seed int64, setup string, actions []json.RawMessage) play.PlayerGame {
		return play.PlayerGame{
			Table:   play.Table{Kind: record.SpellsArrows, GameID: id, Seed: seed, Setup: json.RawMessage(setup), Actions: actions},
			Started: day.Add(time.Duration(hours) * time.Hour),
			URL:     "/g/" + id,
		}
	}
	const setup = `{"spy":"Ana","mage":"Ben","victory":10}`
	full := acts(`{"type":"spy-shot","made":true}`, `{"type":"move","to":"A"}`, `{"type":"spy-shot","made":false}`)
	cases := []struct {
		name  string
		games []play.PlayerGame
		want  []string
	}{
		{"different games all count", []play.PlayerGame{
			game("b", 2, 1, setup, full), game("a", 1, 2, setup, full),
		}, []string{"b", "a"}},
		{"a copy counts once: the original stays", []play.PlayerGame{
			game("copy", 2, 1, setup, full), game("orig", 1, 1, setup, full),
		}, []string{"orig"}},
		{"a copy written another way is the same record", []play.PlayerGame{
			game("copy", 2, 1, `{"victory": 10, "mage": "Ben", "spy": "Ana"}`,
				acts(`{"made":true,"type":"spy-shot"}`, `{ "to": "A", "type": "move" }`, `{"made":false,"type":"spy-shot"}`)),
			game("orig", 1, 1, setup, full),
		}, []string{"orig"}},
		{"an earlier moment gives way to the game that goes further", []play.PlayerGame{
			game("later", 2, 1, setup, full[:1]), game("orig", 1, 1, setup, full),
		}, []string{"orig"}},
		{"the one that goes further stands even when it came later", []play.PlayerGame{
			game("further", 2, 1, setup, full), game("orig", 1, 1, setup, full[:2]),
		}, []string{"further"}},
		{"records that part ways are two games", []play.PlayerGame{
			game("x", 2, 1, setup, acts(`{"type":"spy-shot","made":false}`)), game("orig", 1, 1, setup, full),
		}, []string{"x", "orig"}},
		{"three copies and a prefix, started at once: the first listed stays", []play.PlayerGame{
			game("c1", 1, 1, setup, full), game("c2", 1, 1, setup, full), game("p", 1, 1, setup, full[:2]), game("c3", 1, 1, setup, full),
		}, []string{"c1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, p := range play.Distinct(tc.games) {
				got = append(got, p.Table.GameID)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Distinct kept %v, want %v", got, tc.want)
			}
		})
	}
}

// BenchmarkDistinct: a device's history of 200 games of 300 actions each,
// all different (the usual case: one canonical setup per game), and the
// worst case, 200 copies of one game (every pair compared).
func BenchmarkDistinct(b *testing.B) {
	actions := make([]json.RawMessage, 300)
	for i := range actions {
		actions[i] = json.RawMessage(`{"type":"spy-shot","made":true}`)
	}
	for _, bc := range []struct {
		name string
		seed func(i int) int64
	}{{"200-games", func(i int) int64 { return int64(i) }}, {"200-copies", func(int) int64 { return 1 }}} {
		b.Run(bc.name, func(b *testing.B) {
			games := make([]play.PlayerGame, 200)
			for i := range games {
				games[i] = play.PlayerGame{
					Table:   play.Table{Kind: record.SpellsArrows, Seed: bc.seed(i), Setup: json.RawMessage(`{"victory":12,"spy":"Ana","mage":"Ben","options":{}}`), Actions: actions},
					Started: time.Unix(int64(i), 0),
				}
			}
			for b.Loop() {
				play.Distinct(games)
			}
		})
	}
}
