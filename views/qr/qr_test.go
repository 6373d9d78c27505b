package qr

import (
	"encoding/xml"
	"fmt"
	"testing"
)

// The image is one well-formed SVG whose square view box is a QR symbol
// (21 modules, 4 more per version) and its quiet zone of 4 modules a side.
func TestSVGIsASymbolWithItsQuietZone(t *testing.T) {
	for _, link := range []string{
		"https://grimoire.test/watch/abc",
		"https://grimoire.test/join/" + fmt.Sprintf("%090d", 7),
	} {
		t.Run(link, func(t *testing.T) {
			b, err := SVG(link)
			if err != nil {
				t.Fatal(err)
			}
			var svg struct {
				XMLName xml.Name
				ViewBox string `xml:"viewBox,attr"`
			}
			if err := xml.Unmarshal(b, &svg); err != nil {
				t.Fatalf("not XML: %v", err)
			}
			var w, h int
			if _, err := fmt.Sscanf(svg.ViewBox, "0 0 %d %d", &w, &h); err != nil || svg.XMLName.Local != "svg" {
				t.Fatalf("<%s viewBox=%q>", svg.XMLName.Local, svg.ViewBox)
			}
			if modules := w - 8; w != h || modules < 21 || (modules-21)%4 != 0 {
				t.Fatalf("view box %dx%d is no QR symbol with a 4-module quiet zone", w, h)
			}
		})
	}
}
