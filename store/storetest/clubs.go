package storetest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

// testClubs walks a club's life: started, two phones join by invites (one
// used, one expired, one revoked, one forged), each phone's games count
// for the club, a phone leaves and its earlier games stay, the owner
// leaves and the club passes on, names merge and split.
func testClubs(t *testing.T, open func(t *testing.T) store.Store) {
	s := open(t)
	ctx := context.Background()
	owner, ana, ben, out := randID(t), randID(t), randID(t), randID(t)
	t0 := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	club := store.Club{ID: randID(t), Name: "Thursday court", Owner: owner, Created: t0}
	if err := s.CreateClub(ctx, club); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateClub(ctx, store.Club{ID: randID(t), Name: "Another", Owner: owner, Created: t0}); !errors.Is(err, store.ErrInClub) {
		t.Fatalf("a second club for one phone: %v, want ErrInClub", err)
	}
	if got, err := s.ClubOf(ctx, owner); err != nil || got != club {
		t.Fatalf("ClubOf(owner) = %+v, %v; want %+v", got, err, club)
	}
	if _, err := s.ClubOf(ctx, out); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("ClubOf(a phone in no club): %v, want ErrNotFound", err)
	}
	if n, err := s.CountClubsSince(ctx, owner, t0); err != nil || n != 1 {
		t.Fatalf("CountClubsSince = %d, %v; want 1", n, err)
	}

	invite := func(code string, expires time.Time) {
		t.Helper()
		if err := s.CreateInvite(ctx, store.Invite{Code: code, ClubID: club.ID, By: owner, Created: t0, Expires: expires}); err != nil {
			t.Fatal(err)
		}
	}
	used, late, revoked, spare := randID(t), randID(t), randID(t), randID(t)
	invite(used, t0.Add(48*time.Hour))
	invite(late, t0.Add(time.Hour))
	invite(revoked, t0.Add(48*time.Hour))
	invite(spare, t0.Add(48*time.Hour))
	if err := s.RevokeInvite(ctx, club.ID, revoked); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeInvite(ctx, randID(t), spare); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("revoking another club's invite: %v, want ErrNotFound", err)
	}
	joinAt := t0.Add(2 * time.Hour)
	for _, tc := range []struct {
		name, code, device string
		want               error
	}{
		{"expired", late, ana, store.ErrInviteGone},
		{"revoked", revoked, ana, store.ErrInviteGone},
		{"forged", "not-a-code", ana, store.ErrNotFound},
		{"owner again", spare, owner, store.ErrInClub},
		{"first use", used, ana, nil},
		{"second use", used, ben, store.ErrInviteGone},
		{"spare", spare, ben, nil},
	} {
		_, err := s.JoinClub(ctx, tc.code, tc.device, joinAt)
		if !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
			t.Fatalf("%s: JoinClub = %v, want %v", tc.name, err, tc.want)
		}
	}
	if inv, err := s.Invite(ctx, used); err != nil || inv.UsedBy != ana || !inv.UsedAt.Equal(joinAt) {
		t.Fatalf("the used invite: %+v, %v", inv, err)
	}
	if invs, err := s.Invites(ctx, club.ID); err != nil || len(invs) != 4 {
		t.Fatalf("Invites = %d, %v; want 4", len(invs), err)
	}
	if n, err := s.CountInvitesSince(ctx, club.ID, t0); err != nil || n != 4 {
		t.Fatalf("CountInvitesSince = %d, %v; want 4", n, err)
	}

	// Each phone's games: Ana's own, one where Ben holds a seat, and a game
	// of a phone outside.
	game := func(dev string, created time.Time, holder string) string {
		t.Helper()
		g := newGame(t, dev)
		g.Created = created
		seats := newSeats(t, "Ana", "Ben")
		seats[1].Holder = holder
		create(t, s, g, seats)
		return g.ID
	}
	before := game(ana, t0.Add(-24*time.Hour), "")
	seated := game(out, t0.Add(3*time.Hour), ben)
	outside := game(out, t0.Add(3*time.Hour), "")
	clubGames := func() []string {
		t.Helper()
		gs, err := s.ClubGames(ctx, club.ID)
		if err != nil {
			t.Fatal(err)
		}
		page, total, err := s.ClubGamesPage(ctx, club.ID, 0, 100)
		if err != nil || total != len(gs) || len(page) != len(gs) {
			t.Fatalf("ClubGamesPage = %d of %d, %v; ClubGames %d", len(page), total, err, len(gs))
		}
		var ids []string
		for _, g := range gs {
			ids = append(ids, g.ID)
		}
		slices.Sort(ids)
		return ids
	}
	want := []string{before, seated}
	slices.Sort(want)
	if got := clubGames(); !slices.Equal(got, want) || slices.Contains(got, outside) {
		t.Fatalf("club games %v, want %v", got, want)
	}

	// Ana leaves: her game from before stays, a later one does not count.
	if err := s.LeaveClub(ctx, club.ID, ana, t0.Add(4*time.Hour), false); err != nil {
		t.Fatal(err)
	}
	if err := s.LeaveClub(ctx, club.ID, ana, t0.Add(4*time.Hour), false); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("leaving twice: %v, want ErrNotFound", err)
	}
	after := game(ana, t0.Add(5*time.Hour), "")
	if got := clubGames(); !slices.Equal(got, want) || slices.Contains(got, after) {
		t.Fatalf("after Ana left: club games %v, want %v", got, want)
	}
	if _, err := s.ClubOf(ctx, ana); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Ana left, ClubOf: %v", err)
	}

	// The owner removes Ben, then leaves: nobody is left to pass it to.
	if err := s.LeaveClub(ctx, club.ID, ben, t0.Add(6*time.Hour), true); err != nil {
		t.Fatal(err)
	}
	ms, err := s.Members(ctx, club.ID)
	if err != nil || len(ms) != 3 {
		t.Fatalf("Members = %+v, %v", ms, err)
	}
	for _, m := range ms {
		if m.Device == ben && (!m.Removed || m.Active()) || m.Device == owner && !m.Active() {
			t.Fatalf("member %+v", m)
		}
	}

	// A new invite brings Ana back; the owner leaves and the club is hers.
	back := randID(t)
	invite(back, t0.Add(48*time.Hour))
	if _, err := s.JoinClub(ctx, back, ana, t0.Add(7*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.LeaveClub(ctx, club.ID, owner, t0.Add(8*time.Hour), false); err != nil {
		t.Fatal(err)
	}
	if c, err := s.Club(ctx, club.ID); err != nil || c.Owner != ana {
		t.Fatalf("after the owner left: %+v, %v; want Ana's", c, err)
	}

	// Names.
	if err := s.MergeName(ctx, club.ID, "Benny", "Ben"); err != nil {
		t.Fatal(err)
	}
	if err := s.MergeName(ctx, club.ID, "Benny", "Benjamin"); err != nil {
		t.Fatal(err)
	}
	if m, err := s.NameMerges(ctx, club.ID); err != nil || len(m) != 1 || m[0].Into != "Benjamin" {
		t.Fatalf("NameMerges = %+v, %v", m, err)
	}
	if err := s.SplitName(ctx, club.ID, "Benny"); err != nil {
		t.Fatal(err)
	}
	if err := s.SplitName(ctx, club.ID, "Benny"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("splitting twice: %v", err)
	}
}

// testClubJoinRace: phones racing for one invite, and one phone racing
// two invites of two clubs: one join each, whole or not at all.
func testClubJoinRace(t *testing.T, open func(t *testing.T) store.Store) {
	// One Store, used from two goroutines at once: SQLite allows one per
	// file, and PostgreSQL's pool gives each its own connection.
	s1 := open(t)
	s2 := s1
	ctx := context.Background()
	t0 := time.Now()
	clubs := []store.Club{{ID: randID(t), Name: "A", Owner: randID(t), Created: t0}, {ID: randID(t), Name: "B", Owner: randID(t), Created: t0}}
	var codes []string
	for _, c := range clubs {
		if err := s1.CreateClub(ctx, c); err != nil {
			t.Fatal(err)
		}
		code := randID(t)
		if err := s1.CreateInvite(ctx, store.Invite{Code: code, ClubID: c.ID, By: c.Owner, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		codes = append(codes, code)
	}
	race := func(joins ...func() error) []error {
		errs := make([]error, len(joins))
		var wg sync.WaitGroup
		for i, j := range joins {
			wg.Go(func() { errs[i] = j() })
		}
		wg.Wait()
		return errs
	}
	ok := func(errs []error, want error) {
		t.Helper()
		n := 0
		for _, err := range errs {
			switch {
			case err == nil:
				n++
			case !errors.Is(err, want):
				t.Fatalf("a losing join: %v, want %v", err, want)
			}
		}
		if n != 1 {
			t.Fatalf("%d joins succeeded, want 1: %v", n, errs)
		}
	}
	// Two phones, one invite.
	a, b := randID(t), randID(t)
	ok(race(
		func() error { _, err := s1.JoinClub(ctx, codes[0], a, t0); return err },
		func() error { _, err := s2.JoinClub(ctx, codes[0], b, t0); return err },
	), store.ErrInviteGone)
	// One phone, two clubs' invites.
	c := randID(t)
	ok(race(
		func() error { _, err := s1.JoinClub(ctx, codes[1], c, t0); return err },
		func() error {
			code := randID(t)
			if err := s2.CreateInvite(ctx, store.Invite{Code: code, ClubID: clubs[0].ID, By: clubs[0].Owner, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
				return err
			}
			_, err := s2.JoinClub(ctx, code, c, t0)
			return err
		},
	), store.ErrInClub)
	in, err := s1.ClubOf(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	for _, cl := range clubs {
		ms, err := s1.Members(ctx, cl.ID)
		if err != nil {
			t.Fatal(err)
		}
		member := slices.ContainsFunc(ms, func(m store.Member) bool { return m.Device == c })
		if member != (cl.ID == in.ID) {
			t.Fatalf("club %s lists the phone: %v; it is in %s", cl.Name, member, in.Name)
		}
	}
}
