package club_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/club"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

var start = time.Date(2026, 3, 5, 18, 0, 0, 0, time.UTC)

// fixture is a service over a fake store whose clock the test moves and
// whose ids count up.
type fixture struct {
	st  *fakeStore
	svc *club.Service
	now time.Time
}

func newFixture() *fixture {
	f := &fixture{st: newFakeStore(), now: start}
	n := 0
	kinds := []play.Kind{names{}}
	f.svc = club.New(f.st, session.New(f.st, kinds, nil), kinds, func() time.Time { return f.now }, func(int) string {
		n++
		return fmt.Sprintf("id%d", n)
	})
	return f
}

// refusedAs fails unless err is a refusal of kind why.
func refusedAs(t *testing.T, err error, why club.Why) {
	t.Helper()
	var r *club.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("got %v, want a refusal (%d)", err, why)
	}
	if r.Why != why {
		t.Fatalf("refused as %d (%q), want %d", r.Why, r.Words, why)
	}
}

func TestStartLimits(t *testing.T) {
	ctx := context.Background()
	t.Run("a name is needed", func(t *testing.T) {
		f := newFixture()
		refusedAs(t, f.svc.Start(ctx, "a", "   "), club.Invalid)
	})
	t.Run("one club at a time", func(t *testing.T) {
		f := newFixture()
		if err := f.svc.Start(ctx, "a", "Thursday court"); err != nil {
			t.Fatal(err)
		}
		refusedAs(t, f.svc.Start(ctx, "a", "Another"), club.Conflict)
	})
	t.Run("clubs a day", func(t *testing.T) {
		f := newFixture()
		for i := range play.ClubsPerDay {
			if err := f.svc.Start(ctx, "a", "Court"); err != nil {
				t.Fatalf("club %d: %v", i+1, err)
			}
			if err := f.svc.Leave(ctx, "a"); err != nil {
				t.Fatal(err)
			}
		}
		refusedAs(t, f.svc.Start(ctx, "a", "Court"), club.TooMany)
		f.now = f.now.Add(25 * time.Hour)
		if err := f.svc.Start(ctx, "a", "Court"); err != nil {
			t.Fatalf("a day later: %v", err)
		}
	})
}

func TestInviteAndJoin(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	if err := f.svc.Start(ctx, "owner", "Court"); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.Invite(ctx, "stranger")
	refusedAs(t, err, club.NotAllowed)
	code, err := f.svc.Invite(ctx, "owner")
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.svc.JoinPage(ctx, "b", code)
	if err != nil || v.Problem != "" || v.Members != 1 || v.Club != "Court" {
		t.Fatalf("join page %+v, %v: want an open invite to a club of 1", v, err)
	}
	if err := f.svc.Join(ctx, "b", code); err != nil {
		t.Fatal(err)
	}
	refusedAs(t, f.svc.Join(ctx, "c", code), club.Gone)
	if v, _ := f.svc.JoinPage(ctx, "c", code); !strings.Contains(v.Problem, "used already") {
		t.Errorf("a used invite's page says %q", v.Problem)
	}
	_, err = f.svc.JoinPage(ctx, "c", "nope")
	refusedAs(t, err, club.Missing)

	// The pairing words are the same on both phones.
	mine, err := f.svc.Page(ctx, "b", true, "")
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := f.svc.Page(ctx, "owner", false, "")
	if err != nil {
		t.Fatal(err)
	}
	if mine.Joined == "" || len(theirs.Invites) != 1 || theirs.Invites[0].Words != mine.Joined {
		t.Errorf("joined phone shows %q, inviter's invites %+v", mine.Joined, theirs.Invites)
	}
	if len(mine.Invites) != 0 {
		t.Errorf("a member sees invites it did not make: %+v", mine.Invites)
	}
}

func TestInviteLimits(t *testing.T) {
	ctx := context.Background()
	t.Run("invites a day", func(t *testing.T) {
		f := newFixture()
		if err := f.svc.Start(ctx, "owner", "Court"); err != nil {
			t.Fatal(err)
		}
		for range play.InvitesPerDay {
			if _, err := f.svc.Invite(ctx, "owner"); err != nil {
				t.Fatal(err)
			}
		}
		_, err := f.svc.Invite(ctx, "owner")
		refusedAs(t, err, club.TooMany)
		if v, _ := f.svc.Page(ctx, "owner", false, ""); v.CanInvite {
			t.Error("the club page offers an invite past the day's limit")
		}
	})
	t.Run("a full club", func(t *testing.T) {
		f := newFixture()
		if err := f.svc.Start(ctx, "owner", "Court"); err != nil {
			t.Fatal(err)
		}
		for i := 1; i < play.ClubMembers; i++ {
			f.st.members["id1"] = append(f.st.members["id1"], store.Member{ClubID: "id1", Device: fmt.Sprint("phone", i)})
		}
		_, err := f.svc.Invite(ctx, "owner")
		refusedAs(t, err, club.Conflict)
		f.st.invites = append(f.st.invites, store.Invite{Code: "late", ClubID: "id1", By: "owner", Created: f.now, Expires: f.now.Add(time.Hour)})
		refusedAs(t, f.svc.Join(ctx, "newcomer", "late"), club.Conflict)
	})
}

