// Package rating rates players from finished games with Glicko-2 (Mark E.
// Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation (how sure the rating is) and a volatility (how erratic the
// player is). It knows no game: a game is who took part and their places,
// so two-player games, games of 2-8 and bots at fixed ratings are rated by
// the same code on the server, on the phone and on the command line. It is
// pure and deterministic: the same set of games gives the same table,
// whatever order the games come in.
package rating

import "math"

// The paper's constants: a new player starts at 1500 with deviation 350 and
// volatility 0.06; tau constrains how fast the volatility moves (the paper
// suggests 0.3 to 1.2, its example uses 0.5); epsilon ends the volatility's
// iteration.
const (
	StartRating     = 1500.0
	StartDeviation  = 350.0
	StartVolatility = 0.06
	Tau             = 0.5
	epsilon         = 0.000001
	// scale turns the Glicko scale into Glicko-2's (step 2 of the paper).
	scale = 173.7178
)

// ProvisionalDeviation: a rating whose deviation is above it is shown as
// provisional (lichess draws the same line at 110): the true rating is
// then more than about 220 points either side with 95% confidence.
const ProvisionalDeviation = 110.0

// Rating is one player's Glicko-2 rating on the Glicko scale (1500 average).
type Rating struct {
	Rating     float64
	Deviation  float64
	Volatility float64
}

// Start is a new player's rating.
func Start() Rating {
	return Rating{Rating: StartRating, Deviation: StartDeviation, Volatility: StartVolatility}
}

// Provisional says the rating is not settled yet (few or old games).
func (r Rating) Provisional() bool { return r.Deviation > ProvisionalDeviation }

// Outcome is one result of a rating period: the opponent's rating at the
// start of the period and the score against them (1 a win, 0.5 a draw, 0 a
// loss). Weight scales the result's part in the update: 1 for a game of
// two; a game of n players counts each of its n-1 pairings at 1/(n-1), so
// that it moves a rating as much as one game (see Game).
type Outcome struct {
	Opponent Rating
	Score    float64
	Weight   float64
}

// Update is the rating after one rating period with these outcomes (steps
// 2-8 of the paper, with each outcome's terms scaled by its weight). With no
// outcomes only the deviation grows (step 6), as for a player who sat the
// period out. The deviation never grows past StartDeviation.
func Update(p Rating, outcomes []Outcome, tau float64) Rating {
	mu := (p.Rating - StartRating) / scale
	phi := p.Deviation / scale
	sigma := p.Volatility
	var invV, sum float64
	for _, o := range outcomes {
		w := o.Weight
		if w == 0 {
			w = 1
		}
		muJ := (o.Opponent.Rating - StartRating) / scale
		gJ := g(o.Opponent.Deviation / scale)
		e := expect(mu, muJ, gJ)
		invV += w * gJ * gJ * e * (1 - e)
		sum += w * gJ * (o.Score - e)
	}
	if invV == 0 {
		return grown(p, 1)
	}
	v := 1 / invV
	delta := v * sum
	sigma = volatility(phi, sigma, v, delta, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{
		Rating:     scale*muNew + StartRating,
		Deviation:  math.Min(scale*phiNew, StartDeviation),
		Volatility: sigma,
	}
}

// grown is the rating after n periods without games: the deviation grows
// as step 6 of the paper n times over (phi² + n·sigma²), up to the start's.
func grown(p Rating, n int) Rating {
	if n <= 0 {
		return p
	}
	phi := p.Deviation / scale
	phi = math.Sqrt(phi*phi + float64(n)*p.Volatility*p.Volatility)
	p.Deviation = math.Min(scale*phi, StartDeviation)
	return p
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muJ, gJ float64) float64 { return 1 / (1 + math.Exp(-gJ*(mu-muJ))) }

// volatility is step 5 of the paper: the Illinois algorithm on f.
func volatility(phi, sigma, v, delta, tau float64) float64 {
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
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
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
