// Package httpnats carries HTTP requests over NATS request/reply, so that a
// gateway process can hand a command to a service running in another
// process (hakem serve --only): the gateway forwards the request as it came
// (method, path, headers, body) on the service's subject, one of the
// service's copies (a queue group) answers it through the very handler it
// would have served it with, and the gateway writes the answer back. The
// service keeps one HTTP port; NATS is only the wire.
package httpnats

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/nats-io/nats.go"
)

// Subject is the request subject of a service ("hakem.http.games").
func Subject(service string) string { return "hakem.http." + service }

// request is an HTTP request on the wire.
type request struct {
	Method string      `json:"method"`
	URI    string      `json:"uri"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body"`
}

// response is an HTTP answer on the wire.
type response struct {
	Status int         `json:"status"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body"`
}

// Serve answers the requests on subject (in queue group queue: each request
// is answered by one copy of the service) with h, until the subscription
// is drained or the connection closes.
func Serve(nc *nats.Conn, subject, queue string, h http.Handler, timeout time.Duration) (*nats.Subscription, error) {
	return nc.QueueSubscribe(subject, queue, func(m *nats.Msg) {
		var req request
		if err := json.Unmarshal(m.Data, &req); err != nil {
			reply(m, response{Status: http.StatusBadRequest, Body: []byte(`{"error":{"code":"bad_forward","message":"undecodable forwarded request"}}`)})
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		r, err := http.NewRequestWithContext(ctx, req.Method, req.URI, bytes.NewReader(req.Body))
		if err != nil {
			reply(m, response{Status: http.StatusBadRequest, Body: []byte(`{"error":{"code":"bad_forward","message":"bad forwarded request"}}`)})
			return
		}
		r.Header = req.Header
		r.RequestURI = req.URI
		w := &recorder{header: http.Header{}, status: http.StatusOK}
		h.ServeHTTP(w, r)
		reply(m, response{Status: w.status, Header: w.header, Body: w.body.Bytes()})
	})
}

func reply(m *nats.Msg, resp response) {
	b, _ := json.Marshal(resp)
	_ = m.Respond(b)
}

// recorder is the ResponseWriter of a forwarded request.
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

// Header returns the answer's headers.
func (r *recorder) Header() http.Header { return r.header }

// WriteHeader keeps the first status code.
func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
}

// Write keeps the body.
func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}

// Forward returns a handler that sends each request to the service behind
// subject and writes its answer; 503 when no copy of the service answers.
func Forward(nc *nats.Conn, subject string, timeout time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !nc.IsConnected() {
			httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "not connected to NATS: cannot reach the service behind "+subject)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, httpjson.MaxBody))
		if err != nil {
			httpjson.Error(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("request body over %d bytes", httpjson.MaxBody))
			return
		}
		b, err := json.Marshal(request{Method: r.Method, URI: r.URL.RequestURI(), Header: r.Header, Body: body})
		if err != nil {
			httpjson.Error(w, http.StatusInternalServerError, "internal", err.Error())
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		defer cancel()
		m, err := nc.RequestWithContext(ctx, subject, b)
		if err != nil {
			if errors.Is(err, nats.ErrNoResponders) {
				httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "no copy of the service behind "+subject+" is running")
				return
			}
			httpjson.Error(w, http.StatusGatewayTimeout, "timeout", "the service behind "+subject+" did not answer: "+err.Error()+" (a command may have landed: retry with the same idempotency key)")
			return
		}
		var resp response
		if err := json.Unmarshal(m.Data, &resp); err != nil {
			httpjson.Error(w, http.StatusBadGateway, "bad_gateway", "undecodable answer from "+subject)
			return
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.Status)
		_, _ = w.Write(resp.Body)
	})
}
