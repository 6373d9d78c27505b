package static

import (
	"bytes"
	"image/png"
	"math"
	"testing"
)

// A launcher may cut a maskable icon down to a circle of 40% of its width
// around the centre. Everything outside that circle must be plain
// background, or the emblem would be cropped on some phone.
func TestMaskableIconKeepsItsShapeInsideTheSafeZone(t *testing.T) {
	b, err := files.ReadFile("icon-maskable-512.png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	size := img.Bounds().Dx()
	if size != 512 || img.Bounds().Dy() != 512 {
		t.Fatalf("icon is %v, want 512x512", img.Bounds())
	}
	bg := img.At(0, 0)
	br, bgg, bb, ba := bg.RGBA()
	if ba != 0xffff {
		t.Fatal("the corner is transparent: a maskable icon must be full-bleed")
	}
	safe := 0.40 * float64(size)
	c := float64(size) / 2
	outside, shapeInside := 0, 0
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			r, g, b, a := img.At(x, y).RGBA()
			same := r == br && g == bgg && b == bb && a == ba
			if math.Hypot(float64(x)+.5-c, float64(y)+.5-c) > safe {
				if !same {
					outside++
				}
			} else if !same {
				shapeInside++
			}
		}
	}
	if outside > 0 {
		t.Errorf("%d pixels of the emblem lie outside the safe zone", outside)
	}
	if shapeInside < size*size/10 {
		t.Errorf("only %d emblem pixels inside: the icon is nearly empty", shapeInside)
	}
}
