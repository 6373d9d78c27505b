//go:build !js

package lang

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The offline module's formatter (words.go) must say what the server's
// x/text printers say: every key of every language, Pseudo's too, with a
// spread of numbers for every %d (0 and 1 pick French and Portuguese
// singulars, 1,000 and more the grouping, negatives the sign).
func TestTheModuleSaysWhatTheServerSays(t *testing.T) {
	en, err := ReadCatalog(English)
	if err != nil {
		t.Fatal(err)
	}
	numbers := []int{0, 1, 2, 3, 5, 11, 21, 100, 101, 999, 1000, 1001, 1200, 12345, 100000, 1000000, 1234567, -1, -1234}
	for _, l := range append(Offered(), Pseudo) {
		for key, e := range en {
			kinds := argKinds(e)
			for _, n := range numbers {
				args := make([]any, len(kinds))
				for i, k := range kinds {
					if k == 'd' {
						args[i] = n
					} else {
						args[i] = "Zoë & <Ana>"
					}
				}
				if got, want := wordsOf(l, key, args...), l.T(key, args...); got != want {
					t.Errorf("%s %s %v: module says %q, server says %q", l, key, args, got, want)
				}
			}
		}
	}
}

// The comparison above would pass if both sides ignored the language;
// these are the cases where they must not.
func TestTheModuleWritesNumbersAndFormsPerLanguage(t *testing.T) {
	tests := []struct {
		lang Lang
		n    int
		want string
	}{
		{English, 1, "Page 1 of 2 · 1 game"},
		{English, 0, "Page 1 of 2 · 0 games"},
		{French, 0, "Page 1 sur 2 · 0 partie"},
		{Portuguese, 1, "Página 1 de 2 · 1 partida"},
		{Spanish, 0, "Página 1 de 2 · 0 partidas"},
		{English, 1200, "Page 1 of 2 · 1,200 games"},
		{German, 1200, "Seite 1 von 2 · 1.200 Spiele"},
		{French, 1200, "Page 1 sur 2 · 1\u00a0200 parties"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+"/"+strconv.Itoa(tt.n), func(t *testing.T) {
			if got := wordsOf(tt.lang, HomePageOf, 1, 2, tt.n); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

var verbOf = regexp.MustCompile(`%(\[(\d+)\])?([a-zA-Z%])`)

// argKinds is the verb letter of each argument of e's English sentences,
// in argument order.
func argKinds(e Entry) []byte {
	var kinds []byte
	for _, s := range e.Texts() {
		n := 0
		for _, v := range verbOf.FindAllStringSubmatch(s, -1) {
			if v[3] == "%" {
				continue
			}
			if v[2] != "" {
				n, _ = strconv.Atoi(v[2])
			} else {
				n++
			}
			for len(kinds) < n {
				kinds = append(kinds, 's')
			}
			kinds[n-1] = strings.ToLower(v[3])[0]
		}
	}
	return kinds
}
