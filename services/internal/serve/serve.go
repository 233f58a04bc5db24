// Package serve runs the services chosen by the configuration in one
// process: the event store on JetStream (embedded or external), the
// Watermill router of the event handlers, the services and the gateway,
// and stops them in order when its context ends. It is what `hakem serve`
// runs.
package serve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/arbiter"
	"github.com/hakem-chess/hakem/services/authz"
	"github.com/hakem-chess/hakem/services/clocks"
	"github.com/hakem-chess/hakem/services/games"
	"github.com/hakem-chess/hakem/services/gateway"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/httpnats"
	"github.com/hakem-chess/hakem/services/internal/keyledger"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/pairing"
	"github.com/hakem-chess/hakem/services/scoring"
	"github.com/hakem-chess/hakem/services/web"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// runPrimary runs the configured services until ctx ends, then shuts them
// down gracefully within cfg.ShutdownTimeout (see Run). It serves HTTP on l,
// or on a listener of cfg.HTTP when l is nil.
func runPrimary(ctx context.Context, cfg wiring.Config, log *zap.Logger, ready func(httpAddr string), l net.Listener) (err error) {
	h := &host{cfg: cfg, log: log}
	defer h.close()
	// the authorisation is settled first: a gateway that may not start
	// (no tokens on a public address) says so before anything else runs
	if addr := os.Getenv("HAKEM_PPROF_ADDR"); addr != "" {
		stop, err := servePprof(addr, log)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, stop)
	}
	var auth *authz.Authoriser
	if cfg.Runs("gateway") {
		if auth, err = authoriser(cfg, log); err != nil {
			return err
		}
	}
	if err := h.open(ctx); err != nil {
		return err
	}
	cfg = h.cfg // as provisioned
	g, err := h.mountServices(ctx)
	if err != nil {
		return err
	}
	if running, err := h.startRouter(ctx); !running {
		return err
	}
	if cfg.Runs("gateway") {
		// the web pages and their reads (the games' live feed, the log)
		h.ports = append(h.ports, web.Pages{Games: g.App.Feed, Store: h.store, Tournaments: h.tournaments(), Tokens: auth.Tokens}, primaryMachine(cfg, h.n, h.js))
		auth.GameTournament = gameTournament(g)
	}
	return h.serveHTTP(ctx, l, auth, ready)
}

// mountServices mounts the services (services) in this process (mount:
// what runs here of each). It returns the games service, whose reads the
// pages and the authorisation use.
func (h *host) mountServices(ctx context.Context) (games.Service, error) {
	g, plugs := h.services()
	for _, p := range plugs {
		if err := h.mount(ctx, p); err != nil {
			return games.Service{}, err
		}
	}
	return g, nil
}

// services builds the five services on the host's store, each by its root
// package: the games, the clocks, the arbiter (which the games service
// asks for its rulings at once when both run here), the pairing and the
// scoring. It returns the games service too.
func (h *host) services() (games.Service, []wiring.Plug) {
	cfg, log := h.cfg, h.log
	arb := arbiter.New(arbiter.Deps{Store: h.store, Retries: cfg.CommandRetries, Log: log, Metrics: h.metrics})
	gd := games.Deps{Store: h.store, Feed: gamelog.JetStreamFeed{JS: h.js, Partitions: h.parts}, Retries: cfg.CommandRetries, Log: log, Metrics: h.metrics}
	if cfg.Runs(arbiter.Name) {
		gd.Arbiter = arb
	}
	g := games.New(gd)
	return g, []wiring.Plug{
		g.Plug,
		clocks.New(clocks.Deps{Store: h.store, Games: h.games, Retries: cfg.CommandRetries, Log: log, Metrics: h.metrics}),
		arb.Plug,
		pairing.New(pairing.Deps{Store: h.store, Feed: h.tournaments(), Retries: cfg.CommandRetries, Log: log, Metrics: h.metrics, Data: cfg.Data, GamePGN: g.GamePGN}),
		scoring.New(scoring.Deps{Store: h.store, Retries: cfg.CommandRetries, Log: log, Metrics: h.metrics}),
	}
}

// tournaments follows a tournament's events.
func (h *host) tournaments() gamelog.Feed {
	return gamelog.JetStreamFeed{JS: h.js, Kind: events.KindTournament}
}

// gameTournament is the authorisation's reading of a game's tournament
// (an arbiter's token may be for one tournament's games).
func gameTournament(g games.Service) func(ctx context.Context, id string) (string, error) {
	return func(ctx context.Context, id string) (string, error) {
		game, err := g.App.Queries.Game.Handle(ctx, id)
		if err != nil {
			return "", err
		}
		return game.Tournament, nil
	}
}

