package web

import (
	"bytes"
	"fmt"
	"image/color"

	"github.com/boombuler/barcode/qr"
)

// qrQuiet is the blank border a QR code needs around it to be read, in modules.
const qrQuiet = 4

// qrSVG draws text as a QR code in SVG: one path of unit squares, which scales to any size
// sharply and prints as crisply as it shows.
func qrSVG(text string) ([]byte, error) {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return nil, fmt.Errorf("QR code of %q: %w", text, err)
	}
	box := code.Bounds()
	size := box.Dx() + 2*qrQuiet
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, size, size)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, size, size)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if color.GrayModel.Convert(code.At(x, y)).(color.Gray).Y < 128 {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x-box.Min.X+qrQuiet, y-box.Min.Y+qrQuiet)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}
