package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestReplayScribes(t *testing.T) {
	var out, errb bytes.Buffer
	if err := replay([]string{"../../rules/scribes/testdata/two-greedy.record.json"}, nil, &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	var snap struct {
		Game    string `json:"game"`
		Over    bool   `json:"over"`
		Winners []int  `json:"winners"`
		Players []struct {
			Oinks map[string]int `json:"oinks"`
		} `json:"players"`
	}
	if err := json.Unmarshal(out.Bytes(), &snap); err != nil {
		t.Fatal(err)
	}
	if snap.Game != "arcane-scribes" || !snap.Over || len(snap.Winners) == 0 || len(snap.Players) != 2 {
		t.Fatalf("%+v", snap)
	}
}

func TestReplayScribesBadAction(t *testing.T) {
	data, err := os.ReadFile("../../rules/scribes/testdata/example.record.json")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `{"type": "take", "seat": 1, "elements": ["ASHW", "TIDE"]}`, `{"type": "take", "seat": 0, "elements": ["ASHW", "TIDE"]}`, 1)
	var out, errb bytes.Buffer
	if err := replay([]string{"-"}, strings.NewReader(bad), &out, &errb); err != errSilent {
		t.Fatal(err)
	}
	if got := errb.String(); !strings.HasPrefix(got, "action 4: not your turn") || strings.Count(got, "\n") != 1 {
		t.Fatalf("%q", got)
	}
}
