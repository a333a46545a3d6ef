//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/referee/kinds"
)

// TestBuildsAgree: the engine compiled to WebAssembly, as shipped, run by Node as a browser would run it,
// answers the first fifth of each kind's conformance playouts (two under -short) byte for byte
// as the native build does:
// each move's judgement (its event, words and flags, or its refusal), and the game after each
// move (the view: the table and its totals, the hint, the legal moves, the open flags, the
// seal), and every 50th move and at the end the score sheet's figures and the page's part that
// shows the game, with its buttons and its sheet, as drawn.
func TestBuildsAgree(t *testing.T) {
	en := new(engine)
	node := needs.Program(t, "node", "to run the engine built for the browser", "apt-get install nodejs")
	goTool := needs.Program(t, "go", "to find the Go toolchain's WebAssembly support", "the Go toolchain")
	root, err := needs.Output(t, exec.Command(goTool, "env", "GOROOT"))
	if err != nil {
		t.Fatal(err)
	}
	runner := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec_node.js")
	wasm := shippedWasm(t, t.TempDir())

	var lines [][]byte
	moves := 0
	for _, r := range kinds.All() {
		games := conformGames[r.Kind()]
		if games == 0 {
			t.Fatalf("no conformance count for %s", r.Kind())
		}
		// Both builds compile one source: a fifth, some 70,000 moves, shows them alike, where
		// every playout kept Node past go test's 10 minutes on a busy laptop.
		games /= 5
		if testing.Short() {
			games = 2
		}
		for seed := range games {
			req := playoutRequest(t, r, seed, 50)
			moves += len(req.Pending)
			line, err := json.Marshal(req)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, append(line, '\n'))
		}
	}
	// Node runs the engine on one core: the requests go to a Node process a core, in turn, and
	// the native build answers them all meanwhile.
	shards := min(runtime.NumCPU(), 2)
	answers, took := make([][]byte, shards), make([]time.Duration, shards)
	var native bytes.Buffer
	var wg sync.WaitGroup
	for i := range shards {
		wg.Go(func() {
			var in bytes.Buffer
			for _, line := range lines[i*len(lines)/shards : (i+1)*len(lines)/shards] {
				in.Write(line)
			}
			start := time.Now()
			cmd := exec.Command(node, runner, wasm)
			cmd.Stdin = &in
			out, err := needs.Output(t, cmd)
			if err != nil {
				t.Errorf("the WebAssembly build: %v", err)
			}
			answers[i], took[i] = out, time.Since(start)
		})
	}
	start := time.Now()
	if err := en.answerLines(bytes.NewReader(bytes.Join(lines, nil)), &native); err != nil {
		t.Fatal(err)
	}
	nativeTook := time.Since(start)
	wg.Wait()
	if t.Failed() {
		return
	}
	browser := bytes.Join(answers, nil)
	t.Logf("native %v; WebAssembly under Node %v, %d processes", nativeTook.Round(time.Millisecond), slices.Max(took).Round(time.Millisecond), shards)
	want, got := strings.Split(native.String(), "\n"), strings.Split(string(browser), "\n")
	if len(got) != len(want) {
		t.Fatalf("the WebAssembly build answered %d lines to the native build's %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			at := 0
			for at < min(len(got[i]), len(want[i])) && got[i][at] == want[i][at] {
				at++
			}
			from := max(0, at-200)
			t.Fatalf("request %d: the builds differ at byte %d\nnative: …%.400s\nwasm:   …%.400s", i+1, at, want[i][from:], got[i][from:])
		}
	}
	// The answers are games played to their ends, not refusals both builds share.
	var first answer
	if err := json.Unmarshal([]byte(want[0]), &first); err != nil || first.Failed != nil || !first.State.View.Over {
		t.Fatalf("the first playout's answer: %v %+v", err, first.Failed)
	}
	for _, j := range first.Pending {
		if j.Refused != nil {
			t.Fatalf("the first playout's move %q was refused: %s", j.Move, j.Refused.Message)
		}
	}
	t.Logf("%d games, %d moves judged alike by both builds", len(lines), moves)
}

// TestTheEngineAnswersAPage: in Chromium, a page that loads the engine as a browser does (Go's
// wasm_exec.js, the engine streamed as application/wasm) hears that it is ready, and its call
// answers a phone's moves as the native build does, the page's part drawn.
func TestTheEngineAnswersAPage(t *testing.T) {
	en := new(engine)
	chromium := needs.Program(t, "chromium", "to load the engine in a page", "apt-get install chromium")
	wasm := shippedWasm(t, t.TempDir())
	page := `<!DOCTYPE html><html><head><script src="/wasm_exec.js"></script><script>
document.addEventListener("tableside-engine", () => { window.engineReady = true; });
const go = new Go();
WebAssembly.instantiateStreaming(fetch("/engine.wasm"), go.importObject).then((r) => go.run(r.instance));
</script></head><body></body></html>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/wasm_exec.js":
			http.ServeFile(w, r, shippedLoader)
		case "/engine.wasm":
			w.Header().Set("Content-Type", "application/wasm")
			http.ServeFile(w, r, wasm)
		default:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = io.WriteString(w, page)
		}
	}))
	t.Cleanup(srv.Close)

	req := playoutRequest(t, kinds.All()["capture"], 1, 0)
	req.Steps, req.Digest, req.Pending = false, false, req.Pending[:40]
	in, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	ctx := needs.Browser(t, chromium)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL)); err != nil {
		t.Fatal(err)
	}
	waiting, cancel := needs.WithDeadline(t, ctx)
	defer cancel()
	ready := chromedp.Poll[bool](`window.engineReady === true`, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(0))
	if _, err := chromedp.Run(waiting, ready); err != nil {
		if waiting.Err() != nil {
			t.Fatalf("waiting for the engine to say it is ready: %s", needs.OutOfTime())
		}
		t.Fatalf("waiting for the engine to say it is ready: %v", err)
	}
	literal, err := json.Marshal(string(in)) // the request as a JavaScript string
	if err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`tablesideEngine.answer(%s)`, literal)))
	if err != nil {
		t.Fatalf("the engine in the page: %v", err)
	}
	if want := string(en.answerJSON(in)); got != want {
		t.Fatalf("the page's answer differs from the native build's\npage:   %.400s\nnative: %.400s", got, want)
	}
	if !strings.Contains(got, `"now":"`) || !strings.Contains(got, `class=\"sheet\"`) {
		t.Errorf("the answer has no part drawn: %.400s", got)
	}
}
