package handlers

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
	"github.com/grimoire-games/grimoire/views"
)

// writeFragments answers an htmx request with the fragments whose HTML
// differs between what the client shows (before; nil when unknown) and what
// is true now (after), each swapped out of band into its element, plus the
// alert slot. Comparing rendered HTML keeps the rule simple and exact: a
// fragment is sent when, and only when, the client would see a difference
// (or when it is Fresh: the client's copy may carry a selection).
func writeFragments(c echo.Context, status int, before, after []rendered, message string, isError bool) error {
	// The answer's bytes are copied out by the response writer: the
	// buffer goes back to the pool when the answer is written.
	buf := getBuf()
	defer putBuf(buf)
	if err := fragmentsBody(c.Request().Context(), buf, before, after, message, isError); err != nil {
		return err
	}
	varyOnHTMX(c)
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.HTMLBlob(status, buf.Bytes())
}

// refreshStep marks the screen key of a kept refresh answer (see
// keptFragments); fragment keys are URL-encoded queries, which never hold
// a NUL.
const refreshStep = "refresh\x00"

// keptFragments answers a GET refresh, what a spectator's or a player's page
// asks after each event, like writeFragments, but keeps the compressed
// answer in the cache under key (which names both versions, the viewer, the
// query and whether the record was taken out) and sends it again to every
// client asking the same: every spectator of a game asks for the same change
// after each tap, and compressing it was most of such a GET's cost.
func (h *Handler) keptFragments(c echo.Context, status int, id string, key screenKey, before, after []rendered) error {
	enc := h.encodingFor(c, encoding.Refresh)
	if enc == "" || isHead(c) {
		return writeFragments(c, status, before, after, "", false)
	}
	key.Step = refreshStep + enc + "\x00" + key.Step
	z, ok := h.session.KeptScreen(id, key)
	if !ok {
		buf := getBuf()
		defer putBuf(buf)
		if err := fragmentsBody(c.Request().Context(), buf, before, after, "", false); err != nil {
			return err
		}
		if buf.Len() < encoding.MinSize {
			// As the compress middleware would: too small to be worth it.
			varyOnHTMX(c)
			c.Response().Header().Set("Cache-Control", "no-store")
			return c.HTMLBlob(status, buf.Bytes())
		}
		body, err := h.compressKept(encoding.Refresh, enc, buf.Bytes())
		if err != nil {
			return err
		}
		z = []rendered{{ID: refreshStep + enc, HTML: body}}
		h.session.KeepScreen(id, key, z)
	}
	varyOnHTMX(c)
	hd := c.Response().Header()
	hd.Set("Cache-Control", "no-store")
	hd.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	return writeEncoded(c.Response(), status, enc, z[0].HTML)
}

// fragmentsBody writes what writeFragments sends into buf.
func fragmentsBody(ctx context.Context, buf *bytes.Buffer, before, after []rendered, message string, isError bool) error {
	var sent []string
	for _, f := range after {
		prev, ok := fragmentOf(before, f.ID)
		if ok && prev.SameDrawing(f) && !f.Fresh {
			continue // the very same drawing
		}
		now, err := f.Render(ctx)
		if err != nil {
			return fmt.Errorf("render fragment %s: %w", f.ID, err)
		}
		// A fragment whose element lies inside one sent here (the court's
		// overlay in its map) is sent too: that swap emptied its element.
		// Asked last, as it searches the sent fragments' text.
		if ok && !f.Fresh && !(!f.Later() && insideOf(sent, f.ID)) {
			was, err := prev.Render(ctx)
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
	return nil
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
