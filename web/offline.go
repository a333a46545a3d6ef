package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// What a phone needs to go on refereeing when the network drops: the engine built for the
// browser (web/engine, shipped gzipped in static), the service worker that keeps the page and
// the engine on the phone, and the log of a game as stored, from any event on.

// shippedEngine is the engine as shipped, gzipped, and unpacked for a browser that takes no
// gzip.
var shippedEngine = sync.OnceValues(func() (packed, raw []byte) {
	packed, err := fs.ReadFile(static, "static/engine.wasm.gz")
	if err != nil {
		panic(err) // the build embeds it: a server without it was built wrong
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		panic(err)
	}
	if raw, err = io.ReadAll(zr); err != nil {
		panic(err)
	}
	return packed, raw
})

// staticVersion names what the server sends phones to keep, the files of static: the service
// worker keeps them under it, and keeps them anew when it changes.
var staticVersion = sync.OnceValue(func() string {
	h := sha256.New()
	_ = fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, path)
		fmt.Fprintf(h, "%s %d\n", path, len(b))
		h.Write(b)
		return err
	})
	return hex.EncodeToString(h.Sum(nil))[:16]
})

// engineWasm sends the engine, gzipped to a browser that takes it (every one does).
func engineWasm(w http.ResponseWriter, r *http.Request) {
	packed, raw := shippedEngine()
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", `"`+staticVersion()+`"`)
	w.Header().Set("Vary", "Accept-Encoding")
	if r.Header.Get("If-None-Match") == `"`+staticVersion()+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := raw
	if acceptsGzip(r) {
		w.Header().Set("Content-Encoding", "gzip")
		body = packed
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
}

// acceptsGzip reports whether r's Accept-Encoding takes gzip.
func acceptsGzip(r *http.Request) bool {
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) == "gzip" && strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// serviceWorker sends the service worker, from the site's root so that it serves the game
// pages, with the version of the files it keeps written in: a browser installs a worker again
// when its script changes.
func serviceWorker(w http.ResponseWriter, r *http.Request) {
	script, err := fs.ReadFile(static, "static/sw.js")
	if err != nil {
		panic(err)
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(bytes.Replace(script, []byte("@VERSION@"), []byte(staticVersion()), 1))
}

// apiEvents sends the game's events after ?after=N as JSON lines, each as stored, byte for
// byte, so that a phone's copy of the log keeps its hash chain. A phone that asks after an
// event the log does not have (a file restored from a copy) is told so, and reads it all.
func (s *Server) apiEvents(w http.ResponseWriter, r *http.Request, c *caller) error {
	after := int64(0)
	if text := r.URL.Query().Get("after"); text != "" {
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil || n < 0 {
			return &httpError{status: http.StatusBadRequest, code: "invalid", msg: fmt.Sprintf("after=%q is not an event's number", text), hint: "after=0 sends the whole log"}
		}
		after = n
	}
	log, err := s.app.EventsAfter(r.Context(), c.game, after)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a payload's bytes as stored, which its hash covers
	for _, e := range log {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	w.Header().Set("Content-Type", "application/jsonl; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b.Bytes())
	return nil
}
