package scribes_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	S "github.com/grimoire-games/grimoire/rules/scribes"
)

// stalledTable plays a 2-player game into the stall the ruling is for: both
// reserves hold two tens, the row shows nines and an eight, and each player
// holds 2 ASHW from the follow-ups, which pays for none of them.
func stalledTable(t *testing.T, bots []string) S.State {
	t.Helper()
	first := 0
	front := []string{"ASHW-10", "TIDE-10", "GALE-10", "ROOT-10", "ASHW-9", "TIDE-9", "GALE-9", "ROOT-9", "ASHW-8"}
	s, err := S.New(S.Setup{Players: []string{"Mia", "Ben"}, Bots: bots, First: &first,
		Deck: order(cardIDs(), front...), Tiles: order(tileIDs(), quiet...)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return must(t, s, S.Reserve(0, 0), S.Reserve(1, 1), S.Reserve(0, 2), S.Reserve(1, 3))
}

func TestStall(t *testing.T) {
	stalled := stalledTable(t, nil)
	if !S.Stalled(stalled) {
		t.Fatalf("the test table is not stalled: %+v", stalled.Snapshot())
	}
	proposed := must(t, stalled, S.ProposeEnd(0))
	tests := []struct {
		name    string
		s       S.State
		acts    []S.Action
		over    bool
		waiting []int // the pending proposal's waiting seats; nil when none
	}{
		{"a proposal waits for every other person", stalled, []S.Action{S.ProposeEnd(0)}, false, []int{1}},
		{"anyone seated may propose, not only the one to play", stalled, []S.Action{S.ProposeEnd(1)}, false, []int{0}},
		{"the game ends once every person agreed", stalled, []S.Action{S.ProposeEnd(0), S.AgreeEnd(1)}, true, nil},
		{"playing on declines the proposal", proposed, []S.Action{S.Take(0, T, G)}, false, nil},
		{"bots are not asked: the only person's proposal ends it", stalledTable(t, []string{"", "greedy"}), []S.Action{S.ProposeEnd(0)}, true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := must(t, tc.s, tc.acts...)
			if s.Over() != tc.over {
				t.Fatalf("over = %v, want %v", s.Over(), tc.over)
			}
			if s.EndedByAgreement() != tc.over {
				t.Fatalf("ended by agreement = %v, want %v", s.EndedByAgreement(), tc.over)
			}
			p := s.Proposal()
			switch {
			case tc.waiting == nil && p != nil:
				t.Fatalf("a proposal is still pending: %+v", p)
			case tc.waiting != nil && (p == nil || !slices.Equal(p.Waiting, tc.waiting)):
				t.Fatalf("proposal %+v, want waiting %v", p, tc.waiting)
			}
		})
	}
}

func TestStallEndScoresAsTheNormalEnd(t *testing.T) {
	s := must(t, stalledTable(t, nil), S.ProposeEnd(1), S.AgreeEnd(0))
	// Nothing scribed, 2 oinks each: level on points and both tie-breakers,
	// so the win is shared, exactly as Score rules at the normal end.
	if w := S.Winners(s); !slices.Equal(w, []int{0, 1}) {
		t.Fatalf("winners %v, want a shared win", w)
	}
	if c := S.Legal(s); c.Decision != S.DecideNone || len(c.End) != 0 {
		t.Fatalf("a game ended by agreement still offers %+v", c)
	}
	snap, err := json.Marshal(s.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(snap), `"endedByAgreement":true`) || !strings.Contains(string(snap), `"phase":"over"`) {
		t.Fatalf("the snapshot does not say how the game ended: %s", snap)
	}
}

func TestStallLegalListsTheAgreement(t *testing.T) {
	stalled := stalledTable(t, nil)
	c := S.Legal(stalled)
	if !c.Stalled || !slices.Equal(c.End, []S.Action{S.ProposeEnd(0), S.ProposeEnd(1)}) {
		t.Fatalf("stalled table: Stalled %v End %+v", c.Stalled, c.End)
	}
	for _, a := range c.Actions {
		if a.Type == S.ActProposeEnd || a.Type == S.ActAgreeEnd {
			t.Fatalf("the moves a bot picks from include %+v", a)
		}
	}
	c = S.Legal(must(t, stalled, S.ProposeEnd(0)))
	if !slices.Equal(c.End, []S.Action{S.AgreeEnd(1)}) {
		t.Fatalf("after Mia's proposal End = %+v, want Ben's agreement", c.End)
	}
	if c := S.Legal(table(t, 2, nil, quiet)); c.Stalled || len(c.End) != 0 {
		t.Fatalf("a new game offers to end: %+v", c.End)
	}
}

func TestStallErrors(t *testing.T) {
	stalled := stalledTable(t, nil)
	proposed := must(t, stalled, S.ProposeEnd(0))
	withBot := stalledTable(t, []string{"", "greedy"})
	ended := must(t, proposed, S.AgreeEnd(1))
	tests := []struct {
		name string
		s    S.State
		a    S.Action
		want error
	}{
		{"a game that is not stalled cannot be ended early", table(t, 2, nil, quiet), S.ProposeEnd(0), S.ErrIllegal},
		{"nobody can agree before a proposal", stalled, S.AgreeEnd(1), S.ErrIllegal},
		{"the proposer has agreed already", proposed, S.AgreeEnd(0), S.ErrIllegal},
		{"one proposal at a time", proposed, S.ProposeEnd(1), S.ErrIllegal},
		{"a bot never proposes", withBot, S.ProposeEnd(1), S.ErrIllegal},
		{"a seat outside the table cannot propose", stalled, S.ProposeEnd(5), S.ErrNotYourTurn},
		{"nothing more once the game ended by agreement", ended, S.Take(0, A, T), S.ErrGameOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.s.Snapshot()
			_, err := S.Apply(tc.s, tc.a)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if !sameJSON(before, tc.s.Snapshot()) {
				t.Fatal("a refused action changed the state")
			}
		})
	}
}

