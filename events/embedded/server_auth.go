package embedded

import (
	"crypto/rand"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats-server/v2/server"
)

// accountsConf is deploy/nats/accounts.conf, the deployed cluster's users
// and permissions, copied here so that the embedded server runs the very
// same (deploy/tools/natsperm fails when the two differ).
//
//go:embed nats_accounts.conf
var accountsConf string

// The NATS users of the embedded server: the deployment's per-service users
// and its admin, and InProcessUser.
const (
	// AdminUser may call every JetStream API (streams, consumers) and no
	// event subject: the operator's natscli user (hakem nats creds).
	AdminUser = "admin"
	// InProcessUser is the user of the connections of a hakem serve that
	// runs several services in one process: every service user's rights
	// together (publish on each writer's own subjects, the services'
	// consumer groups, replies), and still no stream administration.
	InProcessUser = "hakem"
)

// ServiceUsers are the per-service NATS users of deploy/nats/accounts.conf.
var ServiceUsers = []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway"}

// Users are the passwords of the embedded server's users, by user name.
type Users map[string]string

// usersFile is the file of the embedded server's passwords in its data
// folder (mode 0600).
const usersFile = "nats-users.json"

// UsersPath is where LoadOrCreateUsers keeps the passwords in a data folder.
func UsersPath(dir string) string { return filepath.Join(dir, usersFile) }

// LoadOrCreateUsers reads the embedded server's passwords from the data
// folder dir, creating the file (mode 0600, a random 32-byte password per
// user) on first start and adding any user it lacks.
func LoadOrCreateUsers(dir string) (Users, error) {
	path := UsersPath(dir)
	u := Users{}
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := json.Unmarshal(b, &u); err != nil {
			return nil, fmt.Errorf("events: %s: %w", path, err)
		}
	case errors.Is(err, os.ErrNotExist):
	default:
		return nil, fmt.Errorf("events: %w", err)
	}
	changed := false
	for _, name := range append([]string{AdminUser, InProcessUser, "sys", StandbyUser}, ServiceUsers...) {
		if u[name] != "" {
			continue
		}
		var raw [32]byte
		if _, err := rand.Read(raw[:]); err != nil {
			return nil, err
		}
		u[name] = base64.RawURLEncoding.EncodeToString(raw[:])
		changed = true
	}
	if !changed {
		return u, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	out, err := json.MarshalIndent(u, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := events.WriteFileSynced(path, append(out, '\n'), 0o600); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	return u, nil
}

// serverUsers returns the users the embedded server requires: those of
// accounts.conf with their permissions, all in the server's one (global)
// account, where the data folder's streams are, and InProcessUser.
func serverUsers(pw Users, parts events.GamePartitions) ([]*server.User, error) {
	for _, name := range confUsers() {
		if pw[name] == "" {
			return nil, fmt.Errorf("events: embedded server: no password for NATS user %s", name)
		}
	}
	opts, err := parseAccounts(accountsConf, func(name string) string { return pw[name] })
	if err != nil {
		return nil, fmt.Errorf("events: embedded server: the NATS users: %w", err)
	}
	var users []*server.User
	union := &server.Permissions{
		Publish:   &server.SubjectPermission{},
		Subscribe: &server.SubjectPermission{},
		Response:  &server.ResponsePermission{},
	}
	var ours []*server.User
	for _, u := range opts.Users {
		if u.Account != nil && u.Account.Name != "HAKEM" {
			continue // the system account's user: not in the embedded server
		}
		ours = append(ours, u)
	}
	orderedAcks(ours)
	for _, u := range ours {
		partitionPermissions(u.Permissions, parts)
		users = append(users, &server.User{Username: u.Username, Password: u.Password, Permissions: u.Permissions})
		if slices.Contains(ServiceUsers, u.Username) && u.Permissions != nil {
			if p := u.Permissions.Publish; p != nil {
				union.Publish.Allow = appendNew(union.Publish.Allow, p.Allow...)
			}
			if p := u.Permissions.Subscribe; p != nil {
				union.Subscribe.Allow = appendNew(union.Subscribe.Allow, p.Allow...)
			}
		}
	}
	if pw[InProcessUser] == "" {
		return nil, fmt.Errorf("events: embedded server: no password for NATS user %s", InProcessUser)
	}
	// No service user may administer a stream, create a consumer group's
	// durable, or delete a message: neither may their union.
	union.Publish.Deny = []string{"$JS.API.STREAM.CREATE.>", "$JS.API.STREAM.UPDATE.>", "$JS.API.STREAM.DELETE.>",
		"$JS.API.STREAM.PURGE.>", "$JS.API.STREAM.MSG.DELETE.>", "$JS.API.CONSUMER.DURABLE.CREATE.>",
		events.CheckpointSubject} // the witness's (the gateway's user's), not the writers'

	users = append(users, &server.User{Username: InProcessUser, Password: pw[InProcessUser], Permissions: union})
	return users, nil
}

// appendNew appends to list those of add not already in it.
func appendNew(list []string, add ...string) []string {
	for _, s := range add {
		if !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// AccountsConf returns the embedded server's copy of the deployment's
// accounts.conf (a test compares it with deploy/nats/accounts.conf).
func AccountsConf() string { return accountsConf }

// confUsers are the users accounts.conf reads a password of from the
// environment (HAKEM_NATS_<USER>_PASSWORD).
func confUsers() []string {
	return append([]string{AdminUser, "sys", StandbyUser}, ServiceUsers...)
}

// parseAccounts parses conf (an accounts.conf) as nats-server does, with
// password(name) for each of confUsers' password variables.
func parseAccounts(conf string, password func(name string) string) (*server.Options, error) {
	var vars strings.Builder
	for _, name := range confUsers() {
		q, _ := json.Marshal(password(name))
		fmt.Fprintf(&vars, "HAKEM_NATS_%s_PASSWORD: %s\n", strings.ToUpper(name), q)
	}
	opts := &server.Options{}
	if err := opts.ProcessConfigString(vars.String() + conf); err != nil {
		return nil, err
	}
	return opts, nil
}
