package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/authz"
	"github.com/hakem-chess/hakem/services/clocks"
	"github.com/hakem-chess/hakem/services/games"
	"github.com/hakem-chess/hakem/services/gateway"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/hakem-chess/hakem/services/pairing"
	"github.com/hakem-chess/hakem/services/scoring"
	"github.com/hakem-chess/hakem/services/standby"
	"github.com/hakem-chess/hakem/services/web"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/zap"
)

// Run runs the configured services until ctx ends, then shuts them down
// gracefully within cfg.ShutdownTimeout. ready, if not nil, is called with
// the gateway's address once everything accepts work.
//
// With cfg.Standby it first runs as the standby of that primary (reads
// only, its streams mirrors of the primary's: runStandby); once promoted
// (hakem promote) it goes on as the primary on the same HTTP listener. A
// data folder whose standby was promoted runs as the primary even with
// cfg.Standby still set.
func Run(ctx context.Context, cfg wiring.Config, log *zap.Logger, ready func(httpAddr string)) error {
	applyMemory(cfg.Memory, log)
	if cfg.Standby == "" {
		return runPrimary(ctx, cfg, log, ready, nil)
	}
	p, promoted, err := standby.ReadPromoted(cfg.Data)
	if err != nil {
		return err
	}
	if promoted {
		log.Warn("this data folder's standby was promoted: running as the primary (unset HAKEM_STANDBY / --standby)",
			zap.Time("promoted_at", p.At), zap.String("old_primary", p.Primary))
		cfg.Standby = ""
		return runPrimary(ctx, cfg, log, ready, nil)
	}
	l, err := net.Listen("tcp", cfg.HTTP)
	if err != nil {
		return fmt.Errorf("http: %w", err)
	}
	h := newHandoff(l)
	defer l.Close()
	if promoted, err = runStandby(ctx, cfg, log, ready, h.listener()); err != nil || !promoted {
		return err
	}
	cfg.Standby = ""
	log.Info("promoted: this machine is now the primary; starting the services")
	return runPrimary(ctx, cfg, log, ready, h.listener())
}

// runStandby runs this process as the standby of cfg.Standby until ctx
// ends (false) or it is promoted (true): the embedded server follows the
// primary's as a leaf node and mirrors each of its streams; the gateway
// serves the reads, GET /api/standby, /standby and /readyz with the lag,
// and refuses every write with 503 standby. No service runs: nothing is
// decided or appended here.
func runStandby(ctx context.Context, cfg wiring.Config, log *zap.Logger, ready func(string), l net.Listener) (promoted bool, err error) {
	var closers []func()
	defer func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}()
	if !cfg.Runs("gateway") {
		return false, errors.New("standby: a standby serves the reads: run the gateway (leave only unset)")
	}
	auth, err := authoriser(cfg, log)
	if err != nil {
		return false, err
	}
	m, gw, err := startStandby(ctx, cfg, log, auth, &closers)
	if err != nil {
		return false, err
	}
	return serveStandby(ctx, cfg, log, ready, l, m, gw, &closers)
}

// startStandby starts the embedded server as the primary's leaf node,
// creates the mirrors of its streams and opens the event store on them;
// it returns the standby's machine and its gateway (standbyGateway).
// What it starts is stopped by closers, the last first.
func startStandby(ctx context.Context, cfg wiring.Config, log *zap.Logger, auth *authz.Authoriser, closers *[]func()) (*standbyMachine, *gateway.Gateway, error) {
	n, err := wiring.StartNATS(cfg, log)
	if err != nil {
		return nil, nil, err
	}
	*closers = append(*closers, n.Shutdown)
	admin, err := n.Connect(wiring.AdminConn)
	if err != nil {
		return nil, nil, err
	}
	*closers = append(*closers, admin.Close)
	octx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	made, err := standby.CreateMirrors(octx, admin, wiring.PrimaryDomain, events.GamePartitions(cfg.GamePartitions))
	if err != nil {
		return nil, nil, err
	}
	log.Info("standby: following the primary", zap.String("primary", wiring.RedactURL(cfg.Standby)), zap.Strings("mirrors_created", made))
	nc, err := n.Connect("store")
	if err != nil {
		return nil, nil, err
	}
	*closers = append(*closers, nc.Close)
	store, err := eventstore.Open(octx, nc, eventstore.Config{Provisioned: true, Mirrors: true, Partitions: events.GamePartitions(cfg.GamePartitions)})
	if err != nil {
		return nil, nil, fmt.Errorf("standby: opening the mirrors: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, nil, err
	}
	ajs, err := jetstream.New(admin)
	if err != nil {
		return nil, nil, err
	}
	metrics := wiring.NewMetrics()
	m := &standbyMachine{cfg: cfg, log: log, n: n, admin: admin, js: ajs, gauges: standby.NewGauges(metrics.Registry),
		primary: wiring.RedactURL(cfg.Standby), promoted: make(chan struct{})}
	return m, standbyGateway(cfg, log, store, js, metrics, m, auth), nil
}

// serveStandby serves the standby's gateway gw on l and keeps the lag
// gauges of m current until ctx ends (false) or m is promoted (true); then
// it shuts the gateway down within cfg.ShutdownTimeout.
func serveStandby(ctx context.Context, cfg wiring.Config, log *zap.Logger, ready func(string), l net.Listener, m *standbyMachine, gw *gateway.Gateway, closers *[]func()) (promoted bool, err error) {
	streams, endStreams := context.WithCancel(context.Background())
	defer endStreams()
	srv := &http.Server{Handler: m.handler(gw.Handler()), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		BaseContext: func(net.Listener) context.Context { return streams }}
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.Serve(l) }()
	gaugeCtx, stopGauges := context.WithCancel(ctx)
	gaugesDone := make(chan struct{})
	go func() {
		defer close(gaugesDone)
		m.watch(gaugeCtx)
	}()
	*closers = append(*closers, func() { stopGauges(); <-gaugesDone })
	log.Info("hakem serve ready as a standby: reads only, writes refused (503 standby)", zap.String("http", l.Addr().String()),
		zap.String("primary", m.primary))
	if ready != nil {
		ready(l.Addr().String())
	}
	select {
	case <-ctx.Done():
	case <-m.promoted:
		promoted = true
	case err := <-srvDone:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			return false, fmt.Errorf("gateway: %w", err)
		}
	}
	endStreams()
	sctx, cancelShutdown := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancelShutdown()
	_ = gw.Shutdown(sctx)
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.Canceled) {
		log.Warn("standby gateway shutdown", zap.Error(err))
	}
	return promoted, nil
}

