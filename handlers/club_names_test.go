package handlers_test

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// csvRows reads a CSV answer.
func csvRows(t *testing.T, c *client, path string) [][]string {
	t.Helper()
	res := c.get(path, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d\n%s", path, res.StatusCode, res.Body)
	}
	rows, err := csv.NewReader(strings.NewReader(res.Body)).ReadAll()
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return rows
}

// TestClubMergedNamesCountEverywhere: a person who played as Ben on one
// phone and Benny on the other is one person, once the club merges the
// names, on the players list, the player page, its CSV, the advisor's
// rates and the head to head of a rating page; a split undoes it.
func TestClubMergedNamesCountEverywhere(t *testing.T) {
	a := newTestApp(t)
	ana, ben := a.phone(), a.phone()
	joinClub(t, ben, startClub(t, ana, "Court"))
	ana.importFile(saRecord(t, "random-1"))
	ben.importFile(strings.Replace(saRecord(t, "random-2"), `"Ben"`, `"Benny"`, 1))

	shots := func(name string) int {
		return len(csvRows(t, ana, "/players/spells-arrows/attempts.csv?name="+name)) - 1
	}
	benShots, bennyShots := shots("Ben"), shots("Benny")
	if benShots == 0 || bennyShots == 0 {
		t.Fatalf("before the merge Ben shot %d times, Benny %d: want both", benShots, bennyShots)
	}
	// As typed, Ana's head to head has two opponents.
	h2h := func() []string {
		return texts(ana.get("/league/spells-arrows/player?name=Ana", nil).doc(t), `[data-testid="versus-shooting"]`)
	}
	if got := h2h(); len(got) != 2 {
		t.Fatalf("before the merge Ana's head to head: %q", got)
	}
	apart := h2h()

	if res := ben.post("/club/names/merge", url.Values{"name": {"Benny"}, "into": {"Ben"}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("merge: %d\n%s", res.StatusCode, res.Body)
	}
	for who, p := range map[string]*client{"Ana's phone": ana, "Ben's phone": ben} {
		t.Run(who, func(t *testing.T) {
			if got := texts(p.get("/players", nil).doc(t), `[data-testid="player-link"]`); strings.Join(got, ",") != "Ana,Ben" && strings.Join(got, ",") != "Ben,Ana" {
				t.Errorf("players list %q: want Ana and Ben, once each", got)
			}
			for _, asked := range []string{"Ben", "Benny"} {
				doc := p.get("/players?name="+asked, nil).doc(t)
				if h := texts(doc, `[data-testid="player-name"]`); len(h) != 1 || h[0] != "Ben" {
					t.Errorf("/players?name=%s shows %q: want Ben's page", asked, h)
				}
				if n := doc.Find(`[data-testid="player-game"]`).Length(); n != 2 {
					t.Errorf("/players?name=%s lists %d games, want both names' 2", asked, n)
				}
				rows := csvRows(t, p, "/players/spells-arrows/attempts.csv?name="+asked)
				if len(rows)-1 != benShots+bennyShots {
					t.Errorf("CSV of %s: %d shots, want %d + %d", asked, len(rows)-1, benShots, bennyShots)
				}
				for _, r := range rows[1:] {
					if r[2] == "Benny" {
						t.Fatalf("CSV of %s still names Benny: %v", asked, r)
					}
				}
			}
			adv := p.get("/new/spells-arrows/advice?spy=Benny&mage=Ana&victory=12", nil)
			if adv.StatusCode != http.StatusOK || !strings.Contains(adv.Body, "Benny: from") || !strings.Contains(adv.Body, "in 2 games") {
				t.Errorf("the advisor reads Benny's rates from: %d\n%s", adv.StatusCode, adv.Body)
			}
			got := h2h()
			if len(got) != 1 || got[0] == apart[0] || got[0] == apart[1] {
				t.Errorf("after the merge Ana's shooting against Ben: %q (apart %q)", got, apart)
			}
			rating := p.get("/league/spells-arrows/player?name=Benny", nil)
			if rating.StatusCode != http.StatusOK || !strings.Contains(rating.Body, "Ana, 2 games") {
				t.Errorf("Benny's rating page (Ben's): %d\n%s", rating.StatusCode, rating.Body)
			}
			doc := rating.doc(t)
			if n := doc.Find(`[data-testid="rating-tick"]`).Length(); n != 3 {
				t.Errorf("the plot's rating axis has %d labels, want 3", n)
			}
			days := doc.Find(`[data-testid="rating-day"]`).Length()
			if dots := doc.Find(`[data-testid="plot-dot"], [data-testid="plot-dot-provisional"]`).Length(); days == 0 || dots != days {
				t.Errorf("the plot has %d dots and its table %d days", dots, days)
			}
		})
	}

	if res := ana.post("/club/names/split", url.Values{"name": {"Benny"}}, nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("split: %d", res.StatusCode)
	}
	if n := shots("Ben"); n != benShots {
		t.Errorf("after the split Ben's CSV has %d shots, want %d", n, benShots)
	}
	if n := ana.get("/players?name=Benny", nil).doc(t).Find(`[data-testid="player-game"]`).Length(); n != 1 {
		t.Errorf("after the split Benny has %d games, want 1", n)
	}
	if got := h2h(); len(got) != 2 {
		t.Errorf("after the split Ana's head to head: %q", got)
	}
}
