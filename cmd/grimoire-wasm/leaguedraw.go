package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views"
)

// savedRecord is one game saved on the phone (static/offline.js's records
// store): the table as its page embeds it and when it was saved, in ms.
type savedRecord struct {
	Record string  `json:"record"`
	At     float64 `json:"at"`
}

// leagueScope is whose games a table drawn on the phone is over.
const leagueScope = "the games saved on this phone"

// leagueHTML draws kind's league table (views.LeagueTable) from the games
// saved on the phone, with play.League, the code the server's league page
// runs: for the same games started on the same days it is the server's
// table. started is when each game was started, by id (RFC 3339), as the
// league page last said; a game it does not name counts from when the
// phone saved it. The phone knows no club's merged names. A record this
// build cannot read is left out, as the server leaves out a damaged one.
func leagueHTML(kinds []play.Kind, kind, saved, role, started string) (string, error) {
	k, ok := play.Find(kinds, kind)
	if !ok {
		return "", fmt.Errorf("this page has no %q games", kind)
	}
	r, ok := k.(play.Ranked)
	if !ok {
		return "", fmt.Errorf("%s keeps no ratings", k.Info().Name)
	}
	if role != "" && !slices.Contains(r.Roles(), role) {
		return "", fmt.Errorf("%s has no role %q", k.Info().Name, role)
	}
	var rows []savedRecord
	if err := json.Unmarshal([]byte(saved), &rows); err != nil {
		return "", fmt.Errorf("saved games: %w", err)
	}
	when := map[string]string{}
	if started != "" {
		if err := json.Unmarshal([]byte(started), &when); err != nil {
			return "", fmt.Errorf("start times: %w", err)
		}
	}
	var games []play.PlayerGame
	for _, row := range rows {
		t, err := play.ParseTable([]byte(row.Record))
		if err != nil || t.Kind != k.Info().ID {
			continue
		}
		if _, err := k.Players(t.Setup); err != nil {
			continue
		}
		if _, err := k.Replay(t.Record()); err != nil {
			continue
		}
		at := time.UnixMilli(int64(row.At)).UTC()
		if s, ok := when[t.GameID]; ok {
			if st, err := time.Parse(time.RFC3339, s); err == nil {
				at = st
			}
		}
		games = append(games, play.PlayerGame{Table: t, Started: at, URL: "/g/" + t.GameID})
	}
	// The server hands the games newest first, each game once.
	slices.SortStableFunc(games, func(a, b play.PlayerGame) int { return b.Started.Compare(a.Started) })
	v, err := play.League(k, play.Distinct(games), role, nil, leagueScope)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := views.LeagueTable(v).Render(drawing(), &b); err != nil {
		return "", fmt.Errorf("render league: %w", err)
	}
	return b.String(), nil
}
