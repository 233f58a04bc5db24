// Package rtg is a random tournament generator (RTG) in the manner FIDE's
// endorsement of a pairing program asks for: it plays a whole Swiss
// tournament, pairing every round with the Dutch engine (package dutch),
// drawing the byes, retirements, forfeits and results at random from the
// players' ratings, and gives the tournament report file.
//
// Its configuration file is the endorsed engine's (bbpPairings'
// generator, itself after JaVaFo's RTG): one Key=Value a line, lines
// starting with # and blank lines ignored, the keys
//
//	PlayersNumber        number of players (2-9999)
//	RoundsNumber         number of rounds (1-99)
//	DrawPercentage       percentage of games played drawn between equal players (0-100)
//	ForfeitRate          one game in ForfeitRate is forfeited (at least 1; inf: none)
//	RetiredRate          one player in RetiredRate retires (at least 2; inf: none)
//	HalfPointByeRate     one player in HalfPointByeRate takes a half-point bye (at least 1; inf: none);
//	                     HalfPointByteRate is read as the same key, as the endorsed engine does
//	HighestRating        highest rating drawn
//	LowestRating         lowest rating drawn
//	PointsForWin         points for a win (and, unless PointsForPAB is given, the pairing-allocated bye)
//	PointsForDraw        points for a draw (and a half-point bye)
//	PointsForLoss        points for a loss
//	PointsForZPB         points for a zero-point bye
//	PointsForForfeitLoss points for a forfeit loss (and a zero-point bye)
//	PointsForPAB         points for the pairing-allocated bye
//
// A key not given is drawn at random as the endorsed engine draws it
// (players 15-215, rounds 5-15, highest rating 2400-2800, lowest
// 1400-2300, ForfeitRate 6-30, RetiredRate and HalfPointByeRate
// 15-3225, DrawPercentage 10-50). Any other key, a line without "=", or a
// value that is not a number in range is refused with its line number.
//
// Everything random comes from the *rand.Rand handed in: the same source
// gives the same tournament.
package rtg

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// Config is what a random tournament is drawn from.
type Config struct {
	Players, Rounds             int
	DrawPercentage              int
	ForfeitRate                 float64 // one game in ForfeitRate forfeited; +Inf for none
	RetiredRate                 float64 // one player in RetiredRate retires; +Inf for none
	HalfPointByeRate            float64 // one player in HalfPointByeRate takes a half-point bye; +Inf for none
	HighestRating, LowestRating int
	Points                      trf.PointSystem
	Version                     int // 26 to write TRF-26 records, else TRF-16 with XXR, XXC, XXS
}

// ConfigError is a configuration line that cannot be used.
type ConfigError struct {
	Line   int    // 1-based
	Key    string // "" when the line has no key
	Reason string
}

func (e *ConfigError) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("rtg: configuration line %d: %s", e.Line, e.Reason)
	}
	return fmt.Sprintf("rtg: configuration line %d: %s: %s", e.Line, e.Key, e.Reason)
}

// Random returns a configuration drawn as the endorsed engine draws the
// keys a configuration file does not give (always all of them, in the
// same order, so that a key given does not change the others).
func Random(rng *rand.Rand) Config {
	between := func(lo, hi int) int { return lo + rng.IntN(hi-lo+1) }
	c := Config{Points: trf.DefaultPointSystem()}
	c.Rounds = between(5, 15)
	c.ForfeitRate = float64(between(6, 30))
	c.RetiredRate = float64(between(15, 3225))
	c.HalfPointByeRate = float64(between(15, 3225))
	c.DrawPercentage = between(10, 50)
	c.Players = between(15, 215)
	c.HighestRating = between(2400, 2800)
	c.LowestRating = between(1400, 2300)
	return c
}

