package authz

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"go.uber.org/zap"
)

// Authoriser applies the policy to each request before it is dispatched.
type Authoriser struct {
	// Tokens are the valid tokens; nil runs the gateway open (every
	// request allowed, as an unauthenticated loopback server does).
	Tokens *Tokens
	// Policy is the table of rules by route pattern; nil means Policy.
	Policy map[string]Rule
	// GameTournament returns the tournament of a game ("" for a game
	// outside any tournament), for the PathGame scope.
	GameTournament func(ctx context.Context, game string) (string, error)
	// Log receives one line per refusal (never a token).
	Log *zap.Logger
}

type grantKey struct{}

// FromContext returns the grant of the request's token (false for a
// request without one, or when the gateway runs open).
func FromContext(ctx context.Context) (Grant, bool) {
	g, ok := ctx.Value(grantKey{}).(Grant)
	return g, ok
}

// Wrap returns next behind the authorisation: each request is checked
// against the rule of the pattern mux dispatches it to, then its
// Authorization header is removed. Any httpjson.RoleHeader the client sent
// is removed too; a request with a valid token carries its grant's role in
// that header instead (the role the services record in the event's actor).
func (a *Authoriser) Wrap(mux *http.ServeMux, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del(httpjson.RoleHeader) // only the authorisation sets it
		if a == nil || a.Tokens == nil {
			r.Header.Del("Authorization")
			next.ServeHTTP(w, r)
			return
		}
		_, pattern := mux.Handler(r)
		r, ok := a.check(w, r, pattern)
		if !ok {
			return
		}
		next.ServeHTTP(w, r)
	})
}

// refreshTokens picks up a changed tokens file (Tokens.Refresh) and logs
// the reload, or why the previous tokens stay in force (never a token).
func (a *Authoriser) refreshTokens() {
	reloaded, err := a.Tokens.Refresh()
	if a.Log == nil {
		return
	}
	switch {
	case err != nil:
		a.Log.Error("tokens file changed but not reloaded", zap.Error(err))
	case reloaded:
		a.Log.Info("tokens file reloaded", zap.Int("tokens", a.Tokens.Len()))
	}
}

// refusal is a request refused, with its status and reason.
type refusal struct {
	status int
	code   string
	reason string
}

