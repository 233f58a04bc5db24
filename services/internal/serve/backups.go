package serve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/backup"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// scheduleBackups takes the backups cfg.BackupEvery asks for, into a
// folder of cfg.BackupDir named by the backup's time, until ctx ends: every
// interval, or after each tournament.round_closed recorded from now on. A
// failed backup is logged and the next one tried; the event goes on. The
// returned stop waits for a backup in progress.
//
// The backups are taken on a connection of their own as the admin user
// (on the embedded server: only the admin may snapshot a stream or list
// its consumers) and hold the keyring of cfg.KeysDir, so that a restored
// folder verifies its events' signatures.
func scheduleBackups(ctx context.Context, cfg wiring.Config, n *wiring.NATS, store *eventstore.Store, log *zap.Logger) (stop func(), err error) {
	every, err := wiring.BackupInterval(cfg.BackupEvery)
	if err != nil || cfg.BackupEvery == "" {
		return func() {}, err
	}
	if err := os.MkdirAll(cfg.BackupDir, 0o755); err != nil {
		return nil, err
	}
	nc, err := n.Connect(wiring.AdminConn)
	if err != nil {
		return nil, err
	}
	keysDir := ""
	if _, err := os.Stat(filepath.Join(cfg.KeysDir, events.KeyringFile)); err == nil {
		keysDir = cfg.KeysDir
	}
	log = log.With(zap.String("backup_dir", cfg.BackupDir))
	take := func(why string) {
		dir := filepath.Join(cfg.BackupDir, time.Now().UTC().Format("20060102T150405.000Z"))
		bctx, cancel := context.WithTimeout(ctx, time.Hour)
		defer cancel()
		m, err := backup.TakeWithKeys(bctx, nc, dir, keysDir, nil)
		if err != nil {
			log.Error("scheduled backup failed", zap.String("after", why), zap.String("dir", dir), zap.Error(err))
			return
		}
		last := map[string]uint64{}
		for _, s := range m.Streams {
			last[s.Name] = s.LastSeq
		}
		log.Info("scheduled backup taken", zap.String("after", why), zap.String("dir", dir), zap.Any("last_seq", last))
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	if every > 0 {
		go func() {
			defer close(done)
			tick := time.NewTicker(every)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
					take(every.String())
				}
			}
		}()
		log.Info("backups scheduled", zap.Duration("every", every))
		return func() { cancel(); <-done; nc.Close() }, nil
	}
	js, err := jetstream.New(nc)
	if err != nil {
		cancel()
		nc.Close()
		return nil, err
	}
	s, err := js.Stream(ctx, events.KindTournament.StreamName())
	if err != nil {
		cancel()
		nc.Close()
		return nil, err
	}
	from := s.CachedInfo().State.LastSeq + 1
	closed := (events.RoundClosed{}).EventType()
	go func() {
		defer close(done)
		_, err := store.Follow(ctx, events.KindTournament, from, func(r eventstore.Record) error {
			if r.Envelope.Type == closed {
				take("round closed in " + r.Envelope.Aggregate.ID)
			}
			return nil
		})
		if err != nil && !errors.Is(err, context.Canceled) && ctx.Err() == nil {
			log.Error("backups after each round stopped", zap.Error(err))
		}
	}()
	log.Info("backups scheduled after each closed round")
	return func() { cancel(); <-done; nc.Close() }, nil
}
