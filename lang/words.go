package lang

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A small formatter over the catalogs, for the offline module: what the
// module draws must read as the server's page does, but x/text's printer
// brings its language, plural and number tables, about 110 KB (brotli) on
// every module. It knows only what the catalogs use: %s, %d and plural
// entries, for the five languages and Pseudo. Plural forms follow CLDR 32
// and numbers each language's grouping, as x/text's tables do; words_test.go
// compares every key, language and a spread of numbers with x/text's
// printers, so a rule added to one and not the other fails there.

// catalogs are every language's entries this build holds, Pseudo's too,
// read once until Load hands it another.
func catalogs() (map[Lang]Catalog, error) {
	return held.get(&held.words, func() (map[Lang]Catalog, error) {
		all := append(Offered(), Pseudo)
		out := make(map[Lang]Catalog, len(all))
		for _, l := range all {
			c, err := ReadCatalog(l)
			if errors.Is(err, errNotHeld) {
				continue
			}
			if err != nil {
				return nil, err
			}
			out[l] = c
		}
		return out, nil
	})
}

// wordsOf is the words of key in l with args in their place; a language
// without the key says it in English, as x/text's fallback does.
func wordsOf(l Lang, key Key, args ...any) string {
	cs, err := catalogs()
	if err != nil {
		return string(key)
	}
	e, ok := cs[l][key]
	if !ok {
		e, ok = cs[English][key]
	}
	if !ok {
		return sprintf(l, string(key), args)
	}
	text := e.Text
	if e.Forms != nil {
		text = e.Forms[form(l, e, args)]
	}
	return sprintf(l, text, args)
}

// form is the plural form of e that its count argument picks: an exact
// number ("=0") before the language's category, "other" when neither is
// there or the argument is not a whole number.
func form(l Lang, e Entry, args []any) string {
	if e.Count < 1 || e.Count > len(args) {
		return "other"
	}
	n, ok := whole(args[e.Count-1])
	if !ok {
		return "other"
	}
	if _, ok := e.Forms["="+strconv.FormatInt(n, 10)]; ok {
		return "=" + strconv.FormatInt(n, 10)
	}
	if c := category(l, n); e.Forms[c] != "" {
		return c
	}
	return "other"
}

// category is CLDR 32's cardinal category of the whole number n in l.
// For whole numbers the five languages need only "one" and "other":
// English and German say "one" for 1; Spanish for 1; French and Brazilian
// Portuguese for 0 and 1.
func category(l Lang, n int64) string {
	if n < 0 {
		n = -n
	}
	switch l {
	case French, Portuguese:
		if n <= 1 {
			return "one"
		}
	default:
		if n == 1 {
			return "one"
		}
	}
	return "other"
}

// sprintf is fmt.Sprintf with whole numbers written for %d as l writes
// them ("1,200", "1.200", "1 200").
func sprintf(l Lang, format string, args []any) string {
	if len(args) == 0 {
		return format
	}
	local := make([]any, len(args))
	for i, a := range args {
		if n, ok := whole(a); ok {
			local[i] = number{n: n, sep: groupSeparator(l)}
		} else {
			local[i] = a
		}
	}
	return fmt.Sprintf(format, local...)
}

// groupSeparator is what l writes between groups of three digits.
func groupSeparator(l Lang) string {
	switch l {
	case Spanish, German, Portuguese:
		return "."
	case French:
		return "\u00a0"
	default:
		return ","
	}
}

// whole is a as a whole number, when it is one of Go's integer types.
func whole(a any) (int64, bool) {
	switch v := a.(type) {
	case int:
		return int64(v), true
	case int8:
		return int64(v), true
	case int16:
		return int64(v), true
	case int32:
		return int64(v), true
	case int64:
		return v, true
	case uint:
		return int64(v), true
	case uint8:
		return int64(v), true
	case uint16:
		return int64(v), true
	case uint32:
		return int64(v), true
	case uint64:
		return int64(v), true
	}
	return 0, false
}

// number is a whole number that writes itself grouped for a plain %d, and
// as fmt would for any other verb or flag.
type number struct {
	n   int64
	sep string
}

func (x number) Format(f fmt.State, verb rune) {
	_, width := f.Width()
	_, prec := f.Precision()
	if verb != 'd' || width || prec || f.Flag('+') || f.Flag('-') || f.Flag('0') || f.Flag(' ') || f.Flag('#') {
		fmt.Fprintf(f, fmt.FormatString(f, verb), x.n)
		return
	}
	digits := strconv.FormatInt(x.n, 10)
	sign := ""
	if x.n < 0 {
		sign, digits = "-", digits[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(x.sep)
		}
		b.WriteRune(d)
	}
	f.Write([]byte(b.String()))
}

// Entry is key's entry in l as its catalog holds it, English's where l's
// lacks it: for a script in the page that fills in the words itself
// (views.ScriptWords).
func (l Lang) Entry(key Key) (Entry, bool) {
	cs, err := catalogs()
	if err != nil {
		return Entry{}, false
	}
	e, ok := cs[l][key]
	if !ok {
		e, ok = cs[English][key]
	}
	return e, ok
}
