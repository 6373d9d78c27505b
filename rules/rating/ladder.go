package rating

import (
	"cmp"
	"slices"
	"time"
)

// Seat is one player's part in a finished game.
type Seat struct {
	// Player names whom the seat counts for (a name, or a name and role
	// when a table is kept by role; a bot's key when Fixed is set).
	Player string
	// Place is the finishing place, 1 the best; seats with the same place
	// shared it (a shared win is two seats at 1).
	Place int
	// Fixed is a bot's measured rating: it rates the others and is never
	// rated itself.
	Fixed *Rating
	// Points is the seat's score when the game keeps one (Scored); head to
	// head adds them up. Ratings go by places only.
	Points int
	Scored bool
}

// Game is one finished game as a rating sees it.
type Game struct {
	// ID names the game: two games with one ID are one game imported
	// twice, and count once (the record's digest).
	ID string
	// Played is when the game was played; its calendar day (UTC) is its
	// rating period. A zero time is a game with no date (a record file):
	// all of them form one period before every dated day.
	Played time.Time
	Seats  []Seat
}

// Point is a player's rating at the end of one day they played.
type Point struct {
	Day       time.Time // midnight UTC of the day; zero for the undated period
	Rating    float64
	Deviation float64
}

// Standing is one player's line of the table.
type Standing struct {
	Player string
	Rating
	Games  int
	Wins   int // games in first place, shared or not
	Losses int // two-player games lost; in larger games, finishing last
	// Streak is the current run: n > 0 the last n games won, n < 0 the
	// last -n games not won.
	Streak  int
	Bot     bool
	History []Point
}

// Provisional says the player's rating is not settled yet.
func (s Standing) Provisional() bool { return !s.Bot && s.Rating.Provisional() }

// Rate is the table of every player of games, best rating first (names in
// order among equals). Games are rated in rating periods of one calendar
// day (UTC): every game of a day is rated against the ratings the players
// had when the day began (the paper's rating period), so the order of the
// games inside a day, and the order games are given in, never matter. A
// player who sat out days of play since their last one has their deviation
// grown once per calendar day between them (the paper's step 6), and the
// table is as of the last day of the set. A game of n players counts as
// n(n-1)/2 pairings, each a win, draw or loss by place, each weighted
// 1/(n-1) for both players (see Outcome).
func Rate(games []Game) []Standing {
	games = distinct(games)
	type player struct {
		st   Standing
		last int64 // day number of the last period played; -1 none yet
	}
	players := map[string]*player{}
	get := func(s Seat) *player {
		p, ok := players[s.Player]
		if !ok {
			p = &player{st: Standing{Player: s.Player, Rating: Start()}, last: -1}
			if s.Fixed != nil {
				p.st.Rating, p.st.Bot = *s.Fixed, true
			}
			players[s.Player] = p
		}
		return p
	}
	var latest int64 = -1
	for start := 0; start < len(games); {
		day := dayOf(games[start].Played)
		end := start
		for end < len(games) && dayOf(games[end].Played) == day {
			end++
		}
		period := games[start:end]
		start = end
		// Ratings at the start of the period: idle days grown first.
		for _, g := range period {
			for _, s := range g.Seats {
				p := get(s)
				if !p.st.Bot && p.last >= 0 && day >= 0 && p.last != day {
					p.st.Rating = grown(p.st.Rating, int(day-p.last-1))
				}
			}
		}
		before := map[string]Rating{}
		for _, g := range period {
			for _, s := range g.Seats {
				before[s.Player] = players[s.Player].st.Rating
			}
		}
		outcomes := map[string][]Outcome{}
		for _, g := range period {
			g.Seats = oncePerPlayer(g.Seats)
			n := len(g.Seats)
			if n < 2 {
				continue
			}
			w := 1 / float64(n-1)
			last := 0
			for _, s := range g.Seats {
				last = max(last, s.Place)
			}
			for i, a := range g.Seats {
				pa := players[a.Player]
				pa.st.Games++
				won := a.Place == 1
				switch {
				case won:
					pa.st.Wins++
				case a.Place == last:
					pa.st.Losses++
				}
				switch {
				case won && pa.st.Streak >= 0:
					pa.st.Streak++
				case won:
					pa.st.Streak = 1
				case pa.st.Streak <= 0:
					pa.st.Streak--
				default:
					pa.st.Streak = -1
				}
				for j, b := range g.Seats {
					if i == j || a.Player == b.Player {
						continue
					}
					outcomes[a.Player] = append(outcomes[a.Player], Outcome{Opponent: before[b.Player], Score: score(a.Place, b.Place), Weight: w})
				}
			}
		}
		for name, os := range outcomes {
			p := players[name]
			if p.st.Bot {
				continue
			}
			p.st.Rating = Update(before[name], os, Tau)
			p.last = day
			p.st.History = append(p.st.History, Point{Day: dayTime(day), Rating: p.st.Rating.Rating, Deviation: p.st.Rating.Deviation})
		}
		latest = max(latest, day)
	}
	out := make([]Standing, 0, len(players))
	for _, p := range players {
		if p.st.Games == 0 {
			continue // only ever seen opposite themselves
		}
		if !p.st.Bot && p.last >= 0 && latest > p.last {
			p.st.Rating = grown(p.st.Rating, int(latest-p.last))
		}
		out = append(out, p.st)
	}
	slices.SortFunc(out, func(a, b Standing) int {
		if c := cmp.Compare(b.Rating.Rating, a.Rating.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	})
	return out
}

// oncePerPlayer keeps one seat per player, the best placed: two names
// counted as one person (a club's merge) can have sat at one table, and a
// person is never their own opponent.
func oncePerPlayer(seats []Seat) []Seat {
	out := make([]Seat, 0, len(seats))
	for _, s := range seats {
		i := slices.IndexFunc(out, func(o Seat) bool { return o.Player == s.Player })
		switch {
		case i < 0:
			out = append(out, s)
		case s.Place < out[i].Place:
			out[i] = s
		}
	}
	return out
}

// score is a's result against b from their places.
func score(a, b int) float64 {
	switch {
	case a < b:
		return 1
	case a > b:
		return 0
	}
	return 0.5
}

// distinct keeps one game per ID (the earliest played) and sorts the games
// by day, then ID, so the periods and each player's streak come out the
// same for any order of the input.
func distinct(games []Game) []Game {
	out := slices.Clone(games)
	slices.SortStableFunc(out, func(a, b Game) int {
		if c := cmp.Compare(a.ID, b.ID); c != 0 {
			return c
		}
		return a.Played.Compare(b.Played)
	})
	out = slices.CompactFunc(out, func(a, b Game) bool { return a.ID != "" && a.ID == b.ID })
	slices.SortStableFunc(out, func(a, b Game) int {
		if c := cmp.Compare(dayOf(a.Played), dayOf(b.Played)); c != 0 {
			return c
		}
		if c := a.Played.Compare(b.Played); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

// dayOf numbers the calendar day (UTC) of t; -1 for no date.
func dayOf(t time.Time) int64 {
	if t.IsZero() {
		return -1
	}
	// Unix time has no leap seconds: every day is 86,400 of them.
	return t.UTC().Unix() / 86400
}

func dayTime(d int64) time.Time {
	if d < 0 {
		return time.Time{}
	}
	return time.Unix(d*86400, 0).UTC()
}
