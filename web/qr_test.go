package web

import (
	"image"
	"image/color"
	"regexp"
	"strconv"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// TestQRCodeReadsBack draws the QR code as a phone's camera would see it and reads it with an
// independent decoder: it must hold the address it was made from, quiet border and all.
func TestQRCodeReadsBack(t *testing.T) {
	want := "http://192.168.1.20:8080/join?code=8YET0V&game=12"
	svg, err := qrSVG(want)
	if err != nil {
		t.Fatal(err)
	}
	size := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindSubmatch(svg)
	if size == nil {
		t.Fatalf("no viewBox in %.100s", svg)
	}
	modules, _ := strconv.Atoi(string(size[1]))
	const scale = 8
	img := image.NewGray(image.Rect(0, 0, modules*scale, modules*scale))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for _, m := range regexp.MustCompile(`M(\d+) (\d+)h1v1h-1z`).FindAllSubmatch(svg, -1) {
		x, _ := strconv.Atoi(string(m[1]))
		y, _ := strconv.Atoi(string(m[2]))
		for dy := range scale {
			for dx := range scale {
				img.SetGray(x*scale+dx, y*scale+dy, color.Gray{})
			}
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	got, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("the QR code cannot be read: %v", err)
	}
	if got.GetText() != want {
		t.Errorf("the QR code reads %q, want %q", got.GetText(), want)
	}
}
