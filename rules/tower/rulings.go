package tower

// Ruling is one rule or ruling of Mage's Tower as the app plays it, in the
// project's own words. Option names the Options switch that turns it on
// ("" for rules that always apply).
type Ruling struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Text   string `json:"text"`
	Option string `json:"option,omitempty"`
}

// Rulings lists every rule the core enforces, including the points the rule
// sheet leaves open (marked "Our ruling").
func Rulings() []Ruling {
	return []Ruling{
		{ID: "coins", Title: "The soldiers",
			Text: "The General commands nine coins: three large (L1-L3) with 3 health, three medium (M1-M3) with 2 and three small (S1-S3) with 1. Their faces start at random from the game's seed, unless the game record lists them. A coin showing tails carries a shield."},
		{ID: "camp", Title: "Camp and zones",
			Text: "Coins wait in the camp, whose faces only the General sees. Between the camp and the Mage's Tower lie zones 1 (the Field) to 4; everyone sees the coins in the zones. A zone holds any number of soldiers in a row from left to right, and a soldier arriving in a zone always takes the right end."},
		{ID: "general-turn", Title: "The General's turn",
			Text: "The General moves first. A turn runs in a fixed order: first put 1 to 3 coins from the camp on the Field (nothing when the camp is empty); then advance soldiers; then optionally flip one coin; then the turn ends."},
		{ID: "advance", Title: "Advancing",
			Text: "From each zone up to 3 soldiers may move on to the next zone in a turn. Each soldier moves at most one zone per turn, and soldiers put on the Field this turn stay put. Our ruling: advancing from one zone may be split over several actions, zones may be handled in any order, and the coins of one action join the next zone in the order listed."},
		{ID: "tower", Title: "Reaching the Tower",
			Text: "A soldier that advances out of zone 4 enters the Tower, and the General wins at once."},
		{ID: "flip", Title: "The shield flip",
			Text: "Once per turn, after advancing, the General may turn one heads coin, in the camp or in a zone, to tails. Our ruling: the flip is the last thing the General does, so it ends the turn; without a flip the General ends the turn with \"end\". A coin already tails cannot be flipped."},
		{ID: "mage-turn", Title: "The Mage's turn",
			Text: "The Mage either casts exactly one spell or uses the one skip of the game."},
		{ID: "thumbs", Title: "The card and the thumbs",
			Text: "Both thumbs start above the first row. To cast, the left thumb slides down at least one row and the damage X is the number of the last row it has uncovered; the right thumb slides down at least one row, independently, and the spell is the one on the last row it has uncovered. Thumbs never slide back up, except through the Tome."},
		{ID: "thumbs-stay", Title: "House rule: a thumb may stay", Option: "thumbsMayStay",
			Text: "With this switch on, a cast may leave either thumb on the row it already uncovered, so the same damage or spell can be used again. A thumb still above the first row must move, since it uncovers nothing."},
		{ID: "default-card", Title: "The default card",
			Text: "From top to bottom the card reads: damage 1, 3, 2, 4, 2, 5, 3, 6 and spells Lightning, Wave, Fireball, Lightning, Tome, Wave, Fireball, Lightning. A table may load its own card file instead (1 to 16 rows, damage 1 to 99, the four known spells)."},
		{ID: "lightning", Title: "Lightning",
			Text: "The Mage shares X damage among soldiers taken from no more than two zones, in any split. Our ruling: the shares add up to exactly X, every soldier named takes at least 1, and more damage than a soldier needs is simply lost."},
		{ID: "fireball", Title: "Fireball",
			Text: "Every zone that holds soldiers loses one of them to the blast: the Mage picks either the leftmost soldier of every zone or the rightmost of every zone, and each takes X damage."},
		{ID: "wave", Title: "Wave",
			Text: "Each soldier of one zone takes X damage; those still standing are pushed back one zone (from the Field back to the camp) and join the right end there in their old order. Our ruling: the zone must hold at least one soldier."},
		{ID: "tome", Title: "Tome",
			Text: "One soldier takes X damage, then both thumbs return above the first row, opening the whole card again. Only one Tome per game: once it is cast, a Tome row may be passed over but not chosen."},
		{ID: "damage", Title: "Shields and damage",
			Text: "When a shielded (tails) soldier is hit, the shield soaks the first point and the coin turns to heads. A soldier whose damage this turn reaches its health leaves the game. Damage does not carry over: it is wiped when the Mage's turn ends, while a broken shield stays broken."},
		{ID: "aim", Title: "Spells need a target",
			Text: "Our ruling: every cast must hit at least one soldier in a zone; coins in the camp cannot be hit. (When the Mage's turn begins there is always a soldier in a zone, so this never blocks a cast.)"},
		{ID: "stuck", Title: "When the Mage cannot cast",
			Text: "Our ruling: without the house rule, a thumb at the bottom row cannot move, and no spell can be cast (likewise when the only rows left for the right thumb are a used Tome). The Mage must then use the skip if it is still unused. A Mage who can neither cast nor skip at the start of a turn has lost: the General wins, since nothing can stop the soldiers any more."},
		{ID: "mage-wins", Title: "The Mage wins",
			Text: "The Mage wins the moment the ninth soldier is removed."},
		{ID: "position", Title: "Starting from a position",
			Text: "Our ruling: a game may start from a moment written down instead of the opening (the referee's sandbox, or a dispute over real coins), taken only if a real game could reach it; every reason it could not is listed. Damage is never part of a position, since it only lasts within a cast. Both thumbs are at the top or neither. With the Tome unused, thumbs at the top mean the Mage has cast nothing, and without the house rule the thumbs have uncovered at least as many rows as the Mage has cast. A finished game is not a position."},
		{ID: "turns", Title: "Turn count",
			Text: "Our ruling: turn 1 is the General's first turn and the Mage's reply; the count goes up when the Mage's turn ends. There is no turn limit: without the house rule the card runs out, so every game ends."},
	}
}
