package wiring

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/datalock"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// NATS is this process's way to JetStream: an embedded server in the data
// folder, or an external server's URL.
type NATS struct {
	// Embedded is the in-process server (nil with an external URL).
	Embedded *embedded.Embedded
	url      string
	auth     NATSAuth
	log      *zap.Logger
	// users are the embedded server's passwords (nil with an external
	// URL); only is the services this process runs.
	users embedded.Users
	only  []string
	// lock is this process's hold on the data folder (datalock), taken
	// before the embedded server opens its store and given back after it
	// stopped.
	lock *datalock.Lock
}

// StartNATS starts the embedded JetStream server in cfg.Data, or prepares
// connections to cfg.NATS when it is set.
func StartNATS(cfg Config, log *zap.Logger) (*NATS, error) {
	n := &NATS{url: cfg.NATS, auth: cfg.NATSAuth, log: log, only: cfg.Only}
	if cfg.NATS != "" {
		log.Info("using an external NATS server", zap.String("nats", RedactURL(cfg.NATS)),
			zap.Bool("tls", n.auth.TLSCA != "" || n.auth.TLSCert != ""), zap.Bool("creds", n.auth.Creds != ""))
		return n, nil
	}
	if err := CheckDataFolder(cfg.Data); err != nil {
		return nil, err
	}
	// one data folder, one writer: a second JetStream server on this
	// store would corrupt the event log
	lock, err := datalock.Acquire(cfg.Data, datalock.CommandLine())
	if err != nil {
		return nil, err
	}
	n.lock = lock
	if n.Embedded, err = startEmbedded(cfg, n); err != nil {
		_ = lock.Release()
		return nil, err
	}
	// where it listens, for hakem nats creds run without HAKEM_NATS_LISTEN
	// (none: the file removed, creds falls back to 127.0.0.1:4222)
	if err := recordListen(cfg.Data, cfg.NATSListen, n.Embedded.ClientURL()); err != nil {
		log.Warn("the NATS listener's address not recorded in the data folder", zap.Error(err))
	}
	log.Info("embedded JetStream started", zap.String("data", cfg.Data), zap.String("client_url", n.Embedded.ClientURL()),
		zap.Bool("sync_always", cfg.SyncAlways), zap.Duration("sync_interval", cfg.SyncInterval),
		zap.String("standby_listen", cfg.StandbyListen), zap.String("standby_of", RedactURL(cfg.Standby)))
	return n, nil
}

// startEmbedded starts the embedded server in the locked folder cfg.Data
// with the deployment's users (kept in n).
func startEmbedded(cfg Config, n *NATS) (*embedded.Embedded, error) {
	ec := embedded.EmbeddedConfig{Dir: cfg.Data, Port: -1, SyncAlways: cfg.SyncAlways, SyncInterval: cfg.SyncInterval,
		GamePartitions: events.GamePartitions(cfg.GamePartitions)}
	if cfg.StandbyListen != "" { // a standby may follow this server
		ec.Domain, ec.LeafListen = PrimaryDomain, cfg.StandbyListen
	}
	if cfg.Standby != "" { // this server follows a primary, and none follows it
		ec.Domain, ec.LeafRemote, ec.LeafListen = StandbyDomain, cfg.Standby, ""
	}
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
	// No anonymous client, ever: the deployment's per-service users (and
	// its admin) with their permissions, their passwords created in the
	// data folder on first start (hakem nats creds prints the admin's).
	users, err := embedded.LoadOrCreateUsers(cfg.Data)
	if err != nil {
		return nil, err
	}
	ec.Users = users
	n.users = users
	return embedded.StartEmbedded(ec)
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
		user := n.userFor(name)
		return n.Embedded.Connect(append(opts, nats.UserInfo(user, n.users[user]))...)
	}
	opts = append(opts, nats.RetryOnFailedConnect(false))
	a := n.auth
	if a.User != "" || a.Password != "" {
		opts = append(opts, nats.UserInfo(a.User, a.Password))
	}
	if a.Creds != "" {
		opts = append(opts, nats.UserCredentials(a.Creds))
	}
	if a.TLSCA != "" {
		opts = append(opts, nats.RootCAs(a.TLSCA))
	}
	if a.TLSCert != "" {
		opts = append(opts, nats.ClientCert(a.TLSCert, a.TLSKey))
	}
	if a.TLSCA != "" || a.TLSCert != "" {
		opts = append(opts, nats.Secure())
	}
	nc, err := nats.Connect(n.url, opts...)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %s", RedactURL(n.url), redact(err.Error(), n.url, a.Password))
	}
	return nc, nil
}

// The JetStream domains of a primary that accepts a standby and of a
// standby: the standby's mirrors reach the primary's streams through
// $JS.hakem.API (the standby user's permissions in deploy/nats/accounts.conf
// name it).
const (
	PrimaryDomain = "hakem"
	StandbyDomain = "hakem-standby"
)

