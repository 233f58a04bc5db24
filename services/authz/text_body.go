package authz

import (
	"fmt"
	"mime"
	"net/http"
)

// textBody reports whether r's body is a file (a TRF as text/plain, a
// player list as text/csv), not a JSON object: its actor and idempotency
// key are then in the query.
func textBody(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && (mt == "text/plain" || mt == "text/csv")
}

// setQueryActor is setActor for a request whose body is a file: the
// query's field name must be the token's subject (or absent) and is set
// to it.
func setQueryActor(r *http.Request, name, subject string) *refusal {
	q := r.URL.Query()
	if v := q.Get(name); v != "" && v != subject {
		return &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("%s %q: this token acts as %q only", name, v, subject)}
	}
	q.Set(name, subject)
	r.URL.RawQuery = q.Encode()
	return nil
}
