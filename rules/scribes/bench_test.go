package scribes_test

import (
	"os"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	S "github.com/grimoire-games/grimoire/rules/scribes"
)

func BenchmarkApply(b *testing.B) {
	s := table(b, 4, nil, nil)
	a := S.Take(0, A, T)
	for b.Loop() {
		if _, err := S.Apply(s, a); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLegal(b *testing.B) {
	s := table(b, 4, nil, nil)
	s = must(b, s, S.Take(0, A, T), S.Take(1, A, T), S.Take(2, G, R), S.Take(3, G, R), S.Take(0, G, R))
	for b.Loop() {
		S.Legal(s)
	}
}

func BenchmarkReplay(b *testing.B) {
	data, err := os.ReadFile("testdata/three-mixed.record.json")
	if err != nil {
		b.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := S.Replay(rec); err != nil {
			b.Fatal(err)
		}
	}
}

func benchGame(b *testing.B, bots []S.Bot) {
	names := []string{"a", "b", "c", "d"}[:len(bots)]
	seed := int64(0)
	for b.Loop() {
		seed++
		if _, _, err := S.PlayGame(S.Setup{Players: names}, seed, bots, 20000); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkGameGreedy2(b *testing.B) { benchGame(b, []S.Bot{S.GreedyBot{}, S.GreedyBot{}}) }
func BenchmarkGameGreedy4(b *testing.B) {
	benchGame(b, []S.Bot{S.GreedyBot{}, S.GreedyBot{}, S.GreedyBot{}, S.GreedyBot{}})
}
func BenchmarkGameRandom2(b *testing.B) { benchGame(b, []S.Bot{S.RandomBot{}, S.RandomBot{}}) }

func TestGreedyBeatsRandom(t *testing.T) {
	wins := 0
	const games = 200
	for seed := int64(0); seed < games; seed++ {
		bots := []S.Bot{S.GreedyBot{}, S.RandomBot{}}
		g := 0
		if seed%2 == 1 {
			bots[0], bots[1], g = bots[1], bots[0], 1
		}
		s, _, err := S.PlayGame(S.Setup{Players: []string{"a", "b"}}, seed, bots, 20000)
		if err != nil || !s.Over() {
			t.Fatal(err)
		}
		for _, w := range S.Winners(s) {
			if w == g {
				wins++
			}
		}
	}
	if wins < games*9/10 {
		t.Fatalf("greedy won %d of %d", wins, games)
	}
	t.Logf("greedy won %d of %d against random", wins, games)
}
