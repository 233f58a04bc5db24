package clock_test

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/clock"
)

func Example() {
	tc, err := clock.ParsePGN("40/5400+30:1800+30")
	if err != nil {
		panic(err)
	}
	c, err := clock.Fold(tc, []clock.Event{
		{Kind: clock.Start, At: 0},
		{Kind: clock.Press, At: 95 * time.Second, Side: clock.White},
		{Kind: clock.Press, At: 215*time.Second + 250*time.Millisecond, Side: clock.Black},
	})
	if err != nil {
		panic(err)
	}
	for _, m := range c.Moves() {
		fmt.Println(m.Side, m.Number, m.Comment())
	}
	r, _ := c.Reading(clock.White, 5*time.Minute)
	fmt.Println("white at 5:00:", r.Remaining, "period", r.Period, "moves to control", r.MovesToControl)
	side, at, _ := c.FlagFall()
	fmt.Println(side, "flag falls at", at)
	fmt.Println(tc.Human())
	// Output:
	// white 1 [%clk 1:28:55] [%emt 0:01:35]
	// black 1 [%clk 1:28:29.75] [%emt 0:02:00.25]
	// white at 5:00: 1h27m30.25s period 1 moves to control 39
	// white flag falls at 1h32m30.25s
	// 40/90+30, 30+30
}
