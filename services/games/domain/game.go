package domain

import (
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	clocks "github.com/hakem-chess/hakem/services/clocks/domain"
)

// Event is an event of the catalogue (the events module): the domain decides
// in the catalogue's own types, so what it returns is what is stored.
type Event = events.Event

// Result strings, as in PGN.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// Game is a game as folded from its events: the domain's whole knowledge of
// it. The zero Game is a game that does not exist yet. Apply folds one event;
// the decision methods (Create, Move, OfferDraw...) never change the game,
// they return the events that the command produces or a *Refusal.
type Game struct {
	created events.GameCreated
	exists  bool
	play    *rules.Game
	profile laws.Profile
	sans    []string
	ucis    []string
	// offer is the side with a pending draw offer (valid when offering).
	offer    rules.Color
	offerPly int
	offering bool
	result   string
	ending   events.GameEnded
	// claim is the draw claim awaiting the arbiter's ruling, if any.
	claim *events.DrawClaimed
	// mustPlay is the intended move (SAN) of an incorrect claim, which the
	// claimant must now play; "" if none.
	mustPlay string
	// ruled is the last claim ruled on (for the termination of the game).
	ruled *events.DrawClaimed
	// postponed is the quickplay-finish claim whose decision the arbiter
	// postponed (1997 10.2b, 2023 III.5.2), until he decides it later.
	postponed *events.DrawClaimed
	// timer is the game's clock, folded from the same events, so that a
	// move after the mover's flag fell is refused.
	timer clocks.Timer
	// illegal counts the completed illegal moves reported, by rules.Color.
	illegal [2]int
	// annulled: the arbiter annulled the game (wrong initial position).
	annulled *events.GameAnnulled
	// tried is the last move Move decided, remembered with the position it
	// was decided in, so that folding the game.move_played it returned
	// does not parse the move and write its SAN again (see triedMove).
	tried triedMove
}

// triedMove is a move Move decided in position pos: the move, its UCI and
// its SAN. Parsing a move's UCI and writing its SAN depend on the position
// alone, so Apply takes them from here for a game.move_played with the
// same UCI in the very same position (the whole position compared), and
// computes them otherwise; the move is still checked legal by the rules
// when it is played. An event read from the log folds the same either way.
type triedMove struct {
	pos  rules.Position
	uci  string
	san  string
	move rules.Move
	set  bool
}

// ApplyAt folds one recorded event, recorded at instant at, into the game
// and its clock.
func (g *Game) ApplyAt(at time.Time, e Event) error {
	if err := g.timer.Apply(at, e); err != nil {
		return err
	}
	return g.Apply(e)
}

// Rules returns the game on the board as the rules module keeps it (nil
// before the creation), for the Laws' decision functions; callers must not
// play on it.
func (g *Game) Rules() *rules.Game { return g.play }

// Profile returns the game's laws profile.
func (g *Game) Profile() laws.Profile { return g.profile }

// Timer returns the game's clock as folded so far.
func (g *Game) Timer() *clocks.Timer { return &g.timer }

// Exists reports whether the game has been created.
func (g *Game) Exists() bool { return g.exists }

// Setup returns the event that created the game, with StartFEN always set.
func (g *Game) Setup() events.GameCreated { return g.created }

// Position returns the current position (the start position of a game not
// yet created).
func (g *Game) Position() rules.Position {
	if g.play == nil {
		return rules.StartPosition()
	}
	return g.play.Position()
}

// Start returns the position the game started from.
func (g *Game) Start() rules.Position {
	if g.play == nil {
		return rules.StartPosition()
	}
	return g.play.PositionAt(0)
}

// SANs returns the moves played so far in SAN.
func (g *Game) SANs() []string { return append([]string(nil), g.sans...) }

// UCIs returns the moves played so far in UCI.
func (g *Game) UCIs() []string { return append([]string(nil), g.ucis...) }

// Moves returns the moves played so far.
func (g *Game) Moves() []rules.Move {
	if g.play == nil {
		return nil
	}
	return append([]rules.Move(nil), g.play.Moves()...)
}

