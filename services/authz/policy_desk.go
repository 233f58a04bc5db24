package authz

// The arbiter's desk (pairing/ports desk.go): a round as the desk sees
// it is a public read; its results sheets and corrections, publication,
// withdrawal and hand changes are the tournament's organiser's or
// arbiter's.
func init() {
	desk := Rule{Roles: []Role{Organiser, Arbiter}, Actor: "by", Scope: PathTournament}
	Policy["GET /api/tournaments/{id}/rounds/{n}"] = read
	Policy["POST /api/tournaments/{id}/rounds/{n}/results"] = desk
	Policy["POST /api/tournaments/{id}/rounds/{n}/publish"] = desk
	Policy["POST /api/tournaments/{id}/rounds/{n}/changes"] = desk
	Policy["DELETE /api/tournaments/{id}/rounds/{n}"] = desk
}
