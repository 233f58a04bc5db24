package wiring

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "hakem.yaml")
	if err := os.WriteFile(file, []byte("http: 127.0.0.1:9999\nlog:\n  level: debug\nsync_interval: 2s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("htp: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		env     map[string]string
		args    []string
		check   func(t *testing.T, c Config)
		wantErr string
	}{
		{name: "defaults alone", check: func(t *testing.T, c Config) {
			if c.Data != "./data" || c.HTTP != "127.0.0.1:8080" || c.NATS != "" || c.LogLevel != "info" {
				t.Errorf("defaults: %+v", c)
			}
			if !reflect.DeepEqual(c.Only, Services) {
				t.Errorf("only = %v, want all", c.Only)
			}
		}},
		{name: "environment", env: map[string]string{"HAKEM_DATA": "/d", "HAKEM_HTTP": ":1", "HAKEM_NATS": "nats://x:4222", "HAKEM_ONLY": "gateway, games", "HAKEM_LOG_LEVEL": "warn", "HAKEM_SYNC_INTERVAL": "1m"},
			check: func(t *testing.T, c Config) {
				if c.Data != "/d" || c.HTTP != ":1" || c.NATS != "nats://x:4222" || c.LogLevel != "warn" || c.SyncInterval != time.Minute {
					t.Errorf("env: %+v", c)
				}
				if !reflect.DeepEqual(c.Only, []string{"games", "gateway"}) {
					t.Errorf("only = %v", c.Only)
				}
			}},
		{name: "flags beat environment", env: map[string]string{"HAKEM_HTTP": ":1"}, args: []string{"--http", ":2", "--only", "clocks"},
			check: func(t *testing.T, c Config) {
				if c.HTTP != ":2" || !reflect.DeepEqual(c.Only, []string{"clocks"}) {
					t.Errorf("flags: %+v", c)
				}
			}},
		{name: "file beats defaults, environment beats file", env: map[string]string{"HAKEM_CONFIG": file, "HAKEM_LOG_LEVEL": "error"},
			check: func(t *testing.T, c Config) {
				if c.HTTP != "127.0.0.1:9999" || c.LogLevel != "error" || c.SyncInterval != 2*time.Second {
					t.Errorf("file: %+v", c)
				}
			}},
		{name: "config flag", args: []string{"--config", file}, check: func(t *testing.T, c Config) {
			if c.LogLevel != "debug" {
				t.Errorf("config flag: %+v", c)
			}
		}},
		{name: "unknown key in file", args: []string{"--config", bad}, wantErr: `unknown key "htp"`},
		{name: "missing file", args: []string{"--config", filepath.Join(dir, "none.yaml")}, wantErr: "config file"},
		{name: "unknown service", args: []string{"--only", "games,refere"}, wantErr: `unknown service "refere"`},
		{name: "empty only", env: map[string]string{"HAKEM_ONLY": " , "}, wantErr: "no service"},
		{name: "bad level", args: []string{"--log-level", "loud"}, wantErr: "log.level"},
		{name: "bad duration", env: map[string]string{"HAKEM_SHUTDOWN_TIMEOUT": "-1s"}, wantErr: "negative"},
		{name: "no retries", env: map[string]string{"HAKEM_COMMAND_RETRIES": "0"}, wantErr: "command_retries"},
		{name: "auth, replicas and NATS security from the environment", env: map[string]string{
			"HAKEM_AUTH_TOKENS_FILE": "/etc/hakem/tokens.yaml", "HAKEM_AUTH_MODE": "tokens", "HAKEM_STREAM_REPLICAS": "3",
			"HAKEM_NATS_USER": "games", "HAKEM_NATS_PASSWORD": "pw", "HAKEM_NATS_TLS_CA": "/ca.pem", "HAKEM_NATS_TLS_CERT": "/c.pem", "HAKEM_NATS_TLS_KEY": "/k.pem"},
			check: func(t *testing.T, c Config) {
				want := NATSAuth{User: "games", Password: "pw", TLSCA: "/ca.pem", TLSCert: "/c.pem", TLSKey: "/k.pem"}
				if c.Auth != (Auth{Mode: AuthTokens, TokensFile: "/etc/hakem/tokens.yaml"}) || c.StreamReplicas != 3 || c.NATSAuth != want {
					t.Errorf("env: %+v", c)
				}
			}},
		{name: "auth defaults", check: func(t *testing.T, c Config) {
			if c.Auth != (Auth{Mode: AuthAuto}) || c.StreamReplicas != 1 {
				t.Errorf("defaults: %+v", c)
			}
		}},
		{name: "tokens mode without a file", env: map[string]string{"HAKEM_AUTH_MODE": "tokens"}, wantErr: "auth.tokens_file"},
		{name: "unknown auth mode", env: map[string]string{"HAKEM_AUTH_MODE": "trusting"}, wantErr: "auth.mode"},
		{name: "replicas", env: map[string]string{"HAKEM_STREAM_REPLICAS": "0"}, wantErr: "stream_replicas"},
		{name: "cert without key", env: map[string]string{"HAKEM_NATS_TLS_CERT": "/c.pem"}, wantErr: "nats_tls_key"},
		{name: "creds and password", env: map[string]string{"HAKEM_NATS_CREDS": "/x.creds", "HAKEM_NATS_PASSWORD": "pw"}, wantErr: "exclude"},
		{name: "provisioned", env: map[string]string{"HAKEM_NATS": "nats://n:4222", "HAKEM_NATS_PROVISIONED": "true"}, check: func(t *testing.T, c Config) {
			if !c.NATSProvisioned {
				t.Errorf("HAKEM_NATS_PROVISIONED=true: %+v", c)
			}
		}},
		{name: "provisioned embedded", env: map[string]string{"HAKEM_NATS_PROVISIONED": "true"}, wantErr: "nats_provisioned"},
		{name: "standby", args: []string{"--standby", " nats://standby:pw@10.0.0.1:7422 "}, env: map[string]string{"HAKEM_STANDBY_LISTEN": "0.0.0.0:7422"},
			check: func(t *testing.T, c Config) {
				if c.Standby != "nats://standby:pw@10.0.0.1:7422" || c.StandbyListen != "0.0.0.0:7422" {
					t.Errorf("standby %q, standby_listen %q", c.Standby, c.StandbyListen)
				}
			}},
		{name: "standby from the environment", env: map[string]string{"HAKEM_STANDBY": "nats://standby:pw@p:7422"}, check: func(t *testing.T, c Config) {
			if c.Standby != "nats://standby:pw@p:7422" {
				t.Errorf("HAKEM_STANDBY: %q", c.Standby)
			}
		}},
		{name: "standby of an external server", env: map[string]string{"HAKEM_NATS": "nats://n:4222", "HAKEM_STANDBY": "nats://standby:pw@p:7422"}, wantErr: "standby: a standby runs its own"},
		{name: "standby listener on an external server", env: map[string]string{"HAKEM_NATS": "nats://n:4222", "HAKEM_STANDBY_LISTEN": ":7422"}, wantErr: "standby_listen"},
		{name: "standby without its password", env: map[string]string{"HAKEM_STANDBY": "nats://p:7422"}, wantErr: "standby: the URL"},
		{name: "no http", args: []string{"--http", "", "--only", "scoring"}, wantErr: "http"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
			AddFlags(fs)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			c, err := LoadConfig(fs, env(tt.env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, c)
		})
	}
}

