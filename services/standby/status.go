package standby

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
)

// The roles of a hakem serve process.
const (
	RolePrimary = "primary"
	RoleStandby = "standby"
)

// Status is what GET /api/standby answers: which machine this is and, on a
// standby, how far behind the primary each mirror is.
type Status struct {
	// Role is primary or standby.
	Role string `json:"role"`
	// Primary is the primary's URL (its password redacted), on a standby.
	Primary string `json:"primary,omitempty"`
	// Connected: on a standby, its leaf connection to the primary is up;
	// on a primary, a standby is connected to it.
	Connected bool `json:"connected"`
	// StandbyListen is where a primary accepts its standby ("" if it
	// does not).
	StandbyListen string `json:"standby_listen,omitempty"`
	// PromotedAt is when this machine, once a standby, was promoted.
	PromotedAt *time.Time `json:"promoted_at,omitempty"`
	// LagMessages is the largest lag of the streams (a standby's), and
	// LastContactSeconds the longest time since a mirror last heard from
	// the primary.
	LagMessages        uint64  `json:"lag_messages"`
	LastContactSeconds float64 `json:"last_contact_seconds"`
	// Streams is each stream's state.
	Streams []StreamStatus `json:"streams"`
}

// StreamStatus is one stream of Status.
type StreamStatus struct {
	Stream string `json:"stream"`
	// LastSeq and LastTime are the stream's last message here.
	LastSeq  uint64     `json:"last_seq"`
	LastTime *time.Time `json:"last_time,omitempty"`
	// Mirror: the stream is a mirror of the primary's; LagMessages is how
	// many of the primary's messages it has not copied yet, as the
	// primary last told it, and LastContactSeconds how long ago that was
	// (-1: never).
	Mirror             bool    `json:"mirror"`
	LagMessages        uint64  `json:"lag_messages"`
	LastContactSeconds float64 `json:"last_contact_seconds"`
	// Error is the mirror's error, or why the stream could not be read.
	Error string `json:"error,omitempty"`
}

// Observe reads the state of every stream of Streams through js.
func Observe(ctx context.Context, js jetstream.JetStream, role string, parts events.GamePartitions) Status {
	st := Status{Role: role}
	for _, name := range Streams(parts) {
		ss := StreamStatus{Stream: name}
		s, err := js.Stream(ctx, name)
		if err != nil {
			ss.Error = err.Error()
			st.Streams = append(st.Streams, ss)
			continue
		}
		info := s.CachedInfo()
		ss.LastSeq = info.State.LastSeq
		if !info.State.LastTime.IsZero() {
			t := info.State.LastTime.UTC()
			ss.LastTime = &t
		}
		if m := info.Mirror; m != nil {
			ss.Mirror, ss.LagMessages, ss.LastContactSeconds = true, m.Lag, m.Active.Seconds()
			if m.Active < 0 {
				ss.LastContactSeconds = -1
			}
			if m.Error != nil {
				ss.Error = m.Error.Error()
			}
		}
		st.LagMessages = max(st.LagMessages, ss.LagMessages)
		if ss.Mirror && (ss.LastContactSeconds < 0 || st.LastContactSeconds < 0) {
			st.LastContactSeconds = -1
		} else {
			st.LastContactSeconds = max(st.LastContactSeconds, ss.LastContactSeconds)
		}
		st.Streams = append(st.Streams, ss)
	}
	return st
}

// Gauges are the standby's Prometheus metrics.
type Gauges struct {
	// Lag is hakem_standby_lag_messages{stream}: messages of the
	// primary's stream the mirror has not copied yet.
	Lag *prometheus.GaugeVec
	// LastContact is hakem_standby_last_contact_seconds{stream}: since
	// the mirror last heard from the primary (-1: never).
	LastContact *prometheus.GaugeVec
	// Standby is hakem_standby: 1 on a standby, 0 on a primary.
	Standby prometheus.Gauge
}

// NewGauges registers the gauges on r.
func NewGauges(r prometheus.Registerer) *Gauges {
	g := &Gauges{
		Lag: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "hakem_standby_lag_messages",
			Help: "Messages of the primary's stream that this standby's mirror has not copied yet."}, []string{"stream"}),
		LastContact: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "hakem_standby_last_contact_seconds",
			Help: "Seconds since this standby's mirror of the stream last heard from the primary (-1: never)."}, []string{"stream"}),
		Standby: prometheus.NewGauge(prometheus.GaugeOpts{Name: "hakem_standby",
			Help: "1 while this process is a standby (its writes refused), 0 once it is the primary."}),
	}
	r.MustRegister(g.Lag, g.LastContact, g.Standby)
	return g
}

// Set records st on the gauges.
func (g *Gauges) Set(st Status) {
	if st.Role == RoleStandby {
		g.Standby.Set(1)
	} else {
		g.Standby.Set(0)
	}
	for _, s := range st.Streams {
		if !s.Mirror {
			g.Lag.DeleteLabelValues(s.Stream)
			g.LastContact.DeleteLabelValues(s.Stream)
			continue
		}
		g.Lag.WithLabelValues(s.Stream).Set(float64(s.LagMessages))
		g.LastContact.WithLabelValues(s.Stream).Set(s.LastContactSeconds)
	}
}
