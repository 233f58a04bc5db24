package natsperm_test

import (
	"crypto/rand"
	"encoding/hex"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// The deployed configuration: the files, the users they declare and the
// environment they read, and what they must declare (TestNATSConfig).

// deployedConf is the nats-server configuration the deployment runs
// (docker compose); it includes accounts.conf, the one place where users
// and permissions are written, which Kubernetes uses too.
const deployedConf = "../../nats/nats-server.conf"

// serviceUsers are the NATS users of the services; each is named after the
// events.Writer whose subjects it alone may publish (the gateway writes no
// event).
var serviceUsers = []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway"}

// configUsers is every user of the configuration: the services, the
// operator (admin: JetStream API only, no event subject) and the system
// account's user.
var configUsers = append(slices.Clone(serviceUsers), "admin", "sys", "standby")

// setDeployEnv sets the environment variables the configuration reads
// (random passwords, the server name, the sync interval) and returns the
// passwords by user.
func setDeployEnv(t *testing.T, syncInterval string) map[string]string {
	t.Helper()
	pw := map[string]string{}
	for _, u := range configUsers {
		b := make([]byte, 16)
		if _, err := rand.Read(b); err != nil {
			t.Fatal(err)
		}
		pw[u] = hex.EncodeToString(b)
		t.Setenv("HAKEM_NATS_"+strings.ToUpper(u)+"_PASSWORD", pw[u])
	}
	t.Setenv("NATS_SERVER_NAME", "hakem-permissions-test")
	t.Setenv("NATS_SYNC_INTERVAL", syncInterval)
	return pw
}

// loadDeployedConf parses the deployed configuration as nats-server does.
func loadDeployedConf(t *testing.T) *server.Options {
	t.Helper()
	opts, err := server.ProcessConfigFile(deployedConf)
	if err != nil {
		t.Fatalf("%s: %v", deployedConf, err)
	}
	return opts
}

// TestNATSConfig checks what the deployed configurations (docker compose
// and Kubernetes, which include the same accounts.conf) declare: exactly the
// users the tests cover, JetStream on, a 3-node cluster, and the sync
// interval taken from the deployment's setting.
func TestNATSConfig(t *testing.T) {
	for _, conf := range []string{deployedConf, "../../nats/nats-server.k8s.conf"} {
		for _, tc := range []struct {
			setting  string
			always   bool
			interval time.Duration
		}{
			{"120s", false, 2 * time.Minute},
			{"10s", false, 10 * time.Second},
			{"always", true, 0},
		} {
			t.Run(filepath.Base(conf)+"/"+tc.setting, func(t *testing.T) {
				setDeployEnv(t, tc.setting)
				opts, err := server.ProcessConfigFile(filepath.FromSlash(conf))
				if err != nil {
					t.Fatal(err)
				}
				if !opts.JetStream || opts.StoreDir != "/data/jetstream" {
					t.Errorf("JetStream %v in %q, want on in /data/jetstream", opts.JetStream, opts.StoreDir)
				}
				if opts.SyncAlways != tc.always || (!tc.always && opts.SyncInterval != tc.interval) {
					t.Errorf("sync_interval %q: SyncAlways %v, SyncInterval %v", tc.setting, opts.SyncAlways, opts.SyncInterval)
				}
				var names []string
				for _, u := range opts.Users {
					names = append(names, u.Username)
				}
				slices.Sort(names)
				want := slices.Clone(configUsers)
				slices.Sort(want)
				if !slices.Equal(names, want) {
					t.Errorf("users %v, want %v (a new user needs its permissions tested)", names, want)
				}
				if len(opts.Routes) != 3 || opts.Cluster.Name != "hakem" || opts.Cluster.Port != 6222 {
					t.Errorf("cluster %q on port %d with %d routes, want hakem on 6222 with 3", opts.Cluster.Name, opts.Cluster.Port, len(opts.Routes))
				}
				if opts.ServerName != "hakem-permissions-test" {
					t.Errorf("server name %q, want the one from NATS_SERVER_NAME", opts.ServerName)
				}
			})
		}
	}
}
