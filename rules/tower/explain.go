package tower

import (
	"fmt"
	"slices"
	"strings"
)

// Explanation is what may happen next from a moment of a game, for a
// referee: the legal actions with what each does, and actions a table might
// try that the rules refuse, with the broken rule.
type Explanation struct {
	Side    Side       `json:"side"`
	Phase   Phase      `json:"phase"`
	Legal   []Possible `json:"legal"`
	Refused []Refusal  `json:"refused"`
	// Notes say where the list stands for more actions than it shows.
	Notes []string `json:"notes"`
}

// Possible is one legal action: its log line (Describe) and what it
// changes, "L1 zone 2 → removed".
type Possible struct {
	Action  Action   `json:"action"`
	Says    string   `json:"says"`
	Changes []string `json:"changes"`
}

// Refusal is an action the rules refuse now, Apply's reason, and the
// ruling of the rules page it runs into.
type Refusal struct {
	Action Action `json:"action"`
	Reason string `json:"reason"`
	Ruling string `json:"ruling,omitempty"`
}

// lightningNote says how Lightning's many splits are shown.
const lightningNote = "Lightning may split its damage any way among soldiers of at most two zones (at least 1 each, adding up to exactly X); the list shows each soldier taking all of it."

// Explain lists what may happen next from s. The actions come from Legal,
// each is played on a copy by Apply and told by Describe; the refusals are
// Apply's own errors, so nothing here decides a rule. Placing and
// advancing list the coins in their order on the table (the order coins
// join a zone is the only other choice, and it is the order listed).
func Explain(s State) Explanation {
	c := Legal(s)
	e := Explanation{Side: c.Side, Phase: c.Phase, Legal: []Possible{}, Refused: []Refusal{}, Notes: []string{}}
	if s.phase == PhaseOver || s.toPlay == NoSide {
		return e
	}
	before := s.Snapshot()
	for _, a := range legalActions(c) {
		after, err := Apply(s, a)
		if err != nil {
			e.Refused = append(e.Refused, Refusal{Action: a, Reason: err.Error()})
			continue
		}
		e.Legal = append(e.Legal, Possible{Action: a, Says: Describe(s, a, after).String(), Changes: changes(before, after.Snapshot())})
	}
	if slices.ContainsFunc(c.SpellRows, func(r SpellRow) bool { return r.Spell == Lightning }) && len(c.DamageRows) > 0 {
		e.Notes = append(e.Notes, lightningNote)
	}
	seen := map[string]bool{}
	for _, a := range tries(s, c) {
		_, err := Apply(s, a)
		if err == nil || seen[err.Error()] {
			continue
		}
		seen[err.Error()] = true
		e.Refused = append(e.Refused, Refusal{Action: a, Reason: err.Error(), Ruling: rulingOf(s, a)})
	}
	return e
}

// subsets are the ways to pick 1 to most of ids, keeping their order.
func subsets(ids []string, most int) [][]string {
	var out [][]string
	var pick func(from int, cur []string)
	pick = func(from int, cur []string) {
		if len(cur) > 0 {
			out = append(out, slices.Clone(cur))
		}
		if len(cur) == most {
			return
		}
		for i := from; i < len(ids); i++ {
			pick(i+1, append(cur, ids[i]))
		}
	}
	pick(0, nil)
	slices.SortStableFunc(out, func(a, b []string) int { return len(a) - len(b) })
	return out
}

func legalActions(c Choices) []Action {
	var out []Action
	switch c.Phase {
	case PhasePlace:
		for _, ids := range subsets(c.Place, c.PlaceMax) {
			out = append(out, Action{Type: Place, Coins: ids})
		}
	case PhaseAdvance:
		for _, zm := range c.Advance {
			for _, ids := range subsets(zm.Coins, zm.Max) {
				out = append(out, Action{Type: Advance, Zone: zm.Zone, Coins: ids})
			}
		}
		for _, id := range c.Flip {
			out = append(out, Action{Type: Flip, Coin: id})
		}
		out = append(out, Action{Type: End})
	case PhaseCast:
		for _, d := range c.DamageRows {
			for _, sr := range c.SpellRows {
				base := Action{Type: Cast, DamageRow: d.Row, SpellRow: sr.Row, Spell: sr.Spell}
				switch sr.Spell {
				case Lightning:
					for _, z := range sr.Targets.Zones {
						for _, id := range z.Coins {
							a := base
							a.Hits = []Hit{{Coin: id, Damage: d.Damage}}
							out = append(out, a)
						}
					}
				case Fireball:
					for _, side := range []string{Leftmost, Rightmost} {
						a := base
						a.Side = side
						out = append(out, a)
					}
				case Wave:
					for _, z := range sr.Targets.Zones {
						a := base
						a.Zone = z.Zone
						out = append(out, a)
					}
				case Tome:
					for _, id := range sr.Targets.Coins {
						a := base
						a.Coin = id
						out = append(out, a)
					}
				}
			}
		}
		if c.Skip {
			out = append(out, Action{Type: Skip})
		}
	}
	return out
}

