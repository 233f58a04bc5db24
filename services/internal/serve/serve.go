// Package serve runs the services chosen by the configuration in one
// process: the event store on JetStream (embedded or external), the
// Watermill router of the event handlers, the services and the gateway,
// and stops them in order when its context ends. It is what `hakem serve`
// runs.
package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	arbiterapp "github.com/hakem-chess/hakem/services/arbiter/app"
	"github.com/hakem-chess/hakem/services/authz"
	clocksapp "github.com/hakem-chess/hakem/services/clocks/app"
	clocksdomain "github.com/hakem-chess/hakem/services/clocks/domain"
	clocksports "github.com/hakem-chess/hakem/services/clocks/ports"
	"github.com/hakem-chess/hakem/services/games"
	gamesadapters "github.com/hakem-chess/hakem/services/games/adapters"
	"github.com/hakem-chess/hakem/services/games/app/command"
	gamesdomain "github.com/hakem-chess/hakem/services/games/domain"
	gamesports "github.com/hakem-chess/hakem/services/games/ports"
	"github.com/hakem-chess/hakem/services/gateway"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/httpnats"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	pairingapp "github.com/hakem-chess/hakem/services/pairing/app"
	pairingports "github.com/hakem-chess/hakem/services/pairing/ports"
	scoringapp "github.com/hakem-chess/hakem/services/scoring/app"
	"github.com/hakem-chess/hakem/services/web"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// runPrimary runs the configured services until ctx ends, then shuts them
