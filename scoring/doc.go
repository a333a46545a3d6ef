// Package scoring is pure arithmetic on cards: Candidate influence (an exact maximisation over
// every way to split the captures into groups, RULINGS C1–C3) and the score-sheet model that every
// game fills. Each result carries a breakdown, because a player who doubts a total must be able
// to check it by hand.
package scoring
