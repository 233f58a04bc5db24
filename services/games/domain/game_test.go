package domain

import (
	"errors"
	"github.com/hakem-chess/hakem/services/internal/game"
	"reflect"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

var at = time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)

// newGame creates and folds a game from setup, failing the test on error.
func newGame(t *testing.T, setup events.GameCreated) *Game {
	t.Helper()
	g := &Game{}
	evs, err := g.Create(setup)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	apply(t, g, evs)
	return g
}

func apply(t *testing.T, g *Game, evs []Event) {
	t.Helper()
	for _, e := range evs {
		if err := g.Apply(e); err != nil {
			t.Fatalf("apply %s: %v", e.EventType(), err)
		}
	}
}

// play makes the moves, alternating between the players, and folds them.
func play(t *testing.T, g *Game, moves ...string) []Event {
	t.Helper()
	var last []Event
	for _, m := range moves {
		evs, err := g.Move(onMove(g), m, at)
		if err != nil {
			t.Fatalf("move %s: %v", m, err)
		}
		apply(t, g, evs)
		last = evs
	}
	return last
}

// onMove returns the player on move.
func onMove(g *Game) string {
	pos := g.Position()
	if pos.Turn() == rules.Black {
		return g.Setup().Black
	}
	return g.Setup().White
}

func types(evs []Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.EventType())
	}
	return out
}

var std = events.GameCreated{White: "w1", Black: "b1"}

