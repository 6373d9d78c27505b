package views

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/lang"
)

// ClubView is the club page: a form to start one for a phone in none, or
// the club with its phones, invites and merged names.
type ClubView struct {
	InClub  bool
	Name    string
	Owner   bool // this phone may remove others and revoke invites
	Members []ClubMember
	Invites []ClubInvite
	// Fresh is the invite just made: its link and QR are shown large.
	Fresh *ClubInvite
	// Joined are the words of this phone's own pairing, shown after it
	// joined (the phone that made the invite shows the same).
	Joined string
	Names  []ClubMerge
	// People are the names in the club's games, for the merge form.
	People []string
	Games  []GameChoice // for the league links
	// CanInvite: the club may make another invite today.
	CanInvite bool
	Limits    string // the limits, in a sentence
}

// ClubMember is one phone of a club.
type ClubMember struct {
	Handle string // names the phone in the remove form (not its device id)
	Label  string // "This phone", "Phone 2"
	Since  string
	Words  string // the words shown when it paired ("" for the founder)
	This   bool
	Owner  bool
	Left   string // "left 5 Dec", "removed 5 Dec"; "" while a member
}

// ClubInvite is one invite of a club.
type ClubInvite struct {
	Code    string
	Link    string // the absolute path /club/join/CODE
	State   string // open, used, revoked, expired
	Expires string
	Words   string // once used: the pairing's words
}

// ClubMerge is one merged name.
type ClubMerge struct{ Name, Into string }

// ClubJoinView is what an invite's link opens.
type ClubJoinView struct {
	Code    string
	Club    string
	Members int
	Problem string // why the invite cannot be used ("" when it can)
	// InClub is the name of the club this phone is in already, if any.
	InClub string
}

// ClubFilter is the home list's choice between this phone's games and
// the club's.
type ClubFilter struct {
	Club string // the club's name; "" for a phone in no club
	Show string // "mine" or "club"
}

// LeagueView is a game's league table.
type LeagueView struct {
	Game     GameChoice
	Scope    string // "Thursday court" or "this phone"
	Role     string // "" every game; "spy" or "mage"
	Roles    []string
	Rows     []LeagueRow
	Skipped  int // finished games whose record could not be read
	Unplayed bool
	// Started is when each counted game was started, by id (RFC 3339): the
	// page hands it to the phone's module, which draws the table from the
	// records saved on the phone when there is no network (static/league.js),
	// and a record does not say on which day its game was played.
	Started map[string]string
}

