package wiring

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// Services lists, in start order, every service hakem serve can run.
var Services = []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway"}

// Config is the configuration of one hakem serve process.
//
// Every key has a default; each is read, in increasing priority, from the
// defaults, an optional configuration file (YAML, TOML or JSON, named by
// --config or HAKEM_CONFIG), HAKEM_<KEY> environment variables (dots become
// underscores: HAKEM_LOG_LEVEL) and command-line flags.
type Config struct {
	// Data is the folder of the embedded JetStream server (key "data").
	Data string
	// HTTP is the listen address of the process's health, readiness and
	// metrics, and of the API where the gateway runs (key "http").
	HTTP string
	// NATS is the URL of an external NATS server; empty means an embedded
	// JetStream server in Data (key "nats").
	NATS string
	// NATSListen is where the embedded server also accepts TCP clients
	// (key "nats_listen", e.g. 127.0.0.1:4222), so that other hakem serve
	// processes can join it with --nats; empty: in-process clients only.
	NATSListen string
	// Only is the set of services this process runs (key "only").
	Only []string
	// LogLevel is zap's level: debug, info, warn or error (key "log.level").
	LogLevel string
	// SyncAlways makes the embedded JetStream server fsync every write
	// before it acknowledges it (key "sync_interval" set to "always", the
	// default): an acknowledged event survives a power cut.
	SyncAlways bool
	// SyncInterval is how often the embedded JetStream server fsyncs its
	// files when SyncAlways is off (key "sync_interval" set to a duration
	// such as 2m, nats-server's own default): a power cut or a kernel crash
	// may lose the acknowledged events of up to that long. See the events
	// module and README.md ("Running an event") for the trade-off.
	SyncInterval time.Duration
	// ShutdownTimeout bounds a graceful shutdown (key "shutdown_timeout").
	ShutdownTimeout time.Duration
	// CommandRetries is how many times a command is re-decided on fresh
	// state after an append conflict (key "command_retries").
	CommandRetries int
	// StreamReplicas is the replica count of the event streams, the
	// sealed-log bucket and the poison stream (key "stream_replicas"): 1
	// on an embedded or single server, 3 in a cluster. An existing stream
	// with more replicas is never scaled down.
	StreamReplicas int
	// GamePartitions is how many streams the games are spread over (key
	// "game_partitions", HAKEM_GAME_PARTITIONS): 1, the single stream
	// GAMES, by default; N > 1 the streams GAMES_0 .. GAMES_{N-1}, a
	// game in the one its id's hash names (events.GamePartitions). A data
	// folder of one stream is moved to N by hakem migrate partitions N.
	GamePartitions int
	// NATSProvisioned means an administrator provisioned the streams, the
	// sealed-log bucket and the consumer groups on the external NATS
	// server (hakem provision, as the admin user; key "nats_provisioned"):
	// this process only binds to them and creates or updates none, which
	// is what the per-service users of deploy/nats allow. It needs nats.
	NATSProvisioned bool
	// NATSAuth is how this process authenticates to an external NATS
	// server and secures the connection.
	NATSAuth NATSAuth
	// Auth is the HTTP authorisation of the gateway.
	Auth Auth
	// KeysDir is the folder of the writers' signing keys and their keyring
	// (key "keys_dir", HAKEM_KEYS_DIR; default <data>/keys). See Keys.
	KeysDir string
	// CheckpointInterval is how often the chain heads are checkpointed
	// (key "checkpoint_interval"; default 10 s). See Checkpoints.
	CheckpointInterval time.Duration
	// BackupEvery schedules backups of the event log taken by this process
	// while it runs (key "backup_every"): a duration ("30m"), "round"
	// (after each closed round of any tournament), or empty for none.
	// BackupDir is where each goes, in a folder named by its time (key
	// "backup_dir"; default the data folder's name with "-backups").
	BackupEvery, BackupDir string
	// Standby is the URL of a primary's standby listener
	// (nats://standby:<password>@host:port; key "standby", flag --standby):
	// this process's embedded JetStream mirrors every stream of that
	// primary, serves the reads and refuses every write (503 standby) until
	// hakem promote makes it the primary. See services/standby.
	Standby string
	// StandbyListen is where the embedded server accepts a standby's
	// connection (key "standby_listen", e.g. 0.0.0.0:7422); empty: no
	// standby may follow this server. On a standby it takes effect once
	// promoted (a standby is followed by none).
	StandbyListen string
	// Memory is the Go runtime's memory settings for the process (keys
	// "memory_limit" and "gc_percent").
	Memory Memory
}

