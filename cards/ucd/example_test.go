package ucd_test

import (
	"fmt"

	"github.com/tableside/tableside/cards/ucd"
)

func ExampleParse() {
	for _, in := range []string{"3n", "moonS", "SuE", "galaxyV", "Moon of Mars", "sun", "MM", "N3"} {
		c, err := ucd.Parse(in)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-14q %-4v %s\n", in, c, c.Pretty())
	}
	// Output:
	// "3n"           3N   3 Neptune
	// "moonS"        MoS  Moon of Saturn
	// "SuE"          SuE  Sun of Earth
	// "galaxyV"      GV   Galaxy Venus
	// "Moon of Mars" MoM  Moon of Mars
	// "sun"          SuN  Sun of Neptune
	// "MM" is not a UCD card: M alone is Mars, the Moon is Mo (MoM is the Moon of Mars); write rank then suit, as 3N, MoS (Moon), SuE (Sun) or GV (Galaxy); suits E J M N S V
	// "N3" is not a UCD card: write the rank first: 3N; write rank then suit, as 3N, MoS (Moon), SuE (Sun) or GV (Galaxy); suits E J M N S V
}

func ExampleCard_Pretty() {
	for _, c := range []ucd.Card{{Rank: 3, Suit: ucd.Neptune}, {Rank: ucd.Moon, Suit: ucd.Saturn}, {Rank: ucd.Sun, Suit: ucd.Earth}, ucd.GalaxyOf(ucd.Venus)} {
		fmt.Printf("%v: %s\n", c, c.Pretty())
	}
	// Output:
	// 3N: 3 Neptune
	// MoS: Moon of Saturn
	// SuE: Sun of Earth
	// GV: Galaxy Venus
}

func ExampleGalaxies() {
	for n := 2; n <= 7; n++ {
		g, err := ucd.Galaxies(n)
		fmt.Println(n, g, err)
	}
	// Output:
	// 2 [GV GS] <nil>
	// 3 [GV GS GN] <nil>
	// 4 [GV GS GN GM] <nil>
	// 5 [GV GS GN GM GJ] <nil>
	// 6 [GV GS GN GM GJ GE] <nil>
	// 7 [] 7 players: the Universal Card Deck is for 2 to 6 players
}

func ExampleCard_Outranks() {
	last := ucd.Card{Rank: 3, Suit: ucd.Saturn}
	for _, c := range []ucd.Card{{Rank: 3, Suit: ucd.Neptune}, {Rank: 3, Suit: ucd.Venus}, ucd.GalaxyOf(ucd.Venus)} {
		fmt.Println(c, "outranks", last, c.Outranks(last))
	}
	fmt.Println("GM outranks GN", ucd.GalaxyOf(ucd.Mars).Outranks(ucd.GalaxyOf(ucd.Neptune)))
	fmt.Println("GM outranks GJ", ucd.GalaxyOf(ucd.Mars).Outranks(ucd.GalaxyOf(ucd.Jupiter)))
	// Output:
	// 3N outranks 3S true
	// 3V outranks 3S false
	// GV outranks 3S true
	// GM outranks GN true
	// GM outranks GJ false
}
