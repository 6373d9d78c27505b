package lang

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Key names one entry of the catalogs (keys.go).
type Key string

// The catalogs are one JSON file per language named by its tag
// (catalogs/en.json, es.json, fr.json, de.json, pt-BR.json; English is the
// source, Pseudo is made from it, not stored), and the rules' sentences
// one folder per game (rules.go). The server embeds them all
// (files_server.go); the offline module embeds English only and is handed
// its page's language by the page (Load, files_js.go).

// Entry is one key's words in one language: a sentence, or a sentence per
// plural form chosen by the number in argument Count (1-based, as in
// %[3]d). Forms are CLDR's plural categories ("zero", "one", "two", "few",
// "many", "other") or an exact number ("=0"); "other" is always there.
type Entry struct {
	Text  string
	Count int
	Forms map[string]string
}

// UnmarshalJSON reads "words" or {"count": 3, "one": "...", "other": "..."}.
func (e *Entry) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &e.Text)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	e.Forms = map[string]string{}
	for k, v := range raw {
		if k == "count" {
			if err := json.Unmarshal(v, &e.Count); err != nil {
				return fmt.Errorf("count: %w", err)
			}
			continue
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return fmt.Errorf("form %q: %w", k, err)
		}
		e.Forms[k] = s
	}
	if e.Count < 1 {
		return fmt.Errorf("plural entry without a count (the 1-based argument that picks the form)")
	}
	if _, ok := e.Forms["other"]; !ok {
		return fmt.Errorf("plural entry without its \"other\" form")
	}
	return nil
}

// Texts is every sentence of the entry: its text, or each form's.
func (e Entry) Texts() []string {
	if e.Forms == nil {
		return []string{e.Text}
	}
	out := make([]string, 0, len(e.Forms))
	for _, f := range formOrder(e.Forms) {
		out = append(out, e.Forms[f])
	}
	return out
}

// formOrder is the forms of an entry in a fixed order, exact numbers
// first: x/text takes the first case that matches, so "=0" must come
// before the category that also holds 0.
func formOrder(forms map[string]string) []string {
	rank := map[string]int{"zero": 1, "one": 2, "two": 3, "few": 4, "many": 5, "other": 6}
	keys := make([]string, 0, len(forms))
	for k := range forms {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := rank[keys[i]], rank[keys[j]]
		if ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// Catalog is one language's entries by key, as its file holds them.
type Catalog map[Key]Entry

// ReadCatalog is the catalog of l as its file holds it; Pseudo's is made
// from English's.
func ReadCatalog(l Lang) (Catalog, error) {
	if l == Pseudo {
		en, err := ReadCatalog(English)
		if err != nil {
			return nil, err
		}
		return pseudoCatalog(en), nil
	}
	b, err := catalogBytes(l)
	if err != nil {
		return nil, fmt.Errorf("lang: catalog %s: %w", l, err)
	}
	var c Catalog
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("lang: catalog %s: %w", l, err)
	}
	return c, nil
}

// pseudoCatalog is English made pseudo: each sentence accented, bracketed
// and padded about 40% longer.
func pseudoCatalog(en Catalog) Catalog {
	out := make(Catalog, len(en))
	for k, e := range en {
		p := Entry{Count: e.Count}
		if e.Forms == nil {
			p.Text = Pseudolocalize(e.Text)
		} else {
			p.Forms = make(map[string]string, len(e.Forms))
			for f, s := range e.Forms {
				p.Forms[f] = Pseudolocalize(s)
			}
		}
		out[k] = p
	}
	return out
}

// accented maps every ASCII letter to a look-alike outside ASCII, so a
// pseudo page holds no plain ASCII letters in any word the catalog made:
// an ASCII word left on it escaped the catalog.
var accented = func() map[rune]rune {
	from := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	to := []rune("áƀçðéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ")
	m := make(map[rune]rune, len(to))
	for i, r := range from {
		m[r] = to[i]
	}
	return m
}()

// Pseudolocalize makes one English sentence pseudo: letters accented
// (printf verbs such as %d and %[2]s kept as they are), a padding of
// about 40% of its length in words of "ẋ", and brackets around it that
// show where a sentence was cut short.
func Pseudolocalize(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '%' && i+1 < len(rs) {
			// Copy the verb: flags, an [n] index, width and the verb letter.
			j := i + 1
			for j < len(rs) && strings.ContainsRune("[]0123456789.+-# ", rs[j]) {
				j++
			}
			if j < len(rs) {
				j++
			}
			b.WriteString(string(rs[i:j]))
			i = j - 1
			continue
		}
		if a, ok := accented[r]; ok {
			r = a
		}
		b.WriteRune(r)
	}
	pad := (len(rs)*2 + 4) / 5 // 40%, rounded up
	var p strings.Builder
	for n := 0; n < pad; n++ {
		if n > 0 && n%6 == 0 {
			p.WriteByte(' ')
		}
		p.WriteRune('ẋ')
	}
	return "[" + b.String() + " " + p.String() + "]"
}
