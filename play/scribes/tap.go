package scribes

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/say"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	scview "github.com/grimoire-games/grimoire/views/scribes"
)

// ActionFromForm reads one tap: a whole action (the table's buttons carry
// it as JSON) or the exchange form. The seat may be -1: MayDecide fills in
// the seat that decides.
func ActionFromForm(form url.Values) (sc.Action, error) {
	switch {
	case form.Get("action") != "":
		a, err := sc.ParseAction([]byte(form.Get("action")))
		if err != nil {
			return a, fmt.Errorf("The tap could not be read: %w", err)
		}
		return a, nil
	case form.Get("type") == "exchange":
		give, err1 := sc.ParseElement(form.Get("give"))
		take, err2 := sc.ParseElement(form.Get("take"))
		n, err3 := strconv.Atoi(form.Get("count"))
		if err := errors.Join(err1, err2, err3); err != nil {
			return sc.Action{}, fmt.Errorf("The exchange could not be read: %w", err)
		}
		return sc.Exchange(-1, give, take, n), nil
	}
	return sc.Action{}, errors.New("The tap did not say what to do.")
}

// MayDecide checks that seat (the viewer; play.Scorekeeper for a shared
// phone) may make a now: the action's seat decides, it is not a bot, and a
// phone holding a seat decides only for it. An action with seat -1 is the
// decider's. A seat outside the table (the tap's or the viewer's) is refused
// before any name is looked up: a tap's seat is whatever the client sent,
// and a phone's viewer seat comes from a record it could have altered.
func MayDecide(setup sc.Setup, st sc.State, a sc.Action, seat int) (sc.Action, error) {
	if a.Type == sc.ActProposeEnd || a.Type == sc.ActAgreeEnd {
		return mayAgree(setup, st, a, seat)
	}
	d := st.Decider()
	if a.Seat == -1 {
		a.Seat = d
	}
	switch {
	case st.Over():
		return a, refused(sc.ErrGameOver, say.F("the game is over"))
	case a.Seat < 0 || a.Seat >= len(setup.Players):
		return a, refused(nil, say.F("there is no seat %d at this table of %d", a.Seat, len(setup.Players)))
	case seat != play.Scorekeeper && (seat < 0 || seat >= len(setup.Players)):
		return a, refused(nil, say.F("this phone holds seat %d, which is not at this table of %d", seat, len(setup.Players)))
	case a.Seat != d:
		return a, refused(nil, say.F("it is %s's decision, not %s's", st.Name(d), st.Name(a.Seat)))
	case scview.BotOf(setup, d) != "":
		return a, refused(nil, say.F("%s is a bot and plays by itself", st.Name(d)))
	case seat >= 0 && seat != d:
		return a, refused(nil, say.F("it is %s's decision, on their phone", st.Name(d)))
	}
	return a, nil
}

// mayAgree checks an agreement action: any seated person decides it for
// themselves, whoever is to play, so a phone holding a seat answers only
// for that seat and a shared phone for the seat its button names.
func mayAgree(setup sc.Setup, st sc.State, a sc.Action, seat int) (sc.Action, error) {
	if a.Seat == -1 {
		a.Seat = seat
	}
	switch {
	case st.Over():
		return a, refused(sc.ErrGameOver, say.F("the game is over"))
	case a.Seat < 0 || a.Seat >= len(setup.Players):
		return a, refused(nil, say.F("there is no seat %d at this table of %d", a.Seat, len(setup.Players)))
	case seat != play.Scorekeeper && seat != a.Seat:
		return a, refused(nil, say.F("only %s can answer for %s, on their phone", st.Name(a.Seat), st.Name(a.Seat)))
	case scview.BotOf(setup, a.Seat) != "":
		return a, refused(nil, say.F("%s is a bot and is not asked", st.Name(a.Seat)))
	}
	return a, nil
}

// refusal is a tap refused before the rules see it, its reason in words
// each reader reads in their language (say.Reason); kind, when not nil, is
// the rules' sentinel it stands for (errors.Is).
type refusal struct {
	kind error
	text say.Text
}

func refused(kind error, text say.Text) error { return &refusal{kind: kind, text: text} }

func (r *refusal) Error() string  { return r.text.String() }
func (r *refusal) Unwrap() error  { return r.kind }
func (r *refusal) Said() say.Text { return r.text }
