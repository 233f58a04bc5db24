package wiring

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// NATS is this process's way to JetStream: an embedded server in the data
// folder, or an external server's URL.
type NATS struct {
	// Embedded is the in-process server (nil with an external URL).
	Embedded *events.Embedded
	url      string
	log      *zap.Logger
}

// StartNATS starts the embedded JetStream server in cfg.Data, or prepares
// connections to cfg.NATS when it is set.
func StartNATS(cfg Config, log *zap.Logger) (*NATS, error) {
	n := &NATS{url: cfg.NATS, log: log}
	if cfg.NATS != "" {
		return n, nil
	}
	ec := events.EmbeddedConfig{Dir: cfg.Data, Port: -1, SyncInterval: cfg.SyncInterval}
	if cfg.NATSListen != "" {
		host, port, err := net.SplitHostPort(cfg.NATSListen)
		if err != nil {
			return nil, fmt.Errorf("nats_listen: %w", err)
		}
		p, err := strconv.Atoi(port)
		if err != nil || p < 0 || p > 65535 {
			return nil, fmt.Errorf("nats_listen: bad port %q", port)
		}
		ec.Host, ec.Port = host, p
	}
	e, err := events.StartEmbedded(ec)
	if err != nil {
		return nil, err
	}
	n.Embedded = e
	log.Info("embedded JetStream started", zap.String("data", cfg.Data), zap.String("client_url", e.ClientURL()))
	return n, nil
}

// Connect opens a new client connection named name. Each user of NATS that
// closes its connection on its own (Watermill's publisher and subscriber)
// gets one of its own. Connections to an external server reconnect forever.
func (n *NATS) Connect(name string) (*nats.Conn, error) {
	opts := []nats.Option{
		nats.Name("hakem " + name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				n.log.Warn("NATS disconnected", zap.String("conn", name), zap.Error(err))
			}
		}),
		nats.ReconnectHandler(func(c *nats.Conn) {
			n.log.Info("NATS reconnected", zap.String("conn", name), zap.String("url", c.ConnectedUrlRedacted()))
		}),
	}
	if n.Embedded != nil {
		return n.Embedded.Connect(opts...)
	}
	nc, err := nats.Connect(n.url, append(opts, nats.RetryOnFailedConnect(false))...)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", n.url, err)
	}
	return nc, nil
}

// Shutdown stops the embedded server, if any, after its clients closed.
func (n *NATS) Shutdown() {
	if n.Embedded != nil {
		n.Embedded.Shutdown()
	}
}

// Ready reports whether nc is connected and every stream of the event log
// exists: what /readyz answers.
func Ready(ctx context.Context, nc *nats.Conn) error {
	if nc == nil || !nc.IsConnected() {
		return errors.New("NATS: not connected")
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	for _, k := range events.Kinds() {
		if _, err := js.Stream(ctx, k.StreamName()); err != nil {
			return fmt.Errorf("stream %s: %w", k.StreamName(), err)
		}
	}
	return nil
}