func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"nats://games:pw@nats:4222", "nats://games:xxxxx@nats:4222"},
		{"nats://a:p1@n1:4222,nats://a:p1@n2:4222", "nats://a:xxxxx@n1:4222,nats://a:xxxxx@n2:4222"},
		{"nats://nats:4222", "nats://nats:4222"},
		{"tls://s3cr3t-token@nats:4222", "tls://xxxxx@nats:4222"},
		{"nats://u:p%zz@h:1", "xxxxx@h:1"},
	}
	for _, tc := range tests {
		if got := RedactURL(tc.in); got != tc.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := redact("dial nats://u:secret@h failed, secret", "nats://u:secret@h"); strings.Contains(got, "secret") {
		t.Errorf("redact left the password: %q", got)
	}
}

func TestParseSync(t *testing.T) {
	tests := []struct {
		in       string
		always   bool
		interval time.Duration
		wantErr  bool
	}{
		{in: "always", always: true},
		{in: " Always ", always: true},
		{in: "", always: true},
		{in: "2m", interval: 2 * time.Minute},
		{in: "500ms", interval: 500 * time.Millisecond},
		{in: "0", interval: 0},
		{in: "-1s", wantErr: true},
		{in: "2", wantErr: true},
		{in: "sometimes", wantErr: true},
	}
	for _, tt := range tests {
		always, interval, err := ParseSync(tt.in)
		if (err != nil) != tt.wantErr || always != tt.always || interval != tt.interval {
			t.Errorf("ParseSync(%q) = %v, %v, %v; want %v, %v, error %v", tt.in, always, interval, err, tt.always, tt.interval, tt.wantErr)
		}
	}
	c, err := LoadConfig(nil, env(nil))
	if err != nil || !c.SyncAlways || c.SyncInterval != 0 {
		t.Errorf("default: always %v interval %v err %v; want always", c.SyncAlways, c.SyncInterval, err)
	}
	if _, err := LoadConfig(nil, env(map[string]string{"HAKEM_SYNC_INTERVAL": "soon"})); err == nil || !strings.Contains(err.Error(), "sync_interval") {
		t.Errorf("bad sync_interval: %v", err)
	}
}

func TestBackupEvery(t *testing.T) {
	tests := []struct {
		env     map[string]string
		every   string
		dir     string
		wantErr bool
	}{
		{env: nil},
		{env: map[string]string{"HAKEM_BACKUP_EVERY": "Round", "HAKEM_DATA": "/srv/data/"}, every: "round", dir: "/srv/data-backups"},
		{env: map[string]string{"HAKEM_BACKUP_EVERY": "30m", "HAKEM_BACKUP_DIR": "/b"}, every: "30m", dir: "/b"},
		{env: map[string]string{"HAKEM_BACKUP_EVERY": "10s"}, wantErr: true},
		{env: map[string]string{"HAKEM_BACKUP_EVERY": "often"}, wantErr: true},
	}
	for _, tt := range tests {
		c, err := LoadConfig(nil, env(tt.env))
		if (err != nil) != tt.wantErr || err == nil && (c.BackupEvery != tt.every || c.BackupDir != tt.dir) {
			t.Errorf("%v: every %q dir %q err %v; want %q %q error %v", tt.env, c.BackupEvery, c.BackupDir, err, tt.every, tt.dir, tt.wantErr)
		}
	}
}