// host is what the services of one process share: the NATS server or
// connection, the event store, the metrics, the router of the event
// handlers and the ports the gateway mounts; closers stop them, in the
// reverse order.
type host struct {
	cfg      wiring.Config
	log      *zap.Logger
	closers  []func()
	n        *wiring.NATS
	nc       *nats.Conn
	store    *eventstore.Store
	parts    events.GamePartitions
	js       jetstream.JetStream
	metrics  *wiring.Metrics
	router   *message.Router
	inFlight *wiring.InFlight
	// subConns are the connections of the router's subscribers: drained
	// before the router closes, so that no message is in flight when
	// Watermill closes its channels.
	subConns []*nats.Conn
	ports    []gateway.Port
	// games follows the game partitions for the flag watch and the
	// witness: one read of each for both (gameTaps).
	games followGames
}

// close runs the closers, the last first.
func (h *host) close() {
	for i := len(h.closers) - 1; i >= 0; i-- {
		start := time.Now()
		h.closers[i]()
		h.log.Debug("stopped", zap.Int("step", i), zap.Duration("took", time.Since(start)))
	}
}

// open starts (or connects to) NATS, opens the event store with its
// stream guard and backups, and builds the router.
func (h *host) open(ctx context.Context) error {
	cfg, log := h.cfg, h.log
	n, err := wiring.StartNATS(cfg, log)
	if err != nil {
		return err
	}
	h.n = n
	h.closers = append(h.closers, n.Shutdown)
	if err := provisionEmbedded(ctx, n, &cfg, log); err != nil {
		return err
	}
	h.cfg = cfg
	if h.nc, err = n.Connect("store"); err != nil {
		return err
	}
	h.closers = append(h.closers, func() { _ = h.nc.Drain() })
	replicas, err := h.openStore(ctx)
	if err != nil {
		return err
	}
	routerConn, err := n.Connect("router")
	if err != nil {
		return err
	}
	h.closers = append(h.closers, func() { routerConn.Close() })
	h.inFlight = &wiring.InFlight{}
	h.router, err = wiring.NewRouter(routerConn, log, h.metrics, wiring.RouterOptions{InFlight: h.inFlight, Replicas: replicas, Provisioned: cfg.NATSProvisioned})
	return err
}

// openStore opens the event store on the streams' replicas, with the
// keys, the stream guard and the scheduled backups; it returns the
// replicas.
func (h *host) openStore(ctx context.Context) (int, error) {
	cfg, log := h.cfg, h.log
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	h.parts = events.GamePartitions(cfg.GamePartitions)
	replicas, err := streamReplicas(openCtx, h.nc, cfg.StreamReplicas, h.parts, log)
	if err != nil {
		return 0, err
	}
	signer, ring, whole, err := wiring.Keys(cfg)
	if err != nil {
		return 0, err
	}
	guard := &eventstore.StreamGuard{Partitions: h.parts} // the streams as opened, then watched: startStreamGuard
	keys := keyledger.New(nil)                            // the clients' keys across aggregates: loadKeys
	// A primary that accepts a standby sends every append by itself: its
	// standby's mirrors store (and, sync_always, fsync) each message alone,
	// so a primary batching its fsyncs (the group commit) outruns them
	// under load and the standby falls seconds behind (TestStandbyTakesOver).
	commit := eventstore.GroupCommit{Off: cfg.StandbyListen != ""}
	h.store, err = eventstore.Open(openCtx, h.nc, eventstore.Config{Replicas: replicas, Partitions: h.parts, Provisioned: cfg.NATSProvisioned, Signer: signer, Keyring: ring, KeyringComplete: whole, Guard: guard.Allow, Keys: keys, GroupCommit: commit})
	if err != nil {
		return 0, fmt.Errorf("opening the event store: %w", err)
	}
	if err := loadKeys(ctx, keys, h.store, log); err != nil {
		return 0, err
	}
	if h.games, err = gameTaps(h.store); err != nil {
		return 0, err
	}
	if h.js, err = jetstream.New(h.nc); err != nil {
		return 0, err
	}
	h.metrics = wiring.NewMetrics()
	stopGuard, err := startStreamGuard(ctx, guard, h.js, h.metrics, log)
	if err != nil {
		return 0, err
	}
	h.closers = append(h.closers, stopGuard)
	stopBackups, err := scheduleBackups(ctx, cfg, h.n, h.store, log)
	if err != nil {
		return 0, fmt.Errorf("backup_every: %w", err)
	}
	h.closers = append(h.closers, stopBackups)
	return replicas, nil
}

