package embedded

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestPartitionedAccountsConf: one partition prints accounts.conf as it is;
// N partitions follow every GAMES subject and every game.* subject of an
// allow or deny list with its N copies on the same line, change nothing
// else (comments, layout, other subjects), and parse, as nats-server parses
// them, into the permissions the embedded server grants itself. A count
// outside 1..MaxGamePartitions is an error.
func TestPartitionedAccountsConf(t *testing.T) {
	quoted := regexp.MustCompile(`"([^"]*)"`)
	copyOf := regexp.MustCompile(`, "(game-[0-9]+\.[^"]*|[^"]*\.GAMES_[0-9]+(\.[^"]*)?)"`)
	for _, tc := range []struct{ n events.GamePartitions }{
		{1}, {2}, {3}, {events.MaxGamePartitions},
	} {
		t.Run(strconv.Itoa(int(tc.n)), func(t *testing.T) {
			out, err := PartitionedAccountsConf(tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if tc.n == 1 {
				if out != accountsConf {
					t.Fatal("one partition changed accounts.conf")
				}
				return
			}
			inLines, outLines := strings.Split(accountsConf, "\n"), strings.Split(out, "\n")
			if len(inLines) != len(outLines) {
				t.Fatalf("%d lines, want %d", len(outLines), len(inLines))
			}
			partitioned := 0
			for i, in := range inLines {
				got := outLines[i]
				if strings.HasPrefix(strings.TrimSpace(in), "#") {
					if got != in {
						t.Errorf("comment line %d changed: %q", i+1, got)
					}
					continue
				}
				// Without the copies, the line is the original.
				if back := copyOf.ReplaceAllString(got, ""); back != in {
					t.Errorf("line %d: %q\nwithout the partitions' copies %q, want %q", i+1, got, back, in)
				}
				for _, m := range quoted.FindAllStringSubmatch(in, -1) {
					s := m[1]
					tokens := strings.Split(s, ".")
					game := tokens[0] == "game"
					stream := slices.Index(tokens, "GAMES")
					if !game && stream < 0 {
						continue
					}
					want := `"` + s + `"`
					for p := range int(tc.n) {
						c := slices.Clone(tokens)
						if game {
							c[0] = "game-" + strconv.Itoa(p)
						}
						if stream >= 0 {
							c[stream] = "GAMES_" + strconv.Itoa(p)
						}
						want += `, "` + strings.Join(c, ".") + `"`
					}
					if !strings.Contains(got, want) {
						t.Errorf("line %d: %s not followed by its %d copies: %q", i+1, s, tc.n, got)
					}
					partitioned++
				}
			}
			if added := len(quoted.FindAllString(out, -1)) - len(quoted.FindAllString(accountsConf, -1)); added != partitioned*int(tc.n) || partitioned == 0 {
				t.Errorf("%d subjects added, want %d for %d partitioned subjects", added, partitioned*int(tc.n), partitioned)
			}
			users, err := parseUsers(out)
			if err != nil {
				t.Fatalf("the widened file does not parse: %v", err)
			}
			last := strconv.Itoa(int(tc.n) - 1)
			for _, w := range []struct {
				user, grant string
				has         bool
			}{
				{"games", "publish allow game-" + last + ".*.games", true},
				{"games", "publish allow game-" + last + ".*.clocks", false},
				{"games", "publish allow $JS.API.CONSUMER.MSG.NEXT.GAMES_" + last + ".games-results", true},
				{"games", "publish allow $JS.ACK.GAMES_" + last + ".games-results.>", true},
				{"clocks", "publish allow $JS.API.CONSUMER.CREATE.GAMES_" + last + ".*", true},
				{"gateway", "publish allow $JS.API.CONSUMER.CREATE.TOURNAMENTS.*", true},
				{"arbiter", "publish allow tournament.*.arbiter", true},
				{"admin", "publish allow $JS.API.>", true},
				{"pairing", "publish allow $KV.HAKEM_SEALED.tournament.*", true},
				{"games", "publish allow $KV.HAKEM_SEALED.game-0.*", false},
			} {
				if slices.Contains(grants(users[w.user]), w.grant) != w.has {
					t.Errorf("%s: %q granted %v, want %v", w.user, w.grant, !w.has, w.has)
				}
			}
		})
	}
	for _, n := range []events.GamePartitions{0, -1, events.MaxGamePartitions + 1} {
		if out, err := PartitionedAccountsConf(n); err == nil || out != "" {
			t.Errorf("%d partitions: %v, %d bytes", n, err, len(out))
		}
	}
}

// TestWidenConfKeepsOtherLists: only the quoted subjects of allow and deny
// lists are widened; a quoted string elsewhere, a comment and an unclosed
// quote are left or refused.
func TestWidenConfKeepsOtherLists(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`allow: [ "game.*.games" ] # "game.x"` + "\n", `allow: [ "game.*.games", "game-0.*.games", "game-1.*.games" ] # "game.x"` + "\n"},
		{`deny: ["$JS.ACK.GAMES.g.>"]`, `deny: ["$JS.ACK.GAMES.g.>", "$JS.ACK.GAMES_0.g.>", "$JS.ACK.GAMES_1.g.>"]`},
		{`note: "game.*.games", other: [ "GAMES" ]`, `note: "game.*.games", other: [ "GAMES" ]`},
		{`allow: [ "tournament.*.pairing" ]`, `allow: [ "tournament.*.pairing" ]`},
	} {
		got, err := widenConf(tc.in, 2)
		if err != nil || got != tc.want {
			t.Errorf("%q: %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := widenConf("allow: [ \"game.*\n\" ]", 2); err == nil {
		t.Error("an unclosed quote accepted")
	}
}
