// Package candidate referees Candidate (pagat.com's invented game) under house rulings C1–C11:
// twelve seats, three candidates a seat, auctions of faction cards of the seat's suit.
//
// Moves: the table announces each seat's suit ("seat H") and turns up each candidate
// ("reveal 7H"); players bid ("ann bid 9H", or "bid 9" for the player to act, rank alone
// meaning the seat's suit) and pass. Who opens each auction (C6) and the candidates given away
// when a player runs out of faction cards (C9) are derived, never typed. A player may show a
// faction hand of the current seat ("ann hand 2H 5H 9H JH KH"), or what was left at its end
// ("ann left 2H KH"); the referee checks both against the bids and candidates (C10). An entry
// that contradicts an earlier bid (a reveal, a bid, a hand or leftovers holding its card, or a
// hand of the bidder's lacking it) is taken, since the bid may be the entry mistyped, and the
// flag lands on the bid, naming the entry; but a bid the bidder's own shown hand holds stands,
// and the other player's show holding its card is the slip.
package candidate