// Ply returns the number of moves (half-moves) played.
func (g *Game) Ply() int { return len(g.sans) }

// Finished reports whether the game is over.
func (g *Game) Finished() bool { return g.result != "" }

// Result returns "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
func (g *Game) Result() string {
	if g.result == "" {
		return Unfinished
	}
	return g.result
}

// Ending returns how the game ended (zero while it goes on).
func (g *Game) Ending() events.GameEnded { return g.ending }

// DrawOffer returns the side whose draw offer is pending, if any.
func (g *Game) DrawOffer() (rules.Color, bool) { return g.offer, g.offering }

// Status returns the rules' view of the current position.
func (g *Game) Status() rules.Status {
	if g.play == nil {
		return rules.Status{}
	}
	return g.play.Status()
}

// ColorOf returns the colour player plays in this game.
func (g *Game) ColorOf(player string) (rules.Color, error) {
	switch player {
	case "":
		return 0, refuse(ErrInvalid, "player: missing")
	case g.created.White:
		return rules.White, nil
	case g.created.Black:
		return rules.Black, nil
	}
	return 0, refuse(ErrNotAPlayer, "player %q does not play in this game (white %q, black %q)", player, g.created.White, g.created.Black)
}

// Apply folds one recorded event into the game (a catalogue value or a
// pointer to one, as events.Decode returns). An event that does not fit (a
// move that is illegal in the folded position, an event before the creation)
// is an error: the log is not what this code would have written. Events of
// other writers that do not change the game as the games service sees it
// are skipped.
func (g *Game) Apply(e Event) error {
	switch e := e.(type) {
	case *events.GameCreated:
		return g.Apply(*e)
	case *events.MovePlayed:
		return g.Apply(*e)
	case *events.DrawOffered:
		return g.Apply(*e)
	case *events.DrawAccepted:
		return g.Apply(*e)
	case *events.DrawDeclined:
		return g.Apply(*e)
	case *events.Resigned:
		return g.Apply(*e)
	case *events.GameEnded:
		return g.Apply(*e)
	case *events.DrawClaimed:
		return g.Apply(*e)
	case *events.RulingGiven:
		return g.Apply(*e)
	case *events.IllegalMoveReported:
		return g.Apply(*e)
	case *events.ResultOverridden:
		return g.Apply(*e)
	case *events.GameAnnulled:
		return g.Apply(*e)
	}
	if _, ok := e.(events.GameCreated); !ok && !g.exists {
		return fmt.Errorf("%s before game.created", e.EventType())
	}
	switch e := e.(type) {
	case events.GameCreated:
		if g.exists {
			return fmt.Errorf("game.created twice")
		}
		start := rules.StartPosition()
		if e.StartFEN != "" {
			var err error
			if start, err = rules.ParseFEN(e.StartFEN); err != nil {
				return fmt.Errorf("game.created: start_fen: %w", err)
			}
		}
		profile, err := Profile(e)
		if err != nil {
			return fmt.Errorf("game.created: %w", err)
		}
		e.StartFEN = start.FEN()
		g.created, g.exists, g.play, g.profile = e, true, rules.NewGame(start), profile
	case events.MovePlayed:
		if e.Ply != g.Ply()+1 {
			return fmt.Errorf("game.move_played: ply %d after %d plies", e.Ply, g.Ply())
		}
		pos := g.play.Position()
		var m rules.Move
		var san string
		if t := &g.tried; t.set && e.UCI != "" && t.uci == e.UCI && t.pos == pos {
			// the move this game's Move decided, in this very position
			m, san = t.move, t.san
		} else {
			var err error
			if e.UCI != "" {
				m, err = pos.ParseUCI(e.UCI)
			} else {
				m, err = pos.ParseSAN(e.SAN) // version 1 events recorded SAN only
			}
			if err != nil {
				return fmt.Errorf("game.move_played ply %d: %w", e.Ply, err)
			}
			san = pos.SAN(m)
		}
		g.tried = triedMove{}
		if err := g.play.Play(m); err != nil {
			return fmt.Errorf("game.move_played ply %d: %w", e.Ply, err)
		}
		g.sans = append(g.sans, san)
		g.ucis = append(g.ucis, pos.UCI(m))
		g.mustPlay = ""
		// a move by the opponent of the offering side lapses the offer (9.1.2.2)
		if g.offering && g.offer != pos.Turn() {
			g.offering = false
		}
	case events.DrawOffered:
		c, err := parseColor(e.By)
		if err != nil {
			return err
		}
		g.offer, g.offerPly, g.offering = c, e.Ply, true
	case events.DrawDeclined, events.DrawAccepted, events.Resigned:
		g.offering = false
	case events.DrawClaimed:
		c := e
		g.claim = &c
	case events.RulingGiven:
		if e.Matter == "quickplay_claim" {
			g.postponed = nil // decided later (1997 10.2c, 2023 III.5.2)
		}
		if e.Matter == "draw_claim" && g.claim != nil {
			g.ruled = g.claim
			g.postponed = nil
			if g.claim.Reason == QuickplayClaim && e.Decision == "game_continues" && strings.Contains(e.Explanation, laws.Postponed) {
				g.postponed = g.claim
			}
			if e.Decision == "game_continues" && g.claim.IntendedMove != "" {
				g.mustPlay = g.claim.IntendedMove
			}
			g.claim = nil
		}
	case events.GameEnded:
		g.result, g.ending, g.offering = e.Result, e, false
	default:
		return g.applyIncident(e)
	}
	return nil
}