// standbyGateway is the standby's gateway: the services' reads on the
// mirrors, the pages and GET /api/standby, behind the authorisation.
func standbyGateway(cfg wiring.Config, log *zap.Logger, store *eventstore.Store, js jetstream.JetStream, metrics *wiring.Metrics, m *standbyMachine, auth *authz.Authoriser) *gateway.Gateway {
	g := games.New(games.Deps{Store: store, Feed: gamelog.JetStreamFeed{JS: js, Partitions: events.GamePartitions(cfg.GamePartitions)},
		Retries: cfg.CommandRetries, Log: log, Metrics: metrics})
	tournaments := gamelog.JetStreamFeed{JS: js, Kind: events.KindTournament}
	// the services' reads, as their root packages build them
	var reads []gateway.Port
	for _, p := range []wiring.Plug{
		g.Plug,
		clocks.New(clocks.Deps{Store: store, Retries: cfg.CommandRetries, Log: log, Metrics: metrics}),
		pairing.New(pairing.Deps{Store: store, Feed: tournaments, Retries: cfg.CommandRetries, Log: log, Metrics: metrics, Data: cfg.Data, GamePGN: g.GamePGN}),
		scoring.New(scoring.Deps{Store: store, Retries: cfg.CommandRetries, Log: log, Metrics: metrics}),
	} {
		for _, q := range p.Queries {
			reads = append(reads, q)
		}
	}
	reads = append(reads, web.Pages{Games: g.App.Feed, Store: store, Tournaments: tournaments}, standby.HTTP{Machine: m})
	gw := gateway.New(log.With(wiring.Service("gateway")), metrics, func(context.Context) error { return nil }, reads...)
	auth.GameTournament = gameTournament(g)
	gw.Authorise(auth)
	return gw
}

// standbyMachine is the standby process the routes of standby.HTTP
// describe and promote.
type standbyMachine struct {
	cfg     wiring.Config
	log     *zap.Logger
	n       *wiring.NATS
	admin   *nats.Conn
	js      jetstream.JetStream
	gauges  *standby.Gauges
	primary string

	mu        sync.Mutex
	done      bool
	promotion standby.Status
	promoted  chan struct{}
}

// Status implements standby.Machine.
func (m *standbyMachine) Status(ctx context.Context) standby.Status {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m.mu.Lock()
	done := m.done
	m.mu.Unlock()
	role := standby.RoleStandby
	if done {
		role = standby.RolePrimary
	}
	st := standby.Observe(ctx, m.js, role, events.GamePartitions(m.cfg.GamePartitions))
	st.Primary, st.Connected = m.primary, m.n.Embedded.LeafConnected()
	return st
}

