package spellsarrows

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// ShotChart is one player's shooting drawn on half courts, one court per
// kind of shot. It is plain data, built from an attempt list by
// NewShotChart, so any page (end screen, scoresheet, player page) can draw
// it for one game or many.
type ShotChart struct {
	ID          string // prefix of the element ids; unique on the page
	Title       string // the heading, e.g. "Ana: shots"
	Made, Tried int
	Groups      []ShotGroup // kinds with at least one attempt, spy kinds first
}

// ShotGroup is one kind of shot: its court and its total.
type ShotGroup struct {
	Kind        sa.ShotKind
	Label       string
	Made, Tried int
	Spots       []ShotSpot // every spot this kind is shot from, tried or not
}

// ShotSpot is one place on the court.
type ShotSpot struct {
	ID, Name    string
	X, Y        float64
	Made, Tried int
}

// NewShotChart counts player's attempts by kind and spot. Spots come from
// the map (the places each kind can be shot from, so an untried one shows
// as empty), and an attempt at a spot the map does not know (a custom map
// of an older game) is drawn where the attempt says.
func NewShotChart(id, title string, m sa.Map, player string, attempts []sa.Attempt) ShotChart {
	c := ShotChart{ID: id, Title: title}
	for _, k := range sa.ShotKinds() {
		g := ShotGroup{Kind: k, Label: k.Label(), Spots: kindSpots(m, k)}
		for _, a := range attempts {
			if a.Player != player || a.Kind != k {
				continue
			}
			i := spotIndex(g.Spots, a.Spot)
			if i < 0 {
				g.Spots = append(g.Spots, ShotSpot{ID: a.Spot, Name: a.Spot, X: a.X, Y: a.Y})
				i = len(g.Spots) - 1
			}
			g.Spots[i].Tried++
			g.Tried++
			if a.Made {
				g.Spots[i].Made++
				g.Made++
			}
		}
		if g.Tried > 0 {
			c.Groups = append(c.Groups, g)
			c.Made += g.Made
			c.Tried += g.Tried
		}
	}
	return c
}