// Profile is the laws profile a game created by c is played under: the
// edition it names, in the game's mode (c.Mode: 2023 rapid and blitz,
// Appendices A and B; the 1997 profile has no rapid or blitz appendix in
// the seed text and plays every game under its standard rules), with the
// quickplay-finish rules in force when they were announced for it
// (c.QuickplayFinish: 2023 Guidelines III, which apply only if announced,
// III.2.1; 1997 article 10). Whether they govern a given moment (the last
// period, no increment or delay) is for rules/laws to say from the clock
// readings.
func Profile(c events.GameCreated) (laws.Profile, error) {
	p, err := laws.Lookup(c.LawsProfile)
	if err != nil {
		return p, err
	}
	m, err := modeOf(c)
	if err != nil {
		return p, err
	}
	if p.Edition != 1997 {
		if p, err = p.WithMode(m); err != nil {
			return p, err
		}
	}
	if c.QuickplayFinish {
		return p.WithQuickplayFinish(true)
	}
	return p, nil
}

// Create decides the creation of a game from its setup. An empty StartFEN
// means the standard starting position; the laws profile defaults to
// fide-2023.
func (g *Game) Create(c events.GameCreated) ([]Event, error) {
	if g.exists {
		return nil, refuse(ErrExists, "game already exists")
	}
	c.White, c.Black = strings.TrimSpace(c.White), strings.TrimSpace(c.Black)
	switch {
	case c.White == "" || c.Black == "":
		return nil, refuse(ErrInvalid, "white and black: both player ids are required")
	case c.White == c.Black:
		return nil, refuse(ErrInvalid, "white and black: the same player %q cannot play both colours", c.White)
	case c.Round < 0 || c.Board < 0:
		return nil, refuse(ErrInvalid, "round and board must not be negative")
	}
	if c.LawsProfile == "" {
		c.LawsProfile = laws.DefaultProfile
	}
	if _, err := laws.Lookup(c.LawsProfile); err != nil {
		return nil, refuse(ErrInvalid, "laws_profile: %v", err)
	}
	if c.TimeControl != "" {
		if _, err := clock.ParsePGN(c.TimeControl); err != nil {
			return nil, refuse(ErrInvalid, "time_control: %v", err)
		}
	}
	c.Mode = strings.TrimSpace(c.Mode)
	if c.Mode == "" {
		c.Mode = ModeOf(c.TimeControl).String() // 2023 A.1, B.1
	} else if _, err := laws.ParseMode(c.Mode); err != nil {
		return nil, refuse(ErrInvalid, "mode: %q is not standard, rapid or blitz", c.Mode)
	}
	profile, err := Profile(c)
	if err != nil {
		return nil, refuse(ErrInvalid, "quickplay_finish: %v (mode %s)", err, c.Mode)
	}
	if c.StartFEN != "" {
		p, err := rules.ParseFEN(c.StartFEN)
		if err != nil {
			return nil, refuse(ErrInvalid, "start_fen: %v", err)
		}
		if !p.HasLegalMoves() {
			return nil, refuse(ErrInvalid, "start_fen: the side to move has no legal move")
		}
		if err := profile.PlayableStart(p); err != nil {
			// a dead position is drawn before the first move (1997 9.6,
			// 2023 5.2.2): no game is created from it
			return nil, refuse(ErrInvalid, "start_fen: %v", err)
		}
		c.StartFEN = p.FEN()
		if std := rules.StartPosition(); c.StartFEN == std.FEN() {
			c.StartFEN = "" // the catalogue writes no FEN for the standard start
		}
	}
	return []Event{c}, nil
}

