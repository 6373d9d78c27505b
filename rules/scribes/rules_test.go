package scribes_test

import (
	"slices"
	"testing"

	S "github.com/grimoire-games/grimoire/rules/scribes"
)

// Default single-element tiles used to keep follow-ups automatic.
var quiet = []string{"T-ASHW-1", "T-ASHW-2", "T-ASHW-3", "T-ASHW-4", "T-ASHW-5", "T-TIDE-1", "T-TIDE-2", "T-TIDE-3"}

func TestSetup(t *testing.T) {
	t.Run("the supply holds 2 oinks of each element per player and players start with none", func(t *testing.T) {
		for n := 2; n <= 8; n++ {
			s := table(t, n, nil, nil)
			if s.Supply() != oinks(2*n, 2*n, 2*n, 2*n) {
				t.Fatalf("%d players: supply %v", n, s.Supply())
			}
			for i := range n {
				if s.Oinks(i) != [4]int{} {
					t.Fatal("a player starts with oinks")
				}
			}
		}
	})
	t.Run("five tiles each carry a card and the rest of the deck is the pile", func(t *testing.T) {
		s := table(t, 3, []string{"TIDE-8"}, nil)
		if c, _ := s.RowCard(0); c.Name != "Telegate" || c.Value != 8 {
			t.Fatalf("slot 0 holds %+v", c)
		}
		if s.PileSize() != 35 {
			t.Fatalf("pile %d", s.PileSize())
		}
	})
	t.Run("the seeded draw is shown and the highest card starts, ties drawing again", func(t *testing.T) {
		for seed := int64(0); seed < 200; seed++ {
			s, err := S.New(S.Setup{Players: []string{"a", "b", "c", "d", "e", "f", "g", "h"}}, seed)
			if err != nil {
				t.Fatal(err)
			}
			snap := s.Snapshot()
			last := snap.Draw[len(snap.Draw)-1]
			best := slices.MaxFunc(last, func(a, b S.DrawView) int { return a.Card.Value - b.Card.Value })
			if best.Seat != s.Active() || snap.First != s.Active() {
				t.Fatalf("seed %d: %+v starts %d", seed, last, s.Active())
			}
			for i, round := range snap.Draw[1:] {
				if len(round) > len(snap.Draw[i]) || len(snap.Draw[i]) < 2 {
					t.Fatalf("seed %d: a later round has as many contenders", seed)
				}
			}
		}
	})
	t.Run("a record can fix the draw", func(t *testing.T) {
		s, err := S.New(S.Setup{Players: []string{"a", "b", "c"}, Draw: [][]string{{"TIDE-8", "ASHW-8", "GALE-2"}, {"ROOT-3", "ROOT-4"}}}, 9)
		if err != nil {
			t.Fatal(err)
		}
		if s.Active() != 1 {
			t.Fatalf("b drew the 4 in the tie-break, but %d starts", s.Active())
		}
		if _, err := S.New(S.Setup{Players: []string{"a", "b"}, Draw: [][]string{{"TIDE-8", "ASHW-8"}}}, 9); err == nil {
			t.Fatal("an unresolved draw was accepted")
		}
	})
	t.Run("the same seed gives the same game", func(t *testing.T) {
		a, _ := S.New(S.Setup{Players: []string{"a", "b"}}, 5)
		b, _ := S.New(S.Setup{Players: []string{"a", "b"}}, 5)
		if !sameJSON(a.Snapshot(), b.Snapshot()) {
			t.Fatal("differs")
		}
	})
}

