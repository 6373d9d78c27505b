package scribes_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	S "github.com/grimoire-games/grimoire/rules/scribes"
)

// FuzzApply plays a sequence of actions chosen by the fuzzer: mostly legal
// ones picked from Legal, sometimes arbitrary ones that Apply must refuse
// without changing anything. After every step the invariants must hold, and
// at the end replaying the accumulated record must give the same state.
func FuzzApply(f *testing.F) {
	f.Add(int64(1), uint8(0), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(int64(2), uint8(3), []byte{200, 17, 250, 33, 90, 91, 92, 255, 1, 0, 7})
	f.Add(int64(3), uint8(6), []byte("the arcane scribes reserve and scribe telegate"))
	f.Add(int64(-9), uint8(1), make([]byte, 300))
	f.Fuzz(runBody)
}

func runBody(t *testing.T, seed int64, np uint8, steps []byte) {
	if len(steps) > 512 {
		steps = steps[:512] // a whole game is about 300 steps
	}
	n := 2 + int(np%7)
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}[:n]
	setup := S.Setup{Players: names}
	s, err := S.New(setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := S.NewRecord(setup, seed)
	check(t, s, n)
	for i := 0; i+1 < len(steps) && !s.Over(); i += 2 {
		op, arg := steps[i], steps[i+1]
		if op >= 224 {
			// An arbitrary action: if refused, nothing may change.
			r := rand.New(rand.NewPCG(uint64(op), uint64(arg)))
			a := randomAction(r, n)
			before := s.Snapshot()
			n2, err := S.Apply(s, a)
			if err != nil {
				if !sameJSON(before, s.Snapshot()) {
					t.Fatal("a refused action changed the state")
				}
				continue
			}
			if !legalContains(s, a) {
				t.Fatalf("Apply accepted %+v which Legal does not list", a)
			}
			s = n2
			rec, _ = S.AppendAction(rec, a)
		} else {
			acts := S.Legal(s).Actions
			if len(acts) == 0 {
				t.Fatal("a running game offers no action")
			}
			a := acts[int(arg)%len(acts)]
			if s, err = S.Apply(s, a); err != nil {
				t.Fatalf("Legal listed %+v but Apply refused: %v", a, err)
			}
			rec, _ = S.AppendAction(rec, a)
		}
		check(t, s, n)
	}
	raw, _ := json.Marshal(rec)
	parsed, err := record.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	r, err := S.Replay(parsed)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r, s) {
		t.Fatal("replaying the record gives another state")
	}
}

func legalContains(s S.State, a S.Action) bool {
	c := S.Legal(s)
	for _, b := range append(c.Actions, c.End...) {
		if a.Canonical() == b {
			return true
		}
	}
	return false
}

func randomAction(r *rand.Rand, n int) S.Action {
	el := func() S.Element { return S.Element(r.IntN(4)) }
	o := func() [4]int { return [4]int{r.IntN(4), r.IntN(4), r.IntN(3), r.IntN(3)} }
	seat := r.IntN(n+1) - r.IntN(2)
	switch r.IntN(9) {
	case 0:
		return S.Take(seat, el(), el())
	case 1:
		return S.Exchange(seat, el(), el(), r.IntN(5))
	case 2:
		return S.Reserve(seat, r.IntN(7)-1)
	case 3:
		return S.ScribeRow(seat, r.IntN(6), o())
	case 4:
		return S.ScribeReserved(seat, r.IntN(3), o())
	case 5:
		return S.Discard(seat, o())
	case 6:
		return S.FollowElement(seat, el())
	case 7:
		return S.FollowTrade(seat, el(), o())
	default:
		return S.FollowDecline(seat)
	}
}

func check(t *testing.T, s S.State, n int) {
	t.Helper()
	supply := s.Supply()
	all := 0
	for e := range 4 {
		all += supply[e]
		for i := range n {
			all += s.Oinks(i)[e]
		}
	}
	if all != 2*4*n {
		t.Fatalf("oinks not conserved: %d, want %d", all, 8*n)
	}
	c := S.Legal(s)
	for i := range n {
		if sum(s.Oinks(i)) > 5 && !(c.Decision == S.DecideDiscard && c.Seat == i) {
			t.Fatalf("seat %d holds %d oinks outside its discard", i, sum(s.Oinks(i)))
		}
	}
	cards := s.PileSize()
	for i := range 5 {
		if _, ok := s.RowCard(i); ok {
			cards++
		}
	}
	for i := range n {
		cards += len(s.Reserved(i)) + len(s.Scribed(i))
		if len(s.Reserved(i)) > s.ReserveLimit() {
			t.Fatal("reserve above the limit")
		}
	}
	if cards != 40 {
		t.Fatalf("cards not conserved: %d", cards)
	}
	if s.TilesLeft()+s.TilesSpent()+5 != 48 {
		t.Fatal("tiles not conserved")
	}
	if s.Over() != (c.Decision == S.DecideNone) || (!s.Over() && len(c.Actions) == 0) {
		t.Fatal("Legal disagrees with the phase")
	}
}
