package spellsarrows

import (
	"fmt"

	"github.com/grimoire-games/grimoire/rules/record"
)

// ShotKind is what a basket attempt was for.
type ShotKind string

// Roles of an attempt's shooter.
const (
	RoleSpy  = "spy"
	RoleMage = "mage"
)

// Kinds of shot. A spy shoots tolls and free throws at giants; a mage
// shoots spell spots, elf arrows and giant leaps.
const (
	ShotToll  ShotKind = "toll"  // spy: a toll basket at the spy's location cone
	ShotFree  ShotKind = "free"  // spy: a free throw at the engaged giant
	ShotSpell ShotKind = "spell" // mage: a spot of a spell pattern
	ShotArrow ShotKind = "arrow" // mage: an elf arrow from the guarded location
	ShotLeap  ShotKind = "leap"  // mage: a giant-leap free throw
)

func (k ShotKind) String() string { return string(k) }

// Role is the side that shoots a kind of shot.
func (k ShotKind) Role() string {
	if k == ShotToll || k == ShotFree {
		return RoleSpy
	}
	return RoleMage
}

// Label is the kind in player words, for charts and tables.
func (k ShotKind) Label() string {
	switch k {
	case ShotToll:
		return "Tolls"
	case ShotFree:
		return "Free throws at giants"
	case ShotSpell:
		return "Spell spots"
	case ShotArrow:
		return "Elf arrows"
	case ShotLeap:
		return "Giant leaps"
	}
	return string(k)
}

// ShotKinds lists every kind, spy kinds first, in the order charts and
// tables show them.
func ShotKinds() []ShotKind {
	return []ShotKind{ShotToll, ShotFree, ShotSpell, ShotArrow, ShotLeap}
}

// FreeThrowSpot is the spot id of the free-throw spot ("y" on the rule
// sheet): giant free throws and leaps are shot from there. It is drawn from
// the map's freeThrow point, not from its spot list.
const FreeThrowSpot = "y"

// Attempt is one basket attempt of a game.
type Attempt struct {
	Index  int      // index of the action in the record
	Turn   int      // game turn of the attempt
	Player string   // name of the shooter, from the setup
	Role   string   // "spy" or "mage"
	Kind   ShotKind //
	Spot   string   // location id (toll, arrow), pattern spot id (spell) or FreeThrowSpot
	X, Y   float64  // where the spot is on the court, in feet
	Made   bool
}

// AttemptOf says whether action a, played on state before as action number
// index, is a basket attempt, and which. It does not check legality: give it
// an action Apply accepted.
func AttemptOf(before State, index int, a Action) (Attempt, bool) {
	setup := before.Setup()
	sn := before.Snapshot()
	at := Attempt{Index: index, Turn: sn.Turn, Made: a.Made}
	m := before.SharedMap() // read only: Map would copy the whole court per attempt
	switch a.Type {
	case TypeSpyShot:
		at.Player, at.Role = setup.Spy, RoleSpy
		if sn.Spy.Engaged != "" {
			at.Kind = ShotFree
			at.Spot, at.X, at.Y = FreeThrowSpot, m.FreeThrow.X, m.FreeThrow.Y
		} else {
			at.Kind = ShotToll
			at.Spot = sn.Spy.At
			if l, ok := m.Location(sn.Spy.At); ok {
				at.X, at.Y = l.X, l.Y
			}
		}
	case TypeArrow:
		at.Player, at.Role, at.Kind = setup.Mage, RoleMage, ShotArrow
		at.Spot = sn.Spy.At
		if l, ok := m.Location(at.Spot); ok {
			at.X, at.Y = l.X, l.Y
		}
	case TypeLeap:
		at.Player, at.Role, at.Kind = setup.Mage, RoleMage, ShotLeap
		at.Spot, at.X, at.Y = FreeThrowSpot, m.FreeThrow.X, m.FreeThrow.Y
	case TypeSpellShot:
		at.Player, at.Role, at.Kind = setup.Mage, RoleMage, ShotSpell
		at.Spot = Legal(before).Spot
		for _, sp := range m.Spots {
			if sp.ID == at.Spot {
				at.X, at.Y = sp.X, sp.Y
			}
		}
	default:
		return Attempt{}, false
	}
	return at, true
}

// Attempts lists every basket attempt of a record, in record order. A
// record that does not replay is an error (wrapping the replay's error).
func Attempts(rec record.Record) ([]Attempt, error) {
	if rec.Game != record.SpellsArrows {
		return nil, fmt.Errorf("attempts: %w: record is for %q, not %q", record.ErrMalformed, rec.Game, record.SpellsArrows)
	}
	var out []Attempt
	i := 0
	_, err := record.Play(Rules(), rec.Setup, rec.Seed, rec.Actions, func(before State, a Action, _ State) {
		if at, ok := AttemptOf(before, i, a); ok {
			out = append(out, at)
		}
		i++
	})
	if err != nil {
		return nil, fmt.Errorf("attempts: %w", err)
	}
	return out, nil
}

// AttemptsOf lists the basket attempts of a game given as setup, seed and
// actions (the form the play layer holds).
func AttemptsOf(setup Setup, seed int64, actions []Action) ([]Attempt, error) {
	s, err := New(setup, seed)
	if err != nil {
		return nil, fmt.Errorf("attempts: %w", err)
	}
	var out []Attempt
	for i, a := range actions {
		if at, ok := AttemptOf(s, i, a); ok {
			out = append(out, at)
		}
		if s, err = Apply(s, a); err != nil {
			return nil, fmt.Errorf("attempts: %w", &record.ActionError{Index: i, Err: err})
		}
	}
	return out, nil
}