func TestMainActions(t *testing.T) {
	t.Run("take gives two oinks of different elements and passes the turn", func(t *testing.T) {
		s := must(t, table(t, 2, nil, quiet), S.Take(0, A, T))
		if s.Oinks(0) != oinks(1, 1, 0, 0) || s.Active() != 1 || s.Supply() != oinks(3, 3, 4, 4) {
			t.Fatalf("%v %d %v", s.Oinks(0), s.Active(), s.Supply())
		}
	})
	t.Run("what the supply lacks is not given", func(t *testing.T) {
		s := must(t, table(t, 2, nil, quiet), S.Take(0, A, T), S.Take(1, A, T), S.Take(0, A, T), S.Take(1, A, T))
		s = must(t, s, S.Take(0, A, G))
		if s.Oinks(0) != oinks(2, 2, 1, 0) {
			t.Fatalf("%v", s.Oinks(0))
		}
	})
	t.Run("exchange returns one oink for up to three of another element", func(t *testing.T) {
		s := must(t, table(t, 2, nil, quiet), S.Take(0, A, T), S.Take(1, G, R), S.Exchange(0, A, G, 3))
		if s.Oinks(0) != oinks(0, 1, 3, 0) {
			t.Fatalf("%v", s.Oinks(0))
		}
		s = must(t, s, S.Take(1, G, R), S.Exchange(0, T, G, 3)) // supply has no G left
		if s.Oinks(0) != oinks(0, 0, 3, 0) {
			t.Fatalf("%v", s.Oinks(0))
		}
	})
	t.Run("more than 5 oinks: the owner chooses what to discard", func(t *testing.T) {
		s := must(t, table(t, 2, nil, quiet), S.Take(0, A, T), S.Take(1, A, T), S.Take(0, G, R), S.Take(1, G, R), S.Take(0, A, T))
		c := S.Legal(s)
		if c.Decision != S.DecideDiscard || c.Seat != 0 || c.DiscardCount != 1 || len(c.Actions) != 4 {
			t.Fatalf("%+v", c)
		}
		refuse(t, s, S.Take(1, A, G), S.ErrNotYourTurn)
		refuse(t, s, S.Discard(0, oinks(2, 0, 0, 0)), S.ErrIllegal)
		s = must(t, s, S.Discard(0, oinks(0, 0, 1, 0)))
		if s.Oinks(0) != oinks(2, 2, 0, 1) || s.Active() != 1 {
			t.Fatalf("%v", s.Oinks(0))
		}
	})
	t.Run("a discard with only one way is made automatically", func(t *testing.T) {
		s := must(t, table(t, 4, nil, quiet), S.Take(0, A, T), S.Take(1, A, T), S.Take(2, A, T), S.Take(3, A, T),
			S.Exchange(0, A, G, 3), S.Take(1, A, T), S.Take(2, A, T), S.Take(3, A, T), S.Exchange(0, T, G, 3))
		if s.Oinks(0) != oinks(0, 0, 5, 0) || S.Legal(s).Decision != S.DecideMain {
			t.Fatalf("%v %v", s.Oinks(0), S.Legal(s).Decision)
		}
	})
	t.Run("reserve takes a row card, at most 2 with up to 4 players", func(t *testing.T) {
		s := must(t, table(t, 2, nil, quiet), S.Reserve(0, 0), S.Take(1, G, R), S.Reserve(0, 1), S.Exchange(1, A, T, 1))
		if len(s.Reserved(0)) != 2 {
			t.Fatal("not reserved")
		}
		refuse(t, s, S.Reserve(0, 2), S.ErrIllegal)
		if slices.Contains(S.Legal(s).Actions, S.Reserve(0, 2)) {
			t.Fatal("Legal offers a third reserve")
		}
	})
	t.Run("with 5 to 8 players only 1 card may be reserved", func(t *testing.T) {
		s := table(t, 5, nil, quiet)
		s = must(t, s, S.Reserve(0, 0), S.Take(1, A, T), S.Take(2, A, T), S.Take(3, A, T), S.Take(4, A, T))
		refuse(t, s, S.Reserve(0, 1), S.ErrIllegal)
	})
	t.Run("own-element oinks count 2, others 1", func(t *testing.T) {
		// ASHW-5a on slot 0: pay 2 ASHW + 1 TIDE.
		s := must(t, table(t, 2, []string{"ASHW-5a"}, quiet), S.Take(0, A, T), S.Take(1, G, R), S.Take(0, A, T), S.Take(1, G, R))
		refuse(t, s, S.ScribeRow(0, 0, oinks(2, 2, 0, 0)), S.ErrCannotAfford) // 6 for 5: a TIDE is spare
		refuse(t, s, S.ScribeRow(0, 0, oinks(1, 2, 0, 0)), S.ErrCannotAfford) // 4 for 5
		s = must(t, s, S.ScribeRow(0, 0, oinks(2, 1, 0, 0)))
		if got := S.Score(s)[0]; got.Points != 10 || !got.ByElement[A].Doubled {
			t.Fatalf("%+v", got)
		}
	})
	t.Run("five own-element oinks may pay a 9 (one unit over, nothing to leave out)", func(t *testing.T) {
		card := S.Card{ID: "x", Name: "x", Element: T, Value: 9}
		if p := S.Payments(oinks(0, 5, 0, 0), card); len(p) != 1 || p[0] != oinks(0, 5, 0, 0) {
			t.Fatalf("%v", p)
		}
		if p := S.Payments(oinks(1, 5, 0, 0), card); len(p) != 2 || p[0] != oinks(1, 4, 0, 0) {
			t.Fatalf("cheapest first: %v", p)
		}
	})
	t.Run("the cheapest payment is offered first", func(t *testing.T) {
		card := S.Card{ID: "x", Name: "x", Element: T, Value: 4}
		p := S.Payments(oinks(2, 2, 2, 0), card)
		if p[0] != oinks(0, 2, 0, 0) {
			t.Fatalf("%v", p)
		}
		for i := 1; i < len(p); i++ {
			if sum(p[i]) < sum(p[i-1]) {
				t.Fatalf("not sorted: %v", p)
			}
		}
	})
	t.Run("a reserved card is scribed from the reserve without a follow-up", func(t *testing.T) {
		s := must(t, table(t, 2, []string{"ROOT-2"}, quiet), S.Reserve(0, 0), S.Take(1, A, T))
		before := s.Oinks(1)
		s = must(t, s, S.Take(0, R, A), S.Take(1, A, T), S.ScribeReserved(0, 0, oinks(0, 0, 0, 1)))
		if s.Oinks(1) != oinks(before[0]+1, before[1]+1, 0, 0) || len(s.Scribed(0)) != 1 || len(s.Reserved(0)) != 0 {
			t.Fatalf("%v %v", s.Oinks(1), s.Scribed(0))
		}
	})
}

