package sqlite

import (
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// TestMemoRaces plays, one step at a time, the interleavings of a read that
// misses with a write to the same game, which the -race hammer in
// memo_test.go can only hope to hit: a fill never puts back a row older
// than a write that settled or is under way, and no answer comes from the
// memo while a write is between its COMMIT and its settling.
func TestMemoRaces(t *testing.T) {
	at := time.UnixMilli(1_700_000_000_000).UTC()
	row := func(v int) store.Game { return store.Game{ID: "g", Version: v, Created: at, Updated: at} }
	seats := []store.Seat{{GameID: "g", Index: 0, Name: "Ana", Token: "t0"}}
	claimed := store.Seat{GameID: "g", Index: 0, Name: "Ana", Token: "t0", Holder: "ana"}
	tests := []struct {
		name string
		// steps run in order on a memo that already keeps row(1) and seats
		// unless empty is set; then the game's answer is checked.
		empty       bool
		steps       func(m *memo)
		wantVersion int // 0: the memo must not answer
		wantHolder  string
		wantSeats   bool
	}{
		{name: "a fill with a ticket from before a settled append is dropped", empty: true,
			steps: func(m *memo) {
				_, _, tk := m.game("g")
				m.begin("g")
				m.appended("g", 1, 2, at)
				m.fillGame(row(1), tk) // read before the COMMIT
			}},
		{name: "a fill during a write is dropped, and so is its ticket after", empty: true,
			steps: func(m *memo) {
				m.begin("g")
				_, _, tk := m.game("g")
				m.fillGame(row(1), tk) // read before the COMMIT, filled before the settling
				_, _, tk = m.game("g")
				m.appended("g", 1, 2, at)
				m.fillGame(row(1), tk) // read before the COMMIT, filled after
			}},
		{name: "a fill with a fresh ticket is kept", empty: true,
			steps: func(m *memo) {
				m.begin("g")
				m.appended("g", 1, 2, at)
				_, _, tk := m.game("g")
				m.fillGame(row(2), tk)
			}, wantVersion: 2},
		{name: "a kept row is not answered between COMMIT and settling",
			steps: func(m *memo) { m.begin("g") }},
		{name: "a settled append moves the kept row",
			steps: func(m *memo) {
				m.begin("g")
				m.appended("g", 1, 3, at.Add(time.Second))
			}, wantVersion: 3, wantSeats: true},
		{name: "an append from a version the row is not at drops it",
			steps: func(m *memo) {
				m.begin("g")
				m.appended("g", 2, 3, at)
			}},
		{name: "two writes under way: the first settling leaves the game busy",
			steps: func(m *memo) {
				m.begin("g")
				m.begin("g")
				m.appended("g", 1, 2, at)
			}},
		{name: "a deletion forgets the game",
			steps: func(m *memo) {
				m.begin("g")
				m.wrote("g")
			}},
		{name: "seats are not answered while a claim is under way",
			steps: func(m *memo) { m.claiming() }, wantVersion: 1},
		{name: "a claim that changed nothing leaves the seats",
			steps: func(m *memo) { m.claiming(); m.claimEnd() }, wantVersion: 1, wantSeats: true},
		{name: "a committed claim updates the seat",
			steps: func(m *memo) { m.claiming(); m.claimed(claimed) }, wantVersion: 1, wantSeats: true, wantHolder: "ana"},
		{name: "a seats fill with a ticket from before a claim is dropped",
			steps: func(m *memo) {
				m.fillGame(store.Game{ID: "h", Version: 1}, m.ticket("h"))
				_, _, tk := m.seats("h")
				m.claiming()
				m.claimed(store.Seat{GameID: "h", Index: 0, Holder: "ben"})
				m.fillSeats("h", []store.Seat{{GameID: "h", Index: 0}}, tk)
				if _, ok, _ := m.seats("h"); ok {
					t.Error("seats read before a claim were kept after it")
				}
			}, wantVersion: 1, wantSeats: true},
		{name: "an unknown-outcome claim forgets everything",
			steps: func(m *memo) { m.claiming(); m.forget() }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newMemo(16, 1<<20)
			if !tc.empty {
				m.fillGame(row(1), m.ticket("g"))
				_, _, tk := m.seats("g")
				m.fillSeats("g", seats, tk)
			}
			tc.steps(m)
			g, ok, _ := m.game("g")
			switch {
			case tc.wantVersion == 0 && ok:
				t.Errorf("the memo answers version %d, want no answer", g.Version)
			case tc.wantVersion != 0 && (!ok || g.Version != tc.wantVersion):
				t.Errorf("the memo answers version %d (%v), want %d", g.Version, ok, tc.wantVersion)
			}
			got, ok, _ := m.seats("g")
			if ok != tc.wantSeats {
				t.Fatalf("seats answered: %v, want %v", ok, tc.wantSeats)
			}
			if ok && got[0].Holder != tc.wantHolder {
				t.Errorf("seat 0 held by %q, want %q", got[0].Holder, tc.wantHolder)
			}
		})
	}
}

// TestMemoUpdated: an append moves Updated only forward, as the bump
// statement's max(updated, ?) does.
func TestMemoUpdated(t *testing.T) {
	at := time.UnixMilli(1_700_000_000_000).UTC()
	for _, tc := range []struct {
		name   string
		latest time.Time
		want   time.Time
	}{
		{"later", at.Add(time.Minute), at.Add(time.Minute)},
		{"earlier", at.Add(-time.Minute), at},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMemo(16, 1<<20)
			m.fillGame(store.Game{ID: "g", Updated: at}, m.ticket("g"))
			m.begin("g")
			m.appended("g", 0, 1, tc.latest)
			if g, _, _ := m.game("g"); !g.Updated.Equal(tc.want) {
				t.Errorf("Updated = %v, want %v", g.Updated, tc.want)
			}
		})
	}
}
