package middleware

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
)

// LanguageCookie remembers the language a person chose (POST /language):
// it holds one of the offered tags, nothing else.
const LanguageCookie = "grimoire_lang"

// languageMaxAge is how long a chosen language is remembered: as long as
// the device itself (SessionMaxAge).
const languageMaxAge = SessionMaxAge

// Language picks the language each request is answered in and puts it
// into the request's context (lang.With), where views read it without
// knowing Echo: the remembered cookie when it holds an offered language,
// else the best match of Accept-Language among the offered ones, else
// English. Every page then varies on both headers, so no shared cache
// gives one reader's language to another.
//
// pseudo also accepts the pseudo-language (lang.Pseudo) in the cookie: a
// server built by the tests sets it, to draw pages in en-XA; a person's
// cookie saying en-XA is ignored like any other unknown value.
func Language(pseudo bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			l := chosenLanguage(r, pseudo)
			c.SetRequest(r.WithContext(lang.With(r.Context(), l)))
			res := c.Response()
			res.Before(func() {
				if strings.HasPrefix(res.Header().Get(echo.HeaderContentType), echo.MIMETextHTML) {
					addVary(res.Header(), "Accept-Language")
					addVary(res.Header(), echo.HeaderCookie)
				}
			})
			return next(c)
		}
	}
}

// chosenLanguage is the cookie's language if it holds one, else
// Accept-Language's.
func chosenLanguage(r *http.Request, pseudo bool) lang.Lang {
	if k, err := r.Cookie(LanguageCookie); err == nil {
		if pseudo && k.Value == string(lang.Pseudo) {
			return lang.Pseudo
		}
		if l, ok := lang.Parse(k.Value); ok {
			return l
		}
	}
	return lang.Match(r.Header.Get("Accept-Language"))
}

// RememberLanguage sets the cookie that keeps l for this browser:
// HttpOnly (no script reads it), SameSite=Lax and Secure as the session's
// cookies are (secure, or the request came over HTTPS).
func RememberLanguage(c echo.Context, l lang.Lang, secure bool) {
	c.SetCookie(&http.Cookie{
		Name:     LanguageCookie,
		Value:    l.Tag(),
		Path:     "/",
		MaxAge:   languageMaxAge,
		HttpOnly: true,
		Secure:   secureCookies(c, secure),
		SameSite: http.SameSiteLaxMode,
	})
}

// addVary adds name to h's Vary unless it is there already.
func addVary(h http.Header, name string) {
	for _, v := range h.Values(echo.HeaderVary) {
		for _, p := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(p), name) {
				return
			}
		}
	}
	h.Add(echo.HeaderVary, name)
}
