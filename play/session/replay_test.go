package session_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/replay"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
	"github.com/grimoire-games/grimoire/views/offline"
)

// rehearsed is a game of kind k from its first rehearsal form, played by
// random legal moves (seeded, so the same every run) for at most max
// actions, stored in a fake store as game "r" with every person on a phone
// of their own (device "dev<seat>").
type rehearsed struct {
	s     *session.Session
	k     play.Kind
	g     store.Game
	log   []store.Entry
	seats []store.Seat
}

func rehearse(t *testing.T, k play.Kind, form, max int) rehearsed {
	t.Helper()
	rh := k.(play.Rehearser)
	f := rh.RehearsalForms([]string{"Ann", "Ben", "Cy", "Di"})[form]
	ng, err := k.StartOffline(f, 7)
	if err != nil {
		t.Fatal(err)
	}
	var seats []store.Seat
	for _, s := range ng.Seats {
		if s.Bot != "" {
			seats = append(seats, store.Seat{GameID: "r", Index: s.Index, Name: s.Name, Holder: session.BotHolder + s.Bot})
		}
	}
	for _, i := range rh.RehearsalPeople(ng) {
		seats = append(seats, store.Seat{GameID: "r", Index: i, Name: "P" + strconv.Itoa(i), Token: "t" + strconv.Itoa(i), Holder: "dev" + strconv.Itoa(i)})
	}
	g := store.Game{ID: "r", Kind: k.Info().ID, Title: "Rehearsal", Owner: "host", Setup: ng.Setup, Seed: ng.Seed, SpectatorToken: "watch-r"}
	tb := play.Table{Kind: g.Kind, GameID: g.ID, Setup: g.Setup, Seed: g.Seed, Viewer: play.Scorekeeper}
	r := rand.New(rand.NewPCG(1, 2))
	var log []store.Entry
	for len(log) < max {
		a, err := rh.RandomMove(tb, r)
		if err != nil {
			t.Fatal(err)
		}
		if a == nil {
			break
		}
		tb.Actions = append(tb.Actions, a)
		log = append(log, store.Entry{Kind: store.KindAction, Action: a, Seat: play.Scorekeeper, ClientID: "c" + strconv.Itoa(len(log))})
	}
	fs := newFakeStore()
	fs.add(g, log)
	s := session.New(fs, []play.Kind{k}, quiet())
	g, _, log, err = s.Load(context.Background(), "r")
	if err != nil {
		t.Fatal(err)
	}
	return rehearsed{s: s, k: k, g: g, log: log, seats: seats}
}

// viewer is a device's viewer of the rehearsed game: a seat it holds, or
// a spectator (seat < -1).
func (r rehearsed) viewer(seat int) session.Viewer {
	if seat < play.Scorekeeper {
		return session.Viewer{Seat: play.Scorekeeper, Watch: true, Seats: r.seats}
	}
	return session.Viewer{Seat: seat, CSRF: "token", Seats: r.seats}
}

func (r rehearsed) at(t *testing.T, seat, n int) replay.Moment {
	t.Helper()
	m, err := r.s.Replay(r.k, r.g, r.viewer(seat), r.log, strconv.Itoa(n))
	if err != nil {
		t.Fatalf("replay at %d for seat %d: %v", n, seat, err)
	}
	return m
}

func html(t *testing.T, frags []views.Fragment) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range frags {
		var b strings.Builder
		if err := f.Component.Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		out[f.ID] = b.String()
	}
	return out
}

func all(m map[string]string) string {
	var b strings.Builder
	for _, h := range m {
		b.WriteString(h)
	}
	return b.String()
}