// mount plugs a service into this process. Reads are served by any
// process with a gateway, from the log; commands by the service's own
// process, in process when it runs here (and on hakem.http.<service> for
// a gateway elsewhere), forwarded over NATS request/reply (httpnats) to
// wherever it runs otherwise; its consumers run where it runs.
func (h *host) mount(ctx context.Context, p wiring.Plug) error {
	gw := h.cfg.Runs("gateway")
	if gw {
		for _, q := range p.Queries {
			h.ports = append(h.ports, q)
		}
	}
	switch {
	case h.cfg.Runs(p.Name) && p.Commands != nil:
		if gw {
			h.ports = append(h.ports, p.Commands)
		}
		mux := http.NewServeMux()
		p.Commands.Register(mux)
		if _, err := httpnats.Serve(h.nc, httpnats.Subject(p.Name), p.Name, httpjson.WithCorrelation(mux), 30*time.Second); err != nil {
			return err
		}
	case gw && len(p.CommandRoutes) > 0:
		h.ports = append(h.ports, forwardPort{routes: p.CommandRoutes, to: httpnats.Forward(h.nc, httpnats.Subject(p.Name), 30*time.Second)})
	}
	for _, c := range p.Consumers {
		if !h.cfg.Runs(cmp.Or(c.In, p.Name)) {
			continue
		}
		if err := h.consume(c); err != nil {
			return err
		}
	}
	if p.Start != nil && h.cfg.Runs(p.Name) {
		stop, err := p.Start(ctx)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, stop)
	}
	return nil
}

// consume subscribes a consumer to its stream through its consumer group
// (each copy of the service shares it) and adds it to the router: with
// several game partitions, a durable consumer of the group's name on each
// partition's stream, their messages handed to the one handler
// (wiring.PartitionedGroup).
func (h *host) consume(c wiring.Consumer) error {
	conn, err := h.n.Connect(c.Group)
	if err != nil {
		return err
	}
	streams := h.parts.Streams(events.KindGame)
	if strings.HasPrefix(c.Filter, string(events.KindTournament)+".") {
		streams = []string{events.KindTournament.StreamName()}
	}
	subscribe := wiring.ConsumerGroup
	if h.cfg.NATSProvisioned { // bind to the group hakem provision made
		subscribe = wiring.BoundConsumerGroup
	}
	acts := func(conn *nats.Conn, stream, group string, log *zap.Logger) (message.Subscriber, error) {
		return subscribe(conn, stream, group, log, wiring.ActsOn(c.Acts...))
	}
	sub, err := groupOver(conn, streams, c.Group, h.parts, acts, h.log)
	if err != nil {
		conn.Close()
		return err
	}
	h.subConns = append(h.subConns, conn) // not closed at shutdown: see stopRouter
	if c.Add != nil {
		return c.Add(h.router, sub)
	}
	h.router.AddConsumerHandler(c.Group, c.Filter, sub, c.Handle)
	return nil
}

// startRouter runs the router of the event handlers; running is false
// (with the router's error, or none when ctx ended first) when it did not
// start.
func (h *host) startRouter(ctx context.Context) (running bool, err error) {
	routerDone := make(chan error, 1)
	// the router's own context, never cancelled: cancelling it while a
	// message is in flight makes Watermill's JetStream subscriber panic
	// (see stopRouter); the process ends instead
	routerCtx := context.Background()
	go func() { routerDone <- h.router.Run(routerCtx) }()
	h.closers = append(h.closers, func() { stopRouter(h.inFlight, h.subConns, h.log) })
	select {
	case <-h.router.Running():
		return true, nil
	case err := <-routerDone:
		return false, fmt.Errorf("router: %w", err)
	case <-ctx.Done():
		return false, nil
	}
}