func TestCreate(t *testing.T) {
	tests := []struct {
		name  string
		setup events.GameCreated
		kind  error
	}{
		{"standard", std, nil},
		{"from a FEN", events.GameCreated{White: "a", Black: "b", StartFEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}, nil},
		{"no white", events.GameCreated{Black: "b"}, refusal.ErrInvalid},
		{"same player", events.GameCreated{White: "a", Black: "a"}, refusal.ErrInvalid},
		{"bad FEN", events.GameCreated{White: "a", Black: "b", StartFEN: "8/8/8 w"}, refusal.ErrInvalid},
		{"no legal move", events.GameCreated{White: "a", Black: "b", StartFEN: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, refusal.ErrInvalid},
		{"unknown laws", events.GameCreated{White: "a", Black: "b", LawsProfile: "fide-1885"}, refusal.ErrInvalid},
		{"negative round", events.GameCreated{White: "a", Black: "b", Round: -1}, refusal.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &Game{}
			evs, err := g.Create(tt.setup)
			if tt.kind != nil {
				if !errors.Is(err, tt.kind) {
					t.Fatalf("err = %v, want %v", err, tt.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			apply(t, g, evs)
			if !g.Exists() || g.Setup().LawsProfile != "fide-2023" {
				t.Errorf("setup = %+v", g.Setup())
			}
			if _, err := g.Create(tt.setup); !errors.Is(err, refusal.ErrGameExists) {
				t.Errorf("second create: %v", err)
			}
		})
	}
}

func TestMoveRefusals(t *testing.T) {
	g := newGame(t, std)
	tests := []struct {
		name, player, move string
		kind               error
	}{
		{"not on move", "b1", "e5", refusal.ErrNotOnMove},
		{"stranger", "x9", "e4", refusal.ErrNotAPlayer},
		{"no player", "", "e4", refusal.ErrInvalid},
		{"illegal SAN", "w1", "e5", refusal.ErrIllegalMove},
		{"illegal UCI", "w1", "e2e5", refusal.ErrIllegalMove},
		{"gibberish", "w1", "hello", refusal.ErrIllegalMove},
		{"empty move", "w1", " ", refusal.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, err := g.Move(tt.player, tt.move, at)
			if !errors.Is(err, tt.kind) || evs != nil {
				t.Fatalf("Move(%q, %q) = %v, %v; want %v", tt.player, tt.move, evs, err, tt.kind)
			}
			var r *Refusal
			if !errors.As(err, &r) || r.Reason == "" {
				t.Errorf("no precise reason: %v", err)
			}
		})
	}
	if g.Ply() != 0 {
		t.Errorf("refusals changed the game: ply %d", g.Ply())
	}
	var none Game
	if _, err := none.Move("w1", "e4", at); !errors.Is(err, refusal.ErrGameNotFound) {
		t.Errorf("move in a missing game: %v", err)
	}
}

func TestMovesSANAndUCI(t *testing.T) {
	g := newGame(t, std)
	evs := play(t, g, "e4", "e7e5", "Nf3")
	mp := evs[0].(*events.MovePlayed)
	want := events.MovePlayed{Ply: 3, By: events.White, SAN: "Nf3", UCI: "g1f3", At: at,
		FENAfter: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"}
	if !reflect.DeepEqual(*mp, want) {
		t.Errorf("got %+v\nwant %+v", mp, want)
	}
	if !reflect.DeepEqual(g.SANs(), []string{"e4", "e5", "Nf3"}) || !reflect.DeepEqual(g.UCIs(), []string{"e2e4", "e7e5", "g1f3"}) {
		t.Errorf("moves %v %v", g.SANs(), g.UCIs())
	}
}

func TestAutomaticEnds(t *testing.T) {
	tests := []struct {
		name   string
		setup  events.GameCreated
		moves  []string
		result events.Result
		why    events.Termination
	}{
		{"fool's mate", std, []string{"f3", "e5", "g4", "Qh4#"}, events.ResultBlackWins, "checkmate"},
		{"stalemate", events.GameCreated{White: "a", Black: "b", StartFEN: "7k/5Q2/5K2/8/8/8/8/8 w - - 0 1"}, []string{"Qg6"}, events.ResultDraw, "stalemate"},
		{"dead position", events.GameCreated{White: "a", Black: "b", StartFEN: "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"}, []string{"Kxd2"}, events.ResultDraw, "dead_position"},
		{"fivefold repetition", std, []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}, events.ResultDraw, "fivefold_repetition"},
		{"75 moves", events.GameCreated{White: "a", Black: "b", StartFEN: "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"}, []string{"Ra2"}, events.ResultDraw, "seventy_five_moves"},
		{"mate on the 75th move", events.GameCreated{White: "a", Black: "b", StartFEN: "4k3/R7/4K3/8/8/8/8/8 w - - 149 100"}, []string{"Ra8#"}, events.ResultWhiteWins, "checkmate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.setup)
			last := play(t, g, tt.moves...)
			end, ok := last[len(last)-1].(events.GameEnded)
			if !ok || end.Result != tt.result || end.Termination != tt.why || end.Ply != len(tt.moves) {
				t.Fatalf("events %v, end %+v", types(last), end)
			}
			if !g.Finished() || g.Result() != tt.result {
				t.Errorf("game result %s", g.Result())
			}
			if _, err := g.Resign(onMove(g)); !errors.Is(err, refusal.ErrGameOver) {
				t.Errorf("resign after the end: %v", err)
			}
		})
	}
}

func TestDrawOffers(t *testing.T) {
	type step struct {
		player, action string // action: offer, accept, decline, or a move
		kind           error
		types          []string
	}
	tests := []struct {
		name   string
		steps  []step
		result events.Result
	}{
		{"offer and accept", []step{
			{"w1", "e4", nil, []string{"game.move_played"}},
			{"w1", "offer", nil, []string{"game.draw_offered"}},
			{"b1", "accept", refusal.ErrNoOffer, nil}, // 2023 5.2.3: not before a move each
			{"b1", "e5", nil, []string{"game.draw_declined", "game.move_played"}},
			{"b1", "offer", nil, []string{"game.draw_offered"}},
			{"b1", "accept", refusal.ErrNoOffer, nil},
			{"w1", "accept", nil, []string{"game.draw_accepted", "game.ended"}},
		}, events.ResultDraw},
		{"declined, then lapsed by a move", []step{
			{"w1", "offer", nil, []string{"game.draw_offered"}},
			{"w1", "offer", refusal.ErrNoOffer, nil},
			{"b1", "decline", nil, []string{"game.draw_declined"}},
			{"b1", "accept", refusal.ErrNoOffer, nil},
			{"w1", "e4", nil, []string{"game.move_played"}},
			{"w1", "offer", nil, []string{"game.draw_offered"}},
			{"b1", "offer", refusal.ErrNoOffer, nil},
			{"b1", "e5", nil, []string{"game.draw_declined", "game.move_played"}},
			{"w1", "accept", refusal.ErrNoOffer, nil},
		}, events.ResultUnfinished},
		{"resignation", []step{
			{"w1", "e4", nil, []string{"game.move_played"}},
			{"w1", "resign", nil, []string{"game.resigned", "game.ended"}},
			{"b1", "e5", refusal.ErrGameOver, nil},
		}, events.ResultBlackWins},
		{"stranger offers", []step{{"zz", "offer", refusal.ErrNotAPlayer, nil}}, events.ResultUnfinished},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, std)
			for i, s := range tt.steps {
				var evs []Event
				var err error
				switch s.action {
				case "offer":
					evs, err = g.OfferDraw(s.player)
				case "accept":
					evs, err = g.AcceptDraw(s.player)
				case "decline":
					evs, err = g.DeclineDraw(s.player)
				case "resign":
					evs, err = g.Resign(s.player)
				default:
					evs, err = g.Move(s.player, s.action, at)
				}
				if s.kind != nil {
					if !errors.Is(err, s.kind) {
						t.Fatalf("step %d %s %s: err %v, want %v", i, s.player, s.action, err, s.kind)
					}
					continue
				}
				if err != nil {
					t.Fatalf("step %d %s %s: %v", i, s.player, s.action, err)
				}
				if !reflect.DeepEqual(types(evs), s.types) {
					t.Fatalf("step %d: events %v, want %v", i, types(evs), s.types)
				}
				apply(t, g, evs)
			}
			if g.Result() != tt.result {
				t.Errorf("result %s, want %s", g.Result(), tt.result)
			}
		})
	}
}

