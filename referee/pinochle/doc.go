// Package pinochle referees two-hand auction Pinochle under house rulings P1–P14: a game of
// hands to a limit, each hand an auction, a trump named by the bid winner, meld shown by both
// players, and twelve tricks.
//
// The table types the auction ("ann bid 12", "bob pass"), the trump ("ann trump H"), each
// player's shown meld ("ann meld KH QH 9H", "bob meld none") and every card played
// ("ann play AS", or just "AS" for the player to act). Trick winners, the end of a hand, the
// next opener and the end of the game are derived.
//
// Hands are hidden but fixed after the deal (P14), so the referee reasons with what has been
// shown: a card played or shown that the player cannot hold is impossible; a play of a suit the
// player failed to follow earlier proves that earlier play a revoke, flagged there and naming
// the later play; meld shown and never played is flagged at the end of the hand; and a trump
// named without a marriage or a nine in it is flagged when the bidder's hand has come to light.
package pinochle