func TestRevokeRemoveMerge(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	if err := f.svc.Start(ctx, "owner", "Court"); err != nil {
		t.Fatal(err)
	}
	code, _ := f.svc.Invite(ctx, "owner")
	if err := f.svc.Join(ctx, "b", code); err != nil {
		t.Fatal(err)
	}
	other, _ := f.svc.Invite(ctx, "owner")
	refusedAs(t, f.svc.Revoke(ctx, "b", other), club.NotAllowed)
	refusedAs(t, f.svc.Revoke(ctx, "owner", "nope"), club.Missing)
	if err := f.svc.Revoke(ctx, "owner", other); err != nil {
		t.Fatal(err)
	}
	refusedAs(t, f.svc.Remove(ctx, "b", club.MemberHandle("id1", "owner")), club.NotAllowed)
	refusedAs(t, f.svc.Remove(ctx, "owner", club.MemberHandle("id1", "owner")), club.BadForm)
	refusedAs(t, f.svc.Remove(ctx, "owner", "nobody"), club.Missing)
	if err := f.svc.Remove(ctx, "owner", club.MemberHandle("id1", "b")); err != nil {
		t.Fatal(err)
	}
	if _, in, _ := f.svc.Of(ctx, "b"); in {
		t.Error("a removed phone is still in the club")
	}

	refusedAs(t, f.svc.Merge(ctx, "owner", "Ann", "Ann"), club.Invalid)
	if err := f.svc.Merge(ctx, "owner", " Annie ", "Ann"); err != nil {
		t.Fatal(err)
	}
	refusedAs(t, f.svc.Split(ctx, "owner", "Bob"), club.Missing)
	if err := f.svc.Split(ctx, "owner", "Annie"); err != nil {
		t.Fatal(err)
	}
	for i := range club.MaxMerges {
		f.st.merges = append(f.st.merges, store.NameMerge{ClubID: "id1", Name: fmt.Sprint("n", i), Into: "Ann"})
	}
	refusedAs(t, f.svc.Merge(ctx, "owner", "Bob", "Ann"), club.Conflict)
}

// TestCounted: a phone in a club counts the club's games (another phone's
// seen as its spectators see it), a phone in none its own; a damaged record
// is listed apart, and bots are no names to pick.
func TestCounted(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	f.st.addGame("g1", "a", []string{"Ann", "Bob"}, "x")
	f.st.addGame("g2", "b", []string{"Cid", "Bob"}, "x")
	f.st.addGame("g3", "b", []string{"Dee", "Bob"}, "bad")
	f.st.seats["g2"] = []store.Seat{{GameID: "g2", Index: 0, Name: "Cid", Holder: session.BotHolder + "easy"}}
	who := club.Viewer{Device: "a", CSRF: "token"}

	played := func() []string {
		t.Helper()
		games, _, err := f.svc.PlayedBy(ctx, who, names{}, []string{"Bob"})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range games {
			out = append(out, fmt.Sprintf("%s watch=%v", g.Table.GameID, g.Table.Watch))
		}
		return out
	}
	if got := played(); !slices.Equal(got, []string{"g1 watch=false"}) {
		t.Errorf("alone, phone a counts %v", got)
	}
	if err := f.svc.Start(ctx, "a", "Court"); err != nil {
		t.Fatal(err)
	}
	code, _ := f.svc.Invite(ctx, "a")
	if err := f.svc.Join(ctx, "b", code); err != nil {
		t.Fatal(err)
	}
	if got := played(); !slices.Equal(got, []string{"g1 watch=false", "g2 watch=true"}) {
		t.Errorf("in the club, phone a counts %v", got)
	}
	_, skipped, err := f.svc.Played(ctx, who, names{}, func([]string) bool { return true })
	if err != nil || len(skipped) != 1 || skipped[0].URL != "/g/g3" {
		t.Errorf("skipped %+v, %v: want the damaged g3", skipped, err)
	}
	known, err := f.svc.KnownNames(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Ann", "Bob", "Dee"}; !slices.Equal(known, want) {
		t.Errorf("known names %v, want %v (the bot's seat left out)", known, want)
	}
	page, err := f.svc.Page(ctx, "b", false, "")
	if err != nil || !slices.Equal(page.People, []string{"Ann", "Bob", "Dee"}) || page.Games != nil {
		t.Errorf("the club page's people %v and ranked games %v (%v)", page.People, page.Games, err)
	}
}

