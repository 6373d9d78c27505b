package handlers

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/views"
)

// render writes a templ component with a status code. The component is
// rendered to a buffer first so a template error becomes a clean 500 and not
// half a page.
func render(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// renderString renders a component to text (fragment diffing, tests).
// The buffers are reused: a tap draws several fragments of a few KB each,
// and growing a fresh buffer to that size each time costs more than the
// text itself.
func renderString(ctx context.Context, comp templ.Component) (string, error) {
	buf := getBuf()
	defer putBuf(buf)
	if err := comp.Render(ctx, buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// maxPooledBuf keeps a long game's record (hundreds of KB) out of the pool.
const maxPooledBuf = 64 << 10

var renderBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// getBuf is an empty buffer from the pool; putBuf gives it back once
// nothing refers to its bytes.
func getBuf() *bytes.Buffer { return renderBufs.Get().(*bytes.Buffer) }

func putBuf(buf *bytes.Buffer) {
	if buf.Cap() <= maxPooledBuf {
		buf.Reset()
		renderBufs.Put(buf)
	}
}

// page fills the layout's view model for this request.
func (h *Handler) page(c echo.Context, title, section string) views.Page {
	return views.Page{
		Title:      title,
		Section:    section,
		CSRF:       csrfToken(c),
		Assets:     h.assets,
		Dictionary: h.dictionaryLink(c),
		Game:       c.Param("game"), // /new/:game, /rules/:game: that game's offline module
		Back:       backPath(c.Request()),
	}
}

// backPath is where the language switch of a page brings the browser
// back to: the page itself, or the home page after a write (a POST's
// address shows nothing when asked again).
func backPath(r *http.Request) string {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return "/"
	}
	if r.URL.RawQuery == "" {
		return r.URL.EscapedPath()
	}
	return r.URL.EscapedPath() + "?" + r.URL.RawQuery
}
