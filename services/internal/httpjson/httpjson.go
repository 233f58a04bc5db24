// Package httpjson holds the JSON conventions of Hakem's HTTP API, shared by
// every service's port: strict request decoding with precise errors, the
// error body, and the correlation id of a request.
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/bounds"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/nats-io/nats.go"
)

// MaxBody is the largest request body accepted by Decode (a JSON
// command); a route that needs more (a file's import) decodes with
// DecodeLimit.
const MaxBody = 1 << 20

// ErrorBody is the body of every error answer:
// {"error":{"code":"illegal_move","message":"move \"e5\": ..."}}.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong: a stable code for programs and a precise
// message for people.
type ErrorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Write answers status with v as JSON.
func Write(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body, _ = json.Marshal(ErrorBody{ErrorDetail{Code: "internal", Message: err.Error()}})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

// Error answers status with an ErrorBody.
func Error(w http.ResponseWriter, status int, code, message string) {
	Write(w, status, ErrorBody{ErrorDetail{Code: code, Message: message}})
}

// Decode reads the request body as exactly one JSON object into v, refusing
// unknown fields, trailing data, bodies over MaxBody and fields outside
// their limits (package bounds: ranges, lengths, control characters). On
// failure it has already answered 400 (or 413) with a precise message
// naming the field and returns false. A Flat v is read without reflection
// when its body allows (the same result).
func Decode(w http.ResponseWriter, r *http.Request, v any) bool {
	return DecodeLimit(w, r, v, MaxBody)
}

// DecodeLimit is Decode with a route's own body limit, in bytes.
func DecodeLimit(w http.ResponseWriter, r *http.Request, v any, limit int64) bool {
	body, err := readAll(http.MaxBytesReader(w, r.Body, limit), r.ContentLength, limit)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			Error(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("request body over %d bytes", limit))
			return false
		}
		Error(w, http.StatusBadRequest, "malformed_json", "reading the body: "+err.Error())
		return false
	}
	if f, ok := v.(Flat); ok && decodeFlat(body, f) {
		// the common body of a player's command, read without
		// reflection: what encoding/json would have decoded
		if err := bounds.Check(v); err != nil {
			Error(w, http.StatusBadRequest, "invalid", err.Error())
			return false
		}
		return true
	}
	if len(bytes.TrimSpace(body)) == 0 {
		Error(w, http.StatusBadRequest, "malformed_json", "empty body: a JSON object is expected")
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		Error(w, http.StatusBadRequest, "malformed_json", describe(err, body))
		return false
	}
	if dec.More() {
		Error(w, http.StatusBadRequest, "malformed_json", "trailing data after the JSON object")
		return false
	}
	if key, dup := duplicateKey(body); dup {
		Error(w, http.StatusBadRequest, "malformed_json", fmt.Sprintf("field %q: given twice (a key names one value)", key))
		return false
	}
	if err := bounds.Check(v); err != nil {
		Error(w, http.StatusBadRequest, "invalid", err.Error())
		return false
	}
	return true
}

// readAll is io.ReadAll(r) with the buffer sized for the request's
// Content-Length, when it gives one within limit (a command's body is a
// hundred bytes, io.ReadAll's first buffer 512).
func readAll(r io.Reader, length, limit int64) ([]byte, error) {
	if length <= 0 || length > limit {
		return io.ReadAll(r)
	}
	b := make([]byte, 0, length+1) // the last byte's room: EOF seen without growing
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

// duplicateKey finds a key given twice in one object of body, a JSON text
// that decoded: encoding/json keeps the last value (matching names without
// regard to case), so {"move":"e4","move":"d4"} would play d4 where a
// reader of the first value sees e4. Keys are compared as the decoder
// matches them to fields, case-insensitively.
func duplicateKey(body []byte) (string, bool) {
	var keys [linearKeys][]byte
	s := keyScan{b: body, keys: keys[:0]}
	return s.value()
}

// describe turns a json error into a message that says where and what.
func describe(err error, body []byte) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("invalid JSON at byte %d: %v", syn.Offset, syn)
	case errors.As(err, &typ):
		if typ.Field != "" {
			return fmt.Sprintf("field %q: expected %s, got JSON %s", typ.Field, typ.Type, typ.Value)
		}
		return fmt.Sprintf("expected a JSON object, got JSON %s", typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Sprintf("the JSON ends early (after %d bytes)", len(body))
	}
	return err.Error() // e.g. `json: unknown field "mvoe"`
}

