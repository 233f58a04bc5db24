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