func TestWords(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{club.StreakText(3), "3 won"},
		{club.StreakText(-2), "2 not won"},
		{club.StreakText(0), ""},
		{club.DayText(time.Time{}), "undated"},
		{club.DayText(start), "5 Mar 2026"},
		{play.Ago(start, start.Add(-30*time.Second)), "just now"},
		{play.Ago(start, start.Add(-5*time.Minute)), "5 min ago"},
		{play.Ago(start, start.Add(-3*time.Hour)), "3 h ago"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
}

// TestHome: a page of the phone's own games with their status lines (a
// damaged record says so), and the links to the pages around it.
func TestHome(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	f.st.addGame("g1", "a", []string{"Ann"}, "x", "y", "z")
	f.st.addGame("g2", "a", []string{"Ann"}, "x", "bad")
	f.st.addGame("g3", "a", []string{"Ann"})
	f.st.addGame("g4", "b", []string{"Bob"})
	who := club.Viewer{Device: "a"}
	for _, tc := range []struct {
		page         int
		want         []string
		newer, older string
	}{
		{1, []string{"g1 3 actions over=true", "g2 This game's record is damaged at action 2: a bad action damaged=true"}, "", "/?page=2"},
		{2, []string{"g3 0 actions over=false"}, "/", ""},
		{9, []string{"g3 0 actions over=false"}, "/", ""},
	} {
		t.Run(fmt.Sprint("page ", tc.page), func(t *testing.T) {
			list, err := f.svc.Home(ctx, who, tc.page, "club", 2)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range list.Items {
				line := fmt.Sprintf("%s %s over=%v", it.ID, it.Status, it.Over)
				if it.Damaged {
					line = fmt.Sprintf("%s %s damaged=true", it.ID, it.Status)
				}
				got = append(got, line)
			}
			if !slices.Equal(got, tc.want) || list.Newer != tc.newer || list.Older != tc.older || list.Filter.Show != "mine" || list.Total != 3 {
				t.Errorf("got %q newer %q older %q %+v, want %q", got, list.Newer, list.Older, list.Filter, tc.want)
			}
		})
	}
}

// TestPrevious: "new game, same players" fills in only a game of the same
// kind that this phone keeps or holds a seat in, seen from that seat.
func TestPrevious(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	f.st.addGame("g1", "a", []string{"Ann", "Bob"})
	f.st.seats["g1"] = []store.Seat{{GameID: "g1", Index: 1, Holder: "b"}}
	for _, tc := range []struct {
		device, id string
		seat       int // -2: nothing filled in
	}{
		{"a", "g1", play.Scorekeeper},
		{"b", "g1", 1},
		{"c", "g1", -2},
		{"a", "gone", -2},
	} {
		t.Run(tc.device+" "+tc.id, func(t *testing.T) {
			prev, err := f.svc.Previous(ctx, club.Viewer{Device: tc.device}, names{}, tc.id)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.seat == -2 && prev != nil:
				t.Errorf("filled in from %+v", prev)
			case tc.seat != -2 && (prev == nil || prev.Viewer != tc.seat || prev.GameID != tc.id):
				t.Errorf("got %+v, want seat %d", prev, tc.seat)
			}
		})
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{"Zoë Ann": "Zo__Ann", "": "player", "a-b_c9": "a-b_c9"} {
		if got := club.FileName(in); got != want {
			t.Errorf("FileName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAdviceTurn: one advisor table at a time; a phone that gives up
// waiting is not given the turn, and a turn done frees it.
func TestAdviceTurn(t *testing.T) {
	f := newFixture()
	more, done, err := f.svc.AdviceTurn(context.Background())
	if err != nil || !more() {
		t.Fatalf("the first turn: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := f.svc.AdviceTurn(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("a second turn while the first runs, its request gone: %v", err)
	}
	done()
	more, done, err = f.svc.AdviceTurn(ctx)
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("after the first is done: %v", err)
	}
	if err == nil {
		if more() {
			t.Error("a table whose request is gone goes on")
		}
		done()
	}
}

// formed is the names game with a new-game form that says what it was
// given.
type formed struct{ names }

func (formed) NewGamePage(p views.Page, q url.Values, prev *play.Table) templ.Component {
	from := "none"
	if prev != nil {
		from = prev.GameID
	}
	return templ.Raw(fmt.Sprintf("players %v from %s n=%s", p.Players, from, q.Get("n")))
}

func TestNewGamePage(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	f.st.addGame("g1", "a", []string{"Ann", "Bob"})
	for _, tc := range []struct{ device, from, want string }{
		{"a", "", "players [Ann Bob] from none n=3"},
		{"a", "g1", "players [Ann Bob] from g1 n=3"},
		{"b", "g1", "players [] from none n=3"},
	} {
		t.Run(tc.device+" "+tc.from, func(t *testing.T) {
			comp, err := f.svc.NewGamePage(ctx, club.Viewer{Device: tc.device}, formed{}, views.Page{}, url.Values{"n": {"3"}}, tc.from)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := comp.Render(ctx, &b); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("got %q, want %q", b.String(), tc.want)
			}
		})
	}
}
