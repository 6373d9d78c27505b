//go:build !js

// Built without the js tag, this package is the command drawcheck (go build
// ./cmd/grimoire-wasm), which draws a corpus of what the WebAssembly module
// draws (every game's screen fragments for every viewer at every action of seeded random
// games, the screens of GET steps, undo, refused taps, alerts and the
// advisor's fragment) and writes each one, labelled, to stdout. It draws
// through the very code the module calls (play.Kind.Fragments, views.Alert,
// play.Advisor.AdviceOffline), so built once with real templ and once with
// the module's small templ runtime (cmd/grimoire-wasm/templrt, through the
// go.mod gen.go derives) it must print the same bytes:
// cmd/grimoire-wasm's TestLiteTemplDrawsLikeTempl compares the two.
//
// The games are the module's own list (games.go), each drawn through the
// play.Rehearser its Kind implements, so a new game is drawn here with no
// line of its own (a game that does not rehearse is a failure, not a gap).
//
// The output is a sequence of records, "label length\n" then length bytes
// of HTML and "\n"; the last is labelled "total" and counts the others.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views"
)

func main() {
	games := flag.Int("games", 3, "random games per game kind and seating")
	actions := flag.Int("actions", 40, "actions per random game at most")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	d := &drawer{w: w, games: *games, actions: *actions}
	if err := d.all(); err != nil {
		fmt.Fprintln(os.Stderr, "drawcheck:", err)
		os.Exit(1)
	}
	if err := d.emit("total", text(fmt.Sprintf("%d fragments", d.n))); err != nil {
		fmt.Fprintln(os.Stderr, "drawcheck:", err)
		os.Exit(1)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "drawcheck:", err)
		os.Exit(1)
	}
}

// Names with every character HTML escaping touches, and some that it must
// leave alone, so the players' own words test the escaping.
var names = [][]string{
	{`Ana <b>&amp;</b>`, `Ben "the 'quick'"`, `Zoë & Čeněk`, `Mia`},
	{`Lou`, `<script>x</script>`, `O'Neil > 3`, `🎲 Dice`},
}

// game is one game of the list, with what the corpus needs of it: new-game
// forms, who sits on a phone of their own, and random legal moves.
type game struct {
	kind play.Kind
	play.Rehearser
}

// rehearsed are the games of the module's list; every one must rehearse.
func rehearsed() ([]game, error) {
	var out []game
	for _, k := range games() {
		r, ok := k.(play.Rehearser)
		if !ok {
			return nil, fmt.Errorf("%s does not implement play.Rehearser, so its screens cannot be drawn", k.Info().ID)
		}
		out = append(out, game{kind: k, Rehearser: r})
	}
	return out, nil
}

type drawer struct {
	w       io.Writer
	games   int
	actions int
	n       int
	played  map[string][]play.PlayerGame // finished and unfinished games, for the advisor
}

func (d *drawer) all() error {
	d.played = map[string][]play.PlayerGame{}
	if err := d.probes(); err != nil {
		return err
	}
	gs, err := rehearsed()
	if err != nil {
		return err
	}
	for _, g := range gs {
		id := g.kind.Info().ID
		for ni, ns := range names {
			for si, fields := range g.RehearsalForms(ns) {
				for gi := range d.games {
					seed := int64(1000*ni + 100*si + gi + 1)
					if err := d.game(g, fields, seed, fmt.Sprintf("%s/n%d/s%d/g%d", id, ni, si, gi)); err != nil {
						return err
					}
				}
			}
		}
		if a, ok := g.kind.(play.Advisor); ok {
			if err := d.advice(id, a, g.RehearsalAdvice()); err != nil {
				return err
			}
		}
		if r, ok := g.kind.(play.Ranked); ok {
			if err := d.league(g.kind, r); err != nil {
				return err
			}
		}
	}
	for _, msg := range []struct {
		text  string
		isErr bool
	}{{"", false}, {"Saved.", false}, {`Not allowed: <it's> "bad" & wrong`, true}} {
		if err := d.emit(fmt.Sprintf("alert/%q/%v", msg.text, msg.isErr), views.Alert(msg.text, msg.isErr)); err != nil {
			return err
		}
	}
	return nil
}

// seating is one way a game is seated and looked at.
type seating struct {
	label  string
	seats  []play.Seat
	viewer int
	watch  bool
}

