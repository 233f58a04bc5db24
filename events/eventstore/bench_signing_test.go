package eventstore

// The figures of bench/signing.sh, run with -long: appends with
// signatures beside appends without, under each durability (every write
// synced, and synced every 2 minutes), and the load of a 200-move game
// with every signature verified beside without, each pair in the same run
// on the same server.

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
)

func TestBenchSigning(t *testing.T) {
	if !*long {
		t.Skip("benchmark figures: run with -long (bench/signing.sh)")
	}
	dir := t.TempDir()
	signer, err := events.LoadOrCreateKeys(dir, events.Writers...)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := events.ReadKeyring(filepath.Join(dir, events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// appends: one game each, a command after the other, signed beside
	// unsigned on the same server, under each durability: every write
	// synced before its acknowledgement (serve's default,
	// HAKEM_SYNC_INTERVAL=always), and synced every 2 minutes. A signed
	// round includes refilling the nonces it took (events.Signer.Prepare).
	const n = 300
	var signed, plain *Store
	for _, d := range []struct {
		name   string
		always bool
		rounds int
		n      int
	}{{"every write synced (always)", true, 8, n / 3}, {"synced every 2 minutes", false, 16, n}} {
		srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: t.TempDir(), SyncAlways: d.always, SyncInterval: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		nc, err := srv.Connect()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { nc.Close(); srv.Shutdown() })
		if signed, err = Open(ctx, nc, Config{Signer: signer, Keyring: ring, KeyringComplete: true}); err != nil {
			t.Fatal(err)
		}
		if plain, err = Open(ctx, nc, Config{}); err != nil {
			t.Fatal(err)
		}
		appends := func(s *Store, game string) func() measured {
			head, cmd := events.Head{}, 0
			return func() measured {
				return measure(d.n, func() {
					for range d.n {
						cmd++
						var err error
						if _, head, err = s.Append(ctx, events.Game(game), events.WriterGames, head, game+"-"+strconv.Itoa(cmd), meta(), move(cmd, "Nf3")); err != nil {
							t.Fatal(err)
						}
					}
					// a signed round ends once its key's nonces are
					// replaced: its time and CPU include every nonce
					// it used, none left to the unsigned round after it
					if s.cfg.Signer != nil {
						s.cfg.Signer.Prepare(events.WriterGames)
					}
				})
			}
		}
		r := interleave(d.rounds, appends(signed, "signed"), appends(plain, "plain"))
		figure("signing: appends, 1 game, %s: signed %6.0f/s (%4.1f µs CPU each)   unsigned %6.0f/s (%4.1f µs)   signed at %3.0f%% of unsigned (rounds: %.0f–%.0f%%)",
			d.name, r.median[0].rate, r.median[0].cpuUs, r.median[1].rate, r.median[1].cpuUs, 100*r.ratio, 100*r.ratioLo, 100*r.ratioHi)
	}

	// loads of a finished 200-move game, every signature verified (a fresh
	// verifier each time: nothing remembered) beside the same load unverified
	var head events.Head
	if _, head, err = signed.Append(ctx, events.Game("long"), events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{White: "a", Black: "b"}); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < 200; i++ {
		if _, head, err = signed.Append(ctx, events.Game("long"), events.WriterGames, head, "m"+strconv.Itoa(i), meta(), move(i, "Nf3")); err != nil {
			t.Fatal(err)
		}
	}
	const loads = 20
	load := func(s *Store, verify bool) func() measured {
		return func() measured {
			return measure(loads, func() {
				for range loads {
					if verify {
						s.verify = newVerifier(ring, true)
					}
					if log, _, err := s.LoadStream(ctx, events.Game("long")); err != nil || len(log) != 200 {
						t.Fatalf("load: %d events, %v", len(log), err)
					}
				}
			})
		}
	}
	r := interleave(8, load(signed, true), load(plain, false))
	figure("signing: load of a 200-event game: verified %5.0f/s (%5.0f µs CPU each)   unverified %5.0f/s (%5.0f µs)   verified at %3.0f%% of unverified (rounds: %.0f–%.0f%%)",
		r.median[0].rate, r.median[0].cpuUs, r.median[1].rate, r.median[1].cpuUs, 100*r.ratio, 100*r.ratioLo, 100*r.ratioHi)

	// one verification by themselves (one signature's parts: the events
	// package's TestBenchSigningParts)
	log, _, err := plain.LoadStream(ctx, events.Game("long"))
	if err != nil {
		t.Fatal(err)
	}
	const k = 2000
	e := log[100]
	t0 := time.Now()
	for range k {
		if p := ring.Check(&e); p != "" {
			t.Fatal(p)
		}
	}
	figure("signing: Ed25519, one event: verify %v", time.Since(t0)/k)
}
