package handlers

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	qrcode "github.com/yeqown/go-qrcode/v2"

	"github.com/labstack/echo/v4"
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
	code, err := qrcode.NewWith(abs, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil {
		return fmt.Errorf("qr code: %w", err)
	}
	w := &svgWriter{}
	if err := code.Save(w); err != nil {
		return fmt.Errorf("qr code: %w", err)
	}
	// The link is a secret of the game (a seat or the spectator view): no
	// shared cache may keep it.
	c.Response().Header().Set("Cache-Control", "private, max-age=3600")
	return c.Blob(http.StatusOK, "image/svg+xml", w.buf.Bytes())
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

// svgWriter is a go-qrcode Writer that draws the library's module matrix as
// one SVG path (dark modules as unit squares) with a 4-module quiet zone.
// It only draws: the encoding is the library's.
type svgWriter struct{ buf bytes.Buffer }

func (w *svgWriter) Write(mat qrcode.Matrix) error {
	const quiet = 4
	bm := mat.Bitmap()
	size := len(bm) + 2*quiet
	fmt.Fprintf(&w.buf, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="QR code">`, size, size)
	fmt.Fprintf(&w.buf, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, size, size)
	for y, row := range bm {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			// Join a run of dark modules into one rectangle.
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&w.buf, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run - 1
		}
	}
	w.buf.WriteString(`"/></svg>`)
	return nil
}

func (w *svgWriter) Close() error { return nil }
