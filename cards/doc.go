// Package cards is the notation of the standard French-suited deck that the referee and the
// scorers share: ranks A 2…10 J Q K, suits ♠ ♥ ♦ ♣, typed at the table in short forms
// ("9H", "T♣", "qs") and stored in one canonical form ("9H", "10C", "QS") so that a log
// written today reads the same years later.
package cards
