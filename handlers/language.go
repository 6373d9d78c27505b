package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/middleware"
	"github.com/grimoire-games/grimoire/lang"
)

// setLanguage remembers the language picked in the footer's switch or on
// /settings and goes back to the page it was picked on. The route's CSRF
// check is the app's, as for every POST.
func (h *Handler) setLanguage(c echo.Context) error {
	l, ok := lang.Parse(c.FormValue("lang"))
	if !ok && h.pseudoLang && c.FormValue("lang") == string(lang.Pseudo) {
		l, ok = lang.Pseudo, true
	}
	if !ok {
		return badRequest(lang.T(c.Request().Context(), lang.ErrorLanguage))
	}
	middleware.RememberLanguage(c, l, h.secure)
	return c.Redirect(http.StatusSeeOther, localPath(c.FormValue("back")))
}

// localPath is back when it is a path of this site ("/settings",
// "/?page=2"), else "/": a form's return address must never send a
// browser to another site ("//evil.example", "/\evil.example",
// "https://evil.example").
func localPath(back string) string {
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || len(back) > maxBackPath {
		return "/"
	}
	for _, r := range back {
		// Browsers read a backslash as a slash, and drop tabs and line
		// breaks from a URL: "/\evil" and "/\t/evil" are "//evil".
		if r == '\\' || r < 0x20 || r == 0x7f {
			return "/"
		}
	}
	u, err := url.Parse(back)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	return back
}

// maxBackPath bounds the return address a form may carry.
const maxBackPath = 2048
