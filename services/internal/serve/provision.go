package serve

import (
	"context"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// provisionEmbedded creates or updates, as the embedded server's admin
// user, the streams, buckets and consumer groups (what hakem provision does
// on a cluster), so that the services' own connections, as their users,
// only bind to them: no service user may create, edit or delete a stream.
func provisionEmbedded(ctx context.Context, n *wiring.NATS, cfg *wiring.Config, log *zap.Logger) error {
	if !n.IsEmbedded() {
		return nil
	}
	admin, err := n.Connect(wiring.AdminConn)
	if err != nil {
		return fmt.Errorf("embedded NATS, as its admin: %w", err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	got, err := wiring.Provision(ctx, admin, cfg.StreamReplicas, events.GamePartitions(cfg.GamePartitions), log)
	if err != nil {
		return err
	}
	log.Info("embedded JetStream provisioned as its admin user", zap.Strings("streams", got.Streams), zap.Int("consumers", len(got.Consumers)))
	cfg.NATSProvisioned = true
	return nil
}