// tries are actions a table might attempt now: the other side's, and for
// the side to play the slips people make (a coin that already moved, a
// fourth soldier, a shield flipped twice, a thumb moved back up, a second
// Tome, a Lightning over three zones). Only those Apply refuses are kept.
func tries(s State, c Choices) []Action {
	camp := names(s.zone(inCamp))
	var onBoard, moved, unmoved, tails, gone []string
	var zones []int
	for z := int8(1); z <= NumZones; z++ {
		ids := s.zone(z)
		if len(ids) > 0 {
			zones = append(zones, int(z))
		}
		for _, i := range ids {
			onBoard = append(onBoard, coinName(i))
			if s.coins[i].moved {
				moved = append(moved, coinName(i))
			} else {
				unmoved = append(unmoved, coinName(i))
			}
		}
	}
	for i, co := range s.coins {
		if co.face == Tails && co.where != inRemoved {
			tails = append(tails, coinName(i))
		}
		if co.where == inRemoved {
			gone = append(gone, coinName(i))
		}
	}
	zoneOf := func(id string) int {
		i, _ := coinIndex(id)
		return int(s.coins[i].where)
	}
	var out []Action
	if s.toPlay == Mage {
		out = append(out, Action{Type: End})
		if len(camp) > 0 {
			out = append(out, Action{Type: Place, Coins: camp[:1]})
		}
	} else {
		out = append(out, Action{Type: Skip}, Action{Type: Cast, DamageRow: 1, SpellRow: 1})
	}
	switch s.phase {
	case PhasePlace:
		out = append(out, Action{Type: End})
		if len(onBoard) > 0 {
			out = append(out, Action{Type: Advance, Zone: zoneOf(onBoard[0]), Coins: onBoard[:1]})
		}
		if len(camp) > 3 {
			out = append(out, Action{Type: Place, Coins: camp[:4]})
		}
		if len(onBoard) > 0 {
			out = append(out, Action{Type: Place, Coins: onBoard[:1]})
		}
	case PhaseAdvance:
		if len(camp) > 0 {
			out = append(out, Action{Type: Place, Coins: camp[:1]})
		}
		for _, id := range moved {
			out = append(out, Action{Type: Advance, Zone: zoneOf(id), Coins: []string{id}})
			break
		}
		for _, id := range unmoved {
			if z := zoneOf(id); z < NumZones {
				out = append(out, Action{Type: Advance, Zone: z + 1, Coins: []string{id}}) // the wrong zone
			}
			break
		}
		for _, zm := range c.Advance {
			if len(zm.Coins) > zm.Max {
				out = append(out, Action{Type: Advance, Zone: zm.Zone, Coins: zm.Coins[:zm.Max+1]})
			}
		}
		if len(tails) > 0 {
			out = append(out, Action{Type: Flip, Coin: tails[0]})
		}
		if len(gone) > 0 {
			out = append(out, Action{Type: Flip, Coin: gone[0]})
		}
	case PhaseCast:
		if len(c.DamageRows) == 0 || len(c.SpellRows) == 0 {
			out = append(out, Action{Type: Cast, DamageRow: min(int(s.left)+1, len(s.card.Rows)), SpellRow: min(int(s.right)+1, len(s.card.Rows)), Coin: firstOr(onBoard)})
			break
		}
		d, x, sr := c.DamageRows[0].Row, c.DamageRows[0].Damage, c.SpellRows[0]
		back := func(at int8) int {
			if s.opts.ThumbsMayStay {
				return int(at) - 1 // staying is allowed: moving up is not
			}
			return int(at)
		}
		if r := back(s.left); r >= 1 {
			out = append(out, aimFor(sr.Spell, Action{Type: Cast, DamageRow: r, SpellRow: sr.Row}, onBoard, zones, x))
		}
		if r := back(s.right); r >= 1 {
			row := s.card.Rows[r-1]
			out = append(out, aimFor(row.Spell, Action{Type: Cast, DamageRow: d, SpellRow: r}, onBoard, zones, x))
		}
		for r, row := range s.card.Rows {
			if row.Spell == Tome && s.tomeUsed {
				out = append(out, Action{Type: Cast, DamageRow: d, SpellRow: r + 1, Coin: firstOr(onBoard)})
				break
			}
		}
		for _, sr := range c.SpellRows {
			switch sr.Spell {
			case Wave:
				for z := 1; z <= NumZones; z++ {
					if !slices.Contains(zones, z) {
						out = append(out, Action{Type: Cast, DamageRow: d, SpellRow: sr.Row, Zone: z})
						break
					}
				}
			case Lightning:
				if len(zones) >= 3 && x >= 3 {
					var hits []Hit
					for _, z := range zones[:3] {
						hits = append(hits, Hit{Coin: coinName(s.zone(int8(z))[0]), Damage: 1})
					}
					hits[0].Damage = x - 2
					out = append(out, Action{Type: Cast, DamageRow: d, SpellRow: sr.Row, Hits: hits})
				}
				if len(onBoard) > 0 && x > 1 {
					out = append(out, Action{Type: Cast, DamageRow: d, SpellRow: sr.Row, Hits: []Hit{{Coin: onBoard[0], Damage: x - 1}}})
				}
				if len(camp) > 0 {
					out = append(out, Action{Type: Cast, DamageRow: d, SpellRow: sr.Row, Hits: []Hit{{Coin: camp[0], Damage: x}}})
				}
			}
		}
		if s.skipUsed {
			out = append(out, Action{Type: Skip})
		}
	}
	return out
}

