// Package webtest drives a tableside server the way a busy club night does, for tests and
// benchmarks only: it seats many tables, each playing the first moves of a seeded legal game,
// and has two phones at every table enter the same moves at once over the JSON API, each
// naming the last event it saw. The server must take exactly one of each pair and answer the
// other with 409 and the game as it now stands; the phone that lost reads where the game is
// and goes on from there. After each answer a phone reads the events stored since the one it
// had seen, as the game's page does to keep its own copy of the log.
//
// The result counts every answer, times every move's request, and keeps each move a phone saw
// acknowledged, by the seq the server gave it, so that a test can hold the stored logs against
// the tables' moves (Game.Check): nothing lost, nothing recorded twice.
package webtest
