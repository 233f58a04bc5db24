package laws_test

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// An incorrect repetition claim under the two editions.
func Example() {
	g := rules.NewGame(rules.StartPosition())
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		if _, err := g.PlaySAN(s); err != nil {
			panic(err)
		}
	}
	s := laws.Situation{Game: g, Remaining: [2]time.Duration{10 * time.Minute, 7 * time.Minute}}
	for _, name := range []string{"fide-1997", "fide-2023"} {
		p, _ := laws.Lookup(name)
		r, err := p.ClaimDraw(s, laws.Claim{Kind: laws.Repetition, Claimant: rules.White})
		if err != nil {
			panic(err)
		}
		fmt.Println(name, r.Article, r.Result, r.Adjustments)
	}
	// Output:
	// fide-1997 9.4b * [subtract 3m0s from white add 3m0s to black]
	// fide-2023 9.5.3 * [add 2m0s to black]
}
