package spellsarrows

// Ruling is one way the app reads the rule sheet, in our own words. Option
// names the house-rule switch (a JSON key of Options) when the ruling can be
// flipped for a game.
type Ruling struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Text   string `json:"text"`
	Option string `json:"option,omitempty"`
}

// Rulings lists every ruling the core follows, for the rules page. The
// list is built fresh on each call.
func Rulings() []Ruling {
	return []Ruling{
		{"map", "The court map",
			"Locations, road spans and shooting spots come from map data. The default map is our reconstruction of the map board: the start B, the armoury A, the pharmacy P, eight towns, two gates and four portals (G1 to G4).", ""},
		{"toll", "Exit tolls",
			"To move away the spy must make as many baskets as there are cones at its location: one, plus one per elf cone. B, A and P can never be guarded, so their toll is always one. A portal asks for nothing.", ""},
		{"portal", "Portals",
			"Standing on a portal the spy shoots nothing and can only go through it to its target. The portal link is not a road span: no giant can block it.", ""},
		{"shot-clock", "Shot clock and misses",
			"Every spy attempt, toll basket or free throw at a giant, turns the shot clock down from 6. An attempt made while the clock already shows 0 adds a miss counter if it misses; the third miss counter ends the spy's half. So the first six attempts of a half never add a miss counter.", ""},
		{"paid", "Baskets paid",
			"Made toll baskets count toward the toll of the location where they were made. Moving on starts a fresh count at the new location; the end of a half forgets them all.", ""},
		{"toll-met", "Once the toll is met",
			"As soon as the made baskets reach the toll the spy must choose where to go; no further basket is shot there, so no basket is ever carried over to the next location. Elf cones are only placed in the mage half, so a toll never grows while the spy is paying it.", ""},
		{"giant-fight", "Fighting a giant",
			"Choosing a span with a giant on it engages the spy with that giant. Each made free throw removes one cone for good; when the last cone goes, the giant is gone and the spy arrives at the far end. Until then the spy counts as standing at the location it came from (elf arrows are shot from there).", ""},
		{"exit-effects", "When leaving takes effect",
			"The spy leaves a location only when it arrives at the next one. Pharmacy healing, armoury armour and travel counters are granted at that moment: after a clear move, or after the blocking giant is destroyed. A spy sent back to its location at the end of a half gains nothing, and must pay that location's toll again next half.", ""},
		{"travel", "Travel counters",
			"Each time the spy leaves a town it earns a travel counter worth 3 if the town is on the 3-point arc and 2 if it is inside it. Leaving the same town twice earns two counters.", ""},
		{"escape", "Escape",
			"At a gate, the escape happens the moment the toll is paid: the spy scores the sum of its travel counters, its half ends (even with shots left), and it will start its next half at B with health 4, no armour and no travel counters.", ""},
		{"victory", "Victory",
			"The spy wins as soon as its points reach the Victory Number. The mage wins by capturing the spy, or when the spy's half of the last turn ends short of the Victory Number; the mage half of the last turn is not played.", ""},
		{"half-end", "End of a spy half",
			"When a spy half ends the shot clock goes back to 6, miss counters and paid baskets are cleared, and an engaged spy returns to its location. Health, armour and travel counters stay.", ""},
		{"response-window", "When the mage may answer",
			"After a spy miss that does not end the half, the mage gets a response window, but only if an answer is possible: arrows and an elf cone where the spy stands, or leaps and a giant that may leap to a free span. A miss that ends the half gives no window.", ""},
		{"response-order", "Volley and leap run",
			"In one window the mage may shoot one arrow volley and one giant-leap run, in either order. Starting the other one ends the current one. The mage may stop at any time with pass; the spy's next shot also closes the window; it closes by itself when no answer is left.", ""},
		{"arrows", "Elf arrows",
			"Each arrow shot spends one arrow, made or missed; a miss or the last arrow ends the volley. A made arrow deals 3 when the spy's location is on the arc, 2 when it is inside, minus 1 per armour counter, never below 0. Health 0 or less is a capture.", ""},
		{"leaps", "Giant leaps",
			"Each leap free throw spends one leap, made or missed. A make moves one giant, with all its cones, to any free span. The giant the spy is fighting cannot leap. A miss or the last leap ends the run.", ""},
		{"caps", "Limits",
			"Health is at most 6, armour at most 2, arrows and leaps at most 5 each; anything gained beyond a limit is lost.", ""},
		{"spell-clock", "Spell clock",
			"The spell clock starts each mage half at 5 and turns down when a cast begins. The half ends once the current attempt is fully done (elf cones and giants placed, bench choice made) if the clock is at 0 or two spells have failed. A clock spell adds to the clock before that check, so it can keep a half going; the clock has no upper limit.", ""},
		{"end-half", "Ending the mage half early",
			"The mage may end the half between casts. During a cast the mage must first finish or abandon it.", ""},
		{"casting", "Casting along a pattern",
			"A cast walks the card's pattern from its first spot; each spot needs one make. Each miss spends one grace counter; a miss with no grace left fails the spell and adds a spell-fail counter. Abandoning a cast also adds a spell-fail counter, and the attempt still counts on the spell clock.", ""},
		{"potency", "Potency",
			"A succeeded spell's effect is its base plus its per-grace bonus for each grace counter left unused.", ""},
		{"court-spells", "No two court spells in a row",
			"Within a half, two attempts at court spells (succeeded, failed or abandoned) may not follow each other: a Librarian's Bench attempt must come between. A new mage half starts with a clean slate.", ""},
		{"same-spell-only", "House rule: only the same spell is barred",
			"With this switch on, different court spells may follow each other; only the same court spell twice in a row is barred.", "sameSpellOnly"},
		{"elf-cones", "Placing elf cones",
			"An elf spell places its cones one at a time, each on a town or gate of the mage's choice. A town or gate on the arc holds at most one elf cone, an inside town at most two. B, A, P and the portals are never guarded. Cones that fit nowhere are lost.", ""},
		{"giants", "Placing giants",
			"A giant spell puts one giant with all its cones on a free road span of the mage's choice; one giant per span. If no span is free the giant is lost. W4-E4 is a single span.", ""},
		{"bench-bonus", "Librarian's Bench and bonus spells",
			"When Librarian's Bench succeeds without a single miss, the lowest-numbered bonus spell joins the bench first; then the mage chooses which bench spell joins the court, and may choose that new bonus spell at once.", ""},
		{"bench-cut", "Cutting a court spell",
			"A cut is needed only when the court already holds 5 spells. The mage cuts one of the spells that were already on the court; it goes to the bench and can come back later through Librarian's Bench.", ""},
		{"card-order", "Card order",
			"Court, bench and bonus spells are always listed by card number. Librarian's Bench is never a court spell and can always be cast.", ""},
		{"position", "Starting from a position",
			"A game may start from a moment written down instead of the opening: the referee's sandbox, or a dispute at a real court. The app takes a position only if a real game could have reached it, and lists every reason when not. Where the sheet is silent, our rulings: a position is a game still being played; the court always holds 5 spells; a giant has at most as many cones as the deck's biggest giant spell raises; the spell clock has no upper limit; the spy's points are never 1, as escapes score counters of 2 and 3; with no elf cone on the map no arrow can have hit the spy (elf cones are never taken away), so its health is 4, or 6 after the pharmacy.", ""},
		{"custom-deck", "A custom spell deck",
			"A deck file must number its cards 1, 2, 3 ... in order, at least 9 of them: 1-5 start on the court, 6-8 on the bench, 9 is Librarian's Bench (and only it has the bench effect), 10 and up are bonus spells. Every pattern spot must exist on the map. If Librarian's Bench succeeds with an empty bench, only its bonus part happens.", ""},
	}
}