// TestReplayAtEveryMoment: the replay at every N draws the game exactly as
// a table of only its first N actions, replayed cold, draws it (the same
// board and status, for the same viewer), every kind, seats and
// spectators; a kept state at N is the cold replay's.
func TestReplayAtEveryMoment(t *testing.T) {
	for _, tc := range []struct {
		name  string
		k     play.Kind
		form  int
		max   int
		seats []int // -2 is a spectator
	}{
		{"spells-arrows", spellsarrows.Kind{}, 0, 120, []int{play.Scorekeeper, -2}},
		{"mages-tower", tower.Kind{}, 0, 80, []int{0, 1, -2}},
		{"arcane-scribes", scribes.Kind{}, 0, 60, []int{0, 1, -2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rehearse(t, tc.k, tc.form, tc.max)
			total := len(r.log)
			if total < 10 {
				t.Fatalf("the rehearsed game has only %d actions", total)
			}
			actions := store.Actions(r.log)
			for _, seat := range tc.seats {
				for n := 0; n <= total; n++ {
					m := r.at(t, seat, n)
					if m.At != n || m.Total != total || len(m.Table.Actions) != n || !m.Table.Watch || m.Table.CSRF != "" {
						t.Fatalf("seat %d at %d: moment %d of %d, %d actions, watch %v", seat, n, m.At, m.Total, len(m.Table.Actions), m.Table.Watch)
					}
					cold := play.Table{
						Kind: r.g.Kind, GameID: r.g.ID, Title: r.g.Title, SpectatorToken: r.g.SpectatorToken,
						Setup: r.g.Setup, Seed: r.g.Seed, Actions: append([]json.RawMessage(nil), actions[:n]...),
						ActionSeats: make([]int, n), Version: n, Viewer: max(seat, play.Scorekeeper), Watch: true,
						Seats: session.PlaySeats(r.seats, false),
					}
					for i := range cold.ActionSeats {
						cold.ActionSeats[i] = play.Scorekeeper
					}
					frags, err := r.k.Fragments(cold, nil)
					if err != nil {
						t.Fatal(err)
					}
					want := html(t, frags)
					delete(want, offline.ElementID)
					delete(want, views.AnnounceID)
					got := html(t, m.Fragments)
					if len(got) != len(want) {
						t.Fatalf("seat %d at %d: %d fragments, want %d", seat, n, len(got), len(want))
					}
					for id, h := range want {
						if got[id] != h {
							t.Fatalf("seat %d at %d: fragment %s differs from the cold replay's\n got: %.400s\nwant: %.400s", seat, n, id, got[id], h)
						}
					}
					line, _, err := r.k.Status(cold)
					if err != nil || line != m.Status {
						t.Fatalf("seat %d at %d: status %q, want %q (%v)", seat, n, m.Status, line, err)
					}
					if sp, ok := r.k.(play.Stepper); ok && n%10 == 0 {
						a, err1 := sp.Start(m.Table)
						b, err2 := sp.Start(cold)
						same, _ := a.(interface{ Same(play.State) bool })
						if err1 != nil || err2 != nil || same == nil || !same.Same(b) {
							t.Fatalf("seat %d at %d: the state differs from the cold replay's (%v, %v)", seat, n, err1, err2)
						}
					}
					if len(m.Lines) != total {
						t.Fatalf("seat %d at %d: %d log lines, want %d", seat, n, len(m.Lines), total)
					}
				}
			}
			// The marks point inside the game, in order, and there are some.
			m := r.at(t, -2, total)
			if len(m.Marks) == 0 {
				t.Fatalf("no marks in %d actions", total)
			}
			for i, mk := range m.Marks {
				if mk.At < 1 || mk.At > total || (i > 0 && mk.At < m.Marks[i-1].At) || mk.Label == "" {
					t.Fatalf("mark %d: %+v", i, mk)
				}
			}
		})
	}
}

// faceHidden is a coin's label in the Mage's eyes.
func faceHidden(id string) *regexp.Regexp {
	return regexp.MustCompile(`aria-label="` + regexp.QuoteMeta(id) + `, [^"]*face hidden`)
}

// TestReplayHidesWhatTheViewerMayNotSee: a Mage's Tower replay for the
// Mage's phone (and a spectator's) mid-game never carries the camp's faces
// nor the record, while the General's shows them; a Scribes seat sees its
// own reserved cards and never another's.
func TestReplayHidesWhatTheViewerMayNotSee(t *testing.T) {
	t.Run("mages-tower", func(t *testing.T) {
		r := rehearse(t, tower.Kind{}, 0, 80)
		actions := store.Actions(r.log)
		checked := 0
		for n := 0; n <= len(actions); n++ {
			st, err := tw.Replay(record.Record{Game: r.g.Kind, Version: record.FormatVersion, Seed: r.g.Seed, Setup: r.g.Setup, Actions: actions[:n]})
			if err != nil {
				t.Fatal(err)
			}
			sn := st.Snapshot()
			if sn.Over || len(sn.Camp) == 0 {
				continue
			}
			mage, spectator, general := all(html(t, r.at(t, 1, n).Fragments)), all(html(t, r.at(t, -2, n).Fragments)), all(html(t, r.at(t, 0, n).Fragments))
			for _, h := range []string{mage, spectator, general} {
				if strings.Contains(h, `"seed"`) || strings.Contains(h, offline.ElementID) {
					t.Fatalf("at %d a replay embeds the record", n)
				}
			}
			for _, id := range sn.Camp {
				if !faceHidden(id).MatchString(mage) || !faceHidden(id).MatchString(spectator) {
					t.Fatalf("at %d the Mage's or the spectator's replay shows the face of camp coin %s", n, id)
				}
				if faceHidden(id).MatchString(general) {
					t.Fatalf("at %d the General's replay hides camp coin %s from the General", n, id)
				}
			}
			checked++
		}
		if checked == 0 {
			t.Fatal("no moment with a camp to check")
		}
	})
	t.Run("arcane-scribes", func(t *testing.T) {
		r := rehearse(t, scribes.Kind{}, 0, 60)
		actions := store.Actions(r.log)
		checked := 0
		for n := 0; n <= len(actions); n++ {
			st, err := sc.Replay(record.Record{Game: r.g.Kind, Version: record.FormatVersion, Seed: r.g.Seed, Setup: r.g.Setup, Actions: actions[:n]})
			if err != nil {
				t.Fatal(err)
			}
			if st.Over() {
				continue
			}
			spectator := all(html(t, r.at(t, -2, n).Fragments))
			for owner := 0; owner < 2; owner++ {
				other := 1 - owner
				own, theirs := all(html(t, r.at(t, owner, n).Fragments)), all(html(t, r.at(t, other, n).Fragments))
				for _, c := range st.Reserved(owner) {
					text := `class="cname">` + c.Name + "<"
					if !strings.Contains(own, text) {
						t.Fatalf("at %d seat %d does not see its own reserved %s", n, owner, text)
					}
					// A card text may also be open on the row: then the
					// spectator sees it too.
					if strings.Contains(theirs, text) && !strings.Contains(spectator, text) {
						t.Fatalf("at %d seat %d sees seat %d's reserved %s", n, other, owner, text)
					}
					checked++
				}
			}
		}
		if checked == 0 {
			t.Fatal("no reserved card to check")
		}
	})
}
