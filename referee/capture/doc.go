// Package capture referees Capture, played with the Universal Card Deck, for two to six
// players under house rulings U1–U23: six hands, the deal rotating left; rounds in which a
// led number or name is followed by cards of higher suits or by Galaxy wilds until a No Play
// closes it; captures, up-cards, going out; and the three advanced options (bonus suit, the
// extra hand, halving).
//
// Hands are hidden, so the table enters what is played as it is played: the up-card when it
// is turned ("up 3N"; with bonus=follows also the one the hand's last capture turns, U23),
// bids for the extra hand, each lead and play ("ann 3N", or "3N" for the player to act), each
// No Play ("noplay"), the close of a round ("capture") and, at the end of a hand, each
// player's leftover cards ("ann left 5V GS"). Whose turn it is, who captures, whether the
// up-card goes with the capture, who went out and the scores are worked out. Every card
// exists once and hands are fixed after the deal, so a card seen twice is impossible, and a
// No Play or a passed lead that the record proves false — by a card the player shows later,
// or by elimination once too few cards are unseen to fill the hand without one it denies — is
// flagged on the earlier event, naming the one that proved it (U14).
package capture
