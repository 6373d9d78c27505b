package spellsarrows

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// ActionFromForm turns the fields of one tap (the forms of views/spellsarrows: Controls, Cards
// and Court) into an action. It checks the fields are well formed and leaves
// legality to the rules. The server reads its form with it, and the offline
// page (WebAssembly) reads the same fields with it, so a tap means the same
// thing on both.
func ActionFromForm(get func(name string) string) (sa.Action, error) {
	typ := get("type")
	made := func() (bool, error) {
		switch get("made") {
		case "1", "true":
			return true, nil
		case "0", "false":
			return false, nil
		}
		return false, errors.New("a shot must be marked made or missed")
	}
	number := func(name string, optional bool) (int, error) {
		v := get(name)
		if v == "" && optional {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 999 {
			return 0, fmt.Errorf("%q is not a card number", v)
		}
		return n, nil
	}
	id := func(name string) (string, error) {
		v := strings.TrimSpace(get(name))
		if v == "" || len(v) > 40 {
			return "", fmt.Errorf("the tap did not name a place (%s)", name)
		}
		return v, nil
	}
	switch typ {
	case sa.TypeSpyShot, sa.TypeArrow, sa.TypeSpellShot:
		m, err := made()
		return sa.Action{Type: typ, Made: m}, err
	case sa.TypeMove:
		to, err := id("to")
		return sa.Move(to), err
	case sa.TypeLeap:
		m, err := made()
		if err != nil || !m {
			return sa.Leap(false, "", ""), err
		}
		from, err := id("from")
		if err != nil {
			return sa.Action{}, err
		}
		to, err := id("to")
		return sa.Leap(true, from, to), err
	case sa.TypePass:
		return sa.Pass(), nil
	case sa.TypeCast:
		n, err := number("card", false)
		return sa.Cast(n), err
	case sa.TypeAbandon:
		return sa.Abandon(), nil
	case sa.TypeTarget:
		if get("span") != "" {
			sp, err := id("span")
			return sa.TargetSpan(sp), err
		}
		at, err := id("at")
		return sa.TargetAt(at), err
	case sa.TypeBench:
		// Nothing is chosen for the mage: a Confirm without a choice (a
		// page without its script) is refused in words.
		if get("card") == "" {
			return sa.Action{}, errors.New("choose the bench spell that joins the court first")
		}
		n, err := number("card", false)
		if err != nil {
			return sa.Action{}, err
		}
		cut, err := number("cut", true)
		return sa.Bench(n, cut), err
	case sa.TypeEndHalf:
		return sa.EndHalf(), nil
	case "":
		return sa.Action{}, errors.New("the tap did not say what happened")
	default:
		return sa.Action{}, fmt.Errorf("%q is not something that can happen in Spells & Arrows", typ)
	}
}
