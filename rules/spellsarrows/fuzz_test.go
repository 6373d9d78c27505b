package spellsarrows_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

var fuzzPool = struct {
	types []string
	locs  []string
	spans []string
}{
	types: []string{"spy-shot", "move", "arrow", "leap", "pass", "cast", "spell-shot", "abandon", "target", "bench", "end-half", "dance"},
	locs:  []string{"B", "A", "P", "W3", "E3", "W2", "E2", "W4", "E4", "W5", "E5", "WG", "EG", "G1", "G4", "ZZ", ""},
	spans: []string{"A-B", "B-A", "W4-E4", "A-W3", "E5-EG", "B-P", "x", ""},
}

// arbitrary builds a possibly illegal action from two bytes.
func arbitrary(op, arg byte) sa.Action {
	p := fuzzPool
	a := sa.Action{Type: p.types[int(arg)%len(p.types)], Made: op&1 == 1}
	switch a.Type {
	case "move":
		a.To = p.locs[int(op)%len(p.locs)]
	case "leap":
		if a.Made {
			a.From, a.To = p.spans[int(op>>1)%len(p.spans)], p.spans[int(op>>4)%len(p.spans)]
		}
	case "cast":
		a.Card = int(op>>1) % 20
	case "target":
		if op&2 == 0 {
			a.At = p.locs[int(op>>2)%len(p.locs)]
		} else {
			a.Span = p.spans[int(op>>2)%len(p.spans)]
		}
	case "bench":
		a.Card, a.Cut = int(op>>1)%20, int(op>>5)
	}
	return a
}

func checkInvariants(t *testing.T, s sa.State) {
	t.Helper()
	sn := s.Snapshot()
	if sn.Spy.Health > 6 || sn.Spy.Armour < 0 || sn.Spy.Armour > 2 {
		t.Fatalf("spy out of bounds: %+v", sn.Spy)
	}
	if sn.Spy.Health <= 0 && !(sn.Over && sn.Winner == "mage") {
		t.Fatalf("health %d but not captured", sn.Spy.Health)
	}
	if sn.Mage.Arrows < 0 || sn.Mage.Arrows > 5 || sn.Mage.Leaps < 0 || sn.Mage.Leaps > 5 {
		t.Fatalf("mage out of bounds: %+v", sn.Mage)
	}
	m := s.Map()
	for id, n := range sn.Elves {
		l, ok := m.Location(id)
		limit := 0
		if ok && (l.Kind == "town" || l.Kind == "gate") {
			limit = map[string]int{"arc": 1, "inside": 2}[l.Zone]
		}
		if n > limit {
			t.Fatalf("%d elf cones on %s (limit %d)", n, id, limit)
		}
	}
	spans := map[string]bool{}
	for _, sp := range m.Spans {
		spans[sa.SpanKey(sp[0], sp[1])] = true
	}
	for k, n := range sn.Giants {
		if !spans[k] || n <= 0 {
			t.Fatalf("giant %q with %d cones", k, n)
		}
	}
	if sn.Spy.Engaged != "" && sn.Giants[sn.Spy.Engaged] == 0 {
		t.Fatalf("engaged with a missing giant %s", sn.Spy.Engaged)
	}
	if sn.Spy.Paid > sn.Spy.Toll && sn.Phase != sa.PhaseOver {
		t.Fatalf("paid %d of toll %d", sn.Spy.Paid, sn.Spy.Toll)
	}
	if sn.Misses >= 3 || sn.ShotClock < 0 || sn.ShotClock > 6 {
		t.Fatalf("shot clock %d misses %d", sn.ShotClock, sn.Misses)
	}
	if len(sn.Mage.Court) > 5 {
		t.Fatalf("court %v", sn.Mage.Court)
	}
}

