package commands

import (
	"fmt"
	"strconv"
	"strings"

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
	app, err := openApp(c)
	if err != nil {
		return
	}
	defer app.Close()
	w := c.App.Writer
	if c.NArg() == 0 {
		ids, err := app.GameIDs(c.Context)
		if err != nil {
			return
		}
		for _, id := range ids {
			fmt.Fprintln(w, id)
		}
		return
	}
	id, err := strconv.ParseInt(c.Args().First(), 10, 64)
	if err != nil {
		return
	}
	g, err := app.Game(c.Context, id)
	if err != nil {
		return
	}
	seen := map[string]bool{}
	for _, s := range append(g.Setup.Players, g.Legal()...) {
		if word := strings.Fields(s)[0]; !seen[word] {
			seen[word] = true
			fmt.Fprintln(w, word)
		}
	}
}
