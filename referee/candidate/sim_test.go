package candidate

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// simTable is a game of Candidate at a simulated table: each seat's pile dealt for real, and
// the auctions as the players bid with the cards they hold. Its breaches proved on their face:
// a bid or a pass out of turn (C6 before the opening bid, C7 after), a bid that is not higher
// (C7), an opener's pass (C7: she was dealt five faction cards and the record shows she has
// bid fewer, so she holds one), and, set aside, a bid laid before the candidate is up or a
// candidate turned up while the auction is open (C7). And one the record proves later, if
// ever: a wrong bid, entered as a card the record allows although the player bid another
// (C10), proved by the first entry that puts the card entered elsewhere. A card of another
// suit, one bid twice or a sixth bid are typos: nobody holds such a card.
type simTable struct {
	rng     *rand.Rand
	setup   events.Created
	players [2]string
	suits   []cards.Suit
	opener  int
	rec     *seatRecord
}

// seatRecord is what the entered record says of the seat in play, as the table follows it: the
// ranks it shows bid, turned up, and in a hand shown; and the wrong bids it does not prove yet,
// by the rank entered.
type seatRecord struct {
	bid, revealed [cards.MaxRank + 1]bool
	shown         [2]*[cards.MaxRank + 1]bool
	wrong         map[cards.Rank]wrongBid
}

// wrongBid is a bid entered as a card the player did not bid.
type wrongBid struct {
	seq    int64
	bidder int
}

// prove tells the typist that the entry at seq proves the wrong bid of rank r, if there is one
// not yet proved.
func (r *seatRecord) prove(ty refereetest.Typist, rank cards.Rank, seq int64) {
	if w, ok := r.wrong[rank]; ok {
		ty.Proved(w.seq, seq)
		delete(r.wrong, rank)
		r.bid[rank] = false
	}
}

// bidEntered follows a bid of c by who standing at seq: a card bid before shows the earlier bid
// wrong; wrong says this one is.
func (r *seatRecord) bidEntered(ty refereetest.Typist, c cards.Card, who int, seq int64, wrong bool) {
	r.prove(ty, c.Rank, seq)
	r.bid[c.Rank] = true
	if wrong {
		r.wrong[c.Rank] = wrongBid{seq, who}
	}
}

// shownEntered follows p's hand (whole, else the cards left at the seat's end) shown at seq: it
// proves the other player's wrong bids of cards in it, p's own of cards a whole hand lacks,
// and any of cards left.
func (r *seatRecord) shownEntered(ty refereetest.Typist, p int, cs []cards.Card, whole bool, seq int64) {
	var held [cards.MaxRank + 1]bool
	for _, c := range cs {
		held[c.Rank] = true
	}
	for rank, w := range r.wrong {
		if whole && held[rank] != (w.bidder == p) || !whole && held[rank] {
			r.prove(ty, rank, seq)
		}
	}
	if whole {
		r.shown[p] = &held
	}
}

// mayBid reports whether the record lets p bid rank r with no flag on the bid and no proof that
// an earlier bid was wrong: a card it does not place anywhere, in p's hand if she showed it.
func (r *seatRecord) mayBid(p int, rank cards.Rank) bool {
	return !r.bid[rank] && !r.revealed[rank] && (r.shown[1-p] == nil || !r.shown[1-p][rank]) && (r.shown[p] == nil || r.shown[p][rank])
}

func dealCandidate(rng *rand.Rand, names []string) refereetest.Table {
	options := map[string]string{"decks": []string{"3", "1"}[rng.IntN(2)], "wrap": []string{"on", "off"}[rng.IntN(2)]}
	t := &simTable{rng: rng, players: [2]string{names[0], names[1]}}
	dealer := rng.IntN(2)
	t.setup = events.Created{Kind: "candidate", Players: t.players[:], Dealer: t.players[dealer], Options: options, Ruleset: Rules{}.Ruleset()}
	t.suits = seatSuits(rng, options["decks"] == "1")
	t.opener = 1 - dealer // the non-dealer opens the first candidate (C6)
	return t
}

func (t *simTable) Setup() events.Created { return t.setup }