func TestStallRecord(t *testing.T) {
	tests := []struct {
		raw  string
		want S.Action
	}{
		{`{"type":"propose-end","seat":1}`, S.ProposeEnd(1)},
		{`{"type":"agree-end","seat":0}`, S.AgreeEnd(0)},
	}
	for _, tc := range tests {
		t.Run(tc.raw, func(t *testing.T) {
			a, err := S.ParseAction([]byte(tc.raw))
			if err != nil || a != tc.want {
				t.Fatalf("ParseAction = %+v, %v; want %+v", a, err, tc.want)
			}
			out, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := S.ParseAction(out); err != nil || back != a {
				t.Fatalf("written as %s, read back as %+v (%v)", out, back, err)
			}
		})
	}
	for _, raw := range []string{`{"type":"propose-end"}`, `{"type":"agree-end","seat":0,"slot":1}`} {
		if _, err := S.ParseAction([]byte(raw)); !errors.Is(err, S.ErrBadAction) {
			t.Errorf("%s: got %v, want ErrBadAction", raw, err)
		}
	}
}

func TestStallDescribe(t *testing.T) {
	stalled := stalledTable(t, nil)
	proposed := must(t, stalled, S.ProposeEnd(0))
	ended := must(t, proposed, S.AgreeEnd(1))
	if got := S.Describe(stalled, S.ProposeEnd(0), proposed).String(); got != "Mia proposed to end the stalled game now and score it; waiting for Ben" {
		t.Errorf("proposal: %q", got)
	}
	if got := S.Describe(proposed, S.AgreeEnd(1), ended).String(); got != "Ben agreed to end the game. Everyone agreed: the game is over and scored; won by Mia and Ben" {
		t.Errorf("agreement: %q", got)
	}
}