func TestFollowUps(t *testing.T) {
	t.Run("one insignia: every other player gets that oink, then the slot is refilled", func(t *testing.T) {
		s := table(t, 3, []string{"ASHW-2", "ASHW-3", "ASHW-4", "ASHW-5a", "ASHW-5b", "ROOT-9"}, []string{"T-TIDE-1", "T-GALE-1", "T-GALE-2", "T-GALE-3", "T-GALE-4", "T-ROOT-1"})
		s = must(t, s, S.Reserve(0, 0))
		if s.Oinks(1) != oinks(0, 1, 0, 0) || s.Oinks(2) != oinks(0, 1, 0, 0) || s.Oinks(0) != [4]int{} {
			t.Fatal("follow-up not given")
		}
		if c, _ := s.RowCard(0); c.ID != "ROOT-9" || s.RowTile(0).ID != "T-ROOT-1" || s.Active() != 1 {
			t.Fatalf("slot 0 refilled with %v on %v", c.ID, s.RowTile(0).ID)
		}
	})
	t.Run("two of the same insignia: that oink, no choice", func(t *testing.T) {
		s := must(t, table(t, 2, nil, []string{"T-GALE+GALE"}), S.Reserve(0, 0))
		if s.Oinks(1) != oinks(0, 0, 1, 0) {
			t.Fatalf("%v", s.Oinks(1))
		}
	})
	t.Run("two different insignias: each other player chooses, clockwise from the active player's left", func(t *testing.T) {
		s := table(t, 3, nil, []string{"T-GALE-1", "T-ASHW+TIDE-1"})
		s = must(t, s, S.Reserve(0, 0), S.Reserve(1, 1))
		c := S.Legal(s)
		if c.Decision != S.DecideFollow || c.Seat != 2 || !slices.Equal(c.Follow.Waiting, []int{2, 0}) || len(c.Actions) != 2 {
			t.Fatalf("%+v", c)
		}
		refuse(t, s, S.FollowElement(0, A), S.ErrNotYourTurn)
		refuse(t, s, S.FollowElement(2, G), S.ErrIllegal)
		s = must(t, s, S.FollowElement(2, T), S.FollowElement(0, A))
		if s.Oinks(2) != oinks(0, 1, 1, 0) || s.Oinks(0) != oinks(1, 0, 0, 0) || s.Active() != 2 {
			t.Fatalf("%v %v", s.Oinks(2), s.Oinks(0))
		}
	})
	t.Run("arena: one oink of any element", func(t *testing.T) {
		s := must(t, table(t, 2, nil, []string{"T-ARENA-1"}), S.Reserve(0, 0))
		if c := S.Legal(s); c.Decision != S.DecideFollow || len(c.Actions) != 4 {
			t.Fatalf("%+v", c)
		}
		s = must(t, s, S.FollowElement(1, R))
		if s.Oinks(1) != oinks(0, 0, 0, 1) {
			t.Fatal(s.Oinks(1))
		}
	})
	t.Run("three insignias: skipped when the player holds nothing to give back", func(t *testing.T) {
		s := must(t, table(t, 2, nil, []string{"T-ASHW+TIDE+GALE-1"}), S.Reserve(0, 0))
		if S.Legal(s).Decision != S.DecideMain || s.Active() != 1 {
			t.Fatal("asked for nothing")
		}
	})
	t.Run("three insignias: give 1 oink not on the tile for up to 3 of the tile's elements, or decline", func(t *testing.T) {
		s := table(t, 2, nil, []string{"T-GALE-1", "T-ASHW+TIDE+GALE-1"})
		s = must(t, s, S.Reserve(0, 0), S.Take(1, T, R), S.Reserve(0, 1)) // Ben: 1 GALE, 1 TIDE, 1 ROOT
		c := S.Legal(s)
		if c.Decision != S.DecideFollow || c.Actions[0] != S.FollowDecline(1) {
			t.Fatalf("%+v", c)
		}
		refuse(t, s, S.FollowTrade(1, T, oinks(1, 0, 0, 0)), S.ErrIllegal) // TIDE is on the tile
		refuse(t, s, S.FollowTrade(1, R, oinks(2, 2, 0, 0)), S.ErrIllegal) // 4 oinks
		s2 := must(t, s, S.FollowTrade(1, R, oinks(2, 0, 1, 0)))
		if s2.Oinks(1) != oinks(2, 1, 2, 0) {
			t.Fatal(s2.Oinks(1))
		}
		s3 := must(t, s, S.FollowDecline(1))
		if s3.Oinks(1) != oinks(0, 1, 1, 1) {
			t.Fatal(s3.Oinks(1))
		}
	})
	t.Run("a follower over 5 discards before the next follower resolves", func(t *testing.T) {
		s := table(t, 3, nil, []string{"T-ROOT-1", "T-ROOT-2", "T-ROOT-3", "T-ROOT-4", "T-ROOT-5", "T-ARENA-1"})
		s = must(t, s, S.Take(0, A, T), S.Take(1, A, T), S.Take(2, A, T), S.Take(0, G, R), S.Take(1, G, R), S.Take(2, G, R))
		s = must(t, s, S.Take(0, A, T)) // Mia 6: discard
		s = must(t, s, S.Discard(0, oinks(1, 0, 0, 0)))
		s = must(t, s, S.Take(1, A, G), S.Discard(1, oinks(0, 0, 0, 1)))
		s = must(t, s, S.Reserve(2, 0)) // ROOT to Mia (6) and Ben (6)
		if c := S.Legal(s); c.Decision != S.DecideDiscard || c.Seat != 0 {
			t.Fatalf("%+v", c)
		}
		s = must(t, s, S.Discard(0, oinks(1, 0, 0, 0)))
		if c := S.Legal(s); c.Decision != S.DecideDiscard || c.Seat != 1 {
			t.Fatalf("%+v", c)
		}
	})
}

