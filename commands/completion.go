package commands

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tableside/tableside/play"
	"github.com/urfave/cli/v2"
)

// completionScripts are what `tableside completion SHELL` prints: each asks tableside itself,
// with --generate-bash-completion after the words typed so far, what may come next.
var completionScripts = map[string]string{
	"bash": `_tableside() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local opts
  opts=$("${COMP_WORDS[@]:0:$COMP_CWORD}" --generate-bash-completion 2>/dev/null)
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o bashdefault -o default -F _tableside tableside
`,
	"zsh": `#compdef tableside
_tableside() {
  local -a opts
  opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion 2>/dev/null)}")
  if [[ "${opts[1]}" != "" ]]; then _describe 'values' opts; else _files; fi
}
compdef _tableside tableside
`,
	"fish": `complete -c tableside -f -a '(tableside (commandline -opc)[2..-1] --generate-bash-completion 2>/dev/null)'
`,
}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script: eval \"$(tableside completion bash)\" (or zsh, fish)",
		ArgsUsage: "bash|zsh|fish",
		Action: func(c *cli.Context) error {
			script, ok := completionScripts[c.Args().First()]
			if !ok {
				return usagef("which shell? tableside completion bash|zsh|fish")
			}
			fmt.Fprint(c.App.Writer, script)
			return nil
		},
	}
}

// completeGame completes a command whose first word is a game: the game ids, then, for a game
// named, its players and the first words of what is legal now.
func completeGame(c *cli.Context) {
	withGame(c, func(g *play.Game) {
		seen := map[string]bool{}
		for _, s := range append(g.Setup().Players, g.Legal()...) {
			if word := strings.Fields(s)[0]; !seen[word] {
				seen[word] = true
				fmt.Fprintln(c.App.Writer, word)
			}
		}
	})
}

// completeMove completes record's words: a game, then a move, word by word, from what is
// legal now, as play's Tab does (`record 2 bob ` offers bob's verbs, `record 2 bob bid ` bob's
// bids).
func completeMove(c *cli.Context) {
	if c.NArg() < 2 {
		completeGame(c)
		return
	}
	withGame(c, func(g *play.Game) {
		typed := strings.Join(c.Args().Tail(), " ") + " "
		_, words, _ := completeWord(g, typed, utf8.RuneCountInString(typed))
		for _, word := range words {
			fmt.Fprintln(c.App.Writer, strings.TrimSpace(word))
		}
	})
}

// withGame opens the database for a completion: with no game named yet it prints the game
// ids, else it hands the game named to complete. A completion that cannot be made prints
// nothing.
func withGame(c *cli.Context, complete func(*play.Game)) {
	app, err := openApp(c)
	if err != nil {
		return
	}
	defer app.Close()
	if c.NArg() == 0 {
		ids, err := app.GameIDs(c.Context)
		if err != nil {
			return
		}
		for _, id := range ids {
			fmt.Fprintln(c.App.Writer, id)
		}
		return
	}
	id, err := strconv.ParseInt(c.Args().First(), 10, 64)
	if err != nil {
		return
	}
	if g, err := app.Game(c.Context, id); err == nil {
		complete(g)
	}
}