// Move decides a move by player, given in SAN or UCI (UCI is tried first
// when the text looks like UCI). It returns the MovePlayed event and, when
// the move ends the game (checkmate, stalemate, dead position, fivefold
// repetition, 75 moves), a GameEnded.
func (g *Game) Move(player, notation string, at time.Time) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	pos := g.play.Position()
	if c != pos.Turn() {
		return nil, refuse(ErrNotOnMove, "%s (%s) is not on move: %s is to play", player, c, pos.Turn())
	}
	side := clock.White
	if c == rules.Black {
		side = clock.Black
	}
	if fell, down := g.timer.FlagDown(side, at); down {
		return nil, refuse(ErrFlagFallen, "%s's flag fell at %s, before this move at %s: the move does not count; the arbiter rules on the result (article 6.9)",
			c, fell.UTC().Format(time.RFC3339Nano), at.UTC().Format(time.RFC3339Nano))
	}
	notation = strings.TrimSpace(notation)
	if notation == "" {
		return nil, refuse(ErrInvalid, "move: missing")
	}
	if g.claim != nil {
		return nil, refuse(ErrClaimPending, "%s's draw claim awaits the arbiter's ruling", g.claim.By)
	}
	m, err := parseMove(&pos, notation)
	if err != nil {
		return nil, refuse(ErrIllegalMove, "move %q: %v", notation, err)
	}
	san := pos.SAN(m)
	if g.mustPlay != "" && san != g.mustPlay {
		return nil, refuse(ErrIllegalMove, "move %q: after the incorrect claim the intended move %s must be played", notation, g.mustPlay)
	}
	if err := g.play.Play(m); err != nil {
		return nil, refuse(ErrIllegalMove, "move %q: %v", notation, err)
	}
	// the game is played forward to ask the rules about the new position,
	// then taken back: a decision leaves the game as it was.
	after := g.play.Position()
	end, ended := g.automaticEnd()
	if err := g.play.Undo(); err != nil {
		return nil, fmt.Errorf("taking back the tried move: %w", err)
	}
	var out []Event
	if g.offering && g.offer != c {
		// moving declines the opponent's standing offer (9.1.2.2)
		out = append(out, events.DrawDeclined{By: color(c), ByMoving: true})
	}
	uci := pos.UCI(m)
	out = append(out, events.MovePlayed{Ply: g.Ply() + 1, By: color(c), SAN: san, UCI: uci, At: at.UTC(), FENAfter: after.FEN()})
	g.tried = triedMove{pos: pos, uci: uci, san: san, move: m, set: true}
	if ended {
		end.Ply = g.Ply() + 1
		out = append(out, end)
	}
	return out, nil
}

