package embedded

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// EmbeddedConfig configures an in-process NATS server with JetStream.
type EmbeddedConfig struct {
	// Dir is the data folder (JetStream's store directory). Required.
	Dir string
	// Host and Port are where clients connect; Port 0 picks a free port,
	// Port -1 does not listen at all (in-process connections only).
	// Default host 127.0.0.1.
	Host string
	Port int
	// SyncAlways makes JetStream fsync every write before acknowledging it.
	//
	// The trade-off: without it (the default) an acknowledged event has been
	// written to the operating system, so it survives the death of the
	// process (SIGKILL, a panic, an OOM kill) but not of the machine (power
	// loss, kernel panic) within SyncInterval of the write. With it, an
	// acknowledged event survives a power loss too, at the cost of one fsync
	// per append (or per atomic batch): appends become bounded by the
	// disk's flush latency, typically 10-50x fewer per second on ordinary
	// SSDs. A 3-replica cluster is the other way to survive a machine loss
	// without paying for fsync: an event is acknowledged once a majority
	// holds it.
	SyncAlways bool
	// SyncInterval is how often JetStream fsyncs when SyncAlways is off.
	// Default (0) is the server's default, 2 minutes; a smaller value
	// shortens the window of events a power loss can take, at the cost of
	// more frequent flushes.
	SyncInterval time.Duration
	// ServerName names the server (default "hakem").
	ServerName string
	// Users, when not nil, are the passwords of the users the server
	// requires (LoadOrCreateUsers): the deployment's per-service users and
	// admin, with their permissions, and InProcessUser; a client without a
	// valid user and password is refused. Nil: anonymous clients with
	// every right (a test's server, an audit of a copy, in-process only).
	Users Users
	// Domain is the server's JetStream domain (empty: none). A standby
	// (LeafRemote) reaches its primary's JetStream through it, so both
	// sides of a standby's leaf connection name theirs, and differently.
	Domain string
	// LeafListen, host:port, has the server accept leaf node connections:
	// a standby's (hakem serve --standby), which authenticates as
	// StandbyUser with that user's permissions. Empty: none.
	LeafListen string
	// LeafRemote is the URL (nats://standby:<password>@host:port) of a
	// primary's LeafListen: this server connects to it as a leaf node, and
	// reconnects forever, so that its mirror streams follow the primary's.
	LeafRemote string
	// GamePartitions, with Users, extends the per-service users' rights
	// on the stream GAMES and the subjects game.*.<writer> to the game
	// partitions (GAMES_<p>, game-<p>.*.<writer>); 0 or 1: as written.
	GamePartitions events.GamePartitions
}

// Embedded is a running in-process NATS server with JetStream.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts nats-server in this process with JetStream storing
// in cfg.Dir, and waits until it accepts connections. The store code is the
// same against it as against an external server: connect with Connect (or
// nats.Connect(ClientURL())).
func StartEmbedded(cfg EmbeddedConfig) (*Embedded, error) {
	if cfg.Dir == "" {
		return nil, errors.New("events: embedded server: no data folder")
	}
	if cfg.Host == "" {
		cfg.Host = "127.0.0.1"
	}
	if cfg.ServerName == "" {
		cfg.ServerName = "hakem"
	}
	opts := &server.Options{
		ServerName:   cfg.ServerName,
		Host:         cfg.Host,
		Port:         cfg.Port,
		JetStream:    true,
		StoreDir:     cfg.Dir,
		SyncAlways:   cfg.SyncAlways,
		SyncInterval: cfg.SyncInterval,
		NoSigs:       true,
		NoLog:        true,
		MaxPayload:   8 << 20,
	}
	if cfg.Users != nil {
		users, err := serverUsers(cfg.Users, cfg.GamePartitions)
		if err != nil {
			return nil, err
		}
		opts.Users = users
	}
	if err := leafOptions(opts, cfg); err != nil {
		return nil, err
	}
	switch cfg.Port {
	case 0:
		opts.Port = server.RANDOM_PORT
	case -1:
		opts.DontListen = true
		opts.Port = 0
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("events: embedded server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(30 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("events: embedded server did not start within 30 s")
	}
	return &Embedded{srv: srv}, nil
}

// ClientURL returns the URL clients connect to ("" if not listening).
func (e *Embedded) ClientURL() string {
	if e.srv.Addr() == nil {
		return ""
	}
	addr := e.srv.Addr().(*net.TCPAddr)
	return "nats://" + net.JoinHostPort(addr.IP.String(), strconv.Itoa(addr.Port))
}

// Connect returns a client connection to the server: in-process (no TCP)
// when the server does not listen, over TCP otherwise.
//
// In-process connections are net.Pipe, synchronous: measured against
// loopback TCP in one hakem serve (bench/services.sh, 5 runs each), they
// cost ~6% less CPU per move at a paced 5,000 moves/s but ~14% more, with
// ~9% fewer moves/s, at saturation, and the same at the Olympiad load; so a
// server that listens keeps TCP for its own clients too.
func (e *Embedded) Connect(opts ...nats.Option) (*nats.Conn, error) {
	if e.srv.Addr() == nil {
		opts = append(opts, nats.InProcessServer(e.srv))
		return nats.Connect("", opts...)
	}
	return nats.Connect(e.ClientURL(), opts...)
}

// Shutdown stops the server and waits until it has stopped, its store
// flushed and closed.
func (e *Embedded) Shutdown() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}
