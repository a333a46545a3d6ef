// Package render writes the score sheet (scoring.Sheet with the referee's flags) and plain lists
// in the formats the faces offer (the command line, and the server's sheets). It is the only
// package that draws with tablewriter's tables; everything else hands it data and an io.Writer.
// The sheet's layout, its HTML and the charts are package scoresheet's (render/scoresheet), which
// the phone's engine draws with and which links none of tablewriter but its width measure; render
// builds its formats on it and draws the same layout in the terminal and as Markdown.
//
// Sheet writes these formats (Formats):
//
//   - table: for the terminal, as wide as the terminal (80 columns when it does not say). The
//     rounds in the layout of the fewest lines that fits (see layout.go): a line a round with
//     the players side by side, each player's name over their columns; the round's own values
//     ("opener bob, bidder ann, bid 12, trump ♥") on a line of their own under the players'
//     values; else a line a player, the round's values beside them or under them, a player's
//     text columns folded into "title value" pairs if need be, and last the text wrapped at
//     spaces. Rounds of more than a line are parted by rules. Then the totals with each player's
//     breakdown, the adjustments, the result ("ann wins 48 to 40", "draw at 40", "in
//     progress") and the flags, settled ones marked as settled. Long messages and notes wrap.
//   - md: the same content as Markdown headings and tables. Names and notes are escaped, so a
//     "|" stays in its cell and "<b>" stays text.
//   - csv: one table a file, which a spreadsheet opens: see below.
//   - json: the Sheet's own JSON fields at the top level plus "flags", indented, with a trailing
//     newline. Lists (players, columns, rounds, adjustments, flags) are always arrays and totals
//     and breakdown always objects, never null; winner is null when nobody has won. Scripts rely
//     on at least game, kind, players, rounds, totals, winner and flags (seq, rule, severity,
//     message); fields are only ever added.
//   - html: one self-contained printable document: inline CSS, no scripts, fonts or images from
//     anywhere, for A4 or US Letter with 12 mm margins, no type under 8 pt. The rounds a row
//     each where the page is wide enough, else a row a player; the totals a block a player, a
//     line for each line of the breakdown. A sheet longer than a page (Pinochle to 150,
//     Advantage's longest games) is cut into pages between rounds, each ending with the totals
//     so far; the totals, result, flags and seal keep together on the last. Every page's foot
//     names the game and its seal and says "page N of M". Every name, note and message goes
//     through html/template, so none of them can inject markup. Where the sheet keeps a
//     running total, a chart of it follows the rounds under "Running totals": a line a player
//     from 0 before the first round to the last scored one. On paper it takes the room the last
//     page has, shrunk down to its least height if need be, and is left off the paper rather
//     than take a page more. scoresheet.Content, the sheet within a page of one's own, has it too.
//
// # Charts
//
// Chart, Series, Point, ChartFont and ChartHTMLTyped are package scoresheet's, for the faces'
// own charts; LadderChart charts a season's ratings with them.
//
// # CSV layout
//
// A CSV file is one table a spreadsheet opens as it is: a header, then records as wide as the
// header, one value a cell. A sheet has three such tables; SheetCSV writes one of them
// (`score --format csv --section …`), the rounds by default:
//
//	rounds   ROUNDNAME,COLUMN…,PLAYER COLUMN…   the round's own columns, then each per-player
//	                                            column for every player ("ann captured"); one
//	                                            record per round
//	totals   player,line,points                 every line that makes a player's total,
//	                                            adjustments included, then "total"
//	flags    event,severity,rule,status,message  STATUS is "open" or "settled (how)"
//
// A text cell that starts with = + - or @ and is not a number gets a leading ' so that a
// spreadsheet shows it instead of running it as a formula.
//
// # Lists
//
// Table writes a plain list (games, events, rules) as table, md or csv (TableFormats); callers
// write their own JSON for lists. Columns holding only integers are aligned right. In a narrow
// terminal the text columns wrap, except those TableKeeping keeps whole where it can.
//
// Both return an error wrapping ErrFormat for any other format, naming the valid ones, so that
// a command can report it as a usage mistake.
//
// # Standings
//
// TournamentStandings and MatchStandings lay out standings once for both faces: the columns,
// their heads and the rows in order (Standings). The terminal writes them as a list (Write);
// a page draws the same cells. Brief standings are for a wall or beside a chart.
package render
