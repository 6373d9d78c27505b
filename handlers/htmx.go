package handlers

import "github.com/labstack/echo/v4"

// isPartial says whether the request wants fragments: an htmx request that
// is not restoring history (a history restore needs the whole page).
func isPartial(c echo.Context) bool {
	r := c.Request()
	return r.Header.Get("HX-Request") == "true" && r.Header.Get("HX-History-Restore-Request") != "true"
}

// varyOnHTMX marks a response that depends on the htmx headers, so no cache
// hands a fragment to a full-page request or the other way round.
func varyOnHTMX(c echo.Context) {
	c.Response().Header().Add("Vary", "HX-Request, HX-History-Restore-Request")
}

// redirect sends a browser to url after a successful write: htmx ignores
// headers on 3xx responses, so it gets HX-Location on a 200; a plain form
// gets 303 See Other.
func redirect(c echo.Context, url string) error {
	varyOnHTMX(c)
	if isPartial(c) {
		c.Response().Header().Set("HX-Location", url)
		return c.NoContent(200)
	}
	return c.Redirect(303, url)
}
