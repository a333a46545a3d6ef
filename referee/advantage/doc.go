// Package advantage referees Advantage, also called Vigoda, for two players under house rulings
// A1–A14: three piles in the centre, open hands of three, drops, a switch of hands, picks of
// whole piles, and pairs laid aside; most pairs wins.
//
// Everything is face up (A7), so the referee knows every card: the table enters the deal
// ("deal 7H KS 2D / ann 3C 4C 9H / bob 5S 6S JD") and every card drawn from the stock ("draw
// 5S", or "draw 5S KD" for a refill of two), and from then on each hand, pile and pair is known
// exactly. A pile is named by its top card (one deck: a top card names one pile) or by its
// place, 1 to 3. The order of a round (A1) — drops, refills, the switch, picks, pairing — is
// derived and prompted, never typed.
package advantage