// serveHTTP serves the gateway (the API and the web pages, behind auth)
// where it runs, and /livez, /readyz and /metrics in every process (the
// probes and the scrapes need them), until ctx ends; then it shuts the
// server down within cfg.ShutdownTimeout.
func (h *host) serveHTTP(ctx context.Context, l net.Listener, auth *authz.Authoriser, ready func(httpAddr string)) (err error) {
	cfg, log := h.cfg, h.log
	gwDone := make(chan error, 1)
	if l == nil {
		if l, err = net.Listen("tcp", cfg.HTTP); err != nil {
			return fmt.Errorf("http: %w", err)
		}
	}
	addr := l.Addr().String()
	readyz := func(ctx context.Context) error { return wiring.Ready(ctx, h.nc) }
	var gw *gateway.Gateway
	if cfg.Runs("gateway") {
		checkpoints, stopWitness, err := startWitness(ctx, h.n, cfg, h.games, log)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, stopWitness)
		h.ports = append(h.ports, checkpoints)
		gw = gateway.New(log.With(wiring.Service("gateway")), h.metrics, readyz, h.ports...)
		gw.Authorise(auth)
		log.Info("gateway listening", zap.String("http", addr), zap.Bool("auth", auth.Tokens != nil))
	} else {
		gw = gateway.New(log.With(wiring.Service("health")), h.metrics, readyz)
		log.Info("health and metrics listening", zap.String("http", addr))
	}
	go func() { gwDone <- gw.Serve(l) }()
	log.Info("hakem serve ready", zap.Strings("services", cfg.Only))
	if ready != nil {
		ready(addr)
	}
	select {
	case <-ctx.Done():
	case err := <-gwDone:
		if err != nil {
			return fmt.Errorf("gateway: %w", err)
		}
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := gw.Shutdown(sctx); err != nil && !errors.Is(err, context.Canceled) {
		log.Warn("gateway shutdown", zap.Error(err))
	}
	return nil
}

// streamReplicas is the replica count for the event log's streams and
// bucket: the configured one, never below what they already have.
func streamReplicas(ctx context.Context, nc *nats.Conn, want int, parts events.GamePartitions, log *zap.Logger) (int, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return 0, err
	}
	names := append([]string{"KV_HAKEM_SEALED"}, parts.AllStreams()...)
	return wiring.StreamReplicas(ctx, js, want, log, names...)
}

// authoriser builds the gateway's authorisation from cfg.Auth: tokens from
// the file; without one, open, but only on a loopback address unless
// auth.mode is open.
func authoriser(cfg wiring.Config, log *zap.Logger) (*authz.Authoriser, error) {
	a := &authz.Authoriser{Log: log.With(wiring.Service("gateway"))}
	if cfg.Auth.TokensFile != "" && cfg.Auth.Mode != wiring.AuthOpen {
		t, err := authz.LoadTokens(cfg.Auth.TokensFile)
		if err != nil {
			return nil, fmt.Errorf("auth: %w", err)
		}
		a.Tokens = t
		log.Info("HTTP authorisation on", zap.Int("tokens", t.Len()))
		return a, nil
	}
	switch {
	case cfg.Auth.Mode == wiring.AuthOpen:
		log.Warn("HTTP authorisation off (auth.mode open): anyone who reaches the gateway may act as anyone", zap.String("http", cfg.HTTP))
	case loopback(cfg.HTTP):
		log.Warn("HTTP authorisation off: no auth.tokens_file, serving on a loopback address only", zap.String("http", cfg.HTTP))
	default:
		return nil, fmt.Errorf("auth: the gateway listens on %s, not a loopback address, and no auth.tokens_file (HAKEM_AUTH_TOKENS_FILE) is set; set one, or auth.mode=open to run without authorisation", cfg.HTTP)
	}
	return a, nil
}

// loopback reports whether the listen address addr accepts connections
// from this machine only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// stopRouter stops the deliveries to the router's subscribers by draining
// their connections, then waits for the messages being handled. It does
// not close the router nor its subscribers: Watermill's JetStream
// subscriber (watermill-nats v2.1.3) closes its output channel while a
// delivery may still be sending on it, which panics; the process is
// exiting anyway, and a message whose acknowledgement was lost is
// delivered again on the next start (every handler is idempotent).
func stopRouter(inFlight *wiring.InFlight, subConns []*nats.Conn, log *zap.Logger) {
	for _, c := range subConns {
		_ = c.Drain()
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, c := range subConns {
		for !c.IsClosed() && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	for inFlight.Count() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	log.Debug("router's subscribers drained", zap.Int64("in_flight", inFlight.Count()))
}

// forwardPort mounts routes that a service in another process answers.
type forwardPort struct {
	routes []string
	to     http.Handler
}

// Register implements gateway.Port.
func (f forwardPort) Register(mux *http.ServeMux) {
	for _, r := range f.routes {
		mux.Handle(r, f.to)
	}
}

// loadKeys learns the idempotency keys of the commands of the last
// keyledger.Window from the log, before any command is taken.
func loadKeys(ctx context.Context, keys *keyledger.Ledger, st *eventstore.Store, log *zap.Logger) error {
	start := time.Now()
	n, err := keys.Load(ctx, st)
	if err != nil {
		return fmt.Errorf("reading the idempotency keys of the last %s: %w", keyledger.Window, err)
	}
	log.Info("idempotency keys", zap.Int("events", n), zap.Int("keys", keys.Len()), zap.Duration("took", time.Since(start)))
	return nil
}