// automaticEnd says whether the current position ends the game by itself
// under the game's laws profile (checkmate, stalemate, dead position; in
// 2023 also fivefold repetition and 75 moves), as rules/laws decides.
func (g *Game) automaticEnd() (events.GameEnded, bool) {
	r, ok := g.profile.GameEnd(g.play)
	if !ok {
		return events.GameEnded{}, false
	}
	st := g.play.Status()
	why := "arbiter"
	switch {
	case st.Checkmate:
		why = "checkmate"
	case st.Stalemate:
		why = "stalemate"
	case st.DeadPosition:
		why = "dead_position"
	case st.Fivefold:
		why = "fivefold_repetition"
	case st.SeventyFiveMove:
		why = "seventy_five_moves"
	}
	return events.GameEnded{Result: r.Result.String(), Termination: why, Article: r.Article}, true
}

// OfferDraw decides a draw offer by player (article 9.1.2): either player
// may offer while the game goes on and no offer of theirs is pending.
func (g *Game) OfferDraw(player string) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	if g.offering {
		if g.offer == c {
			return nil, refuse(ErrNoOffer, "%s already has a draw offer pending", c)
		}
		return nil, refuse(ErrNoOffer, "%s has offered a draw: accept or decline it", g.offer)
	}
	return []Event{events.DrawOffered{By: color(c), Ply: g.Ply()}}, nil
}

// AcceptDraw decides the acceptance of the opponent's pending offer: the
// game is drawn by agreement, as the laws profile allows it (2023 5.2.3:
// only once both players have made a move).
func (g *Game) AcceptDraw(player string) ([]Event, error) {
	c, err := g.answering(player)
	if err != nil {
		return nil, err
	}
	r, err := g.profile.AnswerOffer(laws.Situation{Game: g.play}, laws.Offer{By: g.offer, Ply: g.offerPly}, laws.Accept)
	if err != nil {
		return nil, refuse(ErrNoOffer, "the draw offer cannot be accepted: %v", err)
	}
	article := r.Article
	if len(r.See) > 0 {
		article = r.See[0] // the agreement itself (2023 5.2.3)
	}
	return []Event{
		events.DrawAccepted{By: color(c)},
		events.GameEnded{Result: r.Result.String(), Termination: "agreement", Article: article, Ply: g.Ply()},
	}, nil
}

// DeclineDraw decides the refusal of the opponent's pending offer.
func (g *Game) DeclineDraw(player string) ([]Event, error) {
	c, err := g.answering(player)
	if err != nil {
		return nil, err
	}
	return []Event{events.DrawDeclined{By: color(c)}}, nil
}

// ClaimReasons are the grounds of a draw claim, as the catalogue writes them.
var ClaimReasons = []string{"threefold_repetition", "fifty_moves", QuickplayClaim, IncrementRequest}

// QuickplayClaim is the reason of a draw claim in the quickplay finish
// (2023 Guidelines III.5, 1997 article 10.2): the claimant, on move with
// less than two minutes left, says the opponent cannot win by normal means
// or is making no effort to. Only the arbiter can judge that: the arbiter
// service rules at once only on a claim the Laws cannot admit (not
// announced, not the last period, time added per move, two minutes or more
// left); otherwise the claim waits for the arbiter's hand ruling (matter
// quickplay_claim).
const QuickplayClaim = "quickplay_finish"

// IncrementRequest is the reason of a player's request, in the quickplay
// finish, that an increment of five seconds be introduced for both players
// (FIDE Laws 2023 Guidelines III.4; the 1997 text has no such request). It
// is recorded as a draw claim because it is one in effect: the request
// constitutes the offer of a draw, it stops the clocks like a claim, and
// the arbiter rules on it (matter increment_request: the opponent accepts
// the draw, or refuses and the arbiter agrees to the increment and gives
// the opponent two minutes, or does not agree).
const IncrementRequest = "increment_request"

