package authz

import "strings"

// Scope says where a route's tournament comes from, to check it against
// an arbiter's or organiser's grant.
type Scope int

// The scopes.
const (
	// NoScope: the route is not tied to a tournament.
	NoScope Scope = iota
	// PathTournament: the {id} of the path is the tournament.
	PathTournament
	// PathGame: the {id} of the path is a game; its tournament is looked
	// up through the games query.
	PathGame
	// BodyTournament: the body's field named by Rule.ScopeField.
	BodyTournament
	// QueryTournament: the query's parameter named by Rule.ScopeField (a
	// route whose body is a file, as the import's TRF).
	QueryTournament
)

// Rule is the policy of one route pattern.
type Rule struct {
	// Roles may use the route; Public among them opens it to everyone.
	Roles []Role
	// Actor is the body field naming who acts ("player", "by"): it must
	// be the token's subject and is set to it.
	Actor string
	// Scope is where the tournament to check comes from.
	Scope Scope
	// ScopeField is the body field of BodyTournament.
	ScopeField string
}

// allows reports whether role may use the route.
func (r Rule) allows(role Role) bool {
	for _, x := range r.Roles {
		if x == role || x == Public {
			return true
		}
	}
	return false
}

// read is the rule of a public read.
var read = Rule{Roles: []Role{Public}}

// Policy maps every route pattern of the gateway's mux to its rule. A
// non-GET pattern without an entry is refused to everyone (default deny);
// a GET pattern without one is a public read. The test in this package
// fails when a pattern written in the services' source has no entry.
var Policy = map[string]Rule{
	// health, metrics, the web pages and the reads: everyone
	"GET /livez":                       read,
	"GET /readyz":                      read,
	"GET /metrics":                     read,
	"GET /{$}":                         read,
	"GET /tournaments/{id}":            read,
	"GET /games/{id}":                  read,
	"GET /console":                     read,
	"GET /replay/{id}":                 read,
	"GET /assets/":                     read,
	"GET /api/web/tournaments":         read,
	"GET /api/web/games/{id}/replay":   read,
	"GET /api/web/live":                read,
	"GET /api/games/{id}":              read,
	"GET /api/games/{id}/events":       read,
	"GET /api/games/{id}/pgn":          read,
	"GET /api/games/{id}/clock":        read,
	"GET /api/tournaments/{id}":        read,
	"GET /api/tournaments/{id}/events": read,
	"GET /api/checkpoints":             read,
	"GET /api/standby":                 read,
	"GET /standby":                     read,
	"GET /api/tournaments/{id}/trf":    read,
	"/api/":                            read, // the catch-all "no such endpoint" (404)

	// the failover: the event's organiser or arbiter makes the standby the
	// primary (hakem promote); it concerns every tournament on the machine
	"POST /api/standby/promote": {Roles: []Role{Organiser, Arbiter}, Actor: "by"},

	// tournament set-up: the tournament's organiser, or its arbiter (the
	// chief arbiter runs the desk: registration, pairing, closing a round);
	// creating and deleting a tournament stay the organiser's
	"POST /api/tournaments":                               {Roles: []Role{Organiser}, Actor: "by", Scope: BodyTournament, ScopeField: "id"},
	"POST /api/tournaments/import":                        {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: QueryTournament, ScopeField: "id"}, // the file is the body: "by" and "id" in the query
	"POST /api/tournaments/{id}/players":                  {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/rounds":                   {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/rounds/{n}/close":         {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/tiebreaks":                {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/players/{player}/correct": {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/players/{player}/remove":  {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"DELETE /api/tournaments/{id}":                        {Roles: []Role{Organiser}, Actor: "by", Scope: PathTournament},

	// entries between rounds: the tournament's organiser or arbiter
	"POST /api/tournaments/{id}/withdrawals":     {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/byes":            {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/forbidden-pairs": {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament},

	// an expulsion from the tournament (12.9.9): its arbiter
	"POST /api/tournaments/{id}/expulsions": {Roles: []Role{Arbiter}, Actor: "by", Scope: PathTournament},
	"POST /api/tournaments/{id}/exclusions": {Roles: []Role{Arbiter}, Actor: "by", Scope: PathTournament},
	// the arbiter's repair of a damaged tournament log (a signed event)
	"POST /api/tournaments/{id}/repair": {Roles: []Role{Arbiter}, Actor: "by", Scope: PathTournament},

	// a game outside a round's pairing: its tournament's organiser or
	// arbiter
	"POST /api/games": {Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: BodyTournament, ScopeField: "tournament_id"},

	// a player's own commands, as themselves (the games service refuses a
	// player who does not play the game)
	"POST /api/games/{id}/moves":  {Roles: []Role{Player}, Actor: "player"},
	"POST /api/games/{id}/draw":   {Roles: []Role{Player}, Actor: "player"},
	"POST /api/games/{id}/resign": {Roles: []Role{Player}, Actor: "player"},
	"POST /api/games/{id}/claims": {Roles: []Role{Player}, Actor: "player"},

	// rulings in a game (an illegal move reported to and ruled on by the
	// arbiter, penalties, result overrides): the arbiter of the game's
	// tournament
	"POST /api/games/{id}/illegal-moves": {Roles: []Role{Arbiter}, Actor: "by", Scope: PathGame},
	"POST /api/games/{id}/rulings":       {Roles: []Role{Arbiter}, Actor: "by", Scope: PathGame},
	"POST /api/games/{id}/repair":        {Roles: []Role{Arbiter}, Actor: "by", Scope: PathGame},

	// the clocks: the arbiter of the game's tournament
	"POST /api/games/{id}/clock/start":  {Roles: []Role{Arbiter}, Actor: "by", Scope: PathGame},
	"POST /api/games/{id}/clock/pause":  {Roles: []Role{Arbiter}, Actor: "by", Scope: PathGame},
	"POST /api/games/{id}/clock/resume": {Roles: []Role{Arbiter}, Actor: "by", Scope: PathGame},
	"POST /api/games/{id}/clock/adjust": {Roles: []Role{Arbiter}, Actor: "by", Scope: PathGame},
}

// pathValue returns the segment of path that the {name} (or {name...})
// wildcard of pattern matches ("" if none). pattern is a mux pattern with
// its method ("POST /api/games/{id}/moves").
func pathValue(pattern, path, name string) string {
	if i := strings.IndexByte(pattern, ' '); i >= 0 {
		pattern = pattern[i+1:]
	}
	if i := strings.IndexByte(pattern, '/'); i > 0 { // a host in the pattern
		pattern = pattern[i:]
	}
	ps := strings.Split(strings.Trim(pattern, "/"), "/")
	xs := strings.Split(strings.Trim(path, "/"), "/")
	for i, p := range ps {
		if i >= len(xs) {
			return ""
		}
		if p == "{"+name+"}" || p == "{"+name+"...}" {
			return xs[i]
		}
	}
	return ""
}
