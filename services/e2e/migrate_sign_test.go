package e2e

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go/jetstream"
)

// TestMigrateSignKilled: a data folder written before events were signed
// (a played Swiss, every event as it was but unsigned, in a folder without
// keys) fails the audit with the deployment's keyring; hakem migrate sign,
// SIGKILLed once it reports a log attested, then run again, attests every
// log once (a third run has nothing to attest); hakem audit all against the
// published checkpoints is clean and reports each attestation; hakem serve
// reads the games and the tournament (no log_damaged) and a game in
// progress plays on, audited clean after; an event appended
// unsigned after an attestation fails the audit, naming it, and a fourth
// run refuses the folder, naming it.
func TestMigrateSignKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hakem, plays a demo and migrates an unsigned copy of its folder")
	}
	played := t.TempDir()
	if out, err := exec.Command(hakemBinary(t), "demo", "--exit-when-done", "--players", "16", "--rounds", "2", "--tc", "3+0",
		"--http", freeAddr(t), "--data", played).CombinedOutput(); err != nil {
		t.Fatalf("hakem demo: %v\n%s", err, out)
	}
	// a game still being played when the server is upgraded
	s := start(t, played)
	if a := s.post("/api/games", map[string]any{"id": "unfinished", "white": "w", "black": "b", "time_control": "600", "idempotency_key": "unfinished"}); a.status != 201 {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games/unfinished/clock/start", map[string]string{"idempotency_key": "s-unfinished", "by": "arbiter-1"}); a.status != 200 {
		t.Fatalf("clock: %d %s", a.status, a.raw)
	}
	s.move("unfinished", "w", "e4", "1-unfinished")
	s.move("unfinished", "b", "e5", "2-unfinished")
	s.stop()
	data := t.TempDir()
	logs := copyUnsigned(t, played, data)
	if logs < 10 {
		t.Fatalf("the demo's folder holds %d logs: too few to stop a migration halfway", logs)
	}
	// before: the deployment's keys refuse every unsigned event
	ring := filepath.Join(played, "keys", events.KeyringFile)
	if out, code := runHakemCode(t, "audit", "all", "--data", data, "--keyring", ring); code != 1 || !strings.Contains(out, "signature: unsigned") {
		t.Fatalf("audit of the unsigned folder: exit %d\n%s", code, out)
	}

	cmd := exec.Command(hakemBinary(t), "migrate", "sign", "--data", data, "--progress")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	attestedSoFar := regexp.MustCompile(`logs read, (\d+) attested`)
	lines := bufio.NewScanner(stderr)
	killed := false
	for lines.Scan() {
		if m := attestedSoFar.FindStringSubmatch(lines.Text()); m != nil {
			if n, _ := strconv.Atoi(m[1]); n > 0 {
				if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed = true
				break
			}
		}
	}
	_ = cmd.Wait()
	if !killed {
		t.Fatal("the migration ended without reporting a log attested")
	}
	counts := attestations(t, data)
	if len(counts) == 0 || len(counts) >= logs {
		t.Fatalf("after the SIGKILL: %d of %d logs attested (want some, not all)", len(counts), logs)
	}
	t.Logf("killed with %d of %d logs attested", len(counts), logs)

	out := runHakem(t, "migrate", "sign", "--data", data)
	if want := strconv.Itoa(logs-len(counts)) + " logs written before signing attested by this run, " + strconv.Itoa(len(counts)) + " attested before"; !strings.Contains(out, want) {
		t.Fatalf("second run: %s\nwant %q", out, want)
	}
	if out := runHakem(t, "migrate", "sign", "--data", data); !strings.Contains(out, " 0 logs written before signing attested by this run, "+strconv.Itoa(logs)+" attested before") || !strings.Contains(out, "no head changed") {
		t.Fatalf("third run: %s", out)
	}
	counts = attestations(t, data)
	if len(counts) != logs {
		t.Fatalf("%d of %d logs attested", len(counts), logs)
	}
	for agg, n := range counts {
		if n != 1 {
			t.Fatalf("%s holds %d attestations", agg, n)
		}
	}

	checkpoints := filepath.Join(data, "checkpoints.ndjson")
	out = runHakem(t, "audit", "all", "--data", data, "--checkpoints", checkpoints)
	okLine := regexp.MustCompile(`(?m)^(game|tournament)/\S+: ok \(events 1\.\.\d+ written before signing, attested at seq \d+ by key [0-9a-f]{16} \((games|pairing)\) on \d{4}-\d\d-\d\d \d\d:\d\d UTC: ` + regexp.QuoteMeta(events.AttestationReason) + `\)$`)
	if got := len(okLine.FindAllString(out, -1)); got != logs {
		t.Fatalf("audit all: %d of %d logs reported attested and ok:\n%s", got, logs, out)
	}

	// served: every log reads (no log_damaged), and the game in progress
	// plays on, signed
	s = start(t, data)
	for agg := range counts {
		paths := []string{"/api/games/" + agg.ID, "/api/games/" + agg.ID + "/clock", "/api/games/" + agg.ID + "/pgn", "/api/web/games/" + agg.ID + "/replay"}
		if agg.Kind == events.KindTournament {
			paths = []string{"/api/tournaments/" + agg.ID, "/api/tournaments/" + agg.ID + "/rounds/2", "/api/tournaments/" + agg.ID + "/trf", "/api/web/tournaments/" + agg.ID + "/hall"}
		}
		for _, path := range paths {
			if a := s.do("GET", path, ""); a.status != 200 || a.body["damaged"] != nil {
				t.Fatalf("GET %s after the migration: %d %s", path, a.status, a.raw)
			}
		}
	}
	s.move("unfinished", "w", "Nf3", "3-unfinished")
	s.stop()
	out = runHakem(t, "audit", "all", "--data", data, "--checkpoints", checkpoints)
	if got := len(okLine.FindAllString(out, -1)); got != logs || !strings.Contains(out, "game/unfinished: ok (events 1..4 written before signing, attested at seq 5") {
		t.Fatalf("audit all after a signed move: %d of %d logs reported attested and ok:\n%s", got, logs, out)
	}

	// an event appended unsigned after the attestation
	game := appendUnsigned(t, data)
	out, code := runHakemCode(t, "audit", "all", "--data", data, "--checkpoints", checkpoints)
	if code != 1 || !regexp.MustCompile(`game/`+game.ID+`: FAILS: event seq \d+ \(game.resigned, [^\n]*signature: unsigned`).MatchString(out) {
		t.Fatalf("audit after an unsigned event: exit %d\n%s", code, out)
	}
	out, code = runHakemCode(t, "migrate", "sign", "--data", data)
	if code != 1 || !strings.Contains(out, game.String()+": event") || !strings.Contains(out, "is unsigned and after the attestation at seq") {
		t.Fatalf("migrate sign after an unsigned event: exit %d\n%s", code, out)
	}

	// a folder written signed has nothing to attest; one holding a
	// message that is not an event is refused, naming it
	if out := runHakem(t, "migrate", "sign", "--data", played); !strings.Contains(out, "logs is signed; nothing to attest") {
		t.Fatalf("migrate sign of a signed folder: %s", out)
	}
	seq := publishGarbage(t, played, events.Game("unfinished"))
	out, code = runHakemCode(t, "migrate", "sign", "--data", played)
	if want := "the game stream's message at seq " + strconv.FormatUint(seq, 10) + " is not an event"; code != 1 || !strings.Contains(out, want) {
		t.Fatalf("migrate sign of a damaged folder: exit %d\n%s\nwant %q", code, out, want)
	}
}

