package scribes

// Ruling is one rule or ruling in the app's own words, for the rules page.
type Ruling struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Rulings lists the rules of The Arcane Scribes as this app plays them,
// including the points the rule sheet leaves open (marked "Our ruling").
func Rulings() []Ruling {
	return []Ruling{
		{"goal", "Goal", "Collect spells worth the most points. When the game stops, each scribed spell earns its face value, and the points of an element double for the player who holds strictly more spells of it than anyone else."},
		{"material", "What is on the table", "A spell deck of 40 cards (ten per element, valued 2, 3, 4, 5, 5, 6, 7, 8, 9 and 10, each with its own name), 48 world tiles and a common supply holding 2 oinks of each of the four elements for every player. Players begin with no oinks. Deck, tiles and element names are data a table may replace with its own files."},
		{"first", "Who starts", "Every player draws a card from the shuffled deck, the app drawing for everyone from the game's seed and showing the result. The highest card starts; players tied for highest draw again until one is ahead. Drawn cards go under the deck. Play then passes clockwise (in seat order)."},
		{"row", "The row", "The deck is shuffled again. Five tiles are laid in a row from the top of the shuffled tile stack, and a spell card is placed face up on each, left to right. The remaining cards form the face-down draw pile."},
		{"turn", "Your turn", "Do exactly one of: take, exchange, reserve or scribe."},
		{"take", "Take", "Take 2 oinks of two different elements. If the supply has run out of one, you get only what it has."},
		{"exchange", "Exchange", "Give back 1 oink and ask for 1 to 3 oinks of one other element. You get as many as the supply has, up to what you asked for."},
		{"reserve", "Reserve", "Take a spell from a tile of the row and keep it hidden in front of you, to scribe later at its normal cost. You may hold 2 reserved spells at a time, or only 1 when 5 to 8 people play. Only spells in the row can be reserved, never the draw pile. A reserved spell left unscribed at the end is worth nothing."},
		{"scribe", "Scribe", "Pay a spell's face value in oinks, from the row or from your reserve. An oink of the spell's own element is worth 2, any other oink 1. Paid oinks go back to the supply."},
		{"no-waste", "Our ruling: no wasted oinks", "A payment may not contain an oink you could leave out and still cover the cost. So a mixed payment must hit the cost exactly, and a payment made only of the spell's own element may go over by 1 (a 9 paid with five of its element is fine; adding an extra oink of another element is not). The app offers the cheapest payment first: fewest oinks, then the fewest oinks of the spell's own element."},
		{"limit", "Five oinks at most", "Whenever you end up with more than 5 oinks (after a take, an exchange or a follow-up) you put oinks of your choice back until you hold 5. If only one way of doing so exists, the app does it for you."},
		{"follow", "Follow-ups", "When a spell leaves a tile of the row (reserved or scribed), the tile's insignias give every other player something, one after another clockwise starting left of the active player. A spell scribed from a reserve triggers nothing."},
		{"follow-one", "One insignia, or two alike", "Each other player receives 1 oink of that element."},
		{"follow-two", "Two different insignias", "Each other player picks 1 oink of one of the two elements."},
		{"follow-three", "Three insignias", "Each other player may give back 1 oink of an element the tile does not show and take up to 3 oinks in any mix of the tile's elements, or decline."},
		{"follow-arena", "Arena (four insignias)", "Each other player picks 1 oink of any element."},
		{"follow-auto", "Our ruling: automatic follow-ups", "The app only asks when there is a real choice. A single insignia or two alike is handed out automatically. A choice is offered only between elements the supply still has: if just one is left it is given automatically, if none, the player gets nothing. A three-insignia trade is skipped automatically when the player holds no oink it could give back or the supply has none of the tile's elements; otherwise the player may trade or decline, and may ask only for oinks the supply holds."},
		{"supply", "An empty supply", "Whatever the supply cannot hand out is simply not received; nothing is owed later."},
		{"refill", "Refilling the row", "After the follow-ups, the used tile is discarded and the slot gets the next tile of the stack and the top card of the draw pile."},
		{"refill-empty", "Our ruling: running out of tiles", "If the tile stack is empty, the used tile stays in its slot and keeps working. (With the standard material this cannot happen, since the deck runs low first.)"},
		{"end", "End of the game", "The game stops right after a slot is refilled if the draw pile then holds fewer cards than there are players. Scribing from a reserve, taking and exchanging never end the game."},
		{"stall", "Our ruling: a stalled game ends by agreement", "The game is stalled when a turn is to be played, every player's reserve is full (so the row can change only through a scribe) and nobody can scribe any spell of the row or of their own reserve with the oinks they hold. The app then warns everyone, and any seated person may propose to end the game now and score it. Every other seated person must agree; bots are not asked and count as agreeing, so a lone person against bots ends it at once. Playing on (a take, an exchange, a reserve or a scribe) declines the proposal. Once everyone agreed the game is over and scored exactly as at its normal end. A game that is not stalled cannot be ended this way. Both the proposal and each agreement are stored in the game's record."},
		{"score", "Scoring", "Add up the face values of each player's scribed spells. For each element, if a player has scribed more spells of it than every other player, that player's spells of that element count double. Reserved spells score nothing."},
		{"ties", "Ties", "Equal points are broken by the number of different elements among your scribed spells, then by the oinks you still hold. Players still level share the win."},
		{"seats", "Our ruling: seats and order", "Seats are numbered from 0 in the order the players were entered; clockwise means increasing seat number, wrapping around."},
		{"take-order", "Our ruling: writing actions", "A take is the same action whichever element is named first; the app stores its two elements in the fixed order ASHW, TIDE, GALE, ROOT, so every take has one spelling in a record."},
		{"draw-ties", "Our ruling: endless draw ties", "Should the first-player draw stay tied for 64 rounds (only possible with unusual custom decks), the lowest tied seat starts."},
	}
}
