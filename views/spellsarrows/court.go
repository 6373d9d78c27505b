package spellsarrows

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// The court is drawn in feet, straight from the map data: x from -25 (west)
// to 25 (east), y from 0 (baseline, at the top of the drawing) to 47.

// courtLoc is one location cone as drawn: the map's location (the game's
// own, shared: read only) and what is on it now.
type courtLoc struct {
	*sa.Location
	Elves  int
	Spy    bool
	Action string // "move" or "target" when tapping it is legal now
}

// courtSpan is one road span (or portal link) as drawn: where it lies,
// the same all game long (shared: read only), and what is on it now.
type courtSpan struct {
	*spanPlace
	Giant    int  // cones of the giant on it, 0 if none
	Engaged  bool // the spy is fighting this giant
	Target   bool // a giant may be placed here now
	LeapFrom bool // the giant here may be picked to leap now
	LeapTo   bool // the picked giant may land here now
	Picked   bool // the giant picked to leap
}

// spanPlace is where a span or portal link lies on the court.
type spanPlace struct {
	Key            string
	X1, Y1, X2, Y2 float64
	MX, MY         float64 // midpoint, where a giant stands
	Portal         bool
}

// courtLayout is the court's spans and portal links placed from the map
// alone, in drawing order: the same at every state of a game, so a Played
// works it out once and every screen of the game shares it.
type courtLayout struct{ places []spanPlace }

func newCourtLayout(m sa.Map) *courtLayout {
	pos := make(map[string]sa.Location, len(m.Locations))
	for _, l := range m.Locations {
		pos[l.ID] = l
	}
	places := make([]spanPlace, 0, len(m.Spans)+len(m.Locations))
	for _, s := range m.Spans {
		a, c := pos[s[0]], pos[s[1]]
		places = append(places, spanPlace{
			Key: sa.SpanKey(s[0], s[1]), X1: a.X, Y1: a.Y, X2: c.X, Y2: c.Y, MX: (a.X + c.X) / 2, MY: (a.Y + c.Y) / 2,
		})
	}
	// Portal links are drawn but are not spans: nothing stands on them.
	for _, l := range m.Locations {
		if l.Kind == sa.KindGoto && l.Target != "" {
			t := pos[l.Target]
			places = append(places, spanPlace{Key: l.ID + ">" + l.Target, X1: l.X, Y1: l.Y, X2: t.X, Y2: t.Y, Portal: true})
		}
	}
	return &courtLayout{places: places}
}

// courtViewBox is the box of the court's map and of the drawing laid over
// it: the two must be the same for the overlay to fall on the map.
const courtViewBox = "-27 -3 54 53"

// courtLocs are the court's locations as drawn; Build works them out once
// (the court draws them in several layers).
func (b *Board) courtLocs() []courtLoc {
	if b.locs != nil {
		return b.locs
	}
	return b.locsNow()
}

func (b *Board) locsNow() []courtLoc {
	out := make([]courtLoc, len(b.Map.Locations))
	for i := range b.Map.Locations {
		l := &b.Map.Locations[i]
		cl := courtLoc{Location: l, Elves: b.Snap.Elves[l.ID], Spy: b.Snap.Spy.At == l.ID}
		if !b.Watch {
			switch {
			case slices.Contains(b.Choices.Moves, l.ID):
				cl.Action = "move"
			case slices.Contains(b.Choices.TargetLocations, l.ID):
				cl.Action = "target"
			}
		}
		out[i] = cl
	}
	return out
}

// courtSpans are the court's spans and portal links as drawn; Build works
// them out once (the court draws them in several layers).
func (b *Board) courtSpans() []courtSpan {
	if b.spans != nil {
		return b.spans
	}
	return b.spansNow()
}

func (b *Board) spansNow() []courtSpan {
	lay := b.layout
	if lay == nil {
		lay = newCourtLayout(b.Map)
	}
	leap := b.allows(sa.TypeLeap)
	out := make([]courtSpan, len(lay.places))
	for i := range lay.places {
		pl := &lay.places[i]
		cs := courtSpan{spanPlace: pl}
		if !pl.Portal {
			key := pl.Key
			cs.Giant, cs.Engaged = b.Snap.Giants[key], b.Snap.Spy.Engaged == key
			cs.Target = !b.Watch && slices.Contains(b.Choices.TargetSpans, key)
			if leap {
				cs.LeapFrom = b.LeapFrom == "" && slices.Contains(b.Choices.LeapGiants, key)
				cs.LeapTo = b.LeapFrom != "" && b.LeapTo == "" && slices.Contains(b.Choices.LeapSpans, key)
				cs.Picked = b.LeapFrom == key
			}
		}
		out[i] = cs
	}
	return out
}

// elfMarks places an elf cone's small triangle beside its location.
func elfMark(l courtLoc, i int) string {
	x := l.X + 2.2 + float64(i)*1.9
	y := l.Y - 1.6
	return fmt.Sprintf("%.2f,%.2f %.2f,%.2f %.2f,%.2f", x, y-1.4, x-.9, y+.4, x+.9, y+.4)
}

