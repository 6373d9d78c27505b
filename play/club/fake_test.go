package club_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
)

// fakeStore keeps clubs, invites and games in maps: enough of store.Store
// for the club pages and the session's loads, with the store's errors.
type fakeStore struct {
	clubs   map[string]store.Club
	members map[string][]store.Member // by club
	invites []store.Invite
	merges  []store.NameMerge
	games   []store.Game
	logs    map[string][]store.Entry
	seats   map[string][]store.Seat
}

func newFakeStore() *fakeStore {
	return &fakeStore{clubs: map[string]store.Club{}, members: map[string][]store.Member{}, logs: map[string][]store.Entry{}, seats: map[string][]store.Seat{}}
}

func (f *fakeStore) CreateClub(_ context.Context, c store.Club) error {
	if _, err := f.ClubOf(context.Background(), c.Owner); err == nil {
		return store.ErrInClub
	}
	f.clubs[c.ID] = c
	f.members[c.ID] = append(f.members[c.ID], store.Member{ClubID: c.ID, Device: c.Owner, Joined: c.Created})
	return nil
}

func (f *fakeStore) Club(_ context.Context, id string) (store.Club, error) {
	c, ok := f.clubs[id]
	if !ok {
		return c, store.ErrNotFound
	}
	return c, nil
}

func (f *fakeStore) ClubOf(_ context.Context, device string) (store.Club, error) {
	for id, ms := range f.members {
		for _, m := range ms {
			if m.Device == device && m.Active() {
				return f.clubs[id], nil
			}
		}
	}
	return store.Club{}, store.ErrNotFound
}

func (f *fakeStore) Members(_ context.Context, clubID string) ([]store.Member, error) {
	return slices.Clone(f.members[clubID]), nil
}

func (f *fakeStore) LeaveClub(_ context.Context, clubID, device string, at time.Time, removed bool) error {
	for i, m := range f.members[clubID] {
		if m.Device == device && m.Active() {
			f.members[clubID][i].Left, f.members[clubID][i].Removed = at, removed
			return nil
		}
	}
	return store.ErrNotFound
}

func (f *fakeStore) CountClubsSince(_ context.Context, device string, since time.Time) (int, error) {
	n := 0
	for _, c := range f.clubs {
		if c.Owner == device && !c.Created.Before(since) {
			n++
		}
	}
	return n, nil
}

func (f *fakeStore) CreateInvite(_ context.Context, inv store.Invite) error {
	f.invites = append(f.invites, inv)
	return nil
}

func (f *fakeStore) Invite(_ context.Context, code string) (store.Invite, error) {
	for _, inv := range f.invites {
		if inv.Code == code {
			return inv, nil
		}
	}
	return store.Invite{}, store.ErrNotFound
}

func (f *fakeStore) Invites(_ context.Context, clubID string) ([]store.Invite, error) {
	var out []store.Invite
	for _, inv := range f.invites {
		if inv.ClubID == clubID {
			out = append(out, inv)
		}
	}
	return out, nil
}

func (f *fakeStore) RevokeInvite(_ context.Context, clubID, code string) error {
	for i, inv := range f.invites {
		if inv.Code == code && inv.ClubID == clubID && inv.UsedBy == "" {
			f.invites[i].Revoked = true
			return nil
		}
	}
	return store.ErrNotFound
}

func (f *fakeStore) CountInvitesSince(_ context.Context, clubID string, since time.Time) (int, error) {
	n := 0
	for _, inv := range f.invites {
		if inv.ClubID == clubID && !inv.Created.Before(since) {
			n++
		}
	}
	return n, nil
}

func (f *fakeStore) JoinClub(ctx context.Context, code, device string, at time.Time) (store.Club, error) {
	i := slices.IndexFunc(f.invites, func(inv store.Invite) bool { return inv.Code == code })
	if i < 0 {
		return store.Club{}, store.ErrNotFound
	}
	if inv := f.invites[i]; inv.UsedBy != "" || inv.Revoked || !at.Before(inv.Expires) {
		return store.Club{}, store.ErrInviteGone
	}
	if _, err := f.ClubOf(ctx, device); err == nil {
		return store.Club{}, store.ErrInClub
	}
	f.invites[i].UsedBy, f.invites[i].UsedAt = device, at
	id := f.invites[i].ClubID
	f.members[id] = append(f.members[id], store.Member{ClubID: id, Device: device, Joined: at})
	return f.clubs[id], nil
}