// correlationHeader carries a client's correlation id, echoed back.
const correlationHeader = "X-Correlation-Id"

// WithCorrelation is a middleware giving each request a correlation id:
// the client's X-Correlation-Id when it sends one, else a new ULID; the id is
// echoed in the answer's header.
func WithCorrelation(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(correlationHeader)
		if id == "" || len(id) > 128 {
			id = events.NewULID(time.Now())
		}
		// one slice for both headers (Set would make one each): neither
		// is written in place, only replaced (Set) or grown (Add, past
		// its capacity of one)
		v := []string{id}
		w.Header()[correlationHeader] = v[:1:1]
		r.Header[correlationHeader] = v[:1:1]
		next.ServeHTTP(w, r)
	})
}

// CorrelationID returns the request's correlation id (after
// WithCorrelation; "" without it).
func CorrelationID(r *http.Request) string { return r.Header.Get(correlationHeader) }

// RoleHeader carries the role a request was authorised as ("player",
// "arbiter", "organiser"). Only the gateway's authorisation sets it, after
// removing any copy the client sent (package authz), and it travels with
// the request when the gateway forwards it to a service in another process
// (package httpnats). It is trusted as far as the way to the ports is: the
// gateway's mux, or the service's NATS subject, on which only the gateway
// may publish when the NATS server is deployed with its accounts.
const RoleHeader = "X-Hakem-Role"

// Role returns the role the request was authorised as (RoleHeader), or
// fallback when it carries none: the gateway runs open (no tokens), or the
// request came without a token.
func Role(r *http.Request, fallback string) string {
	if role := r.Header.Get(RoleHeader); role != "" {
		return role
	}
	return fallback
}

