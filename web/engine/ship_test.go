//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

// The server carries the engine built for the browser in its one binary, but go:embed cannot
// build it: the build is shipped beside the server's files (web/static), with the digest of the
// source it was built from. TestTheShippedEngineIsThisSource holds the two to each other, and
// rebuilds the engine when asked to:
//
//go:generate go test -run ^TestTheShippedEngineIsThisSource$ -ship .
var ship = flag.Bool("ship", false, "build the engine for the browser into web/static, with its source's digest")

// The shipped files, in web/static: the engine gzipped as the server sends it, the Go
// toolchain's loader of the same version, and the digest of the engine's source.
var (
	shippedEngine = filepath.Join("..", "static", "engine.wasm.gz")
	shippedLoader = filepath.Join("..", "static", "wasm_exec.js")
	shippedSource = filepath.Join("..", "static", "engine.source")
)

// sourceDigest is the SHA-256 of what the engine is built from: every file of the module's
// packages the browser's build compiles (its Go files and what they embed), by path, and
// go.mod and go.sum, which pin every other module.
func sourceDigest(t *testing.T) string {
	t.Helper()
	goTool := needs.Program(t, "go", "to list the engine's source", "the Go toolchain")
	cmd := exec.Command(goTool, "list", "-deps", "-f", `{{if and (not .Standard) .Module}}{{if .Module.Main}}{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{range .EmbedFiles}} {{.}}{{end}}{{end}}{{end}}`, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := needs.Output(t, cmd)
	if err != nil {
		t.Fatalf("listing the engine's source: %v", err)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"go.mod", "go.sum"}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		dir, err := filepath.Rel(root, fields[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fields[1:] {
			files = append(files, filepath.ToSlash(filepath.Join(dir, f)))
		}
	}
	slices.Sort(files)
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(h, "%s %x\n", f, sum)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestTheShippedEngineIsThisSource: the engine the server sends phones was built from the
// source as it is. With -ship (go generate ./web/engine) it is built again first.
func TestTheShippedEngineIsThisSource(t *testing.T) {
	digest := sourceDigest(t)
	if *ship {
		shipEngine(t, digest)
	}
	stamp, err := os.ReadFile(shippedSource)
	if err != nil {
		t.Fatalf("the shipped engine has no digest of its source: %v; build it with go generate ./web/engine", err)
	}
	if got := strings.TrimSpace(string(stamp)); got != digest {
		t.Fatalf("the engine shipped in web/static was built from other source (%.12s, the source is %.12s now): build it again with go generate ./web/engine", got, digest)
	}
	for _, f := range []string{shippedEngine, shippedLoader} {
		if _, err := os.Stat(f); err != nil {
			t.Fatalf("%v; build the engine with go generate ./web/engine", err)
		}
	}
}

// shipEngine builds the engine for the browser into web/static, gzipped with no name and no
// time in its header so that the same build gives the same file, with the loader of the Go
// that built it and the digest of its source.
func shipEngine(t *testing.T, digest string) {
	goTool := needs.Program(t, "go", "to build the engine for the browser", "the Go toolchain")
	wasm := filepath.Join(t.TempDir(), "engine.wasm")
	cmd := exec.Command(goTool, "build", "-trimpath", "-o", wasm, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if _, err := needs.CombinedOutput(t, cmd); err != nil {
		t.Fatalf("building the engine for the browser: %v", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	var packed bytes.Buffer
	zw, err := gzip.NewWriterLevel(&packed, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	root, err := needs.Output(t, exec.Command(goTool, "env", "GOROOT"))
	if err != nil {
		t.Fatal(err)
	}
	loader, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	for f, b := range map[string][]byte{shippedEngine: packed.Bytes(), shippedLoader: loader, shippedSource: []byte(digest + "\n")} {
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("shipped the engine: %d bytes, %d gzipped", len(raw), packed.Len())
}

// shippedWasm is the shipped engine unpacked into dir, as a browser unpacks what it is sent.
func shippedWasm(t *testing.T, dir string) string {
	t.Helper()
	f, err := os.Open(shippedEngine)
	if err != nil {
		t.Fatalf("%v; build the engine with go generate ./web/engine", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "engine.wasm")
	w, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(w, zr); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}