func TestApplyRejectsForeignLogs(t *testing.T) {
	tests := []struct {
		name string
		evs  []Event
	}{
		{"move before creation", []Event{events.MovePlayed{Ply: 1, UCI: "e2e4"}}},
		{"created twice", []Event{std, std}},
		{"illegal move", []Event{std, events.MovePlayed{Ply: 1, UCI: "e2e5"}}},
		{"ply gap", []Event{std, events.MovePlayed{Ply: 2, UCI: "e2e4"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &Game{}
			var err error
			for _, e := range tt.evs {
				if err = g.Apply(e); err != nil {
					break
				}
			}
			if err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

func TestProfiles(t *testing.T) {
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}
	g := newGame(t, events.GameCreated{White: "a", Black: "b", LawsProfile: "fide-1997"})
	last := play(t, g, shuffle...)
	if len(last) != 1 || g.Finished() {
		t.Errorf("1997: a fivefold repetition ended the game: %v", types(last))
	}
	// 2023 5.1.2: resigning against a lone king is a draw; 1997 5.1b: a loss
	for _, tt := range []struct{ profile string }{{"fide-2023"}, {"fide-1997"}} {
		g := newGame(t, events.GameCreated{White: "a", Black: "b", LawsProfile: tt.profile, StartFEN: "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"})
		evs, err := g.Resign("b")
		if err != nil {
			t.Fatal(err)
		}
		// white has a rook: white can mate, so black's resignation loses in both
		if end := evs[1].(events.GameEnded); end.Result != events.ResultWhiteWins {
			t.Errorf("%s: black resigns against a rook: %s", tt.profile, end.Result)
		}
		g = newGame(t, events.GameCreated{White: "a", Black: "b", LawsProfile: tt.profile, StartFEN: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"})
		evs, err = g.Resign("a")
		if err != nil {
			t.Fatal(err)
		}
		// black has a lone king: cannot mate
		want := events.ResultBlackWins
		if tt.profile == "fide-2023" {
			want = events.ResultDraw
		}
		if end := evs[1].(events.GameEnded); end.Result != want || end.Article == "" {
			t.Errorf("%s: white resigns against a lone king: %+v, want %s", tt.profile, end, want)
		}
	}
}

func TestMoveAfterFlag(t *testing.T) {
	g := &Game{}
	setup := events.GameCreated{White: "w1", Black: "b1", TimeControl: "10"}
	evs, err := g.Create(setup)
	if err != nil {
		t.Fatal(err)
	}
	evs = append(evs, events.ClockStarted{At: at, TimeControl: "10", WhiteMs: 10000, BlackMs: 10000})
	for _, e := range evs {
		if err := g.ApplyAt(at, e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.Move("w1", "e4", at.Add(10*time.Second)); !errors.Is(err, refusal.ErrFlagFallen) {
		t.Fatalf("move at the flag's instant: %v", err)
	}
	mv, err := g.Move("w1", "e4", at.Add(10*time.Second-time.Millisecond))
	if err != nil {
		t.Fatalf("move a millisecond before the flag: %v", err)
	}
	for _, e := range mv {
		if err := g.ApplyAt(at.Add(10*time.Second-time.Millisecond), e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.Move("b1", "e5", at.Add(20*time.Second)); !errors.Is(err, refusal.ErrFlagFallen) {
		t.Fatalf("black after 10 s: %v", err)
	}
}

func TestClaims(t *testing.T) {
	ruling := func(decision string) events.RulingGiven {
		return events.RulingGiven{Matter: "draw_claim", Decision: decision, Article: "9.5"}
	}
	tests := []struct {
		name, player, reason, intended string
		kind                           error
	}{
		{"not on move", "b1", "threefold_repetition", "", refusal.ErrNotOnMove},
		{"stranger", "zz", "threefold_repetition", "", refusal.ErrNotAPlayer},
		{"no reason", "w1", "", "", refusal.ErrInvalid},
		{"illegal intended move", "w1", "fifty_moves", "e5", refusal.ErrIllegalMove},
		{"on the position", "w1", "threefold_repetition", "", nil},
		{"with a move", "w1", "fifty_moves", "Nf3", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, std)
			evs, err := g.ClaimDraw(tt.player, events.ClaimReason(tt.reason), tt.intended)
			if tt.kind != nil {
				if !errors.Is(err, tt.kind) {
					t.Fatalf("err %v, want %v", err, tt.kind)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			apply(t, g, evs)
			if _, err := g.Move("w1", "e4", at); !errors.Is(err, refusal.ErrClaimPending) {
				t.Errorf("move while the claim is pending: %v", err)
			}
			if _, err := g.ClaimDraw("w1", events.ClaimReason(tt.reason), ""); !errors.Is(err, refusal.ErrClaimPending) {
				t.Errorf("second claim: %v", err)
			}
			apply(t, g, []Event{ruling("game_continues")})
			if tt.intended != "" {
				if _, err := g.Move("w1", "e4", at); !errors.Is(err, refusal.ErrIllegalMove) || g.MustPlay() != "Nf3" {
					t.Errorf("another move than the intended one: %v", err)
				}
				play(t, g, "Nf3")
				if g.MustPlay() != "" {
					t.Error("must-play outlived the move")
				}
			} else {
				play(t, g, "e4")
			}
		})
	}
	g := newGame(t, std)
	evs, _ := g.ClaimDraw("w1", "fifty_moves", "")
	apply(t, g, evs)
	end, err := g.EndByRuling(ruling("draw"))
	if err != nil || len(end) != 1 || end[0].(events.GameEnded).Termination != "fifty_moves" {
		t.Fatalf("end by a correct claim: %v %v", end, err)
	}
}

// TestQuickplayFinish: the announcement of the quickplay-finish rules
// (2023 Guidelines III.2.1, 1997 article 10) reaches the game's laws
// profile; a quickplay-finish claim needs it and has no intended move.
func TestQuickplayFinish(t *testing.T) {
	for _, tt := range []struct {
		profile  string
		announce bool
	}{{"fide-2023", true}, {"fide-2023", false}, {"fide-1997", true}, {"fide-1997", false}, {"", true}} {
		setup := events.GameCreated{White: "w1", Black: "b1", LawsProfile: tt.profile, TimeControl: "300", QuickplayFinish: tt.announce, Mode: "rapid"}
		g := newGame(t, setup)
		// 1997 10.1: the last period of every game, announced or not
		in1997 := tt.profile == "fide-1997"
		if p := g.Profile(); p.QuickplayFinish != (tt.announce || in1997) || tt.profile != "" && p.Name != tt.profile {
			t.Errorf("%s announced %v: profile %s with quickplay finish %v", tt.profile, tt.announce, p.Name, p.QuickplayFinish)
		}
		if g.Setup().QuickplayFinish != tt.announce {
			t.Errorf("%s: the setup lost the announcement", tt.profile)
		}
		evs, err := g.ClaimDraw("w1", events.ClaimQuickplay, "")
		if !tt.announce && !in1997 {
			if !errors.Is(err, refusal.ErrInvalid) {
				t.Errorf("%s not announced: claim %v %v", tt.profile, evs, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.profile, err)
		}
		if dc := evs[0].(events.DrawClaimed); dc.Reason != events.ClaimQuickplay || dc.By != events.White || dc.IntendedMove != "" {
			t.Errorf("claim %+v", dc)
		}
		if _, err := g.ClaimDraw("w1", events.ClaimQuickplay, "e4"); !errors.Is(err, refusal.ErrInvalid) {
			t.Errorf("a quickplay claim with an intended move: %v", err)
		}
		// 2023 III.5: the player having the move; 1997 10.2: either player
		if _, err := g.ClaimDraw("b1", events.ClaimQuickplay, ""); !in1997 && !errors.Is(err, refusal.ErrNotOnMove) || in1997 && err != nil {
			t.Errorf("%s: a quickplay claim off move: %v", tt.profile, err)
		}
	}
	if _, err := game.Profile(events.GameCreated{LawsProfile: "fide-1066", QuickplayFinish: true}); err == nil {
		t.Error("an unknown profile")
	}
}