func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("the spy runs for the gate while the mage casts spells"))
	f.Add(make([]byte, 300))
	f.Fuzz(func(t *testing.T, data []byte) {
		setup := defaultSetup()
		if len(data) > 0 {
			setup.Options.SameSpellOnly = data[0]&1 == 1
			setup.Turns = 1 + int(data[0]>>1)%5
		}
		s, err := sa.New(setup, 7)
		if err != nil {
			t.Fatal(err)
		}
		var played []sa.Action
		for i := 0; i+1 < len(data); i += 2 {
			op, arg := data[i], data[i+1]
			var a sa.Action
			legal := op%4 != 0
			if legal {
				a = sa.RandomLegal(s, rand.New(rand.NewPCG(uint64(op), uint64(arg))))
				if a.Type == "" {
					break
				}
			} else {
				a = arbitrary(op, arg)
			}
			before := s.Snapshot()
			n, err := sa.Apply(s, a)
			if !reflect.DeepEqual(before, s.Snapshot()) {
				t.Fatalf("Apply changed its input")
			}
			if err != nil {
				if legal {
					t.Fatalf("a legal action %+v was rejected: %v", a, err)
				}
				if !reflect.DeepEqual(n, s) {
					t.Fatalf("a rejected action changed the state")
				}
				if !errors.Is(err, sa.ErrGameOver) && !errors.Is(err, sa.ErrNotNow) && !errors.Is(err, sa.ErrIllegal) && !errors.Is(err, sa.ErrBadAction) {
					t.Fatalf("error without a sentinel: %v", err)
				}
				continue
			}
			raw, _ := json.Marshal(a)
			back, err := sa.ParseAction(raw)
			if err != nil {
				t.Fatalf("record form %s does not parse: %v", raw, err)
			}
			_ = back
			_ = sa.Describe(s, a, n).String()
			s = n
			played = append(played, a)
			checkInvariants(t, s)
		}
		rec, err := sa.NewRecord(setup, 7, played)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(rec)
		rec, err = record.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		r, err := sa.Replay(rec)
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		if !reflect.DeepEqual(r.Snapshot(), s.Snapshot()) || !reflect.DeepEqual(r, s) {
			t.Fatalf("replaying the record gives a different state")
		}
	})
}

// Check is Apply's verdict without the new state: over random games, every
// arbitrary action (most illegal, some legal) gets the same error from
// both, or nil from both; the zero state too.
func TestCheckIsApplysVerdict(t *testing.T) {
	for _, tc := range []struct {
		name string
		seed uint64
	}{{"game 1", 1}, {"game 2", 2}, {"game 3", 3}, {"game 4", 4}} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(tc.seed, 9))
			s, err := sa.New(defaultSetup(), 1)
			if err != nil {
				t.Fatal(err)
			}
			states := 0
			for ; states < 400; states++ {
				for op := 0; op < 256; op += 7 {
					for arg := 0; arg < 12; arg++ {
						a := arbitrary(byte(op), byte(arg))
						_, applied := sa.Apply(s, a)
						if checked := sa.Check(s, a); !sameError(checked, applied) {
							t.Fatalf("state %d, %+v: Check says %v, Apply %v", states, a, checked, applied)
						}
					}
				}
				if s.Over() {
					break
				}
				a := sa.RandomLegal(s, r)
				if err := sa.Check(s, a); err != nil {
					t.Fatalf("state %d: a legal %+v is refused: %v", states, a, err)
				}
				if s, err = sa.Apply(s, a); err != nil {
					t.Fatal(err)
				}
			}
			// The game ended: Check refuses as Apply does.
			if _, applied := sa.Apply(s, sa.SpyShot(true)); !sameError(sa.Check(s, sa.SpyShot(true)), applied) {
				t.Error("Check and Apply disagree once the game is over")
			}
		})
	}
	var zero sa.State
	if _, applied := sa.Apply(zero, sa.SpyShot(true)); !sameError(sa.Check(zero, sa.SpyShot(true)), applied) {
		t.Error("Check and Apply disagree on the zero state")
	}
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Error() == b.Error() && errors.Is(a, sa.ErrIllegal) == errors.Is(b, sa.ErrIllegal) &&
		errors.Is(a, sa.ErrNotNow) == errors.Is(b, sa.ErrNotNow) && errors.Is(a, sa.ErrGameOver) == errors.Is(b, sa.ErrGameOver)
}
