// Package scoring is pure arithmetic on cards: Candidate influence (an exact maximisation over
// every way to split the captures into groups, RULINGS C1–C3), Pinochle meld (runs, marriages,
// pinochles and arounds counted class by class, with the round robin as a label for its parts,
// RULINGS P5–P8) and the score-sheet model that every game fills. Each result carries a
// breakdown, because a player who doubts a total must be able to check it by hand.
package scoring