func (f *fakeStore) ClubGames(_ context.Context, clubID string) ([]store.Game, error) {
	var out []store.Game
	for _, g := range f.games {
		if slices.ContainsFunc(f.members[clubID], func(m store.Member) bool { return m.Device == g.Owner }) {
			out = append(out, g)
		}
	}
	return out, nil
}

func (f *fakeStore) ClubGamesPage(context.Context, string, int, int) ([]store.Game, int, error) {
	return nil, 0, errors.New("the club pages never page")
}

func (f *fakeStore) NameMerges(_ context.Context, clubID string) ([]store.NameMerge, error) {
	var out []store.NameMerge
	for _, m := range f.merges {
		if m.ClubID == clubID {
			out = append(out, m)
		}
	}
	return out, nil
}

func (f *fakeStore) MergeName(_ context.Context, clubID, name, into string) error {
	f.merges = append(f.merges, store.NameMerge{ClubID: clubID, Name: name, Into: into})
	return nil
}

func (f *fakeStore) SplitName(_ context.Context, clubID, name string) error {
	i := slices.IndexFunc(f.merges, func(m store.NameMerge) bool { return m.ClubID == clubID && m.Name == name })
	if i < 0 {
		return store.ErrNotFound
	}
	f.merges = slices.Delete(f.merges, i, i+1)
	return nil
}

func (f *fakeStore) Games(_ context.Context, owner string) ([]store.Game, error) {
	var out []store.Game
	for _, g := range f.games {
		if g.Owner == owner || slices.ContainsFunc(f.seats[g.ID], func(s store.Seat) bool { return s.Holder == owner }) {
			out = append(out, g)
		}
	}
	return out, nil
}

func (f *fakeStore) Seats(_ context.Context, gameID string) ([]store.Seat, error) {
	return f.seats[gameID], nil
}

func (f *fakeStore) Game(_ context.Context, id string) (store.Game, error) {
	for _, g := range f.games {
		if g.ID == id {
			return g, nil
		}
	}
	return store.Game{}, store.ErrNotFound
}

func (f *fakeStore) Load(ctx context.Context, id string) (store.Game, []store.Entry, error) {
	g, err := f.Game(ctx, id)
	return g, f.logs[id], err
}

func (f *fakeStore) AppendBatch(context.Context, string, int, []store.Entry) (int, error) {
	return 0, errors.New("the club pages never write a game")
}

// addGame stores a game of names (an action "bad" damages its record).
func (f *fakeStore) addGame(id, owner string, names []string, actions ...string) {
	setup, _ := json.Marshal(names)
	var log []store.Entry
	for i, a := range actions {
		log = append(log, store.Entry{Seq: i + 1, Kind: store.KindAction, Action: json.RawMessage(`"` + a + `"`)})
	}
	f.games = append(f.games, store.Game{ID: id, Kind: "names", Title: "Game " + id, Owner: owner, Setup: setup, Version: len(log)})
	f.logs[id] = log
}

// names is a tiny game: its setup is the players' names, and any action
// but "bad" is good.
type names struct{ play.Kind }

func (names) Info() play.Info { return play.Info{ID: "names", Name: "Names"} }

func (names) Players(setup json.RawMessage) ([]string, error) {
	var out []string
	return out, json.Unmarshal(setup, &out)
}

func (names) Replay(rec record.Record) (any, error) {
	for i, a := range rec.Actions {
		if string(a) == `"bad"` {
			return nil, &record.ActionError{Index: i, Err: errors.New("a bad action")}
		}
	}
	return nil, nil
}

func (f *fakeStore) GamesPage(ctx context.Context, owner string, offset, limit int) ([]store.Game, int, error) {
	games, _ := f.Games(ctx, owner)
	return games[min(offset, len(games)):min(offset+limit, len(games))], len(games), nil
}

func (f *fakeStore) Log(_ context.Context, id string) ([]store.Entry, error) {
	return f.logs[id], nil
}

// Status counts the actions; the game is over after three.
func (k names) Status(t play.Table) (string, bool, error) {
	if _, err := k.Replay(t.Record()); err != nil {
		return "", false, err
	}
	return fmt.Sprintf("%d actions", len(t.Actions)), len(t.Actions) >= 3, nil
}