// Play implements refereetest.Table: twelve seats of three candidates each (C5), so the game
// ends after the thirty-sixth candidate, however the auctions went.
func (t *simTable) Play(ty refereetest.Typist) {
	for i, suit := range t.suits {
		ty.Act(referee.NewMove(TypeSeat, "", payload{Suit: &suit}))
		hands, stock := dealSeat(t.rng, suit)
		t.rec = &seatRecord{wrong: map[cards.Rank]wrongBid{}}
		dealt := [2][]cards.Card{slices.Clone(hands[0]), slices.Clone(hands[1])}
		var shown [2]bool
		forfeit := -1
		for k, cand := range stock {
			for p := range dealt { // now and then a player shows the hand she was dealt (C10)
				if !shown[p] && t.rng.IntN(12) == 0 {
					_, seq := ty.Act(referee.NewMove(TypeHand, t.players[p], payload{Cards: dealt[p]}))
					t.rec.shownEntered(ty, p, dealt[p], true, seq)
					shown[p] = true
				}
			}
			var early []refereetest.Breach
			if forfeit < 0 {
				c := t.any(hands[t.opener])
				early = append(early, refereetest.Breach{Move: referee.NewMove(TypeBid, t.players[t.opener], payload{Card: &c}), Rule: "C7", What: "bid before the candidate is up", Open: true, SetAside: true})
			}
			_, seq := ty.Act(referee.NewMove(TypeReveal, "", payload{Card: &cand}), early...)
			t.rec.prove(ty, cand.Rank, seq)
			t.rec.revealed[cand.Rank] = true
			if forfeit >= 0 { // C9: the rest of the seat goes to her opponent at no cost
				t.opener = 1 - forfeit
				continue
			}
			var next *cards.Card
			if k+1 < len(stock) {
				next = &stock[k+1]
			}
			t.opener = t.auction(ty, &hands, next, &forfeit)
		}
		for p := range hands {
			if len(hands[p]) > 0 && i < len(t.suits)-1 && t.rng.IntN(10) == 0 {
				_, seq := ty.Act(referee.NewMove(TypeLeft, t.players[p], payload{Cards: slices.Clone(hands[p])}))
				t.rec.shownEntered(ty, p, hands[p], false, seq)
			}
		}
	}
	ty.AfterEnd(referee.NewMove(TypePass, t.players[t.opener], payload{}))
}

// auction plays out one candidate's auction and returns who captured it. next is the
// candidate below it in the stock, which the table may turn up too early; forfeit is the
// player who ran out first this seat (C9).
func (t *simTable) auction(ty refereetest.Typist, hands *[2][]cards.Card, next *cards.Card, forfeit *int) int {
	var high cards.Card
	highBy, turn, bids := -1, t.opener, 0
	for len(hands[turn]) > 0 { // a player with nothing left to bid ends the auction (C9)
		other := 1 - turn
		var higher, lower []cards.Card
		for _, c := range hands[turn] {
			if c.Rank > high.Rank {
				higher = append(higher, c)
			} else {
				lower = append(lower, c)
			}
		}
		lawful := referee.NewMove(TypePass, t.players[turn], payload{})
		var breaches []refereetest.Breach
		var bid, wrong cards.Card // the card bid, and the card the bid may be entered as instead
		if bids == 0 || len(higher) > 0 && t.rng.IntN(2) == 0 {
			bid = t.any(higher)
			lawful = referee.NewMove(TypeBid, t.players[turn], payload{Card: &bid})
			var allowed []cards.Card
			for r := max(high.Rank+1, cards.MinRank); r <= cards.MaxRank; r++ {
				if r != bid.Rank && t.rec.mayBid(turn, r) {
					allowed = append(allowed, cards.Card{Rank: r, Suit: bid.Suit})
				}
			}
			if len(allowed) > 0 {
				wrong = t.any(allowed)
				breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeBid, t.players[turn], payload{Card: &wrong}), Rule: "C10", What: "wrong bid", Severity: referee.Impossible})
			}
		}
		turnRule := "C7"
		if bids == 0 {
			turnRule = "C6" // who opens is C6's
		}
		if len(hands[other]) > 0 {
			c := t.any(hands[other])
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeBid, t.players[other], payload{Card: &c}), Rule: turnRule, What: "bid out of turn", Open: true})
		}
		if bids == 0 {
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePass, t.players[turn], payload{}), Rule: "C7", What: "opener passes", Open: true})
		}
		breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePass, t.players[other], payload{}), Rule: turnRule, What: "pass out of turn", Open: true})
		if len(lower) > 0 {
			c := t.any(lower)
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeBid, t.players[turn], payload{Card: &c}), Rule: "C7", What: "bid not higher", Open: true})
		}
		if next != nil {
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeReveal, "", payload{Card: next}), Rule: "C7", What: "candidate turned up during the auction", Open: true, SetAside: true})
		}
		done, seq := ty.Act(lawful, breaches...)
		who := referee.PlayerIndex(t.players[:], done.Actor)
		if done.Type == TypePass {
			if bids == 0 { // nobody bid: the player who did not pass takes it at no cost
				return 1 - who
			}
			return highBy
		}
		// A bid, as played (L8): the card is spent, it is the high bid only if higher, and the
		// turn goes to the other player. A wrong bid spends the card bid, and goes on as the card
		// entered.
		c := *refereetest.Payload[payload](done).Card
		isWrong := who == turn && c == wrong && wrong != bid
		spent := c
		if isWrong {
			spent = bid
		}
		hands[who] = slices.DeleteFunc(hands[who], func(h cards.Card) bool { return h == spent })
		t.rec.bidEntered(ty, c, who, seq, isWrong)
		if c.Rank > high.Rank {
			high, highBy = c, who
		}
		if len(hands[who]) == 0 && *forfeit < 0 {
			*forfeit = who
		}
		bids++
		turn = 1 - who
	}
	return highBy
}

