//go:build ignore

// icongen draws the PNG app icons from the same shapes as icon.svg, so the
// icons are ours and need no image tool: go run icongen.go
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

var (
	purple = color.NRGBA{0x4b, 0x2a, 0x8c, 0xff}
	orange = color.NRGBA{0xff, 0x8a, 0x00, 0xff}
	ink    = color.NRGBA{0x11, 0x10, 0x18, 0xff}
	gold   = color.NRGBA{0xff, 0xd4, 0x00, 0xff}
)

// star is the five-pointed star of icon.svg, in its 512-unit coordinates.
var star = [][2]float64{{256, 36}, {278, 88}, {334, 92}, {291, 128}, {305, 182}, {256, 152}, {207, 182}, {221, 128}, {178, 92}, {234, 88}}

func inPoly(x, y float64, p [][2]float64) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		if (p[i][1] > y) != (p[j][1] > y) && x < (p[j][0]-p[i][0])*(y-p[i][1])/(p[j][1]-p[i][1])+p[i][0] {
			in = !in
		}
	}
	return in
}

// sample returns the colour of the icon at (x, y) in 512-unit space.
func sample(x, y float64) color.NRGBA {
	// Rounded square background (corner radius 112); outside is transparent.
	const r = 112.0
	cx, cy := math.Max(r-x, math.Max(0, x-(512-r))), math.Max(r-y, math.Max(0, y-(512-r)))
	if cx*cx+cy*cy > r*r {
		return color.NRGBA{}
	}
	return emblem(x, y)
}

// Maskable icons are cut to any shape by the launcher, down to a circle of
// 40% of the width around the centre (the safe zone). The maskable icon is
// full-bleed purple with the emblem shrunk and centred so its farthest
// point (the star's tip) stays well inside that circle.
const (
	maskScale  = 0.78
	emblemMidY = 232.0 // halfway between the star's tip (36) and the ball's foot (429)
)

func sampleMaskable(x, y float64) color.NRGBA {
	return emblem(256+(x-256)/maskScale, emblemMidY+(y-256)/maskScale)
}

// emblem is the star over the ball on purple, without the rounded corners.
func emblem(x, y float64) color.NRGBA {
	if inPoly(x, y, star) {
		return gold
	}
	d := math.Hypot(x-256, y-272)
	if math.Abs(d-150) <= 7 {
		return ink
	}
	if d < 150 {
		// Seams of the ball: a cross and two side arcs.
		if math.Abs(x-256) <= 6 || math.Abs(y-272) <= 6 {
			return ink
		}
		if math.Abs(math.Hypot(x-50, y-272)-160) <= 6 || math.Abs(math.Hypot(x-462, y-272)-160) <= 6 {
			return ink
		}
		return orange
	}
	return purple
}

func draw(size int, name string, sample func(x, y float64) color.NRGBA) {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := 512 / float64(size)
	const ss = 3 // supersampling per axis, for smooth edges
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var rs, gs, bs, as float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					c := sample((float64(px)+(float64(sx)+.5)/ss)*scale, (float64(py)+(float64(sy)+.5)/ss)*scale)
					a := float64(c.A) / 255
					rs += float64(c.R) * a
					gs += float64(c.G) * a
					bs += float64(c.B) * a
					as += a
				}
			}
			n := float64(ss * ss)
			if as == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(rs / as), uint8(gs / as), uint8(bs / as), uint8(255 * as / n)})
		}
	}
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
}

func main() {
	draw(192, "icon-192.png", sample)
	draw(512, "icon-512.png", sample)
	draw(180, "apple-touch-icon.png", sample)
	draw(512, "icon-maskable-512.png", sampleMaskable)
}
