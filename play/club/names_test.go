package club_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/club"
)

// renamable is the names game whose setups can be written under other
// names (play.Renamer), as a game with player records is.
type renamable struct{ names }

var _ play.Renamer = renamable{}

func (renamable) Rename(setup json.RawMessage, to func(string) string) (json.RawMessage, error) {
	var ps []string
	if err := json.Unmarshal(setup, &ps); err != nil {
		return nil, err
	}
	for i, p := range ps {
		ps[i] = to(p)
	}
	return json.Marshal(ps)
}

// TestMergedNames: in a club, a merged name is one person for the player
// pages (PlayedBy, CountedName, PlayerNames); a split undoes it; a phone
// in no club goes by the names as typed.
func TestMergedNames(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	f.st.addGame("g1", "a", []string{"Ben", "Ann"}, "x")
	f.st.addGame("g2", "b", []string{"Benny", "Cid"}, "x")
	f.st.addGame("g3", "b", []string{"Ben", "Benny"}, "x")
	f.st.addGame("g4", "b", []string{"Dee", "Cid"}, "x")
	who := club.Viewer{Device: "a"}
	played := func(names ...string) string {
		t.Helper()
		games, _, err := f.svc.PlayedBy(ctx, who, renamable{}, names)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range games {
			out = append(out, g.Table.GameID+":"+string(g.Table.Setup))
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	counted := func(name string) string {
		t.Helper()
		n, err := f.svc.CountedName(ctx, "a", name)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if got, want := played("Ben"), `g1:["Ben","Ann"]`; got != want {
		t.Errorf("alone: %s, want %s", got, want)
	}
	if err := f.svc.Start(ctx, "a", "Court"); err != nil {
		t.Fatal(err)
	}
	code, _ := f.svc.Invite(ctx, "a")
	if err := f.svc.Join(ctx, "b", code); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Merge(ctx, "b", "Benny", "Ben"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ asked, want string }{
		// Ben against Benny keeps its names: one person is never their
		// own opponent.
		{"Ben", `g1:["Ben","Ann"] g2:["Ben","Cid"] g3:["Ben","Benny"]`},
		{"Benny", `g1:["Benny","Ann"] g2:["Benny","Cid"] g3:["Ben","Benny"]`},
		{"Cid", `g2:["Ben","Cid"] g4:["Dee","Cid"]`},
	} {
		t.Run(tc.asked, func(t *testing.T) {
			if got := played(tc.asked); got != tc.want {
				t.Errorf("merged: %s\nwant %s", got, tc.want)
			}
		})
	}
	if counted("Benny") != "Ben" || counted("Ben") != "Ben" || counted("Zed") != "Zed" {
		t.Errorf("counted names: %s %s %s", counted("Benny"), counted("Ben"), counted("Zed"))
	}
	names, err := f.svc.PlayerNames(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if slices.Sort(names); fmt.Sprint(names) != "[Ann Ben Cid Dee]" {
		t.Errorf("players list %v: want Ben once", names)
	}
	if err := f.svc.Split(ctx, "a", "Benny"); err != nil {
		t.Fatal(err)
	}
	if got, want := played("Ben"), `g1:["Ben","Ann"] g3:["Ben","Benny"]`; got != want {
		t.Errorf("after the split: %s, want %s", got, want)
	}
	if counted("Benny") != "Benny" {
		t.Errorf("after the split Benny counts as %s", counted("Benny"))
	}
}