func firstOr(ids []string) string {
	if len(ids) == 0 {
		return "L1"
	}
	return ids[0]
}

func firstZone(zs []int) int {
	if len(zs) == 0 {
		return 1
	}
	return zs[0]
}

// aimFor keeps only the aim field sp takes, so the refusal is about the
// thumb and not about a stray field.
func aimFor(sp Spell, a Action, onBoard []string, zones []int, x int) Action {
	b := Action{Type: Cast, DamageRow: a.DamageRow, SpellRow: a.SpellRow}
	switch sp {
	case Lightning:
		b.Hits = []Hit{{Coin: firstOr(onBoard), Damage: x}}
	case Fireball:
		b.Side = Leftmost
	case Wave:
		b.Zone = firstZone(zones)
	case Tome:
		b.Coin = firstOr(onBoard)
	}
	return b
}

// rulingOf names the ruling (an id of Rulings) a refused action runs into,
// from the action and the moment it was tried.
func rulingOf(s State, a Action) string {
	if a.Type.Side() != s.toPlay {
		if s.toPlay == Mage {
			return "mage-turn"
		}
		return "general-turn"
	}
	switch a.Type {
	case Place, End:
		return "general-turn"
	case Advance, Flip:
		if s.phase == PhasePlace {
			return "general-turn"
		}
		return string(a.Type)
	case Skip:
		return "mage-turn"
	case Cast:
		for _, th := range []struct {
			at  int8
			row int
		}{{s.left, a.DamageRow}, {s.right, a.SpellRow}} {
			if !s.rowOK(th.at, th.row) {
				switch {
				case s.opts.ThumbsMayStay:
					return "thumbs-stay"
				case int(th.at) == len(s.card.Rows):
					return "stuck"
				}
				return "thumbs"
			}
		}
		for _, h := range a.Hits {
			if i, ok := coinIndex(h.Coin); ok && (s.coins[i].where < 1 || s.coins[i].where > NumZones) {
				return "aim"
			}
		}
		if i, ok := coinIndex(a.Coin); ok && (s.coins[i].where < 1 || s.coins[i].where > NumZones) {
			return "aim"
		}
		return s.card.Rows[a.SpellRow-1].Spell.String()
	}
	return ""
}

// changes lists what differs between two snapshots, in words.
func changes(b, a Snapshot) []string {
	out := []string{}
	if a.Over && !b.Over {
		out = append(out, fmt.Sprintf("game over: the %s wins (%s)", a.Winner.Title(), reasonText(a.Reason)))
	}
	if a.Turn != b.Turn {
		out = append(out, fmt.Sprintf("turn %d → %d", b.Turn, a.Turn))
	}
	if a.Phase != b.Phase {
		out = append(out, fmt.Sprintf("phase %s → %s", b.Phase, a.Phase))
	}
	place := func(v CoinView) string {
		if v.Where == "zone" {
			return fmt.Sprintf("zone %d", v.Zone)
		}
		return v.Where
	}
	for i := range a.Coins {
		x, y := b.Coins[i], a.Coins[i]
		var parts []string
		if place(x) != place(y) {
			parts = append(parts, place(x)+" → "+place(y))
		}
		if x.Face != y.Face && y.Where != "removed" {
			parts = append(parts, x.Face+" → "+y.Face)
		}
		if len(parts) > 0 {
			out = append(out, y.ID+" "+strings.Join(parts, ", "))
		}
	}
	if a.Thumbs.Left != b.Thumbs.Left || a.Thumbs.Right != b.Thumbs.Right {
		out = append(out, fmt.Sprintf("thumbs rows %d/%d → %d/%d", b.Thumbs.Left, b.Thumbs.Right, a.Thumbs.Left, a.Thumbs.Right))
	}
	if a.TomeUsed != b.TomeUsed {
		out = append(out, "the Tome is used")
	}
	if a.SkipUsed != b.SkipUsed {
		out = append(out, "the skip is used")
	}
	return out
}
