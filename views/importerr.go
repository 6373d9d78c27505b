package views

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
)

// ImportProblem is the import page's sentence for a record that was refused:
// actions counted from 1 as the log counts them (the record's own index
// starts at 0), and a file that is not JSON at all (a picture, a document)
// named as such instead of with the JSON decoder's words.
func ImportProblem(data []byte, err error) string {
	if len(strings.TrimSpace(string(data))) > 0 && !looksLikeJSON(data) {
		return "This is not a game record: a record is a JSON text file (from \"Export record\"), and this file is something else (a picture, a document?)."
	}
	var ae *record.ActionError
	if errors.As(err, &ae) {
		return fmt.Sprintf("action %d (as the log counts): %v", ae.Index+1, ae.Err)
	}
	return err.Error()
}

// ImportSource names what was read: the file by its name, the pasted text,
// or an empty file as empty.
func ImportSource(ctx context.Context, fileName string, fileGiven bool, size int) string {
	switch {
	case fileGiven && size == 0:
		return lang.T(ctx, lang.ImportEmptyFile, fileName)
	case fileGiven:
		return fileName
	}
	return lang.T(ctx, lang.ImportPasted)
}

func looksLikeJSON(data []byte) bool {
	s := strings.TrimSpace(string(data))
	return utf8.ValidString(s) && s != "" && (s[0] == '{' || s[0] == '[')
}