// ClaimDraw decides a draw claim by the player on move (articles 9.2, 9.3):
// on the position reached, or with the move the claimant intends to play
// (written, not played). The arbiter service rules on it; until then no
// move is accepted. A quickplay-finish claim (QuickplayClaim) needs the
// quickplay-finish rules announced for the game and no intended move; the
// claimant's time is checked by the arbiter (the clock at the claim).
func (g *Game) ClaimDraw(player, reason, intended string) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	pos := g.play.Position()
	// 1997 10.2: a quickplay-finish claim needs no move (laws.Profile.QuickplayClaimOnMove)
	onMoveOnly := reason != QuickplayClaim || g.profile.QuickplayClaimOnMove
	if c != pos.Turn() && onMoveOnly {
		return nil, refuse(ErrNotOnMove, "%s (%s) cannot claim: %s is to play", player, c, pos.Turn())
	}
	if g.claim != nil {
		return nil, refuse(ErrClaimPending, "a draw claim already awaits the arbiter's ruling")
	}
	if reason != ClaimReasons[0] && reason != ClaimReasons[1] && reason != QuickplayClaim && reason != IncrementRequest {
		return nil, refuse(ErrInvalid, "reason: %q is not one of %s", reason, strings.Join(ClaimReasons, ", "))
	}
	if reason == QuickplayClaim {
		if !g.profile.QuickplayFinish {
			return nil, refuse(ErrInvalid, "reason: the quickplay-finish rules were not announced for this game (%s %s)", g.profile.Name, g.profile.Articles.QuickplayApplies)
		}
		if strings.TrimSpace(intended) != "" {
			return nil, refuse(ErrInvalid, "intended_move: a quickplay-finish claim has no intended move")
		}
	}
	if reason == IncrementRequest {
		switch {
		case g.profile.Articles.IncrementRequest == "":
			return nil, refuse(ErrInvalid, "reason: %s has no request for an increment in the quickplay finish", g.profile.Name)
		case !g.profile.QuickplayFinish:
			return nil, refuse(ErrInvalid, "reason: the quickplay-finish rules were not announced for this game (%s %s)", g.profile.Name, g.profile.Articles.QuickplayApplies)
		case strings.TrimSpace(intended) != "":
			return nil, refuse(ErrInvalid, "intended_move: a request for an increment has no intended move")
		}
	}
	san := ""
	if intended = strings.TrimSpace(intended); intended != "" {
		m, err := parseMove(&pos, intended)
		if err != nil {
			return nil, refuse(ErrIllegalMove, "intended move %q: %v", intended, err)
		}
		san = pos.SAN(m)
	}
	return []Event{events.DrawClaimed{By: color(c), Reason: reason, IntendedMove: san, Ply: g.Ply()}}, nil
}

// lastClaim returns the claim pending or last ruled on.
func (g *Game) lastClaim() (events.DrawClaimed, bool) {
	if g.claim != nil {
		return *g.claim, true
	}
	if g.ruled != nil {
		return *g.ruled, true
	}
	return events.DrawClaimed{}, false
}

// MustPlay returns the intended move (SAN) of an incorrect claim that the
// claimant must now play ("" if none).
func (g *Game) MustPlay() string { return g.mustPlay }

// Postponed returns the quickplay-finish claim whose decision the arbiter
// postponed and has not yet given (1997 10.2b-c, 2023 III.5.2), if any.
func (g *Game) Postponed() (events.DrawClaimed, bool) {
	if g.postponed == nil {
		return events.DrawClaimed{}, false
	}
	return *g.postponed, true
}

// Claim returns the draw claim awaiting a ruling, if any.
func (g *Game) Claim() (events.DrawClaimed, bool) {
	if g.claim == nil {
		return events.DrawClaimed{}, false
	}
	return *g.claim, true
}

