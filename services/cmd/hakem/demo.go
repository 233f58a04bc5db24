package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/services/internal/serve"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/spf13/cobra"
)

// demoLong is hakem demo's help text.
const demoLong = `Run hakem serve (all services, embedded JetStream in a temporary folder unless
--data is given) and play a FIDE Dutch Swiss tournament through its HTTP API
with simulated players making random legal moves, with incidents in round 1:
an incorrect draw claim (penalised, the game goes on), an illegal move seen
on the board and reported (two minutes to the opponent, 2023 7.5.5), and a
player who stops moving until his flag falls. Beside the tournament, an
exhibition game from a set-up position (the API's start_fen; a tournament's
games always start from the initial position) where Black has a lone king
and White lets his flag fall (a minute at the default control, beside round 1): a draw, since Black cannot checkmate (6.9).
Prints the address to watch it at and, at the end, the final standings and
the addresses of the tournament page, the projector view, the arbiter's
console and one game's replay; then keeps serving until Ctrl-C (SIGINT or
SIGTERM), so the pages can be read after the event. --exit-when-done stops
the server once the event is played (the tests use it).`

// demoFlags are hakem demo's flags.
type demoFlags struct {
	players, rounds     int
	control, addr, data string
	seed                uint64
	exitWhenDone        bool
}

func init() {
	var f demoFlags
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Run hakem serve with simulated players: a Swiss tournament played through the public API",
		Long:  demoLong,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return f.run(cmd)
		},
	}
	cmd.Flags().IntVar(&f.players, "players", 24, "number of simulated players")
	cmd.Flags().IntVar(&f.rounds, "rounds", 7, "number of rounds")
	cmd.Flags().StringVar(&f.control, "tc", "60+1", "time control (PGN notation, seconds)")
	cmd.Flags().StringVar(&f.addr, "http", "127.0.0.1:8080", "HTTP listen address")
	cmd.Flags().StringVar(&f.data, "data", "", "data folder (default: a temporary one, removed at the end)")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "seed of the simulated players' choices")
	cmd.Flags().BoolVar(&f.exitWhenDone, "exit-when-done", false, "stop serving once the event is played (default: serve until Ctrl-C)")
	rootCmd.AddCommand(cmd)
}

