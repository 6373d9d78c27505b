package handlers

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// sentIDs answers before -> after as writeFragments does and lists the ids
// of the fragments the answer carries.
func sentIDs(t *testing.T, before, after []rendered) []string {
	t.Helper()
	rec := httptest.NewRecorder()
	c := echo.New().NewContext(httptest.NewRequest(http.MethodPost, "/g/x/act", nil), rec)
	if err := writeFragments(c, http.StatusOK, before, after, "", false); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, part := range strings.Split(rec.Body.String(), `hx-swap-oob="innerHTML:#`)[1:] {
		ids = append(ids, part[:strings.IndexByte(part, '"')])
	}
	return ids
}

func TestWriteFragmentsNested(t *testing.T) {
	frame := func(inner string) rendered {
		return rendered{ID: "court", HTML: `<svg>map</svg><div id="court-now">` + inner + `</div>`}
	}
	now := func(spy string) rendered { return rendered{ID: "court-now", HTML: `<svg>` + spy + `</svg>`} }
	for _, tc := range []struct {
		name          string
		before, after []rendered
		want          []string
	}{
		{"the map unchanged is not sent, what changed on it is",
			[]rendered{frame(""), now("B")}, []rendered{frame(""), now("A")}, []string{"court-now"}},
		{"nothing changed: nothing is sent",
			[]rendered{frame(""), now("B")}, []rendered{frame(""), now("B")}, nil},
		{"a map sent again empties its overlay, so the overlay is sent with it",
			[]rendered{frame(""), now("B")}, []rendered{frame("<b>new</b>"), now("B")}, []string{"court", "court-now"}},
		{"an unknown screen gets everything",
			nil, []rendered{frame(""), now("B")}, []string{"court", "court-now"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sentIDs(t, tc.before, tc.after); !slices.Equal(got, tc.want) {
				t.Errorf("sent %q, want %q", got, tc.want)
			}
		})
	}
}
