// Package gateway is Hakem's HTTP front door: health (/livez, /readyz),
// Prometheus metrics (/metrics) and the JSON API under /api/, into which
// each service mounts its port (in process, or forwarded over NATS
// request/reply to a service running elsewhere, see internal/httpnats),
// behind the bearer-token authorisation of package authz. A process that
// runs no gateway uses the same server for its health and metrics only.
package gateway

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/services/authz"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// Port is a service's HTTP API, mounted on the gateway's mux.
type Port interface {
	Register(mux *http.ServeMux)
}

// Gateway is the HTTP server.
type Gateway struct {
	mux     *http.ServeMux
	srv     *http.Server
	log     *zap.Logger
	metrics *wiring.Metrics
	// streams ends the long-lived responses (NDJSON streams) on shutdown.
	streams context.Context
	stop    context.CancelFunc
	// api is the mux behind the authorisation (see Authorise).
	api http.Handler
	// requests and durations hold the metrics' children already looked
	// up (requestLabels -> prometheus.Counter, route ->
	// prometheus.Observer): WithLabelValues hashes its labels at every
	// call.
	requests, durations sync.Map
}

// requestLabels are the labels of HTTPRequests.
type requestLabels struct {
	route, method string
	status        int
}

// New returns a gateway whose /readyz answers with ready's verdict and
// whose API is made of ports.
func New(log *zap.Logger, m *wiring.Metrics, ready func(context.Context) error, ports ...Port) *Gateway {
	g := &Gateway{mux: http.NewServeMux(), log: log, metrics: m}
	g.streams, g.stop = context.WithCancel(context.Background())
	g.api = (*authz.Authoriser)(nil).Wrap(g.mux, g.mux)
	g.mux.HandleFunc("GET /livez", func(w http.ResponseWriter, r *http.Request) {
		httpjson.Write(w, http.StatusOK, map[string]string{"status": "alive"})
	})
	g.mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := ready(ctx); err != nil {
			httpjson.Error(w, http.StatusServiceUnavailable, "not_ready", err.Error())
			return
		}
		httpjson.Write(w, http.StatusOK, map[string]string{"status": "ready"})
	})
	g.mux.Handle("GET /metrics", m.Handler())
	for _, p := range ports {
		p.Register(g.mux)
	}
	g.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		httpjson.Error(w, http.StatusNotFound, "no_route", r.Method+" "+r.URL.Path+": no such endpoint")
	})
	return g
}

// Authorise puts a in front of the routes: every request is checked against
// the policy of the pattern it would be dispatched to (see package authz).
// Without it (or with a nil a.Tokens) the gateway is open. Call before
// Serve.
func (g *Gateway) Authorise(a *authz.Authoriser) {
	g.api = a.Wrap(g.mux, g.mux)
}

// Handler returns the gateway's handler with its middlewares: correlation
// ids, metrics by route pattern, recovery of a panicking handler as a 500
// (the process stays up) and the authorisation (see Authorise).
func (g *Gateway) Handler() http.Handler {
	return httpjson.WithCorrelation(http.HandlerFunc(g.serve))
}

func (g *Gateway) serve(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	defer func() {
		if p := recover(); p != nil {
			if errors.Is(asError(p), http.ErrAbortHandler) {
				panic(p)
			}
			g.log.Error("handler panicked", zap.Any("panic", p), zap.String("path", r.URL.Path))
			if !sw.wrote {
				httpjson.Error(sw, http.StatusInternalServerError, "internal", "internal error")
			}
		}
		route := r.Pattern
		if route == "" {
			_, route = g.mux.Handler(r)
		}
		if route == "" {
			route = "unmatched"
		}
		g.measure(route, r.Method, sw.status, time.Since(start))
	}()
	g.api.ServeHTTP(sw, r)
}

// measure counts a request and observes its duration (HTTPRequests,
// HTTPDuration), through the children looked up before when it can: a
// request of a method outside the standard ones (any string a client
// sends) is counted without keeping its child here.
func (g *Gateway) measure(route, method string, status int, d time.Duration) {
	key := requestLabels{route, method, status}
	var c prometheus.Counter
	if v, ok := g.requests.Load(key); ok {
		c = v.(prometheus.Counter)
	} else {
		c = g.metrics.HTTPRequests.WithLabelValues(route, method, strconv.Itoa(status))
		if standardMethod(method) {
			g.requests.Store(key, c)
		}
	}
	c.Inc()
	var o prometheus.Observer
	if v, ok := g.durations.Load(route); ok {
		o = v.(prometheus.Observer)
	} else {
		o = g.metrics.HTTPDuration.WithLabelValues(route)
		g.durations.Store(route, o) // a pattern of the mux, or "unmatched"
	}
	o.Observe(d.Seconds())
}

// standardMethod reports whether m is one of HTTP's methods.
func standardMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return true
	}
	return false
}

func asError(p any) error {
	if err, ok := p.(error); ok {
		return err
	}
	return nil
}

// statusWriter remembers the status code for the metrics.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

// WriteHeader remembers the first status code.
func (s *statusWriter) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

// Write writes the body (status 200 if none was set).
func (s *statusWriter) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

// Flush lets NDJSON streams through the wrapper.
func (s *statusWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the real writer.
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Serve accepts connections on l until Shutdown.
func (g *Gateway) Serve(l net.Listener) error {
	g.srv = &http.Server{
		Handler:           g.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return g.streams },
	}
	err := g.srv.Serve(l)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown ends the live streams, stops accepting and waits for the
// requests in flight, at most until ctx ends.
func (g *Gateway) Shutdown(ctx context.Context) error {
	g.stop()
	if g.srv == nil {
		return nil
	}
	return g.srv.Shutdown(ctx)
}
