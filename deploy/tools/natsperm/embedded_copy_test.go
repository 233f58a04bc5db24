package natsperm_test

import (
	"os"
	"testing"

	"github.com/hakem-chess/hakem/events/embedded"
)

// TestEmbeddedServerRunsTheDeployedUsers: hakem serve's embedded NATS
// server requires the users and permissions of accounts.conf through a
// copy in the events module (go:embed cannot reach this folder); the copy
// must be the same file, so that the users proven here are the embedded
// server's too.
func TestEmbeddedServerRunsTheDeployedUsers(t *testing.T) {
	b, err := os.ReadFile("../../nats/accounts.conf")
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != embedded.AccountsConf() {
		t.Fatal("events/embedded/nats_accounts.conf differs from deploy/nats/accounts.conf: copy the deployed file over it")
	}
}
