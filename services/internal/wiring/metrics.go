package wiring

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds the Prometheus collectors every service shares. All names
// start with hakem_, use base units (seconds, totals) and never carry a game
// or player id as a label, so that their cardinality stays bounded by the
// code, not by the number of games.
type Metrics struct {
	// Registry is this process's registry (not the global default).
	Registry *prometheus.Registry
	// HTTPRequests counts gateway requests by route pattern, method and code.
	HTTPRequests *prometheus.CounterVec
	// HTTPDuration observes gateway request durations by route pattern.
	HTTPDuration *prometheus.HistogramVec
	// Commands counts handled commands by service, command and outcome
	// (ok, rejected, conflict, error).
	Commands *prometheus.CounterVec
	// CommandDuration observes command handling durations.
	CommandDuration *prometheus.HistogramVec
	// EventsAppended counts events written by service and event type.
	EventsAppended *prometheus.CounterVec
	// AppendConflicts counts optimistic-concurrency conflicts that made a
	// command decide again on fresh state.
	AppendConflicts *prometheus.CounterVec
	// MessagesHandled counts router messages by handler and outcome
	// (ok, retried, poisoned).
	MessagesHandled *prometheus.CounterVec
}

// NewMetrics creates the registry with the Go runtime and process
// collectors and Hakem's own metrics.
func NewMetrics() *Metrics {
	r := prometheus.NewRegistry()
	r.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m := &Metrics{
		Registry: r,
		HTTPRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hakem_http_requests_total", Help: "HTTP requests by route pattern, method and status code.",
		}, []string{"route", "method", "code"}),
		HTTPDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "hakem_http_request_duration_seconds", Help: "HTTP request durations by route pattern.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
		Commands: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hakem_commands_total", Help: "Commands handled by service, command and outcome.",
		}, []string{"service", "command", "outcome"}),
		CommandDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "hakem_command_duration_seconds", Help: "Command handling durations, from load to append.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1},
		}, []string{"service", "command"}),
		EventsAppended: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hakem_events_appended_total", Help: "Events appended by service and event type.",
		}, []string{"service", "type"}),
		AppendConflicts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hakem_append_conflicts_total", Help: "Append conflicts that made a command decide again.",
		}, []string{"service"}),
		MessagesHandled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hakem_messages_handled_total", Help: "Router messages by handler and outcome.",
		}, []string{"handler", "outcome"}),
	}
	r.MustRegister(m.HTTPRequests, m.HTTPDuration, m.Commands, m.CommandDuration,
		m.EventsAppended, m.AppendConflicts, m.MessagesHandled)
	return m
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
}
