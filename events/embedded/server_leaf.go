package embedded

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// StandbyUser is the NATS user a standby's embedded server connects to its
// primary's as (a leaf node connection): it may read the primary's streams
// through their mirrors' consumers and publish no event subject.
const StandbyUser = "standby"

// leafOptions sets the JetStream domain and the leaf node listener or
// remote of cfg on opts.
func leafOptions(opts *server.Options, cfg EmbeddedConfig) error {
	opts.JetStreamDomain = cfg.Domain
	if cfg.LeafListen != "" {
		host, port, err := net.SplitHostPort(cfg.LeafListen)
		if err != nil {
			return fmt.Errorf("events: embedded server: standby listen address %q: %w", cfg.LeafListen, err)
		}
		p, err := strconv.Atoi(port)
		if err != nil || p < 1 || p > 65535 {
			return fmt.Errorf("events: embedded server: standby listen address %q: want a port from 1 to 65535", cfg.LeafListen)
		}
		opts.LeafNode.Host, opts.LeafNode.Port = host, p
	}
	if cfg.LeafRemote != "" {
		u, err := url.Parse(cfg.LeafRemote)
		if err != nil || u.Host == "" {
			return fmt.Errorf("events: embedded server: the primary's URL is not nats://user:password@host:port")
		}
		opts.LeafNode.ReconnectInterval = time.Second
		opts.LeafNode.Remotes = []*server.RemoteLeafOpts{{URLs: []*url.URL{u}}}
	}
	return nil
}

// LeafConnected reports whether the server has a leaf node connection
// (a standby's to its primary, or the primary's from its standby).
func (e *Embedded) LeafConnected() bool { return e.srv.NumLeafNodes() > 0 }
