package handlers

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views/offline"
)

// The embedded record (the offline copy of the game, element
// #grimoire-record) grows by ~30 B per action, and the default answer sends
// all of it after every tap. A page that can update its own copy asks for
// the change instead, with the request header
//
//	X-Grimoire-Record: delta
//
// and the answer then carries no record fragment but the header
//
//	X-Grimoire-Record-Delta: {"from":F,"version":V,"keep":K,"actions":[...],"actionSeats":[...]}
//
// which says: of the actions in the copy drawn at version F, keep the first
// K, then append these actions (and their seats), and set the version to V.
// K is below the copy's length when undos since F took actions back. The
// header is absent whenever the whole record is sent as before.
//
// A request whose v is not the version of the page's copy (a refresh asks
// from version 0 to get every fragment) names the copy's version in
//
//	X-Grimoire-Record-At: N
//
// and the delta then starts from N: F is N. The copy must be the server's
// record at N (every tap it holds confirmed), which only the page knows.
const (
	recordModeHeader  = "X-Grimoire-Record"
	recordDeltaHeader = "X-Grimoire-Record-Delta"
	recordAtHeader    = "X-Grimoire-Record-At"
)

func wantsDelta(c echo.Context) bool {
	c.Response().Header().Add("Vary", recordModeHeader)
	c.Response().Header().Add("Vary", recordAtHeader)
	return c.Request().Header.Get(recordModeHeader) == "delta"
}

// deltaFrom is the version of the copy a delta starts from: the one the
// request names in X-Grimoire-Record-At when it is a version of the game,
// otherwise the version the request was made on.
func deltaFrom(c echo.Context, s screen, version int) int {
	if at, err := strconv.Atoi(c.Request().Header.Get(recordAtHeader)); err == nil && at >= 0 && at <= version {
		return at
	}
	return s.From
}

// recordDelta takes the record out of an answer and says its change in the
// delta header, when that is exact: both screens embed a record (the
// viewer's page holds one and still may), and the table's seats cannot have
// changed in between (no person's seat: joining one would change the record
// beyond its actions). Otherwise the answer is left as it was.
func (h *Handler) recordDelta(c echo.Context, t play.Table, s screen, before, now []rendered) ([]rendered, []rendered) {
	if before == nil || t.OnPhones() || !hasRecord(before) || !hasRecord(now) {
		return before, now
	}
	d, ok := h.deltaHeader(s, t.Version, deltaFrom(c, s, t.Version))
	if !ok {
		return before, now
	}
	c.Response().Header().Set(recordDeltaHeader, d)
	return withoutRecord(before), withoutRecord(now)
}

// deltaStep is the screen-cache step under which a game's delta header from
// one version to another is kept: every spectator of a game asks for the
// same change after a tap. The delta is a function of the log and the two
// versions alone, so the key names no viewer; fragment keys are URL-encoded
// queries and the refresh's start with refreshStep, so none is like it.
const deltaStep = "delta\x00"

// deltaHeader is the delta header's value from version from to version (the
// log's length), kept in the screen cache; false when it cannot be made.
func (h *Handler) deltaHeader(s screen, version, from int) (string, bool) {
	key := screenKey{Version: version, Step: deltaStep + strconv.Itoa(from)}
	if r, ok := h.session.KeptScreen(s.Game.ID, key); ok {
		return r[0].HTML, true
	}
	in := h.session.InForce(s.Game.ID, s.Log)
	// An action in force now that was stored by version from was in force
	// at from too (an undo only takes the latest back, and nothing comes
	// back), and those are a prefix of both lists.
	keep := sort.Search(len(in), func(i int) bool { return in[i].Seq > from })
	d := deltaJSON{From: from, Version: version, Keep: keep, Actions: make([]json.RawMessage, 0, len(in)-keep), ActionSeats: make([]int, 0, len(in)-keep)}
	for _, e := range in[keep:] {
		d.Actions = append(d.Actions, e.Action)
		d.ActionSeats = append(d.ActionSeats, e.Seat)
	}
	b, err := json.Marshal(d)
	if err != nil {
		// Stored actions are valid JSON; should one not be, the whole
		// record goes out instead.
		return "", false
	}
	v := asciiJSON(b)
	h.session.KeepScreen(s.Game.ID, key, []rendered{{ID: deltaStep, HTML: v}})
	return v, true
}

// deltaJSON is the delta header's JSON (see the top of this file).
type deltaJSON struct {
	From        int               `json:"from"`
	Version     int               `json:"version"`
	Keep        int               `json:"keep"`
	Actions     []json.RawMessage `json:"actions"`
	ActionSeats []int             `json:"actionSeats"`
}

func hasRecord(r []rendered) bool {
	for _, f := range r {
		if f.ID == offline.ElementID {
			return true
		}
	}
	return false
}

func withoutRecord(r []rendered) []rendered {
	if n := len(r) - 1; n >= 0 && r[n].ID == offline.ElementID && !hasRecord(r[:n]) {
		// Where the kinds put it, last: the screen without it is a prefix,
		// capped so that nothing appends over the cached record.
		return r[:n:n]
	}
	out := make([]rendered, 0, len(r))
	for _, f := range r {
		if f.ID != offline.ElementID {
			out = append(out, f)
		}
	}
	return out
}

// asciiJSON escapes every non-ASCII character of compact JSON as \uXXXX: a
// header value travels as Latin-1 bytes, and a name with an accent must
// arrive as the same text.
func asciiJSON(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b))
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		b = b[n:]
		if r < utf8.RuneSelf {
			sb.WriteRune(r)
			continue
		}
		write := func(u rune) {
			sb.WriteString(`\u`)
			h := strconv.FormatInt(int64(u), 16)
			sb.WriteString(strings.Repeat("0", 4-len(h)) + h)
		}
		if r > 0xFFFF {
			r -= 0x10000
			write(0xD800 + (r>>10)&0x3FF)
			write(0xDC00 + r&0x3FF)
			continue
		}
		write(r)
	}
	return sb.String()
}