// AdminConn is the connection "admin": on the embedded server, as its admin
// user (the only one that may create and update the streams and the
// consumer groups); elsewhere as the configured user.
const AdminConn = "admin"

// WitnessConn is the connection of the checkpointer: on the embedded
// server as the gateway's user, the only one that may publish checkpoints.
const WitnessConn = "checkpoints"

// userFor is the embedded server's user of the connection named name: the
// admin for AdminConn; a consumer group's service ("games-results":
// games); the one service of a process that runs one; InProcessUser
// otherwise.
func (n *NATS) userFor(name string) string {
	if name == AdminConn {
		return embedded.AdminUser
	}
	if name == WitnessConn {
		return "gateway"
	}
	for _, g := range Groups {
		if g.Name == name {
			return g.Service
		}
	}
	if len(n.only) == 1 {
		return n.only[0]
	}
	return embedded.InProcessUser
}

// IsEmbedded reports whether this process runs the embedded server (and so
// provisions it as its admin before its services bind).
func (n *NATS) IsEmbedded() bool { return n.Embedded != nil }

// RedactURL returns a NATS URL, or a comma-separated list of them, with
// every password, and every token (a user part without a password),
// replaced by "xxxxx" (user names are kept).
func RedactURL(s string) string {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		u, err := url.Parse(p)
		if err != nil {
			// unparsable: drop whatever could be userinfo
			if at := strings.LastIndex(p, "@"); at >= 0 {
				p = "xxxxx" + p[at:]
			}
			parts[i] = p
			continue
		}
		if u.User != nil {
			if _, hasPassword := u.User.Password(); !hasPassword {
				// a lone user part is a NATS token: a secret
				u.User = url.User("xxxxx")
			}
		}
		parts[i] = u.Redacted()
	}
	return strings.Join(parts, ",")
}

// redact removes from msg the passwords of urls (comma-separated) and the
// extra secrets.
func redact(msg, urls string, secrets ...string) string {
	for _, p := range strings.Split(urls, ",") {
		if u, err := url.Parse(strings.TrimSpace(p)); err == nil && u.User != nil {
			if pw, ok := u.User.Password(); ok {
				secrets = append(secrets, pw)
			} else {
				secrets = append(secrets, u.User.Username())
			}
		}
	}
	for _, s := range secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "xxxxx")
		}
	}
	return msg
}

// StreamReplicas returns the replica count to create or update the streams
// named with: want, or more when one of them already has more replicas (a
// stream is never scaled down by a process configured for fewer; the
// operator does that on purpose with the nats tool).
func StreamReplicas(ctx context.Context, js jetstream.JetStream, want int, log *zap.Logger, streams ...string) (int, error) {
	if want < 1 {
		want = 1
	}
	got := want
	for _, name := range streams {
		s, err := js.Stream(ctx, name)
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("stream %s: %w", name, err)
		}
		if r := s.CachedInfo().Config.Replicas; r > got {
			got = r
		}
	}
	if got != want {
		log.Warn("streams have more replicas than stream_replicas: kept, not scaled down",
			zap.Int("stream_replicas", want), zap.Int("replicas", got))
	}
	return got, nil
}

// Shutdown stops the embedded server, if any, after its clients closed,
// and then gives back the data folder's lock.
func (n *NATS) Shutdown() {
	if n.Embedded != nil {
		n.Embedded.Shutdown()
	}
	_ = n.lock.Release()
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
	parts, err := eventstore.DetectPartitions(ctx, js)
	if err != nil {
		return err
	}
	for _, name := range parts.AllStreams() {
		if _, err := js.Stream(ctx, name); err != nil {
			return fmt.Errorf("stream %s: %w", name, err)
		}
	}
	return nil
}

// ListenFile is the file of a data folder that names the address its
// embedded NATS server listens on for clients (hakem nats creds reads it).
const ListenFile = "nats-listen"

// recordListen writes the address the embedded server listens on (from
// its client URL, so that a port 0 is the port it got) into the data
// folder, or removes the file when it does not listen.
func recordListen(data, listen, clientURL string) error {
	path := filepath.Join(data, ListenFile)
	if listen == "" {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	addr := listen
	if u, err := url.Parse(clientURL); err == nil && u.Host != "" {
		if _, port, err := net.SplitHostPort(u.Host); err == nil {
			host, _, _ := net.SplitHostPort(listen)
			addr = net.JoinHostPort(host, port)
		}
	}
	return os.WriteFile(path, []byte(addr+"\n"), 0o644)
}

// RecordedListen is the address the data folder's embedded NATS server
// last listened on ("" when it did not, or no server ran there yet).
func RecordedListen(data string) string {
	b, err := os.ReadFile(filepath.Join(data, ListenFile))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
