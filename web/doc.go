// Package web is tableside's second face: the club night's server, which `tableside serve`
// runs, over a club's file or a league's PostgreSQL database (which several servers may share).
// Each table's phone records its game on a page, and a screen on the wall shows the night's
// games and the standings of its matches and tournaments. The pages and a JSON API
// (docs/api.md) are two forms of the same calls into package table, the application the
// command line uses too, so no rule of the log is written here: which moves a phone offers as
// buttons is the game's answer (play.Game.Buttons), and only their layout is the page's.
//
// Handlers decode, call the application and encode. Server.routes is the one list of what the
// server does and who may (anyone, the game's table, the director); one wrapper reads the
// credential a request carries and checks what it opens, and one function (statusOf) maps the
// application's error codes to HTTP statuses.
//
// A club night may be a tournament: the director's pages set it up, pair each round (its games
// made once a table, however many tabs click), end rounds and close it; each table's code
// opens its place for the whole night, and its phone follows the table from game to game. The
// application keeps the games in play replayed between requests, checked against the store at
// each read, so that a move at the end of a long game costs what it costs at its start.
//
// A phone that loses the network goes on refereeing: the page's script (static/offline.js)
// keeps the log and the moves waiting in the browser's storage, and the phone's engine
// (web/engine, the game compiled to WebAssembly, shipped in static/) judges each move as the
// server would and draws the same part of the page (web/now); the moves are sent when the
// network returns, and the server judges them again.
//
// A table's code is an HMAC of its game's id under the director's key, and the wall screen's key
// an HMAC of its own, so nothing about credentials is stored; table.Keys makes and checks them.
// The wall shows the room the night without a code, whoever opens it. Pages stay live by
// Server-Sent Events: the server watches the store (SQLite's data_version, PostgreSQL's
// NOTIFY), so a move recorded by any process shows, the command line's and another server's
// included. Every action works as a plain form without script; static/live.js only keeps a page
// live and says when its connection drops and comes back, and static/setup.js hides the new
// game form's fields that its options make moot.
package web
