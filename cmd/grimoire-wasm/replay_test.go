//go:build !js

package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/replay"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
	"github.com/grimoire-games/grimoire/views"
)

// TestReplayOnThePhoneIsTheServers: the replay body the phone's module
// draws with no network (replayHTML, from the record the device's game page
// embedded) is byte for byte the body of the server's /g/ID/replay for that
// device, for every kind, at the start, along the way and at the end of a
// finished game, for each seat on a phone of its own, the host who holds no
// seat, and the scorekeeper of a shared phone: hidden information follows
// the viewer exactly as on the server.
func TestReplayOnThePhoneIsTheServers(t *testing.T) {
	ctx := t.Context()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "replay.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	kinds := games()
	s := session.New(st, kinds, nil)

	for _, k := range kinds {
		rh, ok := k.(play.Rehearser)
		if !ok {
			t.Fatalf("%s has no rehearsal to play", k.Info().ID)
		}
		for _, phones := range []bool{true, false} {
			id := fmt.Sprintf("%s-phones-%v", k.Info().ID, phones)
			t.Run(id, func(t *testing.T) {
				form := rh.RehearsalForms([]string{"Ann", "Ben", "Cy", "Di"})[0]
				ng, err := k.StartOffline(form, 7)
				if err != nil {
					t.Fatal(err)
				}
				// The seat rows: the bots, and each person on a phone of
				// their own, or no person row for a shared phone.
				var seats []store.Seat
				people := map[int]bool{}
				if phones {
					for _, i := range rh.RehearsalPeople(ng) {
						people[i] = true
					}
				}
				for _, seat := range ng.Seats {
					row := store.Seat{GameID: id, Index: seat.Index, Name: seat.Name, Token: id + "-" + strconv.Itoa(seat.Index)}
					switch {
					case seat.Bot != "":
						row.Holder = session.BotHolder + seat.Bot
					case people[seat.Index]:
						row.Holder = "dev" + strconv.Itoa(seat.Index)
					default:
						continue
					}
					seats = append(seats, row)
				}
				for i := range people {
					if !hasSeat(seats, i) {
						seats = append(seats, store.Seat{GameID: id, Index: i, Name: "P" + strconv.Itoa(i), Token: id + "-" + strconv.Itoa(i), Holder: "dev" + strconv.Itoa(i)})
					}
				}
				// A game played to its end by random legal moves.
				tb := play.Table{Kind: k.Info().ID, GameID: id, Setup: ng.Setup, Seed: ng.Seed, Viewer: play.Scorekeeper}
				r := rand.New(rand.NewPCG(3, 4))
				var log []store.Entry
				for len(log) < 5000 {
					a, err := rh.RandomMove(tb, r)
					if err != nil {
						t.Fatal(err)
					}
					if a == nil {
						break
					}
					tb.Actions = append(tb.Actions, a)
					log = append(log, store.Entry{Seq: len(log) + 1, Kind: store.KindAction, Action: a, Seat: play.Scorekeeper, ClientID: "c" + strconv.Itoa(len(log))})
				}
				title, err := k.Title(ng.Setup)
				if err != nil {
					t.Fatal(err)
				}
				g := store.Game{ID: id, SpectatorToken: "watch-" + id, Kind: k.Info().ID, Title: title, Owner: "host", Seed: ng.Seed, Setup: ng.Setup, Version: len(log)}
				if err := st.CreateGameWithLog(ctx, g, seats, log); err != nil {
					t.Fatal(err)
				}
				g, _, log, err = s.Load(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				total := len(store.InForce(log))
				if _, over, err := k.Status(tb); err != nil || !over {
					t.Fatalf("the random game is not over after %d actions (%v)", total, err)
				}

				// Every device that opens /g/ID/replay: the host, and each
				// person's phone. Each is the viewer the server picks for it.
				devices := []string{"host"}
				for _, row := range seats {
					if strings.HasPrefix(row.Holder, "dev") {
						devices = append(devices, row.Holder)
					}
				}
				drawn := map[string]bool{} // bodies, to see the viewers differ
				for _, dev := range devices {
					seat, ok := session.SeatOf(g, seats, dev)
					if !ok {
						t.Fatalf("%s holds no seat", dev)
					}
					v := session.Viewer{Seat: seat, Owner: g.Owner == dev, CSRF: "csrf", Seats: seats} // one token: the boards alone tell the devices apart
					// The record as the device's game page embeds it (the
					// module draws for any viewer; the page decides who
					// may hold one).
					rec, err := s.Table(g, v, log).JSON()
					if err != nil {
						t.Fatal(err)
					}
					for _, n := range []int{0, 1, total / 3, total / 2, total - 1, total} {
						raw := strconv.Itoa(n)
						server := serverBody(t, s, k, g, v, log, raw)
						phone, at, all, err := replayHTML(kinds, rec, raw, v.CSRF)
						if err != nil {
							t.Fatalf("%s at %d: %v", dev, n, err)
						}
						if phone != server {
							t.Fatalf("%s (seat %d) at %d: the phone draws\n%s\nthe server\n%s", dev, seat, n, phone, server)
						}
						if at != n || all != total {
							t.Fatalf("%s at %d: the module says moment %d of %d, want %d of %d", dev, n, at, all, n, total)
						}
						if n == total/2 {
							// From the board on: data-seat alone differs.
							drawn[phone[strings.Index(phone, `id="replay-board"`):]] = true
						}
					}
					// Now, when no ?at= is given.
					if phone, _, _, err := replayHTML(kinds, rec, "", v.CSRF); err != nil || phone != serverBody(t, s, k, g, v, log, "") {
						t.Fatalf("%s now: the phone's body differs from the server's (%v)", dev, err)
					}
				}
				// Mid-game, the seats of a game with hidden information see
				// different boards (Spells & Arrows hides nothing).
				t.Logf("%d actions, %d devices, %d different boards mid-game", total, len(devices), len(drawn))
				if len(devices) > 2 && k.Info().ID != "spells-arrows" && len(drawn) < 2 {
					t.Error("every device drew the same moment: the test does not see the viewers")
				}
			})
		}
	}
}

// serverBody is the replay body the server's replay page holds for viewer
// v at raw: play/session's moment, drawn as handlers/replay_show.go draws
// it for /g/ID/replay.
func serverBody(t *testing.T, s *session.Session, k play.Kind, g store.Game, v session.Viewer, log []store.Entry, raw string) string {
	t.Helper()
	m, err := s.Replay(k, g, v, log, raw)
	if err != nil {
		t.Fatal(err)
	}
	back := "/g/" + g.ID
	r, err := replay.View(t.Context(), k, m, replay.Links{Base: back + "/replay", Back: back, Fork: back + "/fork", CSRF: v.CSRF})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := views.ReplayBody(r).Render(t.Context(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func hasSeat(rows []store.Seat, i int) bool {
	for _, r := range rows {
		if r.Index == i {
			return true
		}
	}
	return false
}

// TestReplayOnThePhoneRefusesInWords: what the phone cannot draw safely it
// says in a sentence, and draws nothing.
func TestReplayOnThePhoneRefusesInWords(t *testing.T) {
	kinds := games()
	rec := func(kind string, seat int) string {
		tb := play.Table{Kind: kind, GameID: "g", Title: "T", Setup: []byte(`{}`), Viewer: seat}
		k, ok := play.Find(kinds, kind)
		if ok {
			rh := k.(play.Rehearser)
			ng, err := k.StartOffline(rh.RehearsalForms([]string{"Ann", "Ben", "Cy", "Di"})[0], 1)
			if err != nil {
				t.Fatal(err)
			}
			tb.Setup = ng.Setup
		}
		js, err := tb.JSON()
		if err != nil {
			t.Fatal(err)
		}
		return js
	}
	for _, tc := range []struct {
		name, record, at string
		is               error
		words            string
	}{
		{"a seat the game does not have", rec("mages-tower", 5), "", replay.ErrViewerUnknown, ""},
		{"a seat below the scorekeeper", rec("arcane-scribes", -3), "", replay.ErrViewerUnknown, ""},
		{"a moment that is not a number", rec("mages-tower", 0), "two", nil, `"two" is not a moment of this game`},
		{"a game this module does not have", rec("chess", -1), "", nil, `cannot draw "chess" games`},
		{"a record that does not read", `{"kind":`, "", nil, "could not be read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html, _, _, err := replayHTML(kinds, tc.record, tc.at, "tok")
			if err == nil || html != "" {
				t.Fatalf("drawn: %q, %v", html, err)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("error %v, want %v", err, tc.is)
			}
			if !strings.Contains(err.Error(), tc.words) {
				t.Fatalf("error %q lacks %q", err, tc.words)
			}
			if s := sentence(err.Error()); (s[0] < 'A' || s[0] > 'Z') && s[0] != '"' {
				t.Fatalf("not a sentence: %q", s)
			}
		})
	}
}
