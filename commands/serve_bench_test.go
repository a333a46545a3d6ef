package commands

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
)

// BenchmarkServeKeepsGames is the memory of `tableside serve` as a process, built as a user
// builds it, over a file of 1,000 Pinochle games in play, each 300 events long, once every game
// has been read as a phone reads its table's game (GET /api/games/{id}): the process's peak
// resident set (VmHWM) and its resident set at the end, with the server keeping 1,000 games in
// play (serve's default) and keeping none. The peak takes in all the process does from its
// start, among it counting the file's statistics in the background.
//
//	go test ./commands -run '^$' -bench ServeKeepsGames -benchtime 1x
func BenchmarkServeKeepsGames(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads a process's memory from /proc/PID/status, which only Linux has")
	}
	const games, length = 1000, 300
	setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
	db := b.TempDir() + "/club.db"
	storeLogs(b, db, func(yield func([]events.Event) bool) {
		for range games {
			if !yield(refereetest.Log(b, setup, moves[:length-1])) {
				return
			}
		}
	})
	bin := buildTableside(b)
	for _, keep := range []int{games, 0} {
		b.Run(fmt.Sprintf("keep-games=%d", keep), func(b *testing.B) {
			for b.Loop() {
				s := startServeOn(b, bin, db, "--keep-games", strconv.Itoa(keep))
				for id := 1; id <= games; id++ {
					readGame(b, s, id, length)
				}
				peak, resident := processMemory(b, s.cmd.Process.Pid)
				if err := s.cmd.Process.Signal(os.Interrupt); err != nil {
					b.Fatal(err)
				}
				s.wait()
				b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
				b.ReportMetric(float64(resident)/(1<<20), "RSS-MB")
			}
		})
	}
}

// readGame reads game id as the director, as a phone reads its game, and fails unless it is
// in play at event last.
func readGame(b *testing.B, s *served, id int, last int64) {
	resp := s.ask(b, "GET", fmt.Sprintf("/api/games/%d", id), "")
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	var view struct {
		Over bool  `json:"over"`
		Last int64 `json:"last"`
	}
	if err == nil && resp.StatusCode == http.StatusOK {
		err = json.Unmarshal(body, &view)
	}
	if err != nil || resp.StatusCode != http.StatusOK || view.Over || view.Last != last {
		b.Fatalf("GET game %d: %d %v, want a game in play at event %d\n%.300s", id, resp.StatusCode, err, last, body)
	}
}

// processMemory reads a process's peak and present resident set, in bytes, from
// /proc/PID/status.
func processMemory(b *testing.B, pid int) (peak, resident int64) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		name, value, _ := strings.Cut(lines.Text(), ":")
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch {
		case name != "VmHWM" && name != "VmRSS":
		case err != nil:
			b.Fatalf("/proc/%d/status: %s: %v", pid, lines.Text(), err)
		case name == "VmHWM":
			peak = kb << 10
		default:
			resident = kb << 10
		}
	}
	if err := lines.Err(); err != nil || peak == 0 || resident == 0 {
		b.Fatalf("/proc/%d/status: no VmHWM and VmRSS (%v)", pid, err)
	}
	return peak, resident
}
