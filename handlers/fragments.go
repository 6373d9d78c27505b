package handlers

import (
	"fmt"
	"html"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/views"
)

// writeFragments answers an htmx request with the fragments whose HTML
// differs between what the client shows (before; nil when unknown) and what
// is true now (after), each swapped out of band into its element, plus the
// alert slot. Comparing rendered HTML keeps the rule simple and exact: a
// fragment is sent when, and only when, the client would see a difference
// (or when it is Fresh: the client's copy may carry a selection).
func writeFragments(c echo.Context, status int, before, after []rendered, message string, isError bool) error {
	ctx := c.Request().Context()
	// The answer's bytes are copied out by the response writer: the
	// buffer goes back to the pool when the answer is written.
	buf := getBuf()
	defer putBuf(buf)
	var sent []string
	for _, f := range after {
		prev, ok := fragmentOf(before, f.ID)
		// A fragment whose element lies inside one sent here (the court's
		// overlay in its map) is sent too: that swap emptied its element.
		inside := f.later == nil && insideOf(sent, f.ID)
		if ok && prev.later != nil && prev.later == f.later && !f.Fresh {
			continue // the very same drawing
		}
		now, err := f.html(ctx)
		if err != nil {
			return fmt.Errorf("render fragment %s: %w", f.ID, err)
		}
		if ok && !f.Fresh && !inside {
			was, err := prev.html(ctx)
			if err != nil {
				return fmt.Errorf("render fragment %s: %w", f.ID, err)
			}
			if was == now {
				continue
			}
		}
		buf.WriteString(`<div hx-swap-oob="innerHTML:#`)
		buf.WriteString(html.EscapeString(f.ID))
		buf.WriteString(`">`)
		buf.WriteString(now)
		buf.WriteString("</div>\n")
		sent = append(sent, now)
	}
	if err := views.Alert(message, isError).Render(ctx, buf); err != nil {
		return fmt.Errorf("render alert: %w", err)
	}
	varyOnHTMX(c)
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.HTMLBlob(status, buf.Bytes())
}

// fragmentOf is the fragment with this id in r. A screen has a dozen
// fragments at most: a scan costs less than a map built per answer.
func fragmentOf(r []rendered, id string) (rendered, bool) {
	for _, f := range r {
		if f.ID == id {
			return f, true
		}
	}
	return rendered{}, false
}

// insideOf says whether the element with this id is drawn by one of the
// fragments in sent.
func insideOf(sent []string, id string) bool {
	attr := `id="` + html.EscapeString(id) + `"`
	for _, h := range sent {
		if strings.Contains(h, attr) {
			return true
		}
	}
	return false
}