// StartedJSON is Started as the page's data-started attribute.
func (v LeagueView) StartedJSON() string {
	if len(v.Started) == 0 {
		return "{}"
	}
	b, err := json.Marshal(v.Started)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// LeagueRow is one line of a league table.
type LeagueRow struct {
	Rank        int
	Player      string
	URL         string // the player's rating page ("" for a bot)
	Rating      string
	Deviation   string
	Games, Wins int
	Streak      string
	Provisional bool
	Bot         bool
}

// RatingView is one player's rating page in one game.
type RatingView struct {
	Game        GameChoice
	Scope       string
	Player      string
	RecordsURL  string // the player's shooting records
	Rating      string
	Deviation   string
	Provisional bool
	Games, Wins int
	Plot        Plot
	Opponents   []VersusRow
	Rival       string
	Nemesis     string
	Best, Worst string
	// Shooting and Points say the head-to-head table has those columns.
	Shooting, Points bool
}

// VersusRow is the player's record against one opponent.
type VersusRow struct {
	Opponent            string
	URL                 string
	Games, Wins, Losses int
	Draws               int
	// Points are both players' points in their games ("245 to 198"),
	// for games that score every seat.
	Points string
	// Shooting is the player's shooting by kind against this opponent
	// ("toll 5/8 · arrow 1/3"), for games that keep shooting records.
	Shooting string
}

// Plot is a rating over time as an SVG line: the points are already in
// the plot's coordinates. The plot has its axes and their labels drawn in
// it, marks a provisional day by a hollow dot (a shape, not a colour), and
// Rows say the same in a table for a screen reader or a printout.
type Plot struct {
	Width, Height int
	Line          string // polyline points
	Band          string // polygon points of rating ± deviation
	Dots          []PlotDot
	// The axes: the left (Left is its x) and the bottom (Base is its y),
	// the ratings at the top, middle and bottom of the scale and the first
	// and last day under the bottom axis.
	Left, Right, Base   string
	Ticks               []PlotTick
	First, Last         string // the first and last day
	FirstX, LastX, DayY string
	Top, Bottom         string
	Label               string // what the plot shows, in a sentence
	Provisional         bool   // some day is provisional (the legend names the hollow dot)
	Rows                []PlotPoint
}

// PlotDot is one day's point of the plot; a provisional day's dot is
// drawn hollow.
type PlotDot struct {
	X, Y        string
	Provisional bool
	Title       string // "3 Mar 2026: 1620 ± 180"
}

// PlotTick is a rating written beside the left axis, at height Y.
type PlotTick struct{ Y, Text string }

// PlotPoint is one day of a rating.
type PlotPoint struct {
	Day               string
	Rating, Deviation float64
	Provisional       bool
}

// The plot's margins: room for the ratings left of the scale and the days
// under it, and half a dot at the other edges.
const (
	plotMargin = 4
	plotLeft   = 38
	plotBottom = 16
)

// RatingPlot draws points (one per day of play, oldest first) into a
// plot of w by h.
func RatingPlot(points []PlotPoint, w, h int) Plot {
	p := Plot{Width: w, Height: h, Rows: points}
	if len(points) == 0 {
		return p
	}
	lo, hi := points[0].Rating, points[0].Rating
	for _, pt := range points {
		lo = min(lo, pt.Rating-pt.Deviation)
		hi = max(hi, pt.Rating+pt.Deviation)
	}
	lo, hi = lo-10, hi+10
	left, right, base := float64(plotLeft), float64(w-plotMargin), float64(h-plotBottom)
	x := func(i int) float64 {
		if len(points) == 1 {
			return (left + right) / 2
		}
		return left + plotMargin + float64(i)*(right-left-plotMargin)/float64(len(points)-1)
	}
	y := func(r float64) float64 { return plotMargin + (hi-r)/(hi-lo)*(base-plotMargin) }
	f := func(v float64) string { return fmt.Sprintf("%.1f", v) }
	var line, upper, lower []string
	for i, pt := range points {
		line = append(line, f(x(i))+","+f(y(pt.Rating)))
		p.Dots = append(p.Dots, PlotDot{
			X: f(x(i)), Y: f(y(pt.Rating)), Provisional: pt.Provisional,
			Title: fmt.Sprintf("%s: %.0f ± %.0f", pt.Day, pt.Rating, pt.Deviation),
		})
		p.Provisional = p.Provisional || pt.Provisional
		upper = append(upper, f(x(i))+","+f(y(pt.Rating+pt.Deviation)))
		lower = append([]string{f(x(i)) + "," + f(y(pt.Rating-pt.Deviation))}, lower...)
	}
	p.Line = strings.Join(line, " ")
	p.Band = strings.Join(append(upper, lower...), " ")
	p.Left, p.Right, p.Base = f(left), f(right), f(base)
	p.Top, p.Bottom = fmt.Sprintf("%.0f", hi), fmt.Sprintf("%.0f", lo)
	for _, r := range []float64{hi, (hi + lo) / 2, lo} {
		// The text's baseline a little below the tick, so it sits beside it.
		p.Ticks = append(p.Ticks, PlotTick{Y: f(y(r) + 4), Text: fmt.Sprintf("%.0f", r)})
	}
	p.First, p.Last = points[0].Day, points[len(points)-1].Day
	p.FirstX, p.LastX, p.DayY = f(left), f(right), f(float64(h-3))
	last := points[len(points)-1]
	days := "days"
	if len(points) == 1 {
		days = "day"
	}
	p.Label = fmt.Sprintf("Rating over %d %s of play, from %.0f on %s to %.0f on %s.", len(points), days, points[0].Rating, p.First, last.Rating, p.Last)
	return p
}

// RatingText is a day's rating for the plot's table: "1620".
func RatingText(r float64) string { return fmt.Sprintf("%.0f", r) }

// currentIf is aria-current's value for a link to the page shown.
func currentIf(b bool) string {
	if b {
		return "page"
	}
	return "false"
}

// inviteState is an invite's state in words (the state itself stays the
// data-state attribute's value).
func inviteState(ctx context.Context, state string) string {
	switch state {
	case "open":
		return lang.T(ctx, lang.ClubStateOpen)
	case "used":
		return lang.T(ctx, lang.ClubStateUsed)
	case "revoked":
		return lang.T(ctx, lang.ClubStateRevoked)
	case "expired":
		return lang.T(ctx, lang.ClubStateExpired)
	}
	return state
}
