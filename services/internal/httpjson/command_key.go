package httpjson

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// CommandKey is the idempotency key a port hands its handler for the
// decoded command req: the client's key bound to the hash of the command
// (refusal.CommandKey), so that the same key sent again with the same
// command is answered with the first answer, and with another command
// (another endpoint, game or body) is refused as reused. The hash covers
// the route's pattern, the request's path and req as JSON without its
// idempotency_key (the fields as decoded: a field left out and one sent
// with its zero value are the same command). An empty key stays empty.
func CommandKey(r *http.Request, key string, req any) string {
	if key == "" {
		return ""
	}
	return refusal.CommandKey(key, CommandHash(r, req))
}

// CommandHash is the hex SHA-256 of the command (see CommandKey).
func CommandHash(r *http.Request, req any) string {
	h := sha256.New()
	h.Write([]byte(r.Pattern))
	h.Write([]byte{0})
	h.Write([]byte(r.URL.Path))
	h.Write([]byte{0})
	if b, err := json.Marshal(req); err == nil {
		var fields map[string]json.RawMessage
		if json.Unmarshal(b, &fields) == nil {
			delete(fields, "idempotency_key")
			b, _ = json.Marshal(fields) // map keys in order
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}