// Memory is how the process's Go runtime trades memory for CPU. The
// environment's GOMEMLIMIT and GOGC, when set, take precedence (Go reads
// them itself; the keys are then not applied).
type Memory struct {
	// Limit is the soft memory limit of the Go runtime in bytes (key
	// "memory_limit": a size such as 1.5GiB, 800MiB or 2000000000 bytes,
	// "auto" or "off"): near it the garbage collector runs more often
	// instead of letting the heap grow. Auto (the default, LimitAuto) is
	// 80% of the container's memory limit (cgroup) when it has one, else
	// none; 0 is none.
	Limit int64
	// GCPercent is the garbage collector's target heap growth over the
	// live heap, in percent (key "gc_percent", Go's GOGC: 100 by default;
	// lower keeps less garbage resident and costs more CPU).
	GCPercent int
}

// LimitAuto is Memory.Limit's "auto": from the container's limit.
const LimitAuto = -1

// NATSAuth holds the NATS client's credentials and TLS files. A user and
// password may also be in the URL (nats://user:password@host:4222); the
// URL's password is never logged.
type NATSAuth struct {
	// User and Password (keys "nats_user", "nats_password").
	User, Password string
	// Creds is a NATS credentials file (JWT and NKey seed; key "nats_creds").
	Creds string
	// TLSCA is the CA file that signs the server's certificate (key
	// "nats_tls_ca"); TLSCert and TLSKey are the client's certificate and
	// key for mutual TLS (keys "nats_tls_cert", "nats_tls_key"). Setting
	// any of them makes the connection require TLS.
	TLSCA, TLSCert, TLSKey string
}

// The gateway's authorisation modes (key "auth.mode").
const (
	// AuthAuto: with a tokens file, tokens are required for everything but
	// reads; without one, the gateway runs open only on a loopback address
	// and refuses to start on any other.
	AuthAuto = "auto"
	// AuthTokens: a tokens file is required.
	AuthTokens = "tokens"
	// AuthOpen: no authorisation at all, on any address (a warning is
	// logged). Only behind another authenticating proxy.
	AuthOpen = "open"
)

// Auth configures the gateway's HTTP authorisation.
type Auth struct {
	// Mode is auto, tokens or open (key "auth.mode").
	Mode string
	// TokensFile lists the bearer tokens and their grants (key
	// "auth.tokens_file", HAKEM_AUTH_TOKENS_FILE); see package authz.
	TokensFile string
}

// defaults holds the default of every key; the environment alone must be
// enough to run, so nothing is required.
var defaults = map[string]any{
	"data":                "./data",
	"http":                "127.0.0.1:8080",
	"nats":                "",
	"nats_listen":         "",
	"only":                strings.Join(Services, ","),
	"log.level":           "info",
	"sync_interval":       "always",
	"shutdown_timeout":    10 * time.Second,
	"command_retries":     16,
	"stream_replicas":     1,
	"game_partitions":     1,
	"nats_provisioned":    false,
	"nats_user":           "",
	"nats_password":       "",
	"nats_creds":          "",
	"nats_tls_ca":         "",
	"nats_tls_cert":       "",
	"nats_tls_key":        "",
	"auth.mode":           AuthAuto,
	"auth.tokens_file":    "",
	"keys_dir":            "",
	"checkpoint_interval": 10 * time.Second,
	"backup_every":        "",
	"backup_dir":          "",
	"standby":             "",
	"standby_listen":      "",
	"memory_limit":        "auto",
	"gc_percent":          100,
}

// flagKeys maps the flags hakem serve defines to their configuration keys.
var flagKeys = map[string]string{
	"data":      "data",
	"http":      "http",
	"nats":      "nats",
	"only":      "only",
	"log-level": "log.level",
	"standby":   "standby",
}

// AddFlags defines the configuration flags on fs (--config, --data, --http,
// --nats, --only, --log-level) with their defaults.
func AddFlags(fs *pflag.FlagSet) {
	fs.String("config", "", "configuration file (YAML, TOML or JSON); also HAKEM_CONFIG")
	fs.String("data", defaults["data"].(string), "data folder of the embedded JetStream server; also HAKEM_DATA")
	fs.String("http", defaults["http"].(string), "HTTP listen address of the gateway; also HAKEM_HTTP")
	fs.String("nats", "", "URL of an external NATS server (empty: embedded JetStream in --data); also HAKEM_NATS")
	fs.String("only", defaults["only"].(string), "comma-separated services to run: "+strings.Join(Services, ",")+"; also HAKEM_ONLY")
	fs.String("log-level", defaults["log.level"].(string), "log level: debug, info, warn, error; also HAKEM_LOG_LEVEL")
	fs.String("standby", "", "run as the standby of the primary at this URL (nats://standby:<password>@host:port, its HAKEM_STANDBY_LISTEN); also HAKEM_STANDBY")
}

