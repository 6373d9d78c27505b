// Package spellsarrows is the pure rules core of Spells & Arrows, Heroes &
// Spies (game id "spells-arrows"): a courtside scorekeeper where people
// shoot real baskets and the core decides everything else.
//
// It uses only the standard library (and rules/record): no I/O, no clock,
// no global state. A State is an immutable value; Apply returns a new one.
//
// # Usage
//
//	s, err := spellsarrows.New(spellsarrows.Setup{Victory: 12, Spy: "Ana", Mage: "Ben"}, seed)
//	c := spellsarrows.Legal(s)          // phase, prompt, legal action types and their details
//	next, err := spellsarrows.Apply(s, spellsarrows.SpyShot(true))
//	line := spellsarrows.Describe(s, spellsarrows.SpyShot(true), next) // "Spy made the toll at B (1/1)"
//	snap := next.Snapshot()             // JSON view (keys listed in RECORDS.md)
//
// A game record (package record) replays with Replay; every action of a
// record is read with ParseAction and written with Action.MarshalJSON.
// Errors wrap one of ErrGameOver, ErrNotNow, ErrIllegal, ErrBadAction,
// ErrBadSetup, ErrBadMap, ErrBadDeck; their text is the rule in player words.
// Rulings lists how the core reads every open point of the rule sheet.
//
// # Data files
//
// The map and the deck are JSON data (data/map.json, data/deck.json are the
// defaults, embedded). A custom map or deck travels inside the record's setup
// ("map", "deck") and is validated by ParseMap / ParseDeck.
//
// Map:
//
//	{
//	  "locations": [ {"id": "B", "kind": "start", "zone": "none", "x": 0, "y": 42,
//	                  "name": "Start", "target": "E4" (goto only)}, ... ],
//	  "spans":     [ ["B", "A"], ... ],          // undirected road spans
//	  "spots":     [ {"id": "LC", "name": "Left corner", "x": -22, "y": 3}, ... ],
//	  "freeThrow": {"x": 0, "y": 19}            // drawn, not a location
//	}
//
// kind is one of start (exactly one), armoury, pharmacy, town, gate (at least
// one), goto; zone is arc, inside or none (towns and gates must be arc or
// inside: the zone sets the elf limit, 1 or 2, the travel value, 3 or 2, and
// the arrow damage, 3 or 2). A goto needs a target that is a non-goto
// location; ids are unique, without spaces or "-"; every span joins two
// different known locations, once; every non-goto location has a span.
// Coordinates are feet: x from -25 (west) to 25 (east), y from 0 (baseline)
// to 47 (half-court line).
//
// Deck:
//
//	{"cards": [ {"number": 1, "name": "Elven Sentry", "pattern": ["LE", "RE"],
//	             "grace": 1, "effect": {"kind": "elf", "base": 1, "perGrace": 1}}, ... ]}
//
// Cards are numbered 1..N in order, N >= 9: 1-5 start on the court, 6-8 on
// the bench, 9 is Librarian's Bench (effect kind "bench", the only one),
// 10..N are bonus spells. Effect kinds: elf (place n elf cones), giant (a
// giant of n cones), arrows, leaps, clock (spell clock +n this half); n =
// base + perGrace × unused grace. Pattern spots must be spot ids of the map.
package spellsarrows
