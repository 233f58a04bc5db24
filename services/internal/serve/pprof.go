package serve

import (
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"go.uber.org/zap"
)

// servePprof serves Go's profiles (/debug/pprof/) on addr, a listener of
// its own apart from the gateway: only when HAKEM_PPROF_ADDR is set (off by
// default), for profiling a running process; it must be a loopback address.
func servePprof(addr string, log *zap.Logger) (func(), error) {
	if !loopback(addr) {
		return nil, fmt.Errorf("HAKEM_PPROF_ADDR %s: profiles are served on a loopback address only", addr)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("pprof: %w", err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(l) }()
	log.Warn("serving Go profiles (HAKEM_PPROF_ADDR)", zap.String("addr", l.Addr().String()))
	return func() { _ = srv.Close() }, nil
}
