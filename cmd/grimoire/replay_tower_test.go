package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestReplayTowerGolden(t *testing.T) {
	for _, name := range []string{"general-wins", "mage-wins"} {
		var out, errb bytes.Buffer
		if err := replay([]string{"../../rules/tower/testdata/" + name + ".json"}, nil, &out, &errb); err != nil {
			t.Fatalf("%s: %v %s", name, err, errb.String())
		}
		want, err := os.ReadFile("../../rules/tower/testdata/" + name + ".snapshot.json")
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		json.Unmarshal(out.Bytes(), &a)
		json.Unmarshal(want, &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("%s: replay output differs from the golden snapshot", name)
		}
	}
}

func TestReplayTowerBadAction(t *testing.T) {
	rec := `{"game":"mages-tower","version":1,"seed":1,"setup":{"general":"a","mage":"b"},"actions":[{"type":"place","coins":["L1"]},{"type":"skip"},{"type":"end"}]}`
	var out, errb bytes.Buffer
	if err := replay([]string{"-"}, strings.NewReader(rec), &out, &errb); err != errSilent {
		t.Fatalf("err = %v", err)
	}
	if got := errb.String(); !strings.HasPrefix(got, "action 1: not your turn") {
		t.Errorf("stderr %q", got)
	}
}

func TestSimulateTower(t *testing.T) {
	var out, errb bytes.Buffer
	if err := simulate(games(), []string{"mages-tower", "-n", "50", "--general", "random", "--mage", "greedy", "--seed", "3"}, &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	for _, want := range []string{"General wins:", "Mage wins:", "games/s", "balance:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := simulate(games(), []string{"mages-tower", "--mage", "clever"}, &out, &errb); err == nil {
		t.Error("an unknown bot was accepted")
	}
}