func spotIndex(spots []ShotSpot, id string) int {
	for i, s := range spots {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// kindSpots lists the places a kind is shot from: tolls at every location
// with a toll, arrows at every town and gate, spells at the pattern spots,
// free throws and leaps at the free-throw spot.
func kindSpots(m sa.Map, k sa.ShotKind) []ShotSpot {
	var out []ShotSpot
	switch k {
	case sa.ShotToll, sa.ShotArrow:
		for _, l := range m.Locations {
			if l.Kind == sa.KindGoto || k == sa.ShotArrow && l.Kind != sa.KindTown && l.Kind != sa.KindGate {
				continue
			}
			name := l.Name
			if name == "" {
				name = l.ID
			}
			out = append(out, ShotSpot{ID: l.ID, Name: name, X: l.X, Y: l.Y})
		}
	case sa.ShotSpell:
		for _, s := range m.Spots {
			out = append(out, ShotSpot{ID: s.ID, Name: s.Name, X: s.X, Y: s.Y})
		}
	case sa.ShotFree, sa.ShotLeap:
		out = append(out, ShotSpot{ID: sa.FreeThrowSpot, Name: "Free-throw spot", X: m.FreeThrow.X, Y: m.FreeThrow.Y})
	}
	return out
}

// Percent is made over tried as a whole percentage ("60%"), "–" when
// nothing was tried.
func Percent(made, tried int) string {
	if tried == 0 {
		return "–"
	}
	return strconv.Itoa(int(math.Floor(100*float64(made)/float64(tried)+0.5))) + "%"
}

// Pct is the spot's percentage.
func (s ShotSpot) Pct() string { return Percent(s.Made, s.Tried) }

// Pct is the group's percentage.
func (g ShotGroup) Pct() string { return Percent(g.Made, g.Tried) }

// Pct is the chart's overall percentage.
func (c ShotChart) Pct() string { return Percent(c.Made, c.Tried) }

func (c ShotChart) groupID(g ShotGroup) string { return c.ID + "-" + string(g.Kind) }

// r is a spot's marker radius in feet: wider with more attempts, so size
// carries volume and the label inside carries the rate.
func (s ShotSpot) r() float64 {
	if s.Tried == 0 {
		return 1.1
	}
	return min(3.0, 2.2+0.3*math.Sqrt(float64(s.Tried)))
}

// shade is the marker's fill, darker with a higher rate, in five steps of
// one hue (it prints in grey and reads without colour: the label says the
// number).
func (s ShotSpot) shade() string {
	if s.Tried == 0 {
		return "none"
	}
	return [...]string{"#eef3fb", "#c6d8ef", "#8fb3df", "#3f78c0", "#173f7a"}[s.band()]
}

func (s ShotSpot) band() int {
	return min(4, s.Made*5/s.Tried)
}

// ink is the label colour inside the marker: dark on the light steps,
// white on the dark ones.
func (s ShotSpot) ink() string {
	if s.Tried > 0 && s.band() >= 3 {
		return "#ffffff"
	}
	return "#1d1d1f"
}

// summary is the spot's line in words for screen readers and the
// description: "West wing (W3): 3 of 5, 60%".
func (s ShotSpot) summary() string {
	return fmt.Sprintf("%s (%s): %d of %d, %s", s.Name, s.ID, s.Made, s.Tried, s.Pct())
}

// desc describes a group's court in words: every tried spot.
func (g ShotGroup) desc() string {
	var parts []string
	for _, s := range g.Spots {
		if s.Tried > 0 {
			parts = append(parts, s.summary())
		}
	}
	return fmt.Sprintf("%s: %d of %d made (%s). %s.", g.Label, g.Made, g.Tried, g.Pct(), strings.Join(parts, "; "))
}

// mark is a spot as drawn: the marker and where its two labels go.
type mark struct {
	ShotSpot
	R                  string
	IDX, IDY, IDAnchor string
	NX, NY, NAnchor    string // the "3/5" label
}

// marks lays a group's spots out. A marker's id goes above it and its
// made/tried below, except: on the baseline both go below it (above is
// off the court); in a baseline corner both go beside it, toward the
// middle (above is the next spot up the sideline); and when a tried spot
// sits just below another, whose made/tried takes the place above, the id
// goes to its right.
func (g ShotGroup) marks() []mark {
	out := make([]mark, 0, len(g.Spots))
	for _, s := range g.Spots {
		r := s.r()
		m := mark{ShotSpot: s, R: f(r), IDAnchor: "middle", NAnchor: "middle", IDX: f(s.X), NX: f(s.X)}
		switch {
		case s.Y < 4 && math.Abs(s.X) > 15:
			x, anchor := s.X+r+0.6, "start"
			if s.X > 0 {
				x, anchor = s.X-r-0.6, "end"
			}
			m.IDX, m.NX, m.IDAnchor, m.NAnchor = f(x), f(x), anchor, anchor
			m.IDY, m.NY = f(s.Y-0.2), f(s.Y+2.1)
		case s.Y < 4:
			m.IDY, m.NY = f(s.Y+r+2.1), f(s.Y+r+4.4)
		default:
			m.IDY, m.NY = f(s.Y-r-0.5), f(s.Y+r+2.2)
			if s.Tried > 0 && g.countAbove(s) {
				m.IDX, m.IDY, m.IDAnchor = f(s.X+r+0.5), f(s.Y+0.7), "start"
			}
		}
		out = append(out, m)
	}
	return out
}

// countAbove: another tried spot's made/tried label would sit where s's
// id goes.
func (g ShotGroup) countAbove(s ShotSpot) bool {
	for _, o := range g.Spots {
		if o.Tried > 0 && o.ID != s.ID && math.Abs(o.X-s.X) < 4 && s.Y-o.Y > 0 && s.Y-o.Y < 10 {
			return true
		}
	}
	return false
}

func (s ShotSpot) count() string { return fmt.Sprintf("%d/%d", s.Made, s.Tried) }