func TestEndAndScore(t *testing.T) {
	for seed := int64(0); seed < 40; seed++ {
		n := 2 + int(seed%7)
		bots := make([]S.Bot, n)
		names := make([]string, n)
		for i := range bots {
			bots[i], names[i] = S.GreedyBot{}, string(rune('a'+i))
		}
		s, _, err := S.PlayGame(S.Setup{Players: names}, seed, bots, 20000)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("the game ends when fewer cards remain in the pile than players", func(t *testing.T) {
			if !s.Over() || s.PileSize() >= n || s.PileSize() < n-1 {
				t.Fatalf("over %v pile %d players %d", s.Over(), s.PileSize(), n)
			}
			if _, err := S.Apply(s, S.Take(s.Active(), A, T)); err == nil {
				t.Fatal("played after the end")
			}
		})
		t.Run("an element doubles only for the player with strictly the most cards of it", func(t *testing.T) {
			sc := S.Score(s)
			for i, ps := range sc {
				sum := 0
				for e := range 4 {
					es := ps.ByElement[e]
					most := es.Cards > 0
					for j := range sc {
						if j != i && sc[j].ByElement[e].Cards >= es.Cards {
							most = false
						}
					}
					want := es.Face
					if most {
						want *= 2
					}
					if es.Doubled != most || es.Points != want {
						t.Fatalf("seat %d element %d: %+v", i, e, es)
					}
					sum += es.Points
				}
				if sum != ps.Points {
					t.Fatal("points do not add up")
				}
			}
		})
		t.Run("ties go to more elements, then more oinks, then are shared", func(t *testing.T) {
			sc := S.Score(s)
			w := S.Winners(s)
			key := func(p S.PlayerScore) [3]int { return [3]int{p.Points, p.Elements, p.Oinks} }
			top := key(sc[w[0]])
			for _, p := range sc {
				k := key(p)
				if slices.Compare(k[:], top[:]) > 0 {
					t.Fatal("a better player did not win")
				}
				if (k == top) != slices.Contains(w, p.Seat) {
					t.Fatal("an equal player is not a winner")
				}
			}
		})
	}
	t.Run("reserved cards score nothing", func(t *testing.T) {
		s := must(t, table(t, 2, nil, quiet), S.Reserve(0, 0))
		if S.Score(s)[0].Points != 0 {
			t.Fatal("reserve scored")
		}
	})
}

