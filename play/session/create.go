package session

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
)

// Maker makes the rows of a new game: who owns it, when it is made, and
// the random tokens its spectator link and seats carry.
type Maker struct {
	Owner string
	Now   time.Time
	// Token is n random bytes as URL-safe text (a token must not be
	// guessed).
	Token func(n int) string
}

// BadSetup is a new game whose setup its kind cannot read.
type BadSetup struct{ Err error }

func (e *BadSetup) Error() string { return "The game setup could not be read: " + e.Err.Error() }

// row is the game row of a new game with id of kind k titled title.
func (m Maker) row(k play.Kind, id, title string, seed int64, setup json.RawMessage) store.Game {
	now := m.Now.UTC()
	return store.Game{
		ID: id, Kind: k.Info().ID, Title: title, Owner: m.Owner,
		SpectatorToken: m.Token(18), Seed: seed, Setup: setup,
		Created: now, Updated: now,
	}
}

// Rows are the rows that store new game ng as id: its game row (titled
// from its setup) and its seat rows, each with a fresh join token, bots
// held by their level ("bot:LEVEL") and the maker's own seat by the owner;
// the other people's rows wait for their join links.
func (m Maker) Rows(k play.Kind, id string, ng play.NewGame) (store.Game, []store.Seat, error) {
	title, err := k.Title(ng.Setup)
	if err != nil {
		return store.Game{}, nil, &BadSetup{err}
	}
	g := m.row(k, id, title, ng.Seed, ng.Setup)
	seats := make([]store.Seat, 0, len(ng.Seats))
	for _, s := range ng.Seats {
		row := store.Seat{GameID: g.ID, Index: s.Index, Name: s.Name, Token: m.Token(18)}
		switch {
		case s.Bot != "":
			row.Holder = BotHolder + s.Bot
		case s.Index == ng.Mine:
			row.Holder = m.Owner
		}
		seats = append(seats, row)
	}
	return g, seats, nil
}

// Imported are the rows of record rec of kind k (checked by replay and
// titled title), stored as a new pass-and-play game: no seat rows, every
// action the scorekeeper's.
func (m Maker) Imported(k play.Kind, rec record.Record, title string) (store.Game, []store.Entry, error) {
	var setup bytes.Buffer
	if err := json.Compact(&setup, rec.Setup); err != nil {
		return store.Game{}, nil, fmt.Errorf("compact setup: %w", err)
	}
	id := m.Token(9)
	g := m.row(k, id, title, rec.Seed, setup.Bytes())
	entries := make([]store.Entry, len(rec.Actions))
	for i, a := range rec.Actions {
		var buf bytes.Buffer
		if err := json.Compact(&buf, a); err != nil {
			return store.Game{}, nil, fmt.Errorf("import action %d: %w", i+1, err)
		}
		entries[i] = store.Entry{
			Kind: store.KindAction, Action: buf.Bytes(), Seat: play.Scorekeeper,
			ClientID: fmt.Sprintf("import:%d", i), At: g.Created,
		}
	}
	return g, entries, nil
}

// Held is a game of a device and how an imported record stands to it.
type Held struct {
	Game    store.Game
	Kin     record.Kinship // the record is Same as Game or Earlier than it
	Actions int            // actions in force in Game
}

// Lister is what finding a held copy needs of the store.
type Lister interface {
	Games(ctx context.Context, owner string) ([]store.Game, error)
	Load(ctx context.Context, id string) (store.Game, []store.Entry, error)
}

// HeldCopy finds a game device holds (created, or seated in) that rec
// holds all of: rec is the same record or an earlier moment of it. Kin is
// record.Unrelated when there is none; a record that goes on from a held
// game is not held (docs/records.md, "The same game"). Only games with
// rec's start are loaded, so the check reads one setup per game of the
// device and the logs of the few that match.
func HeldCopy(ctx context.Context, st Lister, device string, rec record.Record) (Held, error) {
	start, err := record.Start(rec)
	if err != nil {
		return Held{}, nil // the caller's replay has read it; never here
	}
	games, err := st.Games(ctx, device)
	if err != nil {
		return Held{}, fmt.Errorf("list games: %w", err)
	}
	for _, g := range games {
		if g.Kind != rec.Game {
			continue
		}
		s, err := record.Start(record.Record{Game: g.Kind, Version: record.FormatVersion, Seed: g.Seed, Setup: g.Setup})
		if err != nil || !bytes.Equal(s, start) {
			continue
		}
		_, log, err := st.Load(ctx, g.ID)
		if errors.Is(err, store.ErrNotFound) {
			continue // deleted since the list was read
		}
		if err != nil {
			return Held{}, fmt.Errorf("load game %s: %w", g.ID, err)
		}
		have := store.Actions(log)
		k, err := record.CompareActions(rec.Actions, have)
		if err != nil {
			continue // a stored record this build cannot read holds nothing of rec
		}
		if k == record.Same || k == record.Earlier {
			return Held{Game: g, Kin: k, Actions: len(have)}, nil
		}
	}
	return Held{}, nil
}

