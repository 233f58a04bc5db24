package gateway

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/zap"
)

// TestRequestMetrics: every request is counted by its route, method and
// status, and timed by its route, request after request, a method outside
// HTTP's own included (counted, its child not kept by the gateway).
func TestRequestMetrics(t *testing.T) {
	m := wiring.NewMetrics()
	g := New(zap.NewNop(), m, func(context.Context) error { return nil })
	h := g.Handler()
	for _, req := range []struct{ method, path string }{
		{"GET", "/livez"}, {"GET", "/livez"}, {"GET", "/livez"},
		{"POST", "/api/nothing"}, {"BREW", "/api/nothing"}, {"BREW", "/api/nothing"},
	} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(req.method, req.path, nil))
	}
	for _, c := range []struct {
		route, method, code string
		want                float64
	}{
		{"GET /livez", "GET", "200", 3},
		{"/api/", "POST", "404", 1},
		{"/api/", "BREW", "404", 2},
	} {
		if got := testutil.ToFloat64(m.HTTPRequests.WithLabelValues(c.route, c.method, c.code)); got != c.want {
			t.Errorf("%s %s %s: counted %v, want %v", c.route, c.method, c.code, got, c.want)
		}
	}
	if _, kept := g.requests.Load(requestLabels{"/api/", "BREW", http.StatusNotFound}); kept {
		t.Error("a method outside HTTP's own kept in the gateway's children")
	}
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	observed := map[string]uint64{}
	for _, f := range families {
		if f.GetName() == "hakem_http_request_duration_seconds" {
			for _, s := range f.GetMetric() {
				observed[s.GetLabel()[0].GetValue()] += s.GetHistogram().GetSampleCount()
			}
		}
	}
	if observed["GET /livez"] != 3 || observed["/api/"] != 3 {
		t.Errorf("durations observed: %v, want 3 for each route", observed)
	}
}