func TestHiddenReserve(t *testing.T) {
	s := must(t, table(t, 3, []string{"TIDE-8"}, quiet), S.Reserve(0, 0))
	if v := s.View(0); len(v.Players[0].Reserved) != 1 || v.Players[0].Reserved[0].Name != "Telegate" {
		t.Fatal("the owner cannot see the reserve")
	}
	for _, seat := range []int{1, 2, -1} {
		v := s.View(seat)
		if v.Players[0].Reserved != nil || v.Players[0].ReservedCount != 1 {
			t.Fatalf("seat %d sees %+v", seat, v.Players[0])
		}
	}
	if len(s.Snapshot().Players[0].Reserved) != 1 {
		t.Fatal("the full snapshot hides the reserve")
	}
}

func TestDescribe(t *testing.T) {
	s := table(t, 2, []string{"TIDE-8"}, quiet)
	s = must(t, s, S.Take(0, T, R), S.Take(1, A, G), S.Take(0, T, R), S.Take(1, A, G), S.Exchange(0, R, T, 2), S.Exchange(1, A, G, 1))
	// Mia: TIDE 4, ROOT 1 -> Telegate costs 8: 3 TIDE + 2 others, or 4 TIDE.
	a := S.ScribeRow(0, 0, oinks(0, 4, 0, 0))
	n := must(t, s, a)
	if got := S.Describe(s, a, n).String(); got != "Mia scribed Telegate (Tide 8) paying 4 Tide; Ben +1 Ash" {
		t.Fatal(got)
	}
}

func sum(o [4]int) int { return o[0] + o[1] + o[2] + o[3] }
