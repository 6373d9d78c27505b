package views

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/rules/say"
)

// ImportProblem is the import page's sentence for a record that was refused:
// actions counted from 1 as the log counts them (the record's own index
// starts at 0), and a file that is not JSON at all (a picture, a document)
// named as such instead of with the JSON decoder's words.
func ImportProblem(data []byte, err error) string {
	return ImportProblemIn(context.Background(), data, err)
}

// ImportProblemIn is ImportProblem in the language of ctx: the rules'
// reason for a refused action said in it too (English keeps the error's
// own words, as it always did).
func ImportProblemIn(ctx context.Context, data []byte, err error) string {
	if len(strings.TrimSpace(string(data))) > 0 && !looksLikeJSON(data) {
		return lang.T(ctx, lang.ImportNotRecord)
	}
	var ae *record.ActionError
	if errors.As(err, &ae) {
		reason := ae.Err.Error()
		if lang.From(ctx) != lang.English {
			reason = lang.Say(ctx, say.Reason(ae.Err))
		}
		return lang.T(ctx, lang.ImportAtAction, strconv.Itoa(ae.Index+1), reason)
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
