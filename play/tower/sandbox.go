package tower

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	tw "github.com/grimoire-games/grimoire/rules/tower"
	"github.com/grimoire-games/grimoire/views"
	twview "github.com/grimoire-games/grimoire/views/tower"
)

// The sandbox form (docs/sandbox.md) is a GET form, so a position is a
// link. Each coin has where<ID> (camp, 1 to 4 for the zones, removed),
// face<ID>, order<ID> (its place in its zone, leftmost 1, or in the order
// the removed fell) and moved<ID> (placed or advanced this turn).
const (
	whereCamp    = "camp"
	whereRemoved = "removed"
)

// sandboxValues writes setup and p as the sandbox's fields.
func sandboxValues(setup tw.Setup, p tw.Position) url.Values {
	v := url.Values{}
	num := func(k string, n int) { v.Set(k, strconv.Itoa(n)) }
	yes := func(k string, b bool) {
		if b {
			v.Set(k, "on")
		}
	}
	v.Set("general", setup.General)
	v.Set("mage", setup.Mage)
	yes("thumbsMayStay", setup.Options.ThumbsMayStay)
	num("turn", p.Turn)
	v.Set("phase", string(p.Phase))
	for _, id := range p.Camp {
		v.Set("where"+id, whereCamp)
	}
	for z, ids := range p.Zones {
		for i, id := range ids {
			num("where"+id, z+1)
			num("order"+id, i+1)
		}
	}
	for i, id := range p.Removed {
		v.Set("where"+id, whereRemoved)
		num("order"+id, i+1)
	}
	for i, id := range tw.CoinIDs() {
		if i < len(p.Faces) {
			v.Set("face"+id, p.Faces[i].String())
		}
	}
	for _, id := range p.Moved {
		v.Set("moved"+id, "on")
	}
	for z := 1; z < tw.NumZones; z++ {
		num("left"+strconv.Itoa(z), p.LeftZone[z])
	}
	num("thumbLeft", p.Thumbs.Left)
	num("thumbRight", p.Thumbs.Right)
	yes("tomeUsed", p.TomeUsed)
	yes("skipUsed", p.SkipUsed)
	return v
}

var fieldNames = map[string]string{
	"turn": "the turn", "thumbLeft": "the left thumb's row", "thumbRight": "the right thumb's row",
	"left1": "soldiers that left zone 1", "left2": "soldiers that left zone 2", "left3": "soldiers that left zone 3",
}

// readSandbox reads the sandbox's fields into a setup and a position; the
// problems are what could not be read at all, in sentences. Whether a game
// could reach it is tw.CheckPosition's to say.
func readSandbox(v url.Values) (tw.Setup, tw.Position, []string) {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	text := func(k string) string { return strings.TrimSpace(v.Get(k)) }
	num := func(k string, required bool) int {
		s := text(k)
		if s == "" {
			if required {
				bad("Write %s (a whole number).", fieldNames[k])
			}
			return 0
		}
		n, err := strconv.Atoi(s)
		if err != nil || len(s) > 6 {
			bad("%s must be a whole number, not %q.", strings.ToUpper(fieldNames[k][:1])+fieldNames[k][1:], s)
			return 0
		}
		return n
	}
	setup := tw.Setup{General: text("general"), Mage: text("mage"), Options: tw.Options{ThumbsMayStay: v.Get("thumbsMayStay") != ""}}
	if setup.General == "" {
		setup.General = "General"
	}
	if setup.Mage == "" {
		setup.Mage = "Mage"
	}
	p := tw.Position{
		Turn: num("turn", true), Phase: tw.Phase(text("phase")),
		Camp: []string{}, Removed: []string{}, Faces: make([]tw.Face, tw.NumCoins),
		Thumbs:   tw.PositionThumbs{Left: num("thumbLeft", true), Right: num("thumbRight", true)},
		TomeUsed: v.Get("tomeUsed") != "", SkipUsed: v.Get("skipUsed") != "",
	}
	switch p.Phase {
	case tw.PhasePlace, tw.PhaseAdvance, tw.PhaseCast:
	default:
		bad("Choose what is being played: the General placing, the General advancing, or the Mage casting.")
	}
	type placed struct {
		id    string
		order int
	}
	var zones [tw.NumZones][]placed
	var removed []placed
	for i, id := range tw.CoinIDs() {
		order := len(tw.CoinIDs()) + i // unnumbered coins after the numbered, in id order
		if s := text("order" + id); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || len(s) > 6 {
				bad("The place of %s in its row must be a whole number, not %q.", id, s)
			} else {
				order = n
			}
		}
		switch where := text("where" + id); where {
		case whereCamp:
			p.Camp = append(p.Camp, id)
		case whereRemoved:
			removed = append(removed, placed{id, order})
		case "1", "2", "3", "4":
			z := int(where[0] - '1')
			zones[z] = append(zones[z], placed{id, order})
		case "":
			bad("Say where %s is: in the camp, in a zone or removed.", id)
		default:
			bad("%s is in the camp, in zone 1 to 4 or removed, not %q.", id, where)
		}
		switch face := text("face" + id); face {
		case "heads":
			p.Faces[i] = tw.Heads
		case "tails":
			p.Faces[i] = tw.Tails
		default:
			bad("Say which face of %s is up: heads or tails (the shield).", id)
		}
		if v.Get("moved"+id) != "" {
			p.Moved = append(p.Moved, id)
		}
	}
	byOrder := func(a, b placed) int { return cmp.Compare(a.order, b.order) }
	for z := range zones {
		slices.SortStableFunc(zones[z], byOrder)
		p.Zones[z] = []string{}
		for _, c := range zones[z] {
			p.Zones[z] = append(p.Zones[z], c.id)
		}
	}
	slices.SortStableFunc(removed, byOrder)
	for _, c := range removed {
		p.Removed = append(p.Removed, c.id)
	}
	for z := 1; z < tw.NumZones; z++ {
		p.LeftZone[z] = num("left"+strconv.Itoa(z), false)
	}
	return setup, p, problems
}