// publishGarbage publishes a message that is not an event on agg's subject
// in folder dir and returns its stream sequence.
func publishGarbage(t *testing.T, dir string, agg events.Aggregate) uint64 {
	t.Helper()
	st, ctx, stop := storeOn(t, dir)
	defer stop()
	js, err := jetstream.New(st.Conn())
	if err != nil {
		t.Fatal(err)
	}
	ack, err := js.Publish(ctx, agg.Subject(events.WriterGames), []byte("not an event"))
	if err != nil {
		t.Fatal(err)
	}
	return ack.Sequence
}

// runHakemCode runs hakem with args and returns its output (stdout and
// stderr) and exit code.
func runHakemCode(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var b bytes.Buffer
	cmd := exec.Command(hakemBinary(t), args...)
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return b.String(), exit.ExitCode()
	}
	if err != nil {
		t.Fatalf("hakem %s: %v", strings.Join(args, " "), err)
	}
	return b.String(), 0
}

// storeOn opens the event store of folder dir (no signer, no keyring: as a
// server before signing) and returns it with its stop.
func storeOn(t *testing.T, dir string) (*eventstore.Store, context.Context, func()) {
	t.Helper()
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	nc, err := srv.Connect()
	if err != nil {
		srv.Shutdown()
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	st, err := eventstore.Open(ctx, nc, eventstore.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return st, ctx, func() { cancel(); nc.Close(); srv.Shutdown() }
}

// copyUnsigned writes every event of folder from into the fresh folder to,
// command by command in stream order, with its signature removed (the
// signature is outside the hash: the chains are the same): the folder a
// server wrote before events were signed. It returns how many games and
// tournaments it holds.
func copyUnsigned(t *testing.T, from, to string) int {
	t.Helper()
	src, ctx, stop := storeOn(t, from)
	var all []events.Envelope
	for _, k := range events.Kinds() {
		if err := src.ReadEvery(ctx, k, func(r eventstore.Record) error {
			e := r.Envelope
			e.Data = append([]byte(nil), e.Data...)
			all = append(all, e)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	stop()
	dst, ctx, stop := storeOn(t, to)
	defer stop()
	heads := map[events.Aggregate]events.Head{}
	for i := 0; i < len(all); {
		j := i + 1
		for j < len(all) && all[j].Aggregate == all[i].Aggregate && all[j].IdempotencyKey == all[i].IdempotencyKey && all[j].Seq == all[j-1].Seq+1 {
			j++
		}
		cmd := all[i:j]
		for k := range cmd {
			cmd[k].Sig = ""
		}
		_, h, err := dst.AppendEnvelopes(ctx, heads[cmd[0].Aggregate], cmd)
		if err != nil {
			t.Fatalf("copying %s events %d..%d: %v", cmd[0].Aggregate, cmd[0].Seq, cmd[len(cmd)-1].Seq, err)
		}
		heads[cmd[0].Aggregate] = h
		i = j
	}
	return len(heads)
}

// attestations counts the attestations of each log of folder dir.
func attestations(t *testing.T, dir string) map[events.Aggregate]int {
	t.Helper()
	st, ctx, stop := storeOn(t, dir)
	defer stop()
	out := map[events.Aggregate]int{}
	for _, k := range events.Kinds() {
		if err := st.ReadEvery(ctx, k, func(r eventstore.Record) error {
			if events.IsAttestation(r.Envelope.Type) {
				out[r.Envelope.Aggregate]++
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// appendUnsigned appends an unsigned resignation to the first game of
// folder dir, on its head (after its attestation), as a server that does
// not sign would, and returns the game.
func appendUnsigned(t *testing.T, dir string) events.Aggregate {
	t.Helper()
	st, ctx, stop := storeOn(t, dir)
	defer stop()
	var game events.Aggregate
	if err := st.ReadEvery(ctx, events.KindGame, func(r eventstore.Record) error {
		if game.ID == "" {
			game = r.Envelope.Aggregate
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	_, head, err := st.LoadStream(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Append(ctx, game, events.WriterGames, head, "late-unsigned", events.Meta{Actor: events.Actor{Role: "player", ID: "p1"}}, events.Resigned{By: events.White}); err != nil {
		t.Fatal(err)
	}
	return game
}
