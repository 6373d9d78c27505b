package handlers_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestPagesAroundGamesSpeakGerman asks the pages around the games in
// German: the club (its own lines from play/club too), the league, the
// players, the import, a game's replay; their titles and their words.
func TestPagesAroundGamesSpeakGerman(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	de := hdr{"Accept-Language": "de"}
	page := func(path string, want ...string) {
		t.Helper()
		r := p.get(path, de)
		if r.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d\n%s", path, r.StatusCode, r.Body)
		}
		for _, w := range want {
			if !strings.Contains(r.Body, w) {
				t.Errorf("GET %s: no %q in\n%s", path, w, r.Body)
			}
		}
	}
	page("/club", "<h1>Club</h1>", "Club gründen", "Ein Telefon kann ")
	page("/players", "<h1>Spieler</h1>", "Noch keine Spiele auf diesem Gerät")
	page("/import", "<title>Eine Aufzeichnung importieren", "<h1>Eine Aufzeichnung importieren</h1>", "Prüfen und importieren")
	id := p.importFile(saRecord(t, "random-1"))
	page("/g/"+id+"/replay?at=1", "<title>Wiederholung: ", "Aktion 1 von ", "Von hier weiterspielen", "Link zu diesem Moment")
	page("/league/spells-arrows", "Spells &amp; Arrows: Liga", "die beendeten Spiele von diesem Telefon")
	startClub(t, p, "Donnerstag")
	page("/club", "<h1>Donnerstag</h1>", "Dieses Telefon", "Ein Telefon einladen", "Donnerstag verlassen")
}
