package handlers

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/views"
)

// A whole game page is kept in the cache like a screen's fragments, keyed
// by (game, version, viewer key, language, query): the viewer key digests
// everything the table holds, so a seat's hidden information never reaches
// another seat or a spectator, and the language keeps one reader's words
// from another's. The layout's CSRF token is the one part that differs
// between viewers with the same table (every spectator of a version): the
// page is drawn with a slot in its place, and each answer writes its own
// token into the slot. A page with a notice or a refusal is drawn per
// answer: it follows a write, not a read.

// pageStep marks a whole page's screen key; fragment keys are URL-encoded
// queries, which never hold a NUL.
const pageStep = "page\x00"

// newCSRFSlot is the stand-in drawn where the token goes: random per
// handler, so no title or name typed into a game can be mistaken for it,
// and made of characters no escaping changes, as the token is.
func newCSRFSlot() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand failed: %v", err))
	}
	return "csrfslot" + hex.EncodeToString(b)
}

// wholePage answers with table t's whole page in layout p, from the cache
// when this version was drawn for the same table and query.
func (h *Handler) wholePage(c echo.Context, k play.Kind, status int, p views.Page, t play.Table, step url.Values) error {
	// The layout speaks the reader's language (the middleware's choice,
	// in the request's context): a page drawn for one language is kept
	// for that language only.
	speaks := lang.From(c.Request().Context()).Tag()
	key := screenKey{Version: t.Version, Viewer: session.ViewerKey(t), Step: pageStep + speaks + "\x00" + session.StepKey(step)}
	r, ok := h.session.KeptScreen(t.GameID, key)
	if !ok {
		h.session.AttachState(k, &t)
		p.CSRF = h.csrfSlot
		comp, err := k.Page(p, t, step)
		if err != nil {
			return err
		}
		html, err := renderString(c.Request().Context(), comp)
		if err != nil {
			return fmt.Errorf("render page: %w", err)
		}
		r = []rendered{{ID: pageStep, HTML: html}}
		h.session.KeepScreen(t.GameID, key, r)
	}
	res := c.Response()
	res.Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	token := csrfToken(c)
	enc := h.encodingFor(c, encoding.Page)
	if enc == "" || c.Request().Method == http.MethodHead || len(r[0].HTML) < encoding.MinSize {
		res.WriteHeader(status)
		return writeSlotted(res, r[0].HTML, h.csrfSlot, token)
	}
	// Compressing a page costs more than everything else a GET does, so
	// the compressed bytes are kept too: per token, as the token is inside
	// them, and per encoding.
	zkey := key
	zkey.Viewer += "\x00" + token
	zkey.Step = pageStep + enc + "\x00" + key.Step
	z, ok := h.session.KeptScreen(t.GameID, zkey)
	if !ok {
		var plain strings.Builder
		plain.Grow(len(r[0].HTML))
		if err := writeSlotted(&plain, r[0].HTML, h.csrfSlot, token); err != nil {
			return err
		}
		body, err := h.compressKept(encoding.Page, enc, []byte(plain.String()))
		if err != nil {
			return err
		}
		z = []rendered{{ID: pageStep + enc, HTML: body}}
		h.session.KeepScreen(t.GameID, zkey, z)
	}
	return writeEncoded(res, status, enc, z[0].HTML)
}

// writeSlotted writes html with every slot replaced by token, without
// copying the page.
func writeSlotted(w io.Writer, html, slot, token string) error {
	for {
		before, after, found := strings.Cut(html, slot)
		if _, err := io.WriteString(w, before); err != nil {
			return fmt.Errorf("write page: %w", err)
		}
		if !found {
			return nil
		}
		if _, err := io.WriteString(w, token); err != nil {
			return fmt.Errorf("write page: %w", err)
		}
		html = after
	}
}