// any picks one of cs at random.
func (t *simTable) any(cs []cards.Card) cards.Card { return cs[t.rng.IntN(len(cs))] }

var (
	hintSeat   = regexp.MustCompile(`start seat \d+: seat ([SHDC|]+)`)
	hintReveal = regexp.MustCompile(`reveal (?:one of )?([^;]*)$`)
	hintBid    = regexp.MustCompile(`(\w+) (?:opens and must bid:? |may bid )(?:one of )?([^;,]*?)(,? or pass)?$`)
	hintPass   = regexp.MustCompile(`(\w+) can only pass`)
)

// hintMoves reads the moves a Candidate hint names: each suit a seat may take, each card that
// may be turned up, each card that may be bid, and a pass.
func hintMoves(_ referee.Game, hint string) []referee.Move {
	var out []referee.Move
	if m := hintSeat.FindStringSubmatch(hint); m != nil {
		for _, w := range strings.Split(m[1], "|") {
			s, err := cards.ParseSuit(w)
			if err == nil {
				out = append(out, referee.NewMove(TypeSeat, "", payload{Suit: &s}))
			}
		}
	}
	if m := hintReveal.FindStringSubmatch(hint); m != nil {
		for _, c := range hintCards(m[1]) {
			out = append(out, referee.NewMove(TypeReveal, "", payload{Card: &c}))
		}
	}
	if m := hintBid.FindStringSubmatch(hint); m != nil {
		for _, c := range hintCards(m[2]) {
			out = append(out, referee.NewMove(TypeBid, m[1], payload{Card: &c}))
		}
		if m[3] != "" {
			out = append(out, referee.NewMove(TypePass, m[1], payload{}))
		}
	}
	if m := hintPass.FindStringSubmatch(hint); m != nil {
		out = append(out, referee.NewMove(TypePass, m[1], payload{}))
	}
	return out
}

// hintCards reads the cards of a list in a hint.
func hintCards(list string) []cards.Card {
	var out []cards.Card
	for _, w := range strings.Fields(list) {
		if c, err := cards.Parse(w); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// TestSimulatedTable plays Candidate at simulated tables whose hands are known, with players
// who now and then bid or pass out of turn, bid too low, pass when they must open, or jump
// ahead of the candidate (C6, C7), a typist who mistypes and corrects, and bids entered as
// another card (C10): every breach is flagged where the record proves it and no lawful act is
// flagged, the honest entry that proves a wrong bid is taken, and the guidance is always true.
func TestSimulatedTable(t *testing.T) {
	refereetest.Simulate(t, Rules{}, refereetest.Config{Unlisted: []string{TypeHand, TypeLeft}},
		refereetest.SimConfig{Games: 2000, Deal: dealCandidate, HintMoves: hintMoves, Hidden: true})
}
