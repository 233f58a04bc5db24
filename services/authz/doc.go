// Package authz is the HTTP authorisation of Hakem's gateway: bearer
// tokens (opaque random strings, kept only as SHA-256 hashes and compared
// in constant time), the four roles (public, player, arbiter, organiser),
// the policy table keyed by the gateway mux's route patterns, and the
// middleware that applies it before a request reaches a service.
//
// The acting person written into events comes from the token: for a route
// whose policy names an actor field ("player" for a player's commands,
// "by" for an arbiter's or organiser's), the middleware refuses a body
// that names someone else (403) and rewrites the body so that the field is
// exactly the token's subject; the services keep reading the actor from
// the body, and a command forwarded over NATS to a service elsewhere
// carries it too. The Authorization header is removed once checked, so the
// token never travels further nor reaches a log.
//
// The actor's role comes from the token too: the middleware removes any
// X-Hakem-Role header (httpjson.RoleHeader) the client sent and, for a
// request with a valid token, sets it to the grant's role; the header
// travels with a request forwarded over NATS, and the ports record it as
// the actor's role (httpjson.Role), falling back to the role they assume
// when the gateway runs open. A service trusts the header as far as it
// trusts who may publish on its hakem.http.<service> subject (the gateway
// only, under the deployed NATS accounts).
//
// A tokens file is followed: a changed file is read again within a second
// (Tokens.Refresh), without a restart; a broken one keeps the previous
// tokens. Rotation is by editing the file; there is no SIGHUP.
//
// Half done: a player token is bound to its subject and the games service
// checks the subject plays in the game, but a player's tournament scope is
// not checked.
package authz
