package e2e

import (
	"encoding/json"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/embedded"
)

// natsUsers waits for, and reads, the passwords hakem serve created in
// its data folder for its embedded NATS server's users.
func natsUsers(t *testing.T, data string) embedded.Users {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, err := os.ReadFile(embedded.UsersPath(data))
		if err == nil {
			var u embedded.Users
			if err := json.Unmarshal(b, &u); err != nil {
				t.Fatal(err)
			}
			return u
		}
		if time.Now().After(deadline) {
			t.Fatalf("no NATS users in %s after 60 s: %v", data, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// natsURL is the URL of the embedded NATS server of the hakem serve whose
// data folder is data, listening on addr, as user.
func natsURL(t *testing.T, data, addr, user string) string {
	t.Helper()
	u := url.URL{Scheme: "nats", User: url.UserPassword(user, natsUsers(t, data)[user]), Host: addr}
	return u.String()
}

// joined is the environment of a hakem serve that joins another's
// embedded NATS server with --nats: that server's process provisioned the
// streams and consumer groups as its admin, and the joiner's service user
// may only bind to them.
const joined = "HAKEM_NATS_PROVISIONED=true"
