package httpjson

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// TestStreamQuery: from and follow read with their defaults; a value that
// is not one is a 400 naming its parameter.
func TestStreamQuery(t *testing.T) {
	for _, tc := range []struct {
		query  string
		from   uint64
		follow bool
		bad    string // the parameter named in the 400, "" if accepted
	}{
		{"", 1, true, ""},
		{"?from=7", 7, true, ""},
		{"?follow=false", 1, false, ""},
		{"?from=3&follow=true", 3, true, ""},
		{"?from=0", 0, false, "from"},
		{"?from=-1", 0, false, "from"},
		{"?from=x", 0, false, "from"},
		{"?follow=maybe", 0, false, "follow"},
	} {
		w := httptest.NewRecorder()
		from, follow, ok := StreamQuery(w, httptest.NewRequest("GET", "/api/games/g/events"+tc.query, nil))
		switch {
		case tc.bad == "" && (!ok || from != tc.from || follow != tc.follow):
			t.Errorf("%q: %d %v %v, want %d %v", tc.query, from, follow, ok, tc.from, tc.follow)
		case tc.bad != "" && (ok || w.Code != 400 || !strings.Contains(w.Body.String(), tc.bad+": ")):
			t.Errorf("%q: ok %v, %d %s, want a 400 naming %s", tc.query, ok, w.Code, w.Body.String(), tc.bad)
		}
	}
}