// giantShape is an inverted cone at a span's midpoint.
func giantShape(s courtSpan) string {
	return fmt.Sprintf("%.2f,%.2f %.2f,%.2f %.2f,%.2f", s.MX-1.8, s.MY-1.6, s.MX+1.8, s.MY-1.6, s.MX, s.MY+1.8)
}

// arcPath is the 3-point line: straight from the baseline at x = ±22, then
// an arc of radius 23.75 ft around the basket at (0, 5.25).
func arcPath() string {
	const r, by = 23.75, 5.25
	yMeet := by + math.Sqrt(r*r-22*22)
	return fmt.Sprintf("M -22 0 L -22 %.2f A %.2f %.2f 0 0 0 22 %.2f L 22 0", yMeet, r, r, yMeet)
}

func f(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

func locLabelY(l courtLoc) string {
	if l.Y < 4 {
		return f(l.Y + 4.2)
	}
	return f(l.Y - 2.3)
}

func locClass(l courtLoc) string { return "loc " + l.Kind }

// locTitle is the accessible name of a location on the court.
func (b *Board) locTitle(ctx context.Context, l courtLoc) string {
	t := b.locName(ctx, l.ID)
	if l.Elves > 0 {
		t += ", " + lang.T(ctx, lang.SACountElfCones, l.Elves)
	}
	if l.Spy {
		t += ", " + lang.T(ctx, lang.SABoardSpyHere)
	}
	return t
}

func (b *Board) moveVals(id string) string {
	return fmt.Sprintf(`{"type":"move","to":%q,"v":"%d"}`, id, b.Version)
}

func (b *Board) targetVals(id string) string {
	return fmt.Sprintf(`{"type":"target","at":%q,"v":"%d"}`, id, b.Version)
}

func (b *Board) spanVals(key string) string {
	return fmt.Sprintf(`{"type":"target","span":%q,"v":"%d"}`, key, b.Version)
}

// spotPos maps a pattern spot id to its court position, for the mini courts.
func (b *Board) spotPos(id string) (float64, float64) {
	for _, s := range b.Map.Spots {
		if s.ID == id {
			return s.X, s.Y
		}
	}
	return 0, 0
}

// spotName is a shooting spot's name in the language of ctx (the default
// map's by spotsIn, a players' map's as it names them), or its id.
func (b *Board) spotName(ctx context.Context, id string) string {
	for _, s := range b.Map.Spots {
		if s.ID == id {
			return mapName(ctx, spotsIn, s.Name)
		}
	}
	return id
}

// patternPath joins a card's spots in shooting order.
func (b *Board) patternPath(c sa.Card) string {
	p := ""
	for i, id := range c.Pattern {
		x, y := b.spotPos(id)
		if i == 0 {
			p += fmt.Sprintf("M %s %s", f(x), f(y))
		} else {
			p += fmt.Sprintf(" L %s %s", f(x), f(y))
		}
	}
	return p
}

// patternSpot is one numbered spot of a card's pattern as drawn.
type patternSpot struct {
	N     int
	ID    string
	X, Y  float64
	State string // "done", "next" or ""
}

// repeatOffset spreads the k-th repeat of one spot sideways, alternating
// right and left by more than a spot's width, so three shots at the top of
// the arc draw as three circles side by side, not one blot.
func repeatOffset(k int) float64 {
	const step = 7.8 // a spot is 7.2 wide
	if k == 0 {
		return 0
	}
	d := float64((k+1)/2) * step
	if k%2 == 0 {
		return -d
	}
	return d
}

// patternSpots lists a card's spots; repeated spots (FT, FT) are spread
// apart so each number stays readable.
func (b *Board) patternSpots(c sa.Card, progress int, casting bool) []patternSpot {
	seen := map[string]int{}
	out := make([]patternSpot, len(c.Pattern))
	for i, id := range c.Pattern {
		x, y := b.spotPos(id)
		k := seen[id]
		seen[id]++
		ps := patternSpot{N: i + 1, ID: id, X: x + repeatOffset(k), Y: y}
		if casting {
			switch {
			case i < progress:
				ps.State = "done"
			case i == progress:
				ps.State = "next"
			}
		}
		out[i] = ps
	}
	return out
}

// patternWords is a card's pattern as its spots' names in shooting order,
// in the language of ctx: the default map's spots by their names in that
// language (spotsIn), a map of the players' by the names it gives.
func (b *Board) patternWords(ctx context.Context, c sa.Card) string {
	s := ""
	for i, id := range c.Pattern {
		if i == 0 {
			s = b.spotName(ctx, id)
		} else {
			s = lang.T(ctx, lang.SABoardPatternThen, s, b.spotName(ctx, id))
		}
	}
	return lang.T(ctx, lang.SABoardPattern, s)
}

// patternLabel is patternWords in English, for the rules page, which is not
// translated yet.
func (b *Board) patternLabel(c sa.Card) string { return b.patternWords(context.Background(), c) }

// leapURL is the GET step that aims a leap: the giant, then the span.
func (b *Board) leapURL(parts ...string) string {
	// "ui=leap" alone is the first step again (nothing aimed), still a
	// step, so the selection on screen is replaced.
	q := url.Values{"v": {b.v()}, "ui": {"leap"}}
	if len(parts) > 0 {
		q.Set("ui", "leap."+strings.Join(parts, "."))
	}
	return b.Refresh + "?" + q.Encode()
}
