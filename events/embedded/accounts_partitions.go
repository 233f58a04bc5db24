package embedded

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats-server/v2/server"
)

// PartitionedAccountsConf returns deploy/nats/accounts.conf (the copy the
// embedded server runs) with every user's allowed and denied subjects
// widened to n game partitions by the rule the embedded server applies to
// itself (withPartitions): each subject with a GAMES token is followed by
// its copies with GAMES_<p>, each subject whose first token is game by its
// copies with game-<p>. Comments and layout are kept, so that an external
// cluster's administrator writes it over accounts.conf for a cluster of n
// partitions (NATS wildcards are whole tokens: "game-*" could not say it in
// the file). One partition returns the file unchanged.
//
// The result is checked before it is returned: parsed as nats-server
// parses it, every user's permissions must be those the embedded server
// grants with n partitions (partitionPermissions over the file as it is).
func PartitionedAccountsConf(n events.GamePartitions) (string, error) {
	if err := n.Valid(); err != nil {
		return "", fmt.Errorf("events: %w", err)
	}
	if n == events.SinglePartition {
		return accountsConf, nil
	}
	out, err := widenConf(accountsConf, n)
	if err != nil {
		return "", err
	}
	if err := sameGrants(accountsConf, out, n); err != nil {
		return "", err
	}
	return out, nil
}

// widenConf rewrites the quoted subjects of every allow and deny list of
// conf (withPartitions on each), leaving every other byte as it is.
func widenConf(conf string, n events.GamePartitions) (string, error) {
	var b strings.Builder
	inList, word := false, ""
	lines := strings.SplitAfter(conf, "\n")
	for ln, line := range lines {
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case c == '#':
				b.WriteString(line[i:])
				i = len(line)
				continue
			case c == '"':
				end := strings.IndexByte(line[i+1:], '"')
				if end < 0 {
					return "", fmt.Errorf("events: accounts.conf line %d: a quoted string not closed on its line", ln+1)
				}
				s := line[i+1 : i+1+end]
				if inList {
					b.WriteString(`"` + strings.Join(withPartitions([]string{s}, n), `", "`) + `"`)
				} else {
					b.WriteString(`"` + s + `"`)
				}
				i += end + 1
				continue
			case c == '[':
				inList = word == "allow" || word == "deny"
			case c == ']':
				inList = false
			case c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
				j := i
				for j < len(line) && (line[j] == '_' || line[j] == '$' || line[j] >= 'a' && line[j] <= 'z' ||
					line[j] >= 'A' && line[j] <= 'Z' || line[j] >= '0' && line[j] <= '9') {
					j++
				}
				word = line[i:j]
				b.WriteString(word)
				i = j - 1
				continue
			}
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// sameGrants checks that widened, parsed as nats-server parses it, grants
// every user of conf exactly what partitionPermissions grants it with n
// partitions: the rewriting missed no subject and added none.
func sameGrants(conf, widened string, n events.GamePartitions) error {
	want, err := parseUsers(conf)
	if err != nil {
		return err
	}
	got, err := parseUsers(widened)
	if err != nil {
		return fmt.Errorf("events: the widened accounts.conf does not parse: %w", err)
	}
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		return fmt.Errorf("events: the widened accounts.conf has users %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	for name, p := range want {
		partitionPermissions(p, n)
		if g, w := grants(got[name]), grants(p); !slices.Equal(g, w) {
			return fmt.Errorf("events: the widened accounts.conf grants %s %v, the embedded server %v", name, g, w)
		}
	}
	return nil
}

// parseUsers parses an accounts.conf as nats-server does (parseAccounts,
// any password) and returns its users' permissions by name.
func parseUsers(conf string) (map[string]*server.Permissions, error) {
	opts, err := parseAccounts(conf, func(string) string { return "x" })
	if err != nil {
		return nil, err
	}
	users := map[string]*server.Permissions{}
	for _, u := range opts.Users {
		users[u.Username] = u.Permissions
	}
	return users, nil
}

// grants lists p's subjects as "publish allow <subject>" and the like,
// sorted, for comparing two users' permissions.
func grants(p *server.Permissions) []string {
	var out []string
	if p == nil {
		return out
	}
	for dir, sp := range map[string]*server.SubjectPermission{"publish": p.Publish, "subscribe": p.Subscribe} {
		if sp == nil {
			continue
		}
		for _, s := range sp.Allow {
			out = append(out, dir+" allow "+s)
		}
		for _, s := range sp.Deny {
			out = append(out, dir+" deny "+s)
		}
	}
	slices.Sort(out)
	return out
}