func (a *Authoriser) refuse(w http.ResponseWriter, r *http.Request, pattern string, g Grant, f refusal) {
	if f.status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="hakem"`)
	}
	if a.Log != nil {
		a.Log.Info("request refused",
			zap.String("route", pattern), zap.String("method", r.Method), zap.String("path", r.URL.Path),
			zap.Int("status", f.status), zap.String("role", string(g.Role)), zap.String("subject", g.Subject),
			zap.String("reason", f.reason))
	}
	httpjson.Error(w, f.status, f.code, f.reason)
}

// check decides on r; on refusal it has answered and returns false.
func (a *Authoriser) check(w http.ResponseWriter, r *http.Request, pattern string) (*http.Request, bool) {
	policy := a.Policy
	if policy == nil {
		policy = Policy
	}
	grant, hasToken, f := a.authenticate(r)
	if f != nil {
		a.refuse(w, r, pattern, grant, *f)
		return r, false
	}
	r.Header.Del("Authorization")
	r.Header.Del(httpjson.RoleHeader)
	if hasToken {
		r = r.WithContext(context.WithValue(r.Context(), grantKey{}, grant))
		// the role the request is authorised as, for the actor the
		// services record (a header, so it survives the forwarding over
		// NATS to a service in another process)
		r.Header.Set(httpjson.RoleHeader, string(grant.Role))
	}
	if pattern == "" {
		// no route: the mux answers 404 or 405 and no handler runs
		return r, true
	}
	rule, ok := policy[pattern]
	if !ok {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			return r, true // reads are public
		}
		a.refuse(w, r, pattern, grant, refusal{http.StatusForbidden, "no_policy", pattern + ": no authorisation policy for this route, so it is refused to everyone"})
		return r, false
	}
	if f := rule.refuses(pattern, grant, hasToken); f != nil {
		a.refuse(w, r, pattern, grant, *f)
		return r, false
	}
	if rule.Actor == "" && rule.Scope == NoScope {
		return r, true
	}
	if f := a.bindActor(w, r, pattern, rule, grant); f != nil {
		a.refuse(w, r, pattern, grant, *f)
		return r, false
	}
	return r, true
}

// authenticate reads r's bearer token: the grant it carries, or the
// public's grant when r has none.
func (a *Authoriser) authenticate(r *http.Request) (g Grant, hasToken bool, f *refusal) {
	public := Grant{Role: Public}
	h := r.Header.Get("Authorization")
	if h == "" {
		return public, false, nil
	}
	scheme, token, found := strings.Cut(h, " ")
	if !found || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return public, false, &refusal{http.StatusUnauthorized, "unauthenticated", "the Authorization header must be \"Bearer <token>\""}
	}
	a.refreshTokens()
	g, ok := a.Tokens.Lookup(strings.TrimSpace(token))
	if !ok {
		return public, false, &refusal{http.StatusUnauthorized, "unauthenticated", "the bearer token is not valid"}
	}
	return g, true, nil
}

// refuses is why the rule of route pattern refuses grant's role, or nil
// when it allows it.
func (rule Rule) refuses(pattern string, grant Grant, hasToken bool) *refusal {
	if rule.allows(grant.Role) {
		return nil
	}
	if !hasToken {
		return &refusal{http.StatusUnauthorized, "unauthenticated", fmt.Sprintf("%s needs a bearer token (role %s)", pattern, roles(rule.Roles))}
	}
	return &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("%s is for role %s; this token is %s %s", pattern, roles(rule.Roles), grant.Role, grant.Subject)}
}

// bindActor checks the route's tournament against the grant and sets the
// rule's actor field to the grant's subject: in the query when the body
// is a file (text_body.go), else in the JSON body, which it rewrites.
func (a *Authoriser) bindActor(w http.ResponseWriter, r *http.Request, pattern string, rule Rule, grant Grant) *refusal {
	if rule.Actor != "" && rule.Scope != BodyTournament && textBody(r) {
		// a file as the body (text_body.go): the actor is the query's
		if f := a.scope(r, pattern, rule, grant, nil); f != nil {
			return f
		}
		return setQueryActor(r, rule.Actor, grant.Subject)
	}
	var body map[string]json.RawMessage
	if rule.Actor != "" || rule.Scope == BodyTournament {
		raw, f := readBody(w, r)
		if f != nil {
			return f
		}
		if rule.Scope != BodyTournament {
			// the common body (a player's move) rewritten without
			// encoding/json, to the same bytes (actor_flat.go)
			if b, refused, ok := setActorFlat(raw, rule.Actor, grant.Subject); ok {
				if f := a.scope(r, pattern, rule, grant, nil); f != nil {
					return f
				}
				if refused != nil {
					return refused
				}
				replaceBody(r, b)
				return nil
			}
		}
		if body, f = parseObject(raw); f != nil {
			return f
		}
	}
	if f := a.scope(r, pattern, rule, grant, body); f != nil {
		return f
	}
	if rule.Actor != "" {
		if f := setActor(body, rule.Actor, grant.Subject); f != nil {
			return f
		}
	}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return &refusal{http.StatusBadRequest, "malformed_json", err.Error()}
		}
		replaceBody(r, b)
	}
	return nil
}

// replaceBody makes b the request's body.
func replaceBody(r *http.Request, b []byte) {
	r.Body = io.NopCloser(bytes.NewReader(b))
	r.ContentLength = int64(len(b))
	r.Header.Set("Content-Length", strconv.Itoa(len(b)))
}

// scope checks the route's tournament against the grant (arbiters and
// organisers only: a player acts as themselves and the games service
// checks they play the game).
func (a *Authoriser) scope(r *http.Request, pattern string, rule Rule, g Grant, body map[string]json.RawMessage) *refusal {
	if rule.Scope == NoScope || (g.Role != Arbiter && g.Role != Organiser) {
		return nil
	}
	var tournament string
	switch rule.Scope {
	case PathTournament:
		tournament = pathValue(pattern, r.URL.Path, "id")
	case BodyTournament:
		v, f := field(body, rule.ScopeField)
		if f != nil {
			return f
		}
		tournament = v
	case QueryTournament:
		q := r.URL.Query()
		if len(q[rule.ScopeField]) > 1 {
			return &refusal{http.StatusBadRequest, "invalid", fmt.Sprintf("query parameter %q is given %d times", rule.ScopeField, len(q[rule.ScopeField]))}
		}
		tournament = q.Get(rule.ScopeField)
	case PathGame:
		game := pathValue(pattern, r.URL.Path, "id")
		if g.InScope(AllTournaments) {
			return nil // every tournament and none: the service answers an unknown game
		}
		if a.GameTournament == nil {
			return &refusal{http.StatusForbidden, "forbidden", "game " + game + ": its tournament cannot be looked up here"}
		}
		t, err := a.GameTournament(r.Context(), game)
		if err != nil {
			return &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("game %s: its tournament cannot be established (%v), so it is not in your scope", game, err)}
		}
		if t == "" {
			return &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("game %s belongs to no tournament: only an %s of every tournament (\"*\") may act on it", game, g.Role)}
		}
		tournament = t
	}
	if !g.InScope(tournament) {
		if tournament == "" {
			return &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("%s %s: a tournament id is needed to check your scope", g.Role, g.Subject)}
		}
		return &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("tournament %s is not in the scope of %s %s", tournament, g.Role, g.Subject)}
	}
	return nil
}

// readBody reads the body, at most httpjson.MaxBody bytes.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, *refusal) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, httpjson.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, &refusal{http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("request body over %d bytes", httpjson.MaxBody)}
		}
		return nil, &refusal{http.StatusBadRequest, "malformed_json", "reading the body: " + err.Error()}
	}
	return b, nil
}

// parseObject reads b, a body, as one JSON object (an empty body is {}).
func parseObject(b []byte) (map[string]json.RawMessage, *refusal) {
	if len(bytes.TrimSpace(b)) == 0 {
		return map[string]json.RawMessage{}, nil
	}
	var obj map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&obj); err != nil || obj == nil || dec.More() {
		return nil, &refusal{http.StatusBadRequest, "malformed_json", "the body must be one JSON object"}
	}
	return obj, nil
}

// field returns the string value of the body's field name, matched as
// encoding/json matches it (ignoring case); a field given twice is refused.
func field(body map[string]json.RawMessage, name string) (string, *refusal) {
	var keys []string
	for k := range body {
		if strings.EqualFold(k, name) {
			keys = append(keys, k)
		}
	}
	switch len(keys) {
	case 0:
		return "", nil
	case 1:
	default:
		return "", &refusal{http.StatusBadRequest, "invalid", fmt.Sprintf("field %q is given %d times", name, len(keys))}
	}
	var s string
	if err := json.Unmarshal(body[keys[0]], &s); err != nil {
		return "", &refusal{http.StatusBadRequest, "invalid", fmt.Sprintf("field %q: a string is expected", name)}
	}
	return s, nil
}

// setActor checks that the body's actor field, if given, is subject, then
// sets it to subject.
func setActor(body map[string]json.RawMessage, name, subject string) *refusal {
	v, f := field(body, name)
	if f != nil {
		return f
	}
	if v != "" && v != subject {
		return &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("%s %q: this token acts as %q only", name, v, subject)}
	}
	for k := range body {
		if strings.EqualFold(k, name) {
			delete(body, k)
		}
	}
	b, _ := json.Marshal(subject)
	body[name] = b
	return nil
}

func roles(rs []Role) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = string(r)
	}
	return strings.Join(s, " or ")
}
