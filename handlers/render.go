package handlers

import (
	"bytes"
	"context"
	"fmt"

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
func renderString(ctx context.Context, comp templ.Component) (string, error) {
	var buf bytes.Buffer
	if err := comp.Render(ctx, &buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// page fills the layout's view model for this request.
func (h *Handler) page(c echo.Context, title, section string) views.Page {
	return views.Page{
		Title:   title,
		Section: section,
		CSRF:    csrfToken(c),
		Assets:  h.assets,
	}
}