// Refused answers a command's error: a domain's refusal (a
// *refusal.Refusal anywhere in err's chain) with the status and code
// statusOf gives its kind, and the refusal's precise reason; any other
// error as a 500.
func Refused(w http.ResponseWriter, err error, statusOf func(kind error) (status int, code string)) {
	var ref *refusal.Refusal
	if errors.As(err, &ref) {
		switch {
		case errors.Is(ref.Kind, refusal.ErrKeyReused):
			Error(w, http.StatusConflict, "idempotency_key_reused", ref.Reason)
			return
		case errors.Is(ref.Kind, refusal.ErrLogDamaged):
			Error(w, http.StatusConflict, "log_damaged", ref.Reason)
			return
		case errors.Is(ref.Kind, refusal.ErrLogIntact):
			Error(w, http.StatusConflict, "log_intact", ref.Reason)
			return
		}
		status, code := statusOf(ref.Kind)
		Error(w, status, code, ref.Reason)
		return
	}
	if damaged(err) {
		Error(w, http.StatusConflict, "log_damaged", "log damaged: "+err.Error()+" (a message that does not decode, chain or carry its writer's signature: nothing is read past it, nothing appended)")
		return
	}
	var changed *eventstore.StreamChanged
	if errors.As(err, &changed) { // the stream guard: nothing appended
		Error(w, http.StatusServiceUnavailable, "stream_changed", changed.Error())
		return
	}
	var api *eventstore.APIError
	if errors.As(err, &api) && api.Code == jsStreamNotFound { // deleted under the running server
		Error(w, http.StatusServiceUnavailable, "stream_changed", "the event stream is gone (deleted under the running server; nothing is written into it): restore it from a backup and restart hakem serve: "+err.Error())
		return
	}
	if status, code, ok := storeRefused(err); ok {
		reason := "the event store is not accepting writes: this one was not recorded (nothing acknowledged is lost); try again shortly: "
		if status == http.StatusInsufficientStorage {
			reason = "the event store's disk is full: this write was not recorded (nothing acknowledged is lost); free space on the data folder's disk and restart hakem serve: "
		}
		Error(w, status, code, reason+err.Error())
		return
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.Is(err, nats.ErrTimeout) {
		Error(w, http.StatusServiceUnavailable, "unavailable", "the event store did not answer in time: the write may or may not be recorded; send the same request again with the same idempotency key (a recorded command is answered as it was, never applied twice): "+err.Error())
		return
	}
	Error(w, http.StatusInternalServerError, "internal", err.Error())
}

// JetStream's error codes for a write its disk cannot take.
const (
	jsInsufficientResources = 10023
	jsStorageExceeded       = 10047
	jsStoreFailed           = 10077
	// jsStreamNotFound: the stream is not there (deleted by hand).
	jsStreamNotFound = 10059
)

// storeRefused tells an event store that cannot write from an internal
// error: its disk full (507, nothing was written: the client may retry once
// space is freed) or JetStream not answering (503, e.g. after it stopped
// itself on a full disk).
func storeRefused(err error) (int, string, bool) {
	var api *eventstore.APIError
	if errors.As(err, &api) {
		switch {
		case api.Code == jsInsufficientResources || api.Code == jsStorageExceeded,
			api.Code == jsStoreFailed && strings.Contains(api.Description, "no space left"):
			return http.StatusInsufficientStorage, "insufficient_storage", true
		case api.Code == jsStoreFailed:
			return http.StatusServiceUnavailable, "store_failed", true
		}
	}
	if errors.Is(err, nats.ErrNoResponders) {
		return http.StatusServiceUnavailable, "store_unavailable", true
	}
	return 0, "", false
}

// damaged reports whether err is a log that could not be loaded because a
// message of it does not decode, does not chain or is not signed by its
// writer (a game's is quarantined before this: its reads answer as of its
// last good event).
func damaged(err error) bool {
	var sig *eventstore.SignatureError
	var chain *events.ChainError
	var notEvent *eventstore.NotAnEventError
	return errors.As(err, &sig) || errors.As(err, &chain) || errors.As(err, &notEvent)
}

// GameStatus maps the kind of a refusal of a command on a game (package
// refusal's game kinds, which the games service and the arbiter share) to
// its HTTP status and error code; an unknown kind is a 400 invalid. It is
// what Refused is given by the ports that answer commands on a game.
func GameStatus(kind error) (int, string) {
	switch kind {
	case refusal.ErrInvalid:
		return http.StatusBadRequest, "invalid"
	case refusal.ErrGameNotFound:
		return http.StatusNotFound, "not_found"
	case refusal.ErrNotAPlayer:
		return http.StatusForbidden, "not_a_player"
	case refusal.ErrGameExists:
		return http.StatusConflict, "exists"
	case refusal.ErrNotOnMove:
		return http.StatusConflict, "not_on_move"
	case refusal.ErrGameOver:
		return http.StatusConflict, "game_over"
	case refusal.ErrNoOffer:
		return http.StatusConflict, "draw_offer"
	case refusal.ErrFlagFallen:
		return http.StatusConflict, "flag_fallen"
	case refusal.ErrClaimPending:
		return http.StatusConflict, "claim_pending"
	case refusal.ErrIllegalMove:
		return http.StatusUnprocessableEntity, string(events.MatterIllegalMove)
	case refusal.ErrInProgress:
		return http.StatusConflict, "game_in_progress"
	case refusal.ErrTouched:
		return http.StatusConflict, string(events.MatterTouchMove)
	}
	return http.StatusBadRequest, "invalid"
}
