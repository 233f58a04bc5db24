package ratings

import (
	"fmt"
	"math"
)

// Glicko is a Glicko-2 rating on the familiar Glicko scale: rating r,
// rating deviation RD and volatility σ (Glickman, "Example of the Glicko-2
// system", 2013).
type Glicko struct {
	Rating, RD, Volatility float64
}

// GlickoResult is one game of a rating period: the opponent's rating and RD
// before the period, and the player's score (1, 0.5 or 0).
type GlickoResult struct {
	OpponentRating, OpponentRD float64
	Score                      float64
}

// glickoScale converts between the Glicko and the Glicko-2 scales.
const glickoScale = 173.7178

// glickoEpsilon is the convergence tolerance of the volatility iteration.
const glickoEpsilon = 0.000001

// GlickoPeriod updates p after one rating period with the given results and
// system constant tau (τ, typically 0.3 to 1.2). A period without games only
// widens the RD. The new volatility is found by the Illinois algorithm of
// Glickman's step 5.
func GlickoPeriod(p Glicko, results []GlickoResult, tau float64) (Glicko, error) {
	if err := checkGlicko(p); err != nil {
		return Glicko{}, err
	}
	if !(tau > 0) || math.IsInf(tau, 0) {
		return Glicko{}, fmt.Errorf("ratings: glicko-2 tau %v must be positive", tau)
	}
	mu := (p.Rating - 1500) / glickoScale
	phi := p.RD / glickoScale
	sigma := p.Volatility
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Glicko{Rating: p.Rating, RD: phiStar * glickoScale, Volatility: sigma}, nil
	}
	var vInv, sum float64
	for i, r := range results {
		if err := checkGlicko(Glicko{Rating: r.OpponentRating, RD: r.OpponentRD, Volatility: 0.06}); err != nil {
			return Glicko{}, fmt.Errorf("ratings: glicko-2 result %d: %w", i+1, err)
		}
		if !(r.Score >= 0 && r.Score <= 1) {
			return Glicko{}, fmt.Errorf("ratings: glicko-2 result %d: score %v outside 0..1", i+1, r.Score)
		}
		muj := (r.OpponentRating - 1500) / glickoScale
		g := glickoG(r.OpponentRD / glickoScale)
		e := 1 / (1 + math.Exp(-g*(mu-muj)))
		vInv += g * g * e * (1 - e)
		sum += g * (r.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigmaNew := glickoVolatility(phi, sigma, v, delta, tau)
	phiStar := math.Sqrt(phi*phi + sigmaNew*sigmaNew)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Glicko{Rating: muNew*glickoScale + 1500, RD: phiNew * glickoScale, Volatility: sigmaNew}, nil
}

// AfterGame updates p after a single game against opp, the way online
// platforms rate every game as a rating period of its own.
func (p Glicko) AfterGame(opp Glicko, score, tau float64) (Glicko, error) {
	return GlickoPeriod(p, []GlickoResult{{OpponentRating: opp.Rating, OpponentRD: opp.RD, Score: score}}, tau)
}

func checkGlicko(p Glicko) error {
	for _, x := range []float64{p.Rating, p.RD, p.Volatility} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("ratings: glicko-2 value %v is not a number", x)
		}
	}
	if p.RD <= 0 || p.Volatility <= 0 {
		return fmt.Errorf("ratings: glicko-2 RD %v and volatility %v must be positive", p.RD, p.Volatility)
	}
	return nil
}

func glickoG(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// glickoVolatility is step 5 of Glickman's paper: the root of f by the
// Illinois variant of regula falsi.
func glickoVolatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < 1e6 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEpsilon && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