func (d *drawer) game(g game, fields url.Values, seed int64, label string) error {
	ng, err := g.kind.StartOffline(fields, seed)
	if err != nil {
		return fmt.Errorf("%s: start: %w", label, err)
	}
	title, err := g.kind.Title(ng.Setup)
	if err != nil {
		return fmt.Errorf("%s: title: %w", label, err)
	}
	base := play.Table{Kind: g.kind.Info().ID, GameID: fmt.Sprintf("g%d", seed), Title: title, Setup: ng.Setup, Seed: seed,
		SpectatorToken: "spec<&>" + fmt.Sprint(seed), CSRF: `tok"en&`, Owner: true, Viewer: play.Scorekeeper, Seats: ng.Seats}
	seatings := []seating{{label: "phone", seats: ng.Seats, viewer: play.Scorekeeper}}
	if people := g.RehearsalPeople(ng); len(people) > 0 {
		phones := slices.Clone(ng.Seats)
		for _, i := range people {
			phones = append(phones, play.Seat{Index: i, Name: fmt.Sprint("person ", i), Joined: i%2 == 0, Join: fmt.Sprintf("/join/t%d&x=<%d>", i, i)})
		}
		slices.SortFunc(phones, func(a, b play.Seat) int { return a.Index - b.Index })
		for _, i := range people {
			seatings = append(seatings, seating{label: fmt.Sprint("seat", i), seats: phones, viewer: i})
		}
		seatings = append(seatings, seating{label: "watch", seats: phones, viewer: play.Scorekeeper, watch: true})
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	t := base
	for step := 0; step <= d.actions; step++ {
		for _, s := range seatings {
			v := t
			v.Seats, v.Viewer, v.Watch = s.seats, s.viewer, s.watch
			v.Owner = s.viewer == play.Scorekeeper && !s.watch
			for _, offline := range []bool{true, false} {
				v.Offline = offline
				if err := d.screen(g.kind, v, fmt.Sprintf("%s/a%d/%s/off=%v", label, step, s.label, offline)); err != nil {
					return err
				}
			}
		}
		// Now and then the undo, as the module applies it, and a tap the
		// rules refuse: each screen with its alert.
		if step%7 == 3 {
			if err := d.undo(g.kind, t, fmt.Sprintf("%s/a%d/undo", label, step)); err != nil {
				return err
			}
		}
		if step%11 == 5 {
			if err := d.refused(g.kind, t, fmt.Sprintf("%s/a%d/refused", label, step)); err != nil {
				return err
			}
		}
		a, err := g.RandomMove(t, r)
		if err != nil {
			return fmt.Errorf("%s: move %d: %w", label, step, err)
		}
		if a == nil {
			break
		}
		n := len(t.Actions)
		t.Actions = append(t.Actions[:n:n], a)
		t.ActionSeats = append(t.ActionSeats[:n:n], play.Scorekeeper)
		t.Version++
	}
	d.played[base.Kind] = append(d.played[base.Kind], play.PlayerGame{Table: t, Started: time.UnixMilli(seed * 1000).UTC(), URL: "/g/" + t.GameID})
	return nil
}

// hxGet finds the GET steps a screen links to.
var hxGet = regexp.MustCompile(`hx-get="[^"?]*\?([^"]*)"`)

// screen draws a table's fragments, then the screens of the first few GET
// steps they link to (selections, the privacy screen tapped away).
func (d *drawer) screen(k play.Kind, t play.Table, label string) error {
	html, err := d.fragments(k, t, nil, label)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, m := range hxGet.FindAllStringSubmatch(html, -1) {
		raw := strings.ReplaceAll(m[1], "&amp;", "&")
		if seen[raw] || len(seen) == 4 {
			continue
		}
		seen[raw] = true
		q, err := url.ParseQuery(raw)
		if err != nil {
			return fmt.Errorf("%s: step %q: %w", label, raw, err)
		}
		if _, err := d.fragments(k, t, q, label+"?"+raw); err != nil {
			return err
		}
	}
	return nil
}

// fragments draws and emits one screen; it returns the screen's HTML.
func (d *drawer) fragments(k play.Kind, t play.Table, q url.Values, label string) (string, error) {
	frags, err := k.Fragments(t, q)
	if err != nil {
		return "", fmt.Errorf("%s: fragments: %w", label, err)
	}
	var all strings.Builder
	for _, f := range frags {
		html, err := d.draw(label+"#"+f.ID, f.Component)
		if err != nil {
			return "", err
		}
		all.WriteString(html)
	}
	return all.String(), nil
}

func (d *drawer) undo(k play.Kind, t play.Table, label string) error {
	next, _, err := play.TakeBack(k, t)
	if err != nil {
		return d.emit(label+"/alert", views.Alert("Not allowed: "+err.Error(), true))
	}
	return d.screen(k, next, label)
}

func (d *drawer) refused(k play.Kind, t play.Table, label string) error {
	_, _, err := play.Act(k, t, url.Values{"action": {`{"type":"no-such-move","seat":0}`}, "coin": {"Z9"}})
	if err == nil {
		return fmt.Errorf("%s: a made-up tap was accepted", label)
	}
	return d.emit(label, views.Alert("Not allowed: "+err.Error(), true))
}

// advice draws the advisor's fragment for a few forms over the corpus's
// games, with one round of simulation (more is false at once).
func (d *drawer) advice(id string, a play.Advisor, queries []string) error {
	games := d.played[id]
	slices.SortStableFunc(games, func(a, b play.PlayerGame) int { return b.Started.Compare(a.Started) })
	for _, raw := range queries {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return err
		}
		c, err := a.AdviceOffline(q, games, func() bool { return false })
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			c = views.Alert(err.Error(), true)
		}
		if err := d.emit(id+"/advice?"+raw, c); err != nil {
			return err
		}
	}
	return nil
}

// league draws the league tables the module draws offline (league.go),
// every role, over the corpus's games.
func (d *drawer) league(k play.Kind, r play.Ranked) error {
	id := k.Info().ID
	games := d.played[id]
	slices.SortStableFunc(games, func(a, b play.PlayerGame) int { return b.Started.Compare(a.Started) })
	for _, role := range append([]string{""}, r.Roles()...) {
		v, err := play.League(k, play.Distinct(games), role, nil, leagueScope)
		if err != nil {
			return fmt.Errorf("%s: league %q: %w", id, role, err)
		}
		if err := d.emit(id+"/league?role="+role, views.LeagueTable(v)); err != nil {
			return err
		}
	}
	return nil
}

// text is a component that writes s as it is.
func text(s string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}

func (d *drawer) emit(label string, c templ.Component) error {
	_, err := d.draw(label, c)
	return err
}

// draw renders c as the module does and writes the record.
func (d *drawer) draw(label string, c templ.Component) (string, error) {
	var b strings.Builder
	if err := c.Render(context.Background(), &b); err != nil {
		return "", fmt.Errorf("%s: render: %w", label, err)
	}
	d.n++
	_, err := fmt.Fprintf(d.w, "%s %d\n%s\n", label, b.Len(), b.String())
	return b.String(), err
}
