package record

// The bot levels, by the ids seat rows and records store ("bot:search"),
// and the one name people read for each, in every game: the new-game
// forms, the board, the log, the end card, the title, the home list and
// the scoresheet all name a level through LevelName.
var levelNames = []struct{ id, name string }{
	{"random", "Apprentice"},
	{"greedy", "Adept"},
	{"search", "Archmage"},
}

// LevelName is a bot level's name for people ("Archmage" for "search");
// an unknown id is shown as it is.
func LevelName(id string) string {
	for _, l := range levelNames {
		if l.id == id {
			return l.name
		}
	}
	return id
}

// BotLabel says what plays a seat a bot of level id plays: "Archmage bot".
func BotLabel(id string) string { return LevelName(id) + " bot" }

// LevelNames lists the levels' names, weakest first, as a sentence does:
// "Apprentice, Adept or Archmage".
func LevelNames() string {
	return levelNames[0].name + ", " + levelNames[1].name + " or " + levelNames[2].name
}
