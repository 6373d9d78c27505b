package views_test

import (
	"fmt"
	"testing"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/views"
)

func TestImportProblem(t *testing.T) {
	cases := []struct {
		name string
		data string
		err  error
		want string
	}{
		{"an action is counted from 1, as the log counts", `{"game":"spells-arrows"}`,
			&record.ActionError{Index: 0, Err: fmt.Errorf("not now")}, "action 1 (as the log counts): not now"},
		{"a picture is named as not a record, not with the JSON decoder's words", "\x89PNG\r\n\x1a\n\x00\x00",
			fmt.Errorf("invalid character '\\u0089' looking for beginning of value"), "This is not a game record: a record is a JSON text file (from \"Export record\"), and this file is something else (a picture, a document?)."},
		{"any other refusal keeps its words", `{"game":"chess"}`, fmt.Errorf("unknown game"), "unknown game"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := views.ImportProblem([]byte(c.data), c.err); got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}