// opening is the first moment of a game, the empty sandbox's filling.
func opening() (tw.Setup, tw.Position) {
	setup := tw.Setup{General: "General", Mage: "Mage"}
	st, err := tw.New(setup, 1)
	if err != nil {
		return setup, tw.Position{} // the default setup always starts; tests catch a broken build
	}
	return setup, tw.PositionOf(st)
}

// SandboxPage is the Mage's Tower sandbox.
func (Kind) SandboxPage(p views.Page, q url.Values) (templ.Component, bool) {
	p.Title = "Referee's sandbox: Mage's Tower"
	sb, ok := sandbox(q)
	return twview.SandboxPage(p, sb), ok
}

// SandboxBody is the sandbox without its page, for the phone's module.
func (Kind) SandboxBody(csrf string, q url.Values) (templ.Component, bool) {
	sb, ok := sandbox(q)
	return twview.SandboxBody(csrf, sb), ok
}

// sandbox reads q into the sandbox's view: ok is false for a position
// that cannot be read or that no game reaches.
func sandbox(q url.Values) (twview.Sandbox, bool) {
	sb := twview.Sandbox{Card: tw.DefaultCard().Rows}
	if len(q) == 0 {
		setup, pos := opening()
		sb.Values = sandboxValues(setup, pos)
		return sb, true
	}
	sb.Values, sb.Checked, sb.Query = q, true, q.Encode()
	setup, pos, problems := readSandbox(q)
	sb.Names = [2]string{setup.General, setup.Mage}
	if len(problems) == 0 {
		problems = tw.CheckPosition(setup, pos)
	}
	if len(problems) > 0 {
		sb.Problems = problems
		return sb, false
	}
	setup.Position = &pos
	st, err := tw.New(setup, 1)
	if err != nil {
		sb.Problems = []string{err.Error()}
		return sb, false
	}
	sb.Board = twview.Board{Snap: st.Snapshot(), Card: sb.Card, Viewer: tw.General}
	sb.Next = next(st)
	return sb, true
}

// next is Explain in the words of the page.
func next(st tw.State) views.SandboxNext {
	e := tw.Explain(st)
	n := views.SandboxNext{Notes: e.Notes}
	switch e.Phase {
	case tw.PhasePlace:
		n.Prompt = "The General places 1 to 3 soldiers from the camp on the Field."
	case tw.PhaseAdvance:
		n.Prompt = "The General advances soldiers, flips one, or ends the turn."
	case tw.PhaseCast:
		n.Prompt = "The Mage moves the thumbs down and casts, or skips once."
	}
	for _, l := range e.Legal {
		n.Legal = append(n.Legal, views.SandboxLegal{Says: l.Says, Changes: l.Changes})
	}
	rulings := map[string]tw.Ruling{}
	for _, r := range tw.Rulings() {
		rulings[r.ID] = r
	}
	for _, r := range e.Refused {
		ref := views.SandboxRefused{Tried: tried(r.Action), Reason: strings.TrimSuffix(r.Reason, ".")}
		if rl, ok := rulings[r.Ruling]; ok {
			ref.RulingTitle, ref.RulingText = rl.Title, rl.Text
		}
		n.Refused = append(n.Refused, ref)
	}
	return n
}

// tried names an action the way a table would say it.
func tried(a tw.Action) string {
	switch a.Type {
	case tw.Place:
		return "The General places " + strings.Join(a.Coins, ", ")
	case tw.Advance:
		return fmt.Sprintf("The General advances %s from zone %d", strings.Join(a.Coins, ", "), a.Zone)
	case tw.Flip:
		return "The General flips " + a.Coin
	case tw.End:
		return "The General ends the turn"
	case tw.Skip:
		return "The Mage skips"
	case tw.Cast:
		s := fmt.Sprintf("The Mage moves the thumbs to damage row %d and spell row %d", a.DamageRow, a.SpellRow)
		var aim []string
		for _, h := range a.Hits {
			aim = append(aim, fmt.Sprintf("%d on %s", h.Damage, h.Coin))
		}
		switch {
		case len(aim) > 0:
			s += ", hitting " + strings.Join(aim, " and ")
		case a.Zone != 0:
			s += fmt.Sprintf(", aimed at zone %d", a.Zone)
		case a.Coin != "":
			s += ", aimed at " + a.Coin
		case a.Side != "":
			s += ", aimed at the " + a.Side + "most soldier"
		}
		return s
	}
	return string(a.Type)
}

// StartSandbox is a game that plays on from the position in fields, on one
// phone (the sandbox is the referee's: the table hands it over).
func (Kind) StartSandbox(fields url.Values, seed int64) (play.NewGame, error) {
	setup, pos, problems := readSandbox(fields)
	if len(problems) > 0 {
		return play.NewGame{}, errors.New(strings.Join(problems, " "))
	}
	setup, err := tw.FromPosition(setup, pos)
	if pe := (*tw.PositionError)(nil); errors.As(err, &pe) {
		return play.NewGame{}, fmt.Errorf("No game could reach this position: %s.", strings.Join(pe.Reasons, "; "))
	}
	if err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	if _, err := tw.New(setup, seed); err != nil {
		return play.NewGame{}, fmt.Errorf("The game cannot start: %w", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return play.NewGame{}, fmt.Errorf("encode setup: %w", err)
	}
	return play.NewGame{Setup: raw, Seed: seed, Mine: play.Scorekeeper}, nil
}
