//go:build js

package lang

// The offline module speaks through words.go's formatter: x/text's
// printers and tables would add about 110 KB (brotli) to every module.

// Check reads every catalog, as the server's Check does.
func Check() error {
	_, err := catalogs()
	return err
}

// T is the words of key in l, with args put in their place, as the
// server's x/text printers put them (words_test.go).
func (l Lang) T(key Key, args ...any) string { return wordsOf(l, key, l.said(args)...) }
