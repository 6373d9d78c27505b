package session

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
)

// Continuing a game from a moment (a fork, docs/forks.md): a new game
// whose record is the original's setup and its first N actions in force,
// with its own id; the original is never changed. The store keeps where a
// fork came from (store.Fork), not the records.

// Forker is what continuing a game from a moment needs of the store.
type Forker interface {
	Game(ctx context.Context, id string) (store.Game, error)
	CreateFork(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry, f store.Fork) error
}

// ForkRefused is a fork the rules of forking refuse, in words; nothing
// was made. BadMoment says the moment asked for is not one of the game's
// (the request was wrong); otherwise the game's state refuses it.
type ForkRefused struct {
	Words     string
	BadMoment bool
}

func (e *ForkRefused) Error() string { return e.Words }

// ForkMoment reads the moment a fork is asked at: the number of actions
// in force to keep, from 0 (the setup alone) to all of them.
func ForkMoment(raw string, inForce int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	switch {
	case err != nil:
		return 0, &ForkRefused{Words: "Say after how many actions to continue (a number from 0 to " + strconv.Itoa(inForce) + ").", BadMoment: true}
	case n < 0 || n > inForce:
		return 0, &ForkRefused{Words: fmt.Sprintf("This game has %d actions in force: a game can be continued after 0 to %d of them, not %d.", inForce, inForce, n), BadMoment: true}
	}
	return n, nil
}

// Fork continues game g (kind k, log log, seat rows seats) after its
// first at actions in force, for the device asking (which must be its
// scorekeeper or a seated player: the caller checks, as for a tap).
//
// The fork has the original's setup, seed, title and seat names; bots
// stay bots; the asking device owns it and holds the seat it held (or
// keeps it as scorekeeper); every other person's seat waits for a new
// join link. A hidden-information game still running is forked only when
// no other person has a seat in it (docs/forks.md, "Hidden
// information"). The fork's id is drawn from the original's id and
// version, the moment and the device, so a double tap makes one game:
// made false answers a fork made already.
func (s *Session) Fork(ctx context.Context, st Forker, k play.Kind, g store.Game, log []store.Entry, seats []store.Seat, device string, at int, m Maker) (id string, made bool, err error) {
	mine, ok := SeatOf(g, seats, device)
	if !ok {
		return "", false, &ForkRefused{Words: "Only this game's scorekeeper or a seated player can continue it as a new game."}
	}
	in := s.InForce(g.ID, log)
	if at < 0 || at > len(in) {
		_, err := ForkMoment(strconv.Itoa(at), len(in))
		return "", false, err
	}
	if k.Hidden() {
		if _, over, _ := s.Status(k, g, Viewer{}, log); !over {
			if who := otherPerson(seats, device); who != "" {
				return "", false, &ForkRefused{Words: "This game hides cards or coins from some players and is still running, and " + who +
					" plays on another phone: a new game from it would show that phone's secrets. It can be continued once the game is over, or when one phone plays every person's seat."}
			}
		}
	}
	ng, entries, err := prefixGame(k, g, seats, in[:at], mine, "fork")
	if err != nil {
		return "", false, &ForkRefused{Words: "The first " + strconv.Itoa(at) + " actions of this game do not replay: " + err.Error()}
	}
	id = ForkID(g.ID, g.Version, at, device)
	m.Owner = device
	made, err = createOnce(ctx, st, id, g.Kind, func() error {
		row, rows, err := m.Rows(k, id, ng)
		if err != nil {
			return err
		}
		return st.CreateFork(ctx, row, rows, entries, store.Fork{GameID: id, From: g.ID, At: at})
	})
	if err != nil {
		if bs := (*BadSetup)(nil); errors.As(err, &bs) {
			return "", false, err
		}
		return "", false, fmt.Errorf("fork %s at %d: %w", g.ID, at, err)
	}
	return id, made, nil
}

// otherPerson names a person's seat held by another device than device,
// or waiting for one (a join link not used yet), "" when there is none:
// bots are no people, and what a bot could see nobody reads.
func otherPerson(seats []store.Seat, device string) string {
	for _, s := range seats {
		if strings.HasPrefix(s.Holder, BotHolder) || s.Holder == device {
			continue
		}
		if s.Name != "" {
			return s.Name
		}
		return "seat " + strconv.Itoa(s.Index+1)
	}
	return ""
}

// ForkID is the id of the fork of game id at version, after at actions,
// made by device: as long and unguessable as a new game's (drawn from the
// original's id, which only its players know).
func ForkID(id string, version, at int, device string) string {
	sum := sha256.Sum256([]byte("fork\x00" + id + "\x00" + strconv.Itoa(version) + "\x00" + strconv.Itoa(at) + "\x00" + device))
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}