// EndByRuling decides the end of the game that an arbiter's ruling gives
// (e.g. after a flag fall): nothing if the game is already over or the
// ruling lets it continue. A ruling that both players lose (decision
// BothLoseDecision: laws.BothAtFault, 1997 12.8, 2023 11.8) ends the game
// BothLost (0-0) with the termination "arbiter" and the ruling's article:
// a game played, not a forfeit.
func (g *Game) EndByRuling(r events.RulingGiven) ([]Event, error) {
	if !g.exists {
		return nil, refuse(ErrNotFound, "game not found")
	}
	if g.Finished() {
		return nil, nil
	}
	result := ""
	switch r.Decision {
	case "win_white":
		result = WhiteWins
	case "win_black":
		result = BlackWins
	case "draw":
		result = Draw
	case BothLoseDecision:
		result = BothLost
	default:
		return nil, nil
	}
	why := r.Matter
	switch {
	case r.Matter == "penalty", r.Matter == BothAtFault:
		why = "arbiter"
	case r.Matter == "late_arrival":
		why = "forfeit"
	case r.Matter == "flag_fall" && result == Draw:
		why = "insufficient_material_flag"
	case r.Matter == "quickplay_claim":
		why = QuickplayClaim // a postponed claim decided later (1997 10.2c, 2023 III.5.2)
	case r.Matter == "draw_claim":
		why = "repetition"
		if c, ok := g.lastClaim(); ok && c.Reason == "fifty_moves" {
			why = "fifty_moves"
		}
		if c, ok := g.lastClaim(); ok && c.Reason == QuickplayClaim {
			why = QuickplayClaim
		}
		if c, ok := g.lastClaim(); ok && c.Reason == IncrementRequest {
			why = "agreement" // the opponent accepted the offer the request makes (2023 III.4)
		}
	}
	return []Event{events.GameEnded{Result: result, Termination: why, Article: r.Article, Ply: g.Ply()}}, nil
}

// Resign decides a resignation by player, as the laws profile says (2023
// 5.1.2: the opponent wins unless he cannot checkmate by any series of
// legal moves, then a draw; 1997 5.1b: the opponent wins).
func (g *Game) Resign(player string) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	r, err := g.profile.Resign(laws.Situation{Game: g.play}, c)
	if err != nil {
		return nil, refuse(ErrFinished, "resignation: %v", err)
	}
	return []Event{
		events.Resigned{By: color(c)},
		events.GameEnded{Result: r.Result.String(), Termination: "resignation", Article: r.Article, Ply: g.Ply()},
	}, nil
}

// onGoing checks that the game exists and goes on, and that player plays in
// it; it returns the player's colour.
func (g *Game) onGoing(player string) (rules.Color, error) {
	if !g.exists {
		return 0, refuse(ErrNotFound, "game not found")
	}
	c, err := g.ColorOf(player)
	if err != nil {
		return 0, err
	}
	if g.Finished() {
		return 0, refuse(ErrFinished, "the game is over: %s (%s)", g.result, g.ending.Termination)
	}
	if g.annulled != nil {
		return 0, refuse(ErrFinished, "the game is annulled: %s", g.annulled.Reason)
	}
	return c, nil
}

// answering checks that player can answer a pending offer of the opponent.
func (g *Game) answering(player string) (rules.Color, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return 0, err
	}
	if !g.offering {
		return 0, refuse(ErrNoOffer, "there is no draw offer to answer")
	}
	if g.offer == c {
		return 0, refuse(ErrNoOffer, "%s cannot answer their own draw offer", c)
	}
	return c, nil
}

// parseMove reads SAN or UCI. Text of the UCI shape (e2e4, e7e8q) is read
// as UCI; anything else as SAN. The SAN error is the one reported when both
// fail, since SAN is what people type.
func parseMove(p *rules.Position, s string) (rules.Move, error) {
	if looksUCI(s) {
		if m, err := p.ParseUCI(s); err == nil {
			return m, nil
		}
	}
	return p.ParseSAN(s)
}

func looksUCI(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	sq := func(f, r byte) bool { return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' }
	return sq(s[0], s[1]) && sq(s[2], s[3])
}

func parseColor(s events.Color) (rules.Color, error) {
	switch s {
	case events.White:
		return rules.White, nil
	case events.Black:
		return rules.Black, nil
	}
	return 0, fmt.Errorf("colour %q", s)
}

func color(c rules.Color) events.Color {
	if c == rules.White {
		return events.White
	}
	return events.Black
}