// Keeper is what keeping a damaged game's good actions needs of the store.
type Keeper interface {
	Game(ctx context.Context, id string) (store.Game, error)
	CreateGameWithLog(ctx context.Context, g store.Game, seats []store.Seat, entries []store.Entry) error
}

// NothingToKeep is a keep refused: the record replays, or no action before
// the damage is left, or those actions do not replay either.
type NothingToKeep struct{ Words string }

func (e *NothingToKeep) Error() string { return e.Words }

// Keep makes a new game from the good prefix of damaged game g (de; nil
// when its record replays) with seat rows seats: the same setup, seed,
// seats and holders and owner, and the actions in force before the bad
// one, checked by replay before it is stored. The damaged game is left as
// it is. The new game's id is drawn from g's id and version (KeptID), so a
// double tap (or two players at once) makes one game, not two: an id made
// already is answered as made (made true when this call stored it).
func Keep(ctx context.Context, st Keeper, g store.Game, seats []store.Seat, de *Damaged, m Maker) (id string, entries int, made bool, err error) {
	if de == nil {
		return "", 0, false, &NothingToKeep{"This game's record replays as it is: there is nothing to repair."}
	}
	if de.At < 1 {
		return "", 0, false, &NothingToKeep{de.Words() + ". No action can be kept from it; export the record to keep it."}
	}
	id = KeptID(g.ID, g.Version)
	ng, log, err := prefixGame(de.Kind, g, seats, store.InForce(de.Log)[:de.At-1], play.Scorekeeper, "kept")
	if err != nil {
		return "", 0, false, &NothingToKeep{"The actions before the damaged one could not be kept: " + err.Error()}
	}
	m.Owner = g.Owner // the new game is the old one's: its scorekeeper keeps it
	made, err = createOnce(ctx, st, id, g.Kind, func() error {
		row, rows, err := m.Rows(de.Kind, id, ng)
		if err != nil {
			return err
		}
		// Each seat is held by the device that held it (bots stay bots).
		for i := range rows {
			for _, s := range seats {
				if s.Index == rows[i].Index {
					rows[i].Holder = s.Holder
				}
			}
		}
		return st.CreateGameWithLog(ctx, row, rows, log)
	})
	if err != nil {
		var bs *BadSetup
		if !errors.As(err, &bs) {
			err = fmt.Errorf("keep the good actions of %s: %w", g.ID, err)
		}
		return "", 0, false, err
	}
	if !made {
		return id, 0, false, nil
	}
	return id, len(log), true, nil
}

// createOnce stores a game whose id was drawn from what made it, so that
// a double tap (or two players at once) draws the same id: a game of that
// kind already there under id is answered as made before (made false),
// both before create is tried and after it failed.
func createOnce(ctx context.Context, st interface {
	Game(ctx context.Context, id string) (store.Game, error)
}, id, kind string, create func() error) (made bool, err error) {
	if got, err := st.Game(ctx, id); err == nil && got.Kind == kind {
		return false, nil
	}
	if err := create(); err != nil {
		if bs := (*BadSetup)(nil); errors.As(err, &bs) {
			return false, err
		}
		if got, gerr := st.Game(ctx, id); gerr == nil && got.Kind == kind {
			return false, nil // a second tap made it first
		}
		return false, err
	}
	return true, nil
}

// prefixGame is a new game from g's setup, seed and seat rows (bots stay
// bots) and the actions kept, refused unless that record replays: the
// NewGame its rows are made from (mine is the maker's seat, or
// play.Scorekeeper) and its log, each entry with its seat and time and the
// client id tag:i.
func prefixGame(k play.Kind, g store.Game, seats []store.Seat, kept []store.Entry, mine int, tag string) (play.NewGame, []store.Entry, error) {
	t := RecordTable(g, kept)
	if _, err := k.Replay(t.Record()); err != nil {
		return play.NewGame{}, nil, err
	}
	ng := play.NewGame{Setup: g.Setup, Seed: g.Seed, Seats: PlaySeats(seats, false), Mine: mine}
	entries := make([]store.Entry, len(kept))
	for i, e := range kept {
		entries[i] = store.Entry{Kind: store.KindAction, Action: e.Action, Seat: e.Seat, ClientID: tag + ":" + strconv.Itoa(i), At: e.At}
	}
	return ng, entries, nil
}

// KeptID is the id of the game made from a damaged game's good actions at
// that version: as long and as unguessable as a new game's (it is drawn
// from the damaged game's own id, which only its players know).
func KeptID(id string, version int) string {
	sum := sha256.Sum256([]byte("kept\x00" + id + "\x00" + strconv.Itoa(version)))
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}
