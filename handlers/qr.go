package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/views/qr"
)

// qrCode answers GET /qr.svg?path=/watch/TOKEN (or /join/TOKEN) with an SVG
// QR code of the absolute URL of that path on this server, so a phone at the
// table can scan its way to the spectator view or to a seat. Only those two
// kinds of path are drawn: the endpoint is not a general QR service.
func (h *Handler) qrCode(c echo.Context) error {
	p := c.QueryParam("path")
	if !qrPathAllowed(p) {
		return badRequest("A QR code can only be drawn for a spectator link (/watch/...), a seat's join link (/join/...) or a club invite (/club/join/...).")
	}
	abs := c.Scheme() + "://" + c.Request().Host + p
	svg, err := qr.SVG(abs)
	if err != nil {
		return err
	}
	// The link is a secret of the game (a seat or the spectator view): no
	// shared cache may keep it.
	c.Response().Header().Set("Cache-Control", "private, max-age=3600")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}

// qrPathAllowed accepts "/watch/<token>", "/join/<token>" and a club's
// invite "/club/join/<code>" with a plain
// token (letters, digits, '-' and '_'), nothing else: no host, no query.
func qrPathAllowed(p string) bool {
	var token string
	switch {
	case strings.HasPrefix(p, "/watch/"):
		token = strings.TrimPrefix(p, "/watch/")
	case strings.HasPrefix(p, "/join/"):
		token = strings.TrimPrefix(p, "/join/")
	case strings.HasPrefix(p, "/club/join/"):
		token = strings.TrimPrefix(p, "/club/join/")
	default:
		return false
	}
	if token == "" || len(token) > 100 {
		return false
	}
	for _, r := range token {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// qrURL is the address of the QR code image of a share path.
func qrURL(path string) string { return "/qr.svg?path=" + url.QueryEscape(path) }