// LoadConfig reads the configuration from the defaults, the optional file,
// the environment (through getenv, os.Getenv when nil) and the flags of fs
// that were set (fs may be nil).
func LoadConfig(fs *pflag.FlagSet, getenv func(string) string) (Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	v := viper.New()
	for k, d := range defaults {
		v.SetDefault(k, d)
	}
	// viper's AutomaticEnv reads the process environment; we resolve the
	// environment ourselves so that tests can hand one in.
	for k := range defaults {
		if val := getenv(envName(k)); val != "" {
			v.Set(k, val)
		}
	}
	file := getenv("HAKEM_CONFIG")
	if fs != nil {
		if f := fs.Lookup("config"); f != nil && f.Changed {
			file = f.Value.String()
		}
	}
	if file != "" {
		if err := readConfigFile(v, file, getenv); err != nil {
			return Config{}, err
		}
	}
	if fs != nil {
		for flag, key := range flagKeys {
			if f := fs.Lookup(flag); f != nil && f.Changed {
				v.Set(key, f.Value.String())
			}
		}
	}
	return configOf(v)
}

// envName is the environment variable of configuration key k:
// "log.level" is HAKEM_LOG_LEVEL.
func envName(k string) string {
	return "HAKEM_" + strings.ToUpper(strings.ReplaceAll(k, ".", "_"))
}

// readConfigFile sets in v the keys of the configuration file, which sits
// between the defaults and the environment: a key the environment sets
// keeps the environment's value. An unknown key is an error.
func readConfigFile(v *viper.Viper, file string, getenv func(string) string) error {
	fv := viper.New()
	fv.SetConfigFile(file)
	if err := fv.ReadInConfig(); err != nil {
		return fmt.Errorf("config file %s: %w", file, err)
	}
	for _, k := range fv.AllKeys() {
		if _, known := defaults[k]; !known {
			return fmt.Errorf("config file %s: unknown key %q", file, k)
		}
		if getenv(envName(k)) == "" {
			v.Set(k, fv.Get(k))
		}
	}
	return nil
}

// configOf is the configuration v's keys give, validated.
func configOf(v *viper.Viper) (Config, error) {
	c := Config{
		Data:            v.GetString("data"),
		HTTP:            v.GetString("http"),
		NATS:            v.GetString("nats"),
		NATSListen:      v.GetString("nats_listen"),
		LogLevel:        v.GetString("log.level"),
		ShutdownTimeout: v.GetDuration("shutdown_timeout"),
		CommandRetries:  v.GetInt("command_retries"),
		StreamReplicas:  v.GetInt("stream_replicas"),
		GamePartitions:  v.GetInt("game_partitions"),
		NATSProvisioned: v.GetBool("nats_provisioned"),
		NATSAuth: NATSAuth{
			User: v.GetString("nats_user"), Password: v.GetString("nats_password"), Creds: v.GetString("nats_creds"),
			TLSCA: v.GetString("nats_tls_ca"), TLSCert: v.GetString("nats_tls_cert"), TLSKey: v.GetString("nats_tls_key"),
		},
		Auth:        Auth{Mode: strings.ToLower(v.GetString("auth.mode")), TokensFile: v.GetString("auth.tokens_file")},
		BackupEvery: strings.ToLower(strings.TrimSpace(v.GetString("backup_every"))),
		BackupDir:   v.GetString("backup_dir"),
		Standby:     strings.TrimSpace(v.GetString("standby")), StandbyListen: strings.TrimSpace(v.GetString("standby_listen")),
	}
	if c.BackupEvery != "" && c.BackupDir == "" {
		c.BackupDir = strings.TrimRight(c.Data, "/") + "-backups"
	}
	only, err := parseOnly(v.GetString("only"))
	if err != nil {
		return Config{}, err
	}
	c.Only = only
	if c.SyncAlways, c.SyncInterval, err = ParseSync(v.GetString("sync_interval")); err != nil {
		return Config{}, err
	}
	if c.Memory, err = parseMemory(v.GetString("memory_limit"), v.GetString("gc_percent")); err != nil {
		return Config{}, err
	}
	c.KeysDir, c.CheckpointInterval = v.GetString("keys_dir"), v.GetDuration("checkpoint_interval")
	if c.KeysDir == "" {
		c.KeysDir = filepath.Join(c.Data, "keys")
	}
	return c, c.validate()
}

