package embedded

import (
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats-server/v2/server"
)

// partitionPermissions widens the permissions accounts.conf grants on the
// single game stream to the N game partitions (the same rights on each):
// every subject with a token GAMES gets a copy per partition with
// GAMES_<p>, and every subject whose first token is game (a writer's
// subjects, game.*.<writer>) a copy with game-<p>. One partition leaves
// them as they are.
func partitionPermissions(p *server.Permissions, n events.GamePartitions) {
	if p == nil || n <= 1 {
		return
	}
	for _, sp := range []*server.SubjectPermission{p.Publish, p.Subscribe} {
		if sp == nil {
			continue
		}
		sp.Allow = withPartitions(sp.Allow, n)
		sp.Deny = withPartitions(sp.Deny, n)
	}
}

// withPartitions returns subjects with each one's partition copies.
func withPartitions(subjects []string, n events.GamePartitions) []string {
	if n <= 1 {
		return subjects
	}
	out := append([]string(nil), subjects...)
	for _, s := range subjects {
		tokens := strings.Split(s, ".")
		for p := 0; p < int(n); p++ {
			copied := make([]string, len(tokens))
			changed := false
			for i, tok := range tokens {
				switch {
				case tok == events.KindGame.StreamName():
					copied[i], changed = n.StreamName(p), true
				case i == 0 && tok == string(events.KindGame):
					copied[i], changed = strings.TrimSuffix(n.StreamSubjects(p), ".>"), true
				default:
					copied[i] = tok
				}
			}
			if changed {
				out = appendNew(out, strings.Join(copied, "."))
			}
		}
	}
	return out
}
