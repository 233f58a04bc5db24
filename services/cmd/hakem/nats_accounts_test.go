package main

import (
	"bytes"
	"testing"

	"github.com/hakem-chess/hakem/events/embedded"
)

// TestNatsAccountsCommand: hakem nats accounts prints accounts.conf
// unchanged for one partition and widened for three; a missing or bad
// --partitions exits 2 and prints nothing.
func TestNatsAccountsCommand(t *testing.T) {
	var out bytes.Buffer
	rootCmd.SetOut(&out)
	t.Cleanup(func() { rootCmd.SetOut(nil) })
	three, err := embedded.PartitionedAccountsConf(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"nats", "accounts"}, 2, ""}, // first: cobra keeps a flag's Changed
		{[]string{"nats", "accounts", "--partitions", "1"}, 0, embedded.AccountsConf()},
		{[]string{"nats", "accounts", "--partitions", "3"}, 0, three},
		{[]string{"nats", "accounts", "--partitions", "0"}, 2, ""},
		{[]string{"nats", "accounts", "--partitions", "-2"}, 2, ""},
		{[]string{"nats", "accounts", "--partitions", "65"}, 2, ""},
		{[]string{"nats", "accounts", "--partitions", "three"}, 2, ""},
		{[]string{"nats", "accounts", "3"}, 1, ""},
	} {
		out.Reset()
		if code := run(tc.args); code != tc.code || out.String() != tc.want {
			t.Errorf("%v: exit %d with %d bytes, want %d with %d", tc.args, code, out.Len(), tc.code, len(tc.want))
		}
	}
	if three == embedded.AccountsConf() {
		t.Error("three partitions printed the file unchanged")
	}
}