// Parse reads a configuration file: the keys it gives over Random(rng).
func Parse(r io.Reader, rng *rand.Rand) (Config, error) {
	c := Random(rng)
	sc := bufio.NewScanner(r)
	n := 0
	pab := false
	for sc.Scan() {
		n++
		line := strings.TrimSpace(strings.TrimSuffix(sc.Text(), "\r"))
		if line == "" || line[0] == '#' {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return c, &ConfigError{Line: n, Reason: fmt.Sprintf("%q is not Key=Value", line)}
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		bad := func(reason string) error {
			return &ConfigError{Line: n, Key: key, Reason: fmt.Sprintf("%q: %s", value, reason)}
		}
		var err error
		switch key {
		case "PlayersNumber":
			c.Players, err = whole(value, 2, 9999)
		case "RoundsNumber":
			c.Rounds, err = whole(value, 1, 99)
		case "DrawPercentage":
			c.DrawPercentage, err = whole(value, 0, 100)
		case "ForfeitRate":
			c.ForfeitRate, err = rate(value, 1)
		case "RetiredRate":
			c.RetiredRate, err = rate(value, 2)
		case "HalfPointByeRate", "HalfPointByteRate":
			c.HalfPointByeRate, err = rate(value, 1)
		case "HighestRating":
			c.HighestRating, err = whole(value, 0, 9999)
		case "LowestRating":
			c.LowestRating, err = whole(value, 0, 9999)
		case "PointsForWin":
			var x float64
			if x, err = points(value); err == nil {
				c.Points.WhiteWin, c.Points.BlackWin, c.Points.ForfeitWin, c.Points.FullPointBye = x, x, x, x
				if !pab {
					c.Points.PairingAllocatedBye = x
				}
			}
		case "PointsForDraw":
			var x float64
			if x, err = points(value); err == nil {
				c.Points.WhiteDraw, c.Points.BlackDraw, c.Points.HalfPointBye = x, x, x
			}
		case "PointsForLoss":
			var x float64
			if x, err = points(value); err == nil {
				c.Points.WhiteLoss, c.Points.BlackLoss = x, x
			}
		case "PointsForZPB":
			c.Points.ZeroPointBye, err = points(value)
		case "PointsForForfeitLoss":
			var x float64
			if x, err = points(value); err == nil {
				c.Points.ForfeitLoss, c.Points.ZeroPointBye = x, x
			}
		case "PointsForPAB":
			c.Points.PairingAllocatedBye, err = points(value)
			pab = true
		default:
			return c, &ConfigError{Line: n, Key: key, Reason: "unknown key (the keys are PlayersNumber, RoundsNumber, DrawPercentage, ForfeitRate, RetiredRate, HalfPointByeRate, HighestRating, LowestRating, PointsForWin, PointsForDraw, PointsForLoss, PointsForZPB, PointsForForfeitLoss, PointsForPAB)"}
		}
		if err != nil {
			return c, bad(err.Error())
		}
	}
	if err := sc.Err(); err != nil {
		return c, fmt.Errorf("rtg: reading the configuration: %w", err)
	}
	if c.HighestRating < c.LowestRating {
		return c, &ConfigError{Line: n, Key: "HighestRating", Reason: fmt.Sprintf("%d is below LowestRating %d", c.HighestRating, c.LowestRating)}
	}
	return c, nil
}

func whole(s string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("not a whole number")
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("want %d to %d", lo, hi)
	}
	return v, nil
}

func rate(s string, lo float64) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) {
		return 0, fmt.Errorf("not a number")
	}
	if v < lo {
		return 0, fmt.Errorf("want at least %g (one in N; inf for none)", lo)
	}
	return v, nil
}

// points reads a number of points with at most one decimal, as the TRF
// writes them.
func points(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("not a number of points")
	}
	if v < 0 || v > 99.9 || math.Abs(v*10-math.Round(v*10)) > 1e-9 {
		return 0, fmt.Errorf("want 0 to 99.9 with at most one decimal")
	}
	return v, nil
}