// down gracefully within cfg.ShutdownTimeout (see Run). It serves HTTP on l,
// or on a listener of cfg.HTTP when l is nil.
func runPrimary(ctx context.Context, cfg wiring.Config, log *zap.Logger, ready func(httpAddr string), l net.Listener) (err error) {
	var closers []func()
	defer func() {
		for i := len(closers) - 1; i >= 0; i-- {
			start := time.Now()
			closers[i]()
			log.Debug("stopped", zap.Int("step", i), zap.Duration("took", time.Since(start)))
		}
	}()
	// the authorisation is settled first: a gateway that may not start
	// (no tokens on a public address) says so before anything else runs
	if addr := os.Getenv("HAKEM_PPROF_ADDR"); addr != "" {
		stop, err := servePprof(addr, log)
		if err != nil {
			return err
		}
		closers = append(closers, stop)
	}
	var auth *authz.Authoriser
	if cfg.Runs("gateway") {
		if auth, err = authoriser(cfg, log); err != nil {
			return err
		}
	}
	n, err := wiring.StartNATS(cfg, log)
	if err != nil {
		return err
	}
	closers = append(closers, n.Shutdown)
	if err := provisionEmbedded(ctx, n, &cfg, log); err != nil {
		return err
	}
	nc, err := n.Connect("store")
	if err != nil {
		return err
	}
	closers = append(closers, func() { _ = nc.Drain() })
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	parts := events.GamePartitions(cfg.GamePartitions)
	replicas, err := streamReplicas(openCtx, nc, cfg.StreamReplicas, parts, log)
	if err != nil {
		cancel()
		return err
	}
	signer, ring, whole, err := wiring.Keys(cfg)
	if err != nil {
		cancel()
		return err
	}
	guard := &eventstore.StreamGuard{Partitions: parts} // the streams as opened, then watched: startStreamGuard
	store, err := eventstore.Open(openCtx, nc, eventstore.Config{Replicas: replicas, Partitions: parts, Provisioned: cfg.NATSProvisioned, Signer: signer, Keyring: ring, KeyringComplete: whole, Guard: guard.Allow})
	cancel()
	if err != nil {
		return fmt.Errorf("opening the event store: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	metrics := wiring.NewMetrics()
	stopGuard, err := startStreamGuard(ctx, guard, js, metrics, log)
	if err != nil {
		return err
	}
	closers = append(closers, stopGuard)
	stopBackups, err := scheduleBackups(ctx, cfg, n, store, log)
	if err != nil {
		return fmt.Errorf("backup_every: %w", err)
	}
	closers = append(closers, stopBackups)

	routerConn, err := n.Connect("router")
	if err != nil {
		return err
	}
	closers = append(closers, func() { routerConn.Close() })
	inFlight := &wiring.InFlight{}
	router, err := wiring.NewRouter(routerConn, log, metrics, wiring.RouterOptions{InFlight: inFlight, Replicas: replicas, Provisioned: cfg.NATSProvisioned})
	if err != nil {
		return err
	}

	var ports []gateway.Port
	// subConns are the connections of the router's subscribers: drained
	// before the router closes, so that no message is in flight when
	// Watermill closes its channels.
	var subConns []*nats.Conn
	// Reads are served by any process from the log; commands by the
	// service's own process, in process when it runs here, forwarded over
	// NATS request/reply (httpnats) to wherever it runs otherwise.
	gamesApp := games.NewApplication(games.Options{
		Store:      gamesadapters.EventStore{Store: store},
		Feed:       gamesadapters.Feed{JS: js, Partitions: parts},
		Retries:    cfg.CommandRetries,
		CacheGames: 10000,
		Log:        log.With(wiring.Service("games")),
		Metrics:    metrics,
	})
	clocks := &clocksapp.Clocks{
		Store:   gamesadapters.EventStore{Store: store, Writer: events.WriterClocks},
		Retries: cfg.CommandRetries,
		Log:     log.With(wiring.Service("clocks")),
		Metrics: metrics,
	}
	// consume subscribes a router handler to the games' stream through a
	// consumer group of its own (each copy of the service shares it): with
	// several game partitions, a durable consumer of the group's name on
	// each partition's stream, their messages handed to the one handler
	// (wiring.PartitionedGroup).
	consume := func(group, filter string, add func(sub message.Subscriber) error) error {
		conn, err := n.Connect(group)
		if err != nil {
			return err
		}
		streams := parts.Streams(events.KindGame)
		if strings.HasPrefix(filter, string(events.KindTournament)+".") {
			streams = []string{events.KindTournament.StreamName()}
		}
		subscribe := wiring.ConsumerGroup
		if cfg.NATSProvisioned { // bind to the group hakem provision made
			subscribe = wiring.BoundConsumerGroup
		}
		sub, err := groupOver(conn, streams, group, parts, subscribe, log)
		if err != nil {
			conn.Close()
			return err
		}
		subConns = append(subConns, conn)
		// not closed at shutdown: see stopRouter
		return add(sub)
	}
	tournamentFeed := gamesadapters.Feed{JS: js, Kind: events.KindTournament}
	pairing := &pairingapp.Pairing{Store: store, Retries: cfg.CommandRetries, Log: log.With(wiring.Service("pairing")), Metrics: metrics,
		RatingList: pairingapp.RatingListIn(cfg.Data)}
	// a tournament game's PGN names its players (games ports)
	players := func(ctx context.Context, id string) ([]events.PlayerRegistered, error) {
		t, _, _, err := pairing.Load(ctx, id)
		if err != nil {
			return nil, err
		}
		return t.Players, nil
	}
	eventName := func(ctx context.Context, id string) (string, error) {
		t, _, _, err := pairing.Load(ctx, id)
		if err != nil {
			return "", err
		}
		return t.Created.Name, nil
	}
	serveCommands := func(service string, port gateway.Port) error {
		mux := http.NewServeMux()
		port.Register(mux)
		_, err := httpnats.Serve(nc, httpnats.Subject(service), service, httpjson.WithCorrelation(mux), 30*time.Second)
		return err
	}
	forward := func(service string, routes []string) gateway.Port {
		return forwardPort{routes: routes, to: httpnats.Forward(nc, httpnats.Subject(service), 30*time.Second)}
	}
	// The arbiter's hand rulings are served by the arbiter service's
	// process (its NATS user is the one that may write game.<id>.arbiter):
	// rulingApp is the games' application with the arbiter writer, and the
	// games service's own has none unless the arbiter runs here too (an
	// illegal-move report, the games' event, is then ruled on by the
	// arbiter's consumer group arbiter-claims).
	rulingApp := gamesApp
	if !cfg.Runs("arbiter") {
		gamesApp.Arbiter = nil
	}
	gamesCommands := withoutRoutes(gamesports.CommandRoutes, gamesports.RulingRoutes)
	if cfg.Runs("games") {
		ports = append(ports, gamesports.Queries{HTTP: gamesports.HTTP{App: gamesApp, Players: players, EventName: eventName}}, routesOf{gamesports.Commands{HTTP: gamesports.HTTP{App: gamesApp}}, gamesCommands})
		if err := serveCommands("games", routesOf{gamesports.Commands{HTTP: gamesports.HTTP{App: gamesApp}}, gamesCommands}); err != nil {
			return err
		}
		if err := consume("games-results", "game.*."+string(events.WriterGames), func(sub message.Subscriber) error {
			return gamesports.AddResultCounter(router, sub, metrics)
		}); err != nil {
			return err
		}
		roundGames := command.CreateRoundGamesHandler{Create: gamesApp.Commands.CreateGame, Tournament: func(ctx context.Context, id string) (events.TournamentCreated, error) {
			t, _, _, err := pairing.Load(ctx, id)
			if err != nil {
				return events.TournamentCreated{}, err
			}
			return t.Created, nil
		}}
		if err := consume("games-rounds", "tournament.*."+string(events.WriterPairing), func(sub message.Subscriber) error {
			router.AddConsumerHandler("games-rounds", "tournament.*."+string(events.WriterPairing), sub, func(msg *message.Message) error {
				// a round's games, a hand change's new games, and the end of
				// the games a results sheet gives (pairing/domain desk.go)
				env, err := envelopeOf(msg, (events.RoundPaired{}).EventType(), (events.PairingChanged{}).EventType(), (events.ResultsEntered{}).EventType())
				if err != nil || env.Type == "" {
					return err
				}
				if env.Type == (events.ResultsEntered{}).EventType() {
					_, err = command.EndBySheetHandler{Decider: gamesApp.Commands.MakeMove.Decider}.Handle(msg.Context(), env)
					return err
				}
				_, err = roundGames.Handle(msg.Context(), env)
				return err
			})
			return nil
		}); err != nil {
			return err
		}
		endByRuling := command.EndByRulingHandler{Decider: gamesApp.Commands.MakeMove.Decider}
		if err := consume("games-rulings", "game.*."+string(events.WriterArbiter), func(sub message.Subscriber) error {
			router.AddConsumerHandler("games-rulings", "game.*."+string(events.WriterArbiter), sub, func(msg *message.Message) error {
				env, err := envelope(msg, (events.RulingGiven{}).EventType())
				if err != nil || env.Type == "" {
					return err
				}
				_, err = endByRuling.Handle(msg.Context(), env)
				var ref *gamesdomain.Refusal
				if errors.As(err, &ref) {
					log.Warn("ruling not applied", wiring.GameID(env.Aggregate.ID), zap.Error(err))
					return nil
				}
				return err
			})
			return nil
		}); err != nil {
			return err
		}
		// an annulment's replay: ordered and created from the arbiter's
		// events (gamesports.Replays), healed by redelivery after a crash
		if err := consume(gamesports.ReplaysGroup, "game.*."+string(events.WriterArbiter), func(sub message.Subscriber) error {
			gamesports.AddReplays(router, sub, gamesports.Replays{App: gamesApp, Log: log.With(wiring.Service("games"))})
			return nil
		}); err != nil {
			return err
		}
	} else if cfg.Runs("gateway") {
		ports = append(ports, gamesports.Queries{HTTP: gamesports.HTTP{App: gamesApp, Players: players, EventName: eventName}}, forward("games", gamesCommands))
	}
	if cfg.Runs("arbiter") {
		rulings := gamesports.Rulings{HTTP: gamesports.HTTP{App: rulingApp}}
		ports = append(ports, rulings)
		if err := serveCommands("arbiter", rulings); err != nil {
			return err
		}
	} else if cfg.Runs("gateway") {
		ports = append(ports, forward("arbiter", gamesports.RulingRoutes))
	}

	if cfg.Runs("clocks") {
		ports = append(ports, clocksports.HTTP{Clocks: clocks})
		if err := serveCommands("clocks", clocksports.Commands{HTTP: clocksports.HTTP{Clocks: clocks}}); err != nil {
			return err
		}
		if err := consume("clocks-penalties", "game.*."+string(events.WriterArbiter), func(sub message.Subscriber) error {
			router.AddConsumerHandler("clocks-penalties", "game.*."+string(events.WriterArbiter), sub, func(msg *message.Message) error {
				env, err := envelope(msg, (events.PenaltyImposed{}).EventType())
				if err != nil || env.Type == "" {
					return err
				}
				_, err = clocks.ApplyPenalty(msg.Context(), env)
				var ref *clocksdomain.Refusal
				if errors.As(err, &ref) {
					log.Warn("penalty not applied to the clock", wiring.GameID(env.Aggregate.ID), zap.Error(err))
					return nil
				}
				return err
			})
			return nil
		}); err != nil {
			return err
		}
		closers = append(closers, watchFlags(ctx, store, clocks, log))
	} else if cfg.Runs("gateway") {
		ports = append(ports, clocksports.Queries{HTTP: clocksports.HTTP{Clocks: clocks}}, forward("clocks", clocksports.CommandRoutes))
	}

	if cfg.Runs("pairing") {
		ports = append(ports, pairingports.HTTP{Pairing: pairing, Feed: tournamentFeed})
		if err := serveCommands("pairing", pairingports.Commands{HTTP: pairingports.HTTP{Pairing: pairing, Feed: tournamentFeed}}); err != nil {
			return err
		}
	} else if cfg.Runs("gateway") {
		ports = append(ports, pairingports.Queries{HTTP: pairingports.HTTP{Pairing: pairing, Feed: tournamentFeed}}, forward("pairing", pairingports.CommandRoutes))
	}

	if cfg.Runs("scoring") {
		sc := &scoringapp.Scoring{Pairing: pairing, Retries: cfg.CommandRetries, Log: log.With(wiring.Service("scoring")), Metrics: metrics}
		if err := consume("scoring-rounds", "tournament.*."+string(events.WriterPairing), func(sub message.Subscriber) error {
			router.AddConsumerHandler("scoring-rounds", "tournament.*."+string(events.WriterPairing), sub, func(msg *message.Message) error {
				env, err := envelopeOf(msg, (events.RoundClosed{}).EventType(), (events.ResultCorrected{}).EventType())
				if err != nil || env.Type == "" {
					return err
				}
				if env.Type == (events.ResultCorrected{}).EventType() { // the standings follow a correction
					_, err = sc.PublishCorrected(msg.Context(), env)
					return err
				}
				_, err = sc.Publish(msg.Context(), env)
				return err
			})
			return nil
		}); err != nil {
			return err
		}
	}

	if cfg.Runs("arbiter") {
		arb := &arbiterapp.Arbiter{
			Store:   gamesadapters.EventStore{Store: store, Writer: events.WriterArbiter},
			Retries: cfg.CommandRetries,
			Log:     log.With(wiring.Service("arbiter")),
			Metrics: metrics,
		}
		// the arbiter rules on every draw claim and every reported illegal
		// move (both the games service's events) once, keyed by the event
		if err := consume("arbiter-claims", "game.*."+string(events.WriterGames), func(sub message.Subscriber) error {
			router.AddConsumerHandler("arbiter-claims", "game.*."+string(events.WriterGames), sub, func(msg *message.Message) error {
				env, err := envelope(msg, (events.DrawClaimed{}).EventType())
				if err != nil {
					return err
				}
				if env.Type != "" {
					_, err = arb.RuleOnClaim(msg.Context(), env)
					return err
				}
				if env, err = envelope(msg, (events.IllegalMoveReported{}).EventType()); err != nil || env.Type == "" {
					return err
				}
				_, err = arb.RuleOnIllegal(msg.Context(), env)
				return err
			})
			return nil
		}); err != nil {
			return err
		}
		if err := consume("arbiter-flags", "game.*."+string(events.WriterClocks), func(sub message.Subscriber) error {
			router.AddConsumerHandler("arbiter-flags", "game.*."+string(events.WriterClocks), sub, func(msg *message.Message) error {
				env, err := envelope(msg, (events.FlagFell{}).EventType())
				if err != nil || env.Type == "" {
					return err
				}
				_, err = arb.RuleOnFlag(msg.Context(), env)
				return err
			})
			return nil
		}); err != nil {
			return err
		}
		// a penalty of expulsion in a game expels the player from its
		// tournament (arbiter.player_expelled, written as the arbiter on
		// tournament.<id>.arbiter, keyed by the penalty)
		if err := consume("arbiter-expulsions", "game.*."+string(events.WriterArbiter), func(sub message.Subscriber) error {
			router.AddConsumerHandler("arbiter-expulsions", "game.*."+string(events.WriterArbiter), sub, func(msg *message.Message) error {
				env, err := envelope(msg, (events.PenaltyImposed{}).EventType())
				if err != nil || env.Type == "" {
					return err
				}
				_, err = pairing.ExpelOnPenalty(msg.Context(), env)
				return err
			})
			return nil
		}); err != nil {
			return err
		}
	}

	routerDone := make(chan error, 1)
	// the router's own context, never cancelled: cancelling it while a
	// message is in flight makes Watermill's JetStream subscriber panic
	// (see stopRouter); the process ends instead
	routerCtx := context.Background()
	go func() { routerDone <- router.Run(routerCtx) }()
	closers = append(closers, func() { stopRouter(inFlight, subConns, log) })
	select {
	case <-router.Running():
	case err := <-routerDone:
		return fmt.Errorf("router: %w", err)
	case <-ctx.Done():
		return nil
	}

	// every process serves /livez, /readyz and /metrics on its HTTP
	// address (the probes and the scrapes need them); the API and the web
	// pages only where the gateway runs
	gwDone := make(chan error, 1)
	if l == nil {
		if l, err = net.Listen("tcp", cfg.HTTP); err != nil {
			return fmt.Errorf("http: %w", err)
		}
	}
	addr := l.Addr().String()
	readyz := func(ctx context.Context) error { return wiring.Ready(ctx, nc) }
	var gw *gateway.Gateway
	if cfg.Runs("gateway") {
		// the web pages and their reads (the games' queries and feed, the log)
		ports = append(ports, web.Pages{Games: gamesApp, Store: store, Tournaments: tournamentFeed, Tokens: auth.Tokens}, primaryMachine(cfg, n, js))
		checkpoints, stopWitness, err := startWitness(ctx, n, cfg, log)
		if err != nil {
			return err
		}
		closers = append(closers, stopWitness)
		ports = append(ports, checkpoints)
		gw = gateway.New(log.With(wiring.Service("gateway")), metrics, readyz, ports...)
		auth.GameTournament = func(ctx context.Context, id string) (string, error) {
			g, err := gamesApp.Queries.Game.Handle(ctx, id)
			if err != nil {
				return "", err
			}
			return g.Tournament, nil
		}
		gw.Authorise(auth)
		log.Info("gateway listening", zap.String("http", addr), zap.Bool("auth", auth.Tokens != nil))
	} else {
		gw = gateway.New(log.With(wiring.Service("health")), metrics, readyz)
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
	if gw != nil {
		sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		if err := gw.Shutdown(sctx); err != nil && !errors.Is(err, context.Canceled) {
			log.Warn("gateway shutdown", zap.Error(err))
		}
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

// routesOf mounts only the routes of port that are listed (the others it
// registers are left out of the process's mux).
type routesOf struct {
	port   gateway.Port
	routes []string
}

// Register implements gateway.Port.
func (p routesOf) Register(mux *http.ServeMux) {
	inner := http.NewServeMux()
	p.port.Register(inner)
	for _, r := range p.routes {
		mux.Handle(r, inner)
	}
}

// withoutRoutes is routes less those in drop.
func withoutRoutes(routes, drop []string) []string {
	var out []string
	for _, r := range routes {
		if !slices.Contains(drop, r) {
			out = append(out, r)
		}
	}
	return out
}

// envelope decodes a router message's event if it is of type want (the
// zero envelope otherwise: most events on a subject, every move on the
// games' subjects, are not what a handler reacts to). The type is read
// first from the layout the events module writes (wiring.EventType); only an
// event of type want, or one laid out otherwise, is decoded.
// envelopeOf is envelope for any of the types wanted.
func envelopeOf(msg *message.Message, want ...string) (events.Envelope, error) {
	for _, w := range want {
		if env, err := envelope(msg, w); err != nil || env.Type != "" {
			return env, err
		}
	}
	return events.Envelope{}, nil
}

func envelope(msg *message.Message, want string) (events.Envelope, error) {
	if t, ok := wiring.EventType(msg.Payload); ok && string(t) != want {
		return events.Envelope{}, nil
	}
	var env events.Envelope
	if err := env.UnmarshalJSON(msg.Payload); err != nil {
		return events.Envelope{}, fmt.Errorf("event %s: %w", msg.UUID, err)
	}
	if env.Type != want {
		return events.Envelope{}, nil
	}
	return env, nil
}
