package httpjson

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/nats-io/nats.go"
)

// TestRefused: a refusal, however wrapped, is answered with the status and
// code its kind maps to and its precise reason; any other error is a 500.
func TestRefused(t *testing.T) {
	errGone := errors.New("gone")
	statusOf := func(kind error) (int, string) {
		if kind == errGone {
			return http.StatusNotFound, "not_found"
		}
		return http.StatusConflict, "state"
	}
	for _, tc := range []struct {
		err    error
		status int
		code   string
		msg    string
	}{
		{refusal.New(errGone, "game %s not found", "g1"), http.StatusNotFound, "not_found", "game g1 not found"},
		{fmt.Errorf("deciding: %w", refusal.New(errors.New("other"), "clock running")), http.StatusConflict, "state", "clock running"},
		{errors.New("store down"), http.StatusInternalServerError, "internal", "store down"},
	} {
		w := httptest.NewRecorder()
		Refused(w, tc.err, statusOf)
		var body ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if w.Code != tc.status || body.Error.Code != tc.code || body.Error.Message != tc.msg {
			t.Errorf("%v: %d %+v, want %d %s %q", tc.err, w.Code, body.Error, tc.status, tc.code, tc.msg)
		}
	}
}

func TestRefusedStore(t *testing.T) {
	tests := []struct {
		err    error
		status int
		code   string
	}{
		{fmt.Errorf("x: %w", &eventstore.APIError{Code: 10023, Status: 503, Description: "insufficient resources"}), 507, "insufficient_storage"},
		{&eventstore.APIError{Code: 10047, Status: 500, Description: "insufficient storage resources available"}, 507, "insufficient_storage"},
		{&eventstore.APIError{Code: 10077, Status: 503, Description: "write /d/x.blk: no space left on device"}, 507, "insufficient_storage"},
		{&eventstore.APIError{Code: 10077, Status: 503, Description: "write error"}, 503, "store_failed"},
		{fmt.Errorf("events: no stream answers on game.x: %w", nats.ErrNoResponders), 503, "store_unavailable"},
		{fmt.Errorf("append: %w", context.DeadlineExceeded), 503, "unavailable"},
		{fmt.Errorf("append: %w", nats.ErrTimeout), 503, "unavailable"},
		{errors.New("something else"), 500, "internal"},
	}
	for _, tt := range tests {
		w := httptest.NewRecorder()
		Refused(w, tt.err, func(error) (int, string) { return 400, "never" })
		if w.Code != tt.status || !strings.Contains(w.Body.String(), `"code":"`+tt.code+`"`) {
			t.Errorf("%v: %d %s, want %d %s", tt.err, w.Code, w.Body.String(), tt.status, tt.code)
		}
	}
}
