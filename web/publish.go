package web

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/table"
	"github.com/tableside/tableside/web/now"
)

// published is the template of the published site's pages: plain files that open from disk
// and on any web host, laid out by the phone's pages' stylesheet, with no script.
var published = sync.OnceValue(func() *template.Template {
	funcs := template.FuncMap{"winnerLine": winnerLine, "join": strings.Join, "placed": placedText}
	maps.Copy(funcs, now.Funcs)
	return template.Must(template.New("published").Funcs(funcs).ParseFS(pageFiles, "pages/parts.html", "pages/published.html"))
})

// Published says what Publish wrote: its pages (the stylesheet besides), and what they show.
type Published struct {
	Pages, Tournaments, Games, Players int
}

// publishedPlayer is a player's page: their ratings, their tournaments, their games.
type publishedPlayer struct {
	Name, File  string
	Ratings     []string
	Tournaments []playedIn
	Games       []table.Listed
}

// playedIn is a tournament on a player's page: where they stand in it, in words.
type playedIn struct {
	Game       int64
	Name, Line string
}

// Publish writes the file's results into dir as a static site: an index of the tournaments,
// the players and the games; each tournament's standings, rounds and crosstable; each game's
// sheet with its seal; each player's page with their ratings. Every link is relative, so the
// site opens from disk as well as from any web host.
func Publish(ctx context.Context, app *table.App, dir string) (Published, error) {
	var out Published
	seal, err := app.FileSeal(ctx)
	if err != nil {
		return out, err
	}
	var games []table.Listed
	var tournaments []*table.TournamentView
	players := map[string]*publishedPlayer{}
	err = app.Games(ctx, func(l table.Listed) error {
		if l.Kind != table.TournamentKind {
			games = append(games, l)
			for _, p := range l.Players {
				if players[p] == nil {
					players[p] = &publishedPlayer{Name: p, File: fileName(p)}
				}
				players[p].Games = append(players[p].Games, l)
			}
			return nil
		}
		g, err := app.TournamentLog(ctx, l.ID)
		if err != nil {
			return err
		}
		v, err := app.Tournament(ctx, g)
		if err != nil {
			return err
		}
		tournaments = append(tournaments, v)
		write := func(name string, b []byte) error {
			out.Pages++
			return writeFile(filepath.Join(dir, "tournaments", name), b)
		}
		page, err := publishedPage(v.Name, "../", "tournament", struct {
			View      *table.TournamentView
			Standings shownStandings
			Seal      string
		}{v, shownStandings{render.TournamentStandings(v.TieBreaks, v.Standings, render.Whole), "standings tournament-standings games"}, sealOf(g.Record())})
		if err == nil {
			err = write(fmt.Sprintf("%d.html", v.Game), page)
		}
		if err != nil {
			return err
		}
		var cross bytes.Buffer
		slip, paired := v.Slip(g.Record())
		if !paired { // a tournament not yet paired: its crosstable names it, with no round
			slip = scoring.Slip{Name: v.Name, Kind: v.Kind, Date: v.Date}
		}
		if err := render.PrintHTML(&cross, "crosstable", render.NewPrint(slip, v.Crosstable(g.Record()), v.TieBreaks, v.Standings, v.Finished, v.Closed, v.Winners)); err != nil {
			return err
		}
		if err := write(fmt.Sprintf("%d-crosstable.html", v.Game), cross.Bytes()); err != nil {
			return err
		}
		for _, st := range v.Standings {
			if players[st.Name] == nil {
				players[st.Name] = &publishedPlayer{Name: st.Name, File: fileName(st.Name)}
			}
			line := fmt.Sprintf("place %d, %s %s", st.Place, render.Points(st.Points), map[bool]string{true: "point", false: "points"}[st.Points == 1])
			players[st.Name].Tournaments = append(players[st.Name].Tournaments, playedIn{v.Game, v.Name, line})
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	for _, l := range games {
		g, err := app.Game(ctx, l.ID)
		if err != nil {
			return out, err
		}
		var b bytes.Buffer
		if err := render.Sheet(&b, "html", g.Sheet(), g.Flags()); err != nil {
			return out, err
		}
		if err := writeFile(filepath.Join(dir, "games", fmt.Sprintf("%d.html", l.ID)), b.Bytes()); err != nil {
			return out, err
		}
		out.Pages++
	}
	rep, err := app.KeptStats(ctx, table.StatsFilter{})
	if err != nil {
		return out, err
	}
	for _, k := range rep.Kinds {
		for _, r := range k.Ladder {
			if p := players[r.Player]; p != nil {
				p.Ratings = append(p.Ratings, fmt.Sprintf("%s: %s, %s of %d (%s)", k.Kind, strconv.FormatFloat(r.Rating, 'f', 0, 64), play.Ordinal(r.Rank), len(k.Ladder), ratingOf(k.Method)))
			}
		}
	}
	names := slices.Sorted(maps.Keys(players))
	for _, name := range names {
		p := players[name]
		page, err := publishedPage(name, "../", "player", p)
		if err == nil {
			err = writeFile(filepath.Join(dir, "players", p.File+".html"), page)
		}
		if err != nil {
			return out, err
		}
		out.Pages++
	}
	var listed []publishedPlayer
	for _, name := range names {
		listed = append(listed, *players[name])
	}
	index, err := publishedPage("Results", "", "index", struct {
		Written, Seal string
		Tournaments   []*table.TournamentView
		Players       []publishedPlayer
		Games         []table.Listed
	}{time.Now().UTC().Format("2006-01-02 15:04 UTC"), seal.String(), tournaments, listed, games})
	if err == nil {
		err = writeFile(filepath.Join(dir, "index.html"), index)
	}
	if err != nil {
		return out, err
	}
	out.Pages++
	css, err := fs.ReadFile(static, "static/site.css")
	if err == nil {
		err = writeFile(filepath.Join(dir, "site.css"), css)
	}
	out.Tournaments, out.Games, out.Players = len(tournaments), len(games), len(names)
	return out, err
}

// publishedPage is one page of the published site, root leading back to its top.
func publishedPage(title, root, kind string, main any) ([]byte, error) {
	var b bytes.Buffer
	err := published().ExecuteTemplate(&b, "published", struct {
		Title, Root, Kind string
		Main              any
	}{title, root, kind, main})
	return b.Bytes(), err
}

func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// fileName is a player's name as a file's: letters, digits, - and _ kept, every other
// character written as its code, so that no two names share a file and none leaves the
// players' folder.
func fileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_') {
			b.WriteRune(r)
		} else {
			fmt.Fprintf(&b, "~%x", r)
		}
	}
	return b.String()
}

// sealOf is a log's seal, or "none" for a log whose chain is not kept.
func sealOf(r *scoring.Record) string {
	if r == nil {
		return "none"
	}
	return r.Seal
}

// placedText says a table's result on the published page: each player's place, or the
// forfeit, or that it is still played.
func placedText(t table.TableGame) string {
	forfeit := t.Forfeit + " did not come: lost by forfeit"
	switch {
	case t.Forfeit != "" && t.PlayingOn == nil:
		return forfeit
	case t.Placed == nil && t.Forfeit != "":
		return forfeit + "; the others play on"
	case t.Placed == nil:
		return "in play"
	}
	var parts []string
	for _, p := range t.Players {
		if place, ok := t.Placed[p]; ok {
			parts = append(parts, fmt.Sprintf("%s %s", p, play.Ordinal(place)))
		}
	}
	if t.Forfeit != "" {
		parts = append(parts, forfeit)
	}
	return strings.Join(parts, ", ")
}