// Promote implements standby.Machine: the mirrors become the primary's
// streams, the promotion is recorded in the data folder, and Run goes on as
// the primary. A second promotion answers the first one's status.
func (m *standbyMachine) Promote(ctx context.Context, req standby.PromoteRequest) (standby.Status, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	by := req.By
	if !m.done {
		// a primary that was just killed: its connection is gone within
		// moments; one still there after a few seconds is alive
		for wait := time.Now().Add(3 * time.Second); !req.Force && m.n.Embedded.LeafConnected(); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(wait) || ctx.Err() != nil {
				return standby.Status{}, standby.ErrPrimaryConnected
			}
		}
		last, err := standby.Promote(ctx, m.admin, m.cfg.StreamReplicas, events.GamePartitions(m.cfg.GamePartitions), m.log)
		if err != nil {
			return standby.Status{}, err
		}
		if err := standby.WritePromoted(m.cfg.Data, standby.Promotion{At: time.Now().UTC(), Primary: m.primary, By: by, LastSeq: last}); err != nil {
			return standby.Status{}, err
		}
		m.done = true
		m.log.Warn("standby promoted: its streams are the primary's now", zap.String("old_primary", m.primary), zap.String("by", by), zap.Any("last_seq", last))
		m.promotion = standby.Observe(ctx, m.js, standby.RolePrimary, events.GamePartitions(m.cfg.GamePartitions))
		m.promotion.Primary = m.primary
		// Run goes on as the primary once this request is answered (the
		// standby's gateway waits for it)
		close(m.promoted)
	}
	return m.promotion, nil
}

// watch keeps the lag gauges current until ctx ends.
func (m *standbyMachine) watch(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		m.gauges.Set(m.Status(ctx))
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// handler puts, in front of the standby's gateway, its /readyz (ready
// once every mirror exists, with the lag) and the refusal of every write:
// any method but GET and HEAD under /api/, but the promotion.
func (m *standbyMachine) handler(gw http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		read := r.Method == http.MethodGet || r.Method == http.MethodHead
		switch {
		case r.URL.Path == "/readyz" && read:
			st := m.Status(r.Context())
			if st.Role == standby.RolePrimary {
				httpjson.Error(w, http.StatusServiceUnavailable, "not_ready", "promoted: the primary's services are starting")
				return
			}
			for _, s := range st.Streams {
				if s.Error != "" && !s.Mirror {
					httpjson.Error(w, http.StatusServiceUnavailable, "not_ready", "standby: stream "+s.Stream+": "+s.Error)
					return
				}
			}
			httpjson.Write(w, http.StatusOK, map[string]any{"status": "ready", "role": st.Role, "primary": st.Primary,
				"connected": st.Connected, "lag_messages": st.LagMessages, "last_contact_seconds": st.LastContactSeconds})
		case strings.HasPrefix(r.URL.Path, "/api/") && !read && r.URL.Path != "/api/standby/promote":
			standby.Refuse(w, m.primary)
		default:
			gw.ServeHTTP(w, r)
		}
	})
}

// primaryMachine is the port of GET /api/standby and /standby on a
// primary: its role, whether a standby follows it, its streams.
func primaryMachine(cfg wiring.Config, n *wiring.NATS, js jetstream.JetStream) gateway.Port {
	return standby.HTTP{Machine: primary{cfg: cfg, n: n, js: js}}
}

type primary struct {
	cfg wiring.Config
	n   *wiring.NATS
	js  jetstream.JetStream
}

// Status implements standby.Machine.
func (p primary) Status(ctx context.Context) standby.Status {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	st := standby.Observe(ctx, p.js, standby.RolePrimary, events.GamePartitions(p.cfg.GamePartitions))
	st.StandbyListen = p.cfg.StandbyListen
	st.Connected = p.n.IsEmbedded() && p.n.Embedded.LeafConnected()
	if pr, ok, _ := standby.ReadPromoted(p.cfg.Data); ok {
		st.PromotedAt, st.Primary = &pr.At, ""
	}
	return st
}

// Promote implements standby.Machine.
func (primary) Promote(context.Context, standby.PromoteRequest) (standby.Status, error) {
	return standby.Status{}, standby.ErrNotStandby
}

// handoff accepts HTTP connections on the process's listener for its whole
// life and hands each to the server of the moment: the standby's gateway,
// then, once promoted, the primary's, without closing the port between.
type handoff struct {
	l     net.Listener
	conns chan net.Conn
}

func newHandoff(l net.Listener) *handoff {
	h := &handoff{l: l, conns: make(chan net.Conn)}
	go func() {
		defer close(h.conns)
		for {
			c, err := l.Accept()
			if err != nil {
				if errors.Is(err, net.ErrClosed) {
					return
				}
				time.Sleep(10 * time.Millisecond)
				continue
			}
			h.conns <- c
		}
	}()
	return h
}

// listener is a listener of the handoff's connections for one server;
// closing it leaves the process's listener open for the next.
func (h *handoff) listener() net.Listener {
	return &handoffListener{h: h, closed: make(chan struct{})}
}

type handoffListener struct {
	h      *handoff
	once   sync.Once
	closed chan struct{}
}

func (l *handoffListener) Accept() (net.Conn, error) {
	select {
	case <-l.closed:
		return nil, net.ErrClosed
	default:
	}
	select {
	case c, ok := <-l.h.conns:
		if !ok {
			return nil, net.ErrClosed
		}
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

func (l *handoffListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

func (l *handoffListener) Addr() net.Addr { return l.h.l.Addr() }
