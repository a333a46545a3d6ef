// Package scoresheet lays out the score sheet (scoring.Sheet with the referee's flags) once for
// every face, and draws it as HTML. A View is the sheet as text: its heading, the rounds a row
// each with the players' values in seating order, the totals with each player's breakdown, the
// adjustments, the result, the flags and the seal; Layout is a way of laying out its rounds, of
// which each face takes the one of the fewest lines at its width (ChooseLayout). Page writes the
// printable document, Content the sheet within a page of one's own (the server's game page, and
// the phone's when it draws the page offline). Package render draws the same View in the
// terminal and as Markdown, with tablewriter, and offers every format through render.Sheet.
//
// The phone's engine draws the sheet through this package, so it links nothing of tablewriter
// but its width measure, twwidth (TestLinksNoTerminalTables): the terminal and the page measure
// and break text alike (Fill, LongestWord).
//
// # Charts
//
// Chart is a line chart drawn as inline SVG of our own, no library: one line a series over
// labelled x positions (rounds, nights), a series free to start late or skip some. It reads in
// black and white (each series has a dash pattern and a marker shape besides its colour, which
// the legend repeats), labels as many x positions as fit, steps its y ticks by 1, 2 or 5 times
// a power of ten, and draws the same bytes for the same chart. SizedChart hands it to a page's
// html/template at the size the page draws it; ChartHTMLTyped, with type of the page's size.
package scoresheet
