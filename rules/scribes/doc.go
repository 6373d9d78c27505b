// Package scribes is the rules core of The Arcane Scribes (game id
// "arcane-scribes"): pure Go, standard library only, no I/O, no clock. All
// randomness is decided in New from the seed; afterwards a State is a plain
// value and Apply returns a new one.
//
// Usage:
//
//	s, err := scribes.New(scribes.Setup{Players: []string{"Mia", "Ben"}}, 42)
//	c := scribes.Legal(s)            // who decides (c.Seat), what (c.Decision), and every legal action
//	next, err := scribes.Apply(s, c.Actions[0])
//	line := scribes.Describe(s, c.Actions[0], next)
//	view := next.View(1)             // what Ben may see: Mia's reserve face down
//	final, err := scribes.Replay(rec) // a record.Record: New + every action
//
// Decisions: "main" (the active player's take, exchange, reserve or scribe),
// "discard" (a player above 5 oinks chooses what to return) and "follow"
// (another player resolves a world tile's follow-up). Decisions with a single
// possible answer are made automatically and never asked.
//
// RECORDS.md documents the record vocabulary; Rulings lists the rules in the
// app's own words, including the points the rule sheet leaves open.
package scribes
