package play

// Marker is a Kind that can point at the moments of a game worth jumping
// to in a replay: a score, the end of a half, a spell's result, a kill, a
// trade. The replay's scrubber shows them as jump marks.
type Marker interface {
	// Marks are the game's moments in the order played, read from the
	// table's actions in force. Like Lines, they answer for t.Viewer: a
	// mark's words never name what that viewer may not see.
	Marks(t Table) ([]Mark, error)
}

// Mark is one moment of a game: the game after its first At actions.
type Mark struct {
	At    int    // the moment: actions in force, 1 for the first action
	Kind  string // a short class of moment ("point", "half", "spell", "kill", "tower", "scribe", "trade", "end")
	Label string // a few words: "Escape: 5 points (total 12)"
}