// run is hakem demo: it starts hakem serve, plays the event through its
// API and serves on until Ctrl-C (or stops, with --exit-when-done).
func (f *demoFlags) run(cmd *cobra.Command) error {
	if f.players < 2 || f.rounds < 1 {
		return exitWith(2, fmt.Errorf("need at least 2 players and 1 round"))
	}
	if f.data == "" {
		dir, err := os.MkdirTemp("", "hakem-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		f.data = dir
	}
	cfg, err := wiring.LoadConfig(nil, func(k string) string {
		return map[string]string{"HAKEM_DATA": f.data, "HAKEM_HTTP": f.addr, "HAKEM_LOG_LEVEL": "warn"}[k]
	})
	if err != nil {
		return exitWith(2, err)
	}
	log, err := wiring.NewLogger("warn", cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- serve.Run(ctx, cfg, log, func(a string) { ready <- a }) }()
	var base string
	select {
	case a := <-ready:
		base = "http://" + a
	case err := <-done:
		return err
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "hakem demo: watch at %s/ (API under %s/api/)\n", base, base)
	printAddresses(out, base)
	d := &demo{base: base, out: out, rnd: rand.New(rand.NewPCG(f.seed, 1)), control: f.control}
	err = d.run(ctx, f.players, f.rounds)
	if err == nil {
		printAddresses(out, base)
		if !f.exitWhenDone {
			fmt.Fprintln(out, "hakem demo: the event is played; still serving until Ctrl-C")
			<-ctx.Done()
		}
	}
	stop()
	if serr := <-done; err == nil {
		err = serr
	}
	return err
}

// printAddresses prints where to read the demo's event: the tournament
// page, the projector view, the arbiter's console and round 1's first
// game's replay.
func printAddresses(out io.Writer, base string) {
	fmt.Fprintf(out, "tournament page: %s/tournaments/demo\n", base)
	fmt.Fprintf(out, "projector view:  %s/tournaments/demo/projector\n", base)
	fmt.Fprintf(out, "arbiter console: %s/console?t=demo\n", base)
	fmt.Fprintf(out, "a game's replay: %s/replay/demo-r1-b1\n", base)
}

// demo drives a tournament through the public API.
type demo struct {
	base    string
	out     io.Writer
	control string
	mu      sync.Mutex
	rnd     *rand.Rand
	client  http.Client
}

func (d *demo) post(path string, body any) (int, map[string]any, error) {
	b, _ := json.Marshal(body)
	resp, err := d.client.Post(d.base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out, nil
}

func (d *demo) get(path string) (map[string]any, error) {
	resp, err := d.client.Get(d.base + path)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

func (d *demo) intn(n int) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.rnd.IntN(n)
}

// run creates the tournament with players simulated players, plays its
// rounds (with the lone-king exhibition game beside round 1) and prints the
// final standings.
func (d *demo) run(ctx context.Context, players, rounds int) error {
	names, err := d.register(players, rounds)
	if err != nil {
		return err
	}
	// the flag fall against a lone king, beside round 1
	var exhibition sync.WaitGroup
	exhibition.Go(func() {
		if err := d.loneKing(ctx); err != nil {
			fmt.Fprintf(d.out, "  exhibition game: %v\n", err)
		}
	})
	defer exhibition.Wait()
	for round := 1; round <= rounds; round++ {
		if err := d.playRound(ctx, round); err != nil {
			return err
		}
	}
	lines, err := d.finalStandings(rounds)
	if err != nil {
		return err
	}
	fmt.Fprintln(d.out, "final standings (points, then BH/C1, BH, SB):")
	for _, x := range lines {
		s := x.(map[string]any)
		id, _ := s["player_id"].(string)
		fmt.Fprintf(d.out, "  %2.0f. %-22s %4.1f", s["rank"], names[id], s["points"])
		if tb, ok := s["tiebreaks"].([]any); ok {
			for _, v := range tb {
				fmt.Fprintf(d.out, " %6.2f", v)
			}
		}
		fmt.Fprintln(d.out)
	}
	return nil
}

// register creates the tournament of rounds rounds and registers its
// players, returning their names by player id.
func (d *demo) register(players, rounds int) (map[string]string, error) {
	if code, body, err := d.post("/api/tournaments", map[string]any{"id": "demo", "name": "Hakem demo open", "system": "swiss-dutch",
		"rounds": rounds, "time_control": d.control, "tiebreaks": []string{"BH/C1", "BH", "SB"}, "idempotency_key": "demo"}); err != nil || code >= 300 {
		return nil, fmt.Errorf("creating the tournament: %d %v %v", code, body, err)
	}
	names := map[string]string{}
	for i := 1; i <= players; i++ {
		p := demoPlayer(i)
		id := p["player_id"].(string)
		if code, body, err := d.post("/api/tournaments/demo/players", p); err != nil || code >= 300 {
			return nil, fmt.Errorf("registering %s: %d %v %v", id, code, body, err)
		}
		names[id] = p["name"].(string)
	}
	return names, nil
}

// playRound pairs round, plays its games at once (the incidents on round
// 1's first boards) and closes it.
func (d *demo) playRound(ctx context.Context, round int) error {
	if code, body, err := d.post("/api/tournaments/demo/rounds", map[string]any{"idempotency_key": fmt.Sprint("pair", round)}); err != nil || code >= 300 {
		return fmt.Errorf("pairing round %d: %d %v %v", round, code, body, err)
	}
	t, err := d.get("/api/tournaments/demo")
	if err != nil {
		return err
	}
	boards, _ := t["rounds"].([]any)[round-1].(map[string]any)["boards"].([]any)
	fmt.Fprintf(d.out, "round %d: %d games\n", round, len(boards))
	var wg sync.WaitGroup
	for i, x := range boards {
		bd := x.(map[string]any)
		incident := demoIncident(round, i, len(boards))
		wg.Go(func() {
			id := bd["game_id"].(string)
			if err := d.play(ctx, id, bd["white"].(string), bd["black"].(string), incident); err != nil {
				fmt.Fprintf(d.out, "  game %s: %v\n", id, err)
			}
			if incident != "" {
				d.report(id, incident)
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if code, body, err := d.post(fmt.Sprint("/api/tournaments/demo/rounds/", round, "/close"), map[string]any{"idempotency_key": fmt.Sprint("close", round)}); err != nil || code >= 300 {
		return fmt.Errorf("closing round %d: %d %v %v", round, code, body, err)
	}
	return nil
}

// demoIncident is the incident of board i (from 0) of a round of boards
// boards: round 1's first game has an incorrect claim, its second a flag
// fall, its third an illegal move (round 2's first when round 1 has fewer
// than three).
func demoIncident(round, i, boards int) string {
	incident := ""
	if round == 1 && i == 0 {
		incident = "claim"
	}
	if round == 1 && i == 1 {
		incident = "flag"
	}
	if round == 1 && i == 2 || round == 2 && i == 0 && boards < 3 {
		incident = "illegal"
	}
	return incident
}

// finalStandings are the standings the scoring service published after
// the last round, with the tie-breaks (the points-only standings if they
// are late).
func (d *demo) finalStandings(rounds int) ([]any, error) {
	var lines []any
	for deadline := time.Now().Add(10 * time.Second); ; {
		t, err := d.get("/api/tournaments/demo")
		if err != nil {
			return nil, err
		}
		lines, _ = t["standings"].([]any)
		if pub, ok := t["published_standings"].(map[string]any); ok && pub["after_round"] == float64(rounds) {
			lines, _ = pub["standings"].([]any)
			return lines, nil
		}
		if time.Now().After(deadline) {
			return lines, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// play plays one game with random legal moves (captures preferred) until
// it ends; incident "claim" makes an incorrect draw claim early, "flag"
// makes Black stop moving until his flag falls.
func (d *demo) play(ctx context.Context, id, white, black, incident string) error {
	if err := d.waitCreated(id); err != nil {
		return err
	}
	if code, body, err := d.post("/api/games/"+id+"/clock/start", map[string]any{"idempotency_key": "start-" + id, "by": "demo-arbiter"}); err != nil || code >= 300 {
		return fmt.Errorf("clock: %d %v %v", code, body, err)
	}
	g := rules.NewGame(rules.StartPosition())
	var buf []rules.Move
	for ply := 0; ; ply++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		player := white
		if ply%2 == 1 {
			player = black
		}
		if incident == "flag" && player == black && ply > 10 {
			// Black stops moving: the clocks service records the fall, the arbiter rules
			return d.waitEnd(ctx, id)
		}
		if incident == "claim" && ply == 6 {
			d.post("/api/games/"+id+"/claims", map[string]any{"player": player, "reason": events.ClaimFiftyMoves, "idempotency_key": "claim-" + id})
			time.Sleep(200 * time.Millisecond) // the arbiter rules; moves wait for the ruling
		}
		pos := g.Position()
		buf = pos.LegalMoves(buf)
		if len(buf) == 0 {
			return nil
		}
		if incident == "illegal" && ply == 4 {
			offender, by := "white", black
			if ply%2 == 1 {
				offender, by = "black", white
			}
			if err := d.reportIllegalMove(id, &pos, offender, by); err != nil {
				return err
			}
		}
		m := d.pick(&pos, buf)
		time.Sleep(time.Duration(20+d.intn(100)) * time.Millisecond)
		code, body, err := d.post("/api/games/"+id+"/moves", map[string]any{"player": player, "move": pos.UCI(m), "idempotency_key": fmt.Sprint(id, "-", ply)})
		if err != nil {
			return err
		}
		if code == http.StatusConflict && body != nil {
			if e, _ := body["error"].(map[string]any); e != nil && e["code"] == "claim_pending" {
				ply--
				time.Sleep(100 * time.Millisecond)
				continue
			}
			// the game is over: a flag fell (the arbiter's ruling then
			// records the result, after the refusal) or a result is in;
			// the round is closed only once every board has its result
			return d.waitEnd(ctx, id)
		}
		if code >= 300 {
			return fmt.Errorf("move %s: %d %v", pos.UCI(m), code, body)
		}
		_ = g.Play(m)
		for _, e := range body["events"].([]any) {
			if e.(map[string]any)["type"] == (events.GameEnded{}).EventType() {
				return nil
			}
		}
		if ply >= 200 { // a long game: the side to move resigns
			d.post("/api/games/"+id+"/resign", map[string]any{"player": map[bool]string{true: black, false: white}[ply%2 == 0], "idempotency_key": "resign-" + id})
			return nil
		}
	}
}

// waitCreated waits up to 30 seconds for game id to be created (by the
// pairing of its round).
func (d *demo) waitCreated(id string) error {
	for deadline := time.Now().Add(30 * time.Second); ; {
		if g, err := d.get("/api/games/" + id); err == nil && g["id"] == id {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not created")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// reportIllegalMove has offender, the player on move in pos, make an
// illegal king move on the board and press the clock; his opponent by
// reports it (the recorded game keeps the position before it).
func (d *demo) reportIllegalMove(id string, pos *rules.Position, offender, by string) error {
	for _, text := range []string{"Ke5", "Kd5", "Kf5", "Kh5", "Ka5", "Ke4", "Kd4"} {
		if _, err := pos.ParseSAN(text); err != nil {
			if code, body, err := d.post("/api/games/"+id+"/illegal-moves", map[string]any{"offender": offender, "move": text,
				"reported_by": "player", "by": by, "idempotency_key": "illegal-" + id}); err != nil || code >= 300 {
				return fmt.Errorf("reporting an illegal move: %d %v %v", code, body, err)
			}
			return nil
		}
	}
	return nil
}

// pick chooses one of the legal moves of pos at random, captures
// preferred.
func (d *demo) pick(pos *rules.Position, legal []rules.Move) rules.Move {
	m := legal[d.intn(len(legal))]
	for _, c := range legal {
		if pos.IsCapture(c) && d.intn(2) == 0 {
			return c
		}
	}
	return m
}

// report prints what happened in an incident game, from its events.
func (d *demo) report(id, incident string) {
	resp, err := d.client.Get(d.base + "/api/games/" + id + "/events?follow=false")
	if err != nil {
		return
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	for {
		var e struct {
			Type string         `json:"type"`
			Data map[string]any `json:"data"`
		}
		if dec.Decode(&e) != nil {
			return
		}
		switch e.Type {
		case (events.RulingGiven{}).EventType():
			fmt.Fprintf(d.out, "  %s (%s): ruling on %v: %v, article %v\n", id, incident, e.Data["matter"], e.Data["decision"], e.Data["article"])
		case (events.IllegalMoveReported{}).EventType():
			fmt.Fprintf(d.out, "  %s (%s): illegal move %v by %v reported by a %v\n", id, incident, e.Data["move"], e.Data["offender"], e.Data["reported_by"])
		case (events.PenaltyImposed{}).EventType():
			fmt.Fprintf(d.out, "  %s (%s): penalty on %v: %v %vms, article %v\n", id, incident, e.Data["side"], e.Data["kind"], e.Data["amount_ms"], e.Data["article"])
		case (events.FlagFell{}).EventType():
			fmt.Fprintf(d.out, "  %s (%s): %v's flag fell at %v\n", id, incident, e.Data["side"], e.Data["at"])
		case (events.GameEnded{}).EventType():
			fmt.Fprintf(d.out, "  %s (%s): %v by %v\n", id, incident, e.Data["result"], e.Data["termination"])
		}
	}
}

// waitEnd waits until the game has a result.
func (d *demo) waitEnd(ctx context.Context, id string) error {
	for ctx.Err() == nil {
		g, err := d.get("/api/games/" + id)
		if err == nil && g["result"] != string(events.ResultUnfinished) {
			return nil
		}
		time.Sleep(250 * time.Millisecond)
	}
	return ctx.Err()
}

// loneKingFEN: White has king and queen, Black a lone king; White to move.
const loneKingFEN = "4k3/8/8/8/8/8/3QK3/8 w - - 0 1"

// loneKing plays the exhibition game: from loneKingFEN at the tournament's
// time control, White does not move until his flag falls; Black, with a
// lone king, cannot checkmate by any series of legal moves, so the arbiter
// rules a draw (2023 and 1997 6.9).
func (d *demo) loneKing(ctx context.Context) error {
	const id = "demo-lone-king"
	if code, body, err := d.post("/api/games", map[string]any{"id": id, "white": "exhibition-w", "black": "exhibition-b",
		"time_control": d.control, "start_fen": loneKingFEN, "idempotency_key": "lone-king", "by": "demo-arbiter"}); err != nil || code >= 300 {
		return fmt.Errorf("creating: %d %v %v", code, body, err)
	}
	if code, body, err := d.post("/api/games/"+id+"/clock/start", map[string]any{"idempotency_key": "start-" + id, "by": "demo-arbiter"}); err != nil || code >= 300 {
		return fmt.Errorf("clock: %d %v %v", code, body, err)
	}
	if err := d.waitEnd(ctx, id); err != nil {
		return err
	}
	d.report(id, "flag against a lone king")
	return nil
}
