package render

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"

	"github.com/tableside/tableside/referee"
)

//go:embed boards.html.tmpl
var boardsTemplateText string

var boardsTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("boards").Funcs(template.FuncMap{"join": strings.Join, "inc": func(i int) int { return i + 1 }}).Parse(boardsTemplateText))
})

// HandRecordsHTML writes boards as hand records to deal from, a board a printed page (D1).
// html/template escapes every name.
func HandRecordsHTML(w io.Writer, boards []referee.Board) error {
	title := "Hand records"
	if len(boards) > 0 {
		title = fmt.Sprintf("Hand records: %s, boards %d–%d, seed %d", boards[0].Kind, boards[0].Number, boards[len(boards)-1].Number, boards[0].Seed)
	}
	return boardsTemplate().Execute(w, struct {
		Title  string
		Boards []referee.Board
	}{title, boards})
}
