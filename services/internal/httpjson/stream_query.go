package httpjson

import (
	"fmt"
	"net/http"
	"strconv"
)

// StreamQuery reads the query of an NDJSON event stream: ?from=N, the
// aggregate's event to start at (1, the first, by default: a client
// resuming after a dropped connection gives the next one it wants), and
// ?follow=false, which ends the stream after the events recorded so far
// (true by default: new events follow as they are written). A value that
// is neither is answered 400 naming its parameter, and ok is false.
func StreamQuery(w http.ResponseWriter, r *http.Request) (from uint64, follow, ok bool) {
	from, follow = 1, true
	q := r.URL.Query()
	if s := q.Get("from"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || n == 0 {
			Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("from: %q is not an event number (1, 2, ...)", s))
			return 0, false, false
		}
		from = n
	}
	if s := q.Get("follow"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("follow: %q is not true or false", s))
			return 0, false, false
		}
		follow = b
	}
	return from, follow, true
}