// parseOnly turns "games, clocks" into the services' names in start order.
func parseOnly(list string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(strings.ToLower(s))
		if s == "" {
			continue
		}
		if s == "all" {
			return slices.Clone(Services), nil
		}
		if !slices.Contains(Services, s) {
			return nil, fmt.Errorf("only: unknown service %q (known: %s)", s, strings.Join(Services, ","))
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("only: no service named")
	}
	slices.SortFunc(out, func(a, b string) int {
		return slices.Index(Services, a) - slices.Index(Services, b)
	})
	return out, nil
}

// ParseSync reads the key sync_interval: "always" (fsync before every
// acknowledgement) or a positive Go duration ("2m", "500ms": fsync that
// often; "0", nats-server's default of 2 minutes). It is parsed here, not by nats-server, whose configuration reads
// a bare "2m" from the environment as something else than two minutes.
func ParseSync(s string) (always bool, interval time.Duration, err error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "always" || s == "" {
		return true, 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return false, 0, fmt.Errorf("sync_interval: %q is neither always nor a positive duration such as 2m", s)
	}
	return false, d, nil // 0: nats-server's own default, 2 minutes
}

// BackupInterval reads the key backup_every: 0 for none or for "round",
// else a duration of at least a minute.
func BackupInterval(every string) (time.Duration, error) {
	if every == "" || every == "round" {
		return 0, nil
	}
	d, err := time.ParseDuration(every)
	if err != nil || d < time.Minute {
		return 0, fmt.Errorf("backup_every: %q is neither round nor a duration of a minute or more such as 30m", every)
	}
	return d, nil
}

func (c Config) validate() error {
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("log.level: %q is not one of debug, info, warn, error", c.LogLevel)
	}
	if c.NATS == "" && c.Data == "" {
		return errors.New("data: an embedded server needs a data folder (or set nats)")
	}
	if c.HTTP == "" {
		return errors.New("http: a listen address is needed (every process serves /livez, /readyz and /metrics; the gateway the API)")
	}
	if c.ShutdownTimeout < 0 {
		return errors.New("durations must not be negative")
	}
	if err := events.GamePartitions(c.GamePartitions).Valid(); err != nil {
		return fmt.Errorf("game_partitions: %d, want 1 to %d", c.GamePartitions, int(events.MaxGamePartitions))
	}
	if c.StreamReplicas < 1 || c.StreamReplicas > 5 {
		return fmt.Errorf("stream_replicas: %d, want 1 to 5", c.StreamReplicas)
	}
	switch c.Auth.Mode {
	case AuthAuto, AuthOpen:
	case AuthTokens:
		if c.Auth.TokensFile == "" {
			return errors.New("auth.mode tokens: auth.tokens_file (HAKEM_AUTH_TOKENS_FILE) is not set")
		}
	default:
		return fmt.Errorf("auth.mode: %q is not one of auto, tokens, open", c.Auth.Mode)
	}
	if (c.NATSAuth.TLSCert == "") != (c.NATSAuth.TLSKey == "") {
		return errors.New("nats_tls_cert and nats_tls_key go together")
	}
	if c.NATSAuth.Creds != "" && (c.NATSAuth.User != "" || c.NATSAuth.Password != "") {
		return errors.New("nats_creds and nats_user/nats_password exclude each other")
	}
	if c.NATSProvisioned && c.NATS == "" {
		return errors.New("nats_provisioned: an embedded server is provisioned by its own process; set nats or leave nats_provisioned off")
	}
	if _, err := BackupInterval(c.BackupEvery); err != nil {
		return err
	}
	if c.Standby != "" && c.NATS != "" {
		return errors.New("standby: a standby runs its own embedded JetStream; leave nats empty")
	}
	if u, err := url.Parse(c.Standby); c.Standby != "" && (err != nil || u.Host == "" || u.User == nil || u.User.Username() == "") {
		return errors.New("standby: the URL is nats://standby:<password>@<primary>:<its standby_listen port> (hakem nats creds --user standby on the primary prints it)")
	}
	if c.StandbyListen != "" && c.NATS != "" {
		return errors.New("standby_listen: only an embedded JetStream server accepts a standby; leave nats empty")
	}
	if c.CommandRetries < 1 {
		return fmt.Errorf("command_retries: %d, want at least 1", c.CommandRetries)
	}
	return nil
}

// Runs reports whether this process runs the named service.
func (c Config) Runs(service string) bool { return slices.Contains(c.Only, service) }
