//go:build !js

package lang

import (
	"fmt"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// The server speaks through golang.org/x/text's message printers. The
// offline module, built for js, speaks through words.go's formatter over
// the same catalogs instead (words_js.go), which words_test.go holds to
// what these printers say.

func (e Entry) message() catalog.Message {
	if e.Forms == nil {
		return catalog.String(e.Text)
	}
	cases := make([]any, 0, 2*len(e.Forms))
	for _, f := range formOrder(e.Forms) {
		cases = append(cases, f, e.Forms[f])
	}
	return plural.Selectf(e.Count, "%d", cases...)
}

// printers are the message printers of every language, Pseudo's too,
// built once from the embedded catalogs on first use.
var printers = sync.OnceValues(func() (map[Lang]*message.Printer, error) {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	all := append(Offered(), Pseudo)
	tags := map[Lang]language.Tag{}
	for _, l := range all {
		tag, err := language.Parse(string(l))
		if err != nil {
			return nil, fmt.Errorf("lang: tag %s: %w", l, err)
		}
		tags[l] = tag
		c, err := ReadCatalog(l)
		if err != nil {
			return nil, err
		}
		for k, e := range c {
			if err := b.Set(tag, string(k), e.message()); err != nil {
				return nil, fmt.Errorf("lang: catalog %s, key %s: %w", l, k, err)
			}
		}
	}
	out := make(map[Lang]*message.Printer, len(all))
	for _, l := range all {
		out[l] = message.NewPrinter(tags[l], message.Catalog(b))
	}
	return out, nil
})

// Check reads and builds every catalog: the server calls it at start so a
// broken catalog stops it there, not on a page.
func Check() error {
	if _, err := catalogs(); err != nil {
		return err
	}
	_, err := printers()
	return err
}

// T is the words of key in l, with args put in their place. A key no
// catalog holds (which the catalog test forbids) comes back as itself.
func (l Lang) T(key Key, args ...any) string {
	ps, err := printers()
	if err != nil {
		return string(key)
	}
	p, ok := ps[l]
	if !ok {
		p = ps[English]
	}
	return p.Sprintf(string(key), l.said(args)...)
}
