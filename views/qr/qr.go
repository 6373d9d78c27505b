// Package qr draws a QR code as SVG: the share links' codes (a spectator
// link, a seat's join link, a club invite) that a phone at the table scans.
// It is its own package so the offline module, which draws with views, does
// not carry the QR encoder.
package qr

import (
	"bytes"
	"fmt"

	qrcode "github.com/yeqown/go-qrcode/v2"
)

// SVG is the QR code of text (medium error correction) as one SVG image.
func SVG(text string) ([]byte, error) {
	code, err := qrcode.NewWith(text, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil {
		return nil, fmt.Errorf("qr code: %w", err)
	}
	w := &svgWriter{}
	if err := code.Save(w); err != nil {
		return nil, fmt.Errorf("qr code: %w", err)
	}
	return w.buf.Bytes(), nil
}

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
