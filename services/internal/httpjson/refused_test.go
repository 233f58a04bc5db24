package httpjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/hakem-chess/hakem/services/internal/refusal"
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
