package authz

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/viper"
)

// Role is what a token's holder may do.
type Role string

// The roles.
const (
	// Public is anyone without a token: reads only.
	Public Role = "public"
	// Player makes moves, offers draws, claims and resigns in their own
	// games, as themselves.
	Player Role = "player"
	// Arbiter rules in the games of the tournaments in scope: clocks
	// (start, pause, resume, adjust) and games' set-up.
	Arbiter Role = "arbiter"
	// Organiser sets tournaments up: creates them, registers players,
	// pairs and closes rounds.
	Organiser Role = "organiser"
)

// AllTournaments in a grant's Tournaments is every tournament.
const AllTournaments = "*"

// Grant is what one token allows.
type Grant struct {
	// Role is the holder's role (player, arbiter or organiser).
	Role Role
	// Subject is the holder: a player id, an arbiter id, an organiser id.
	// It becomes the actor of the events the holder's commands append.
	Subject string
	// Tournaments is the scope of an arbiter or organiser: tournament ids,
	// or "*" for all. Empty means none.
	Tournaments []string
}

// InScope reports whether tournament is in the grant's scope.
func (g Grant) InScope(tournament string) bool {
	if slices.Contains(g.Tournaments, AllTournaments) {
		return true
	}
	return tournament != "" && slices.Contains(g.Tournaments, tournament)
}

// TokenEntry is one entry of a tokens file: the token itself or the hex
// SHA-256 of it (preferred: the file then holds no secret), and its grant.
type TokenEntry struct {
	Token       string   `mapstructure:"token"`
	SHA256      string   `mapstructure:"sha256"`
	Role        string   `mapstructure:"role"`
	Subject     string   `mapstructure:"subject"`
	Tournaments []string `mapstructure:"tournaments"`
}

// Tokens is the set of valid tokens. Only hashes are kept.
//
// A set read from a file (LoadTokens) follows the file: Refresh, which the
// Authoriser calls before it looks a token up, reads the file again when it
// has changed (checked at most once per RefreshInterval), so that a token
// is added or revoked without a restart. A changed file that cannot be
// read or is not valid leaves the previous tokens in force.
type Tokens struct {
	cur atomic.Pointer[tokenSet]
	// path is the file the set follows ("" for NewTokens' sets).
	path string
	// mu serialises Refresh; seen is the file as last read (or last
	// found invalid); next is when the file may next be looked at (unix
	// nanoseconds).
	mu   sync.Mutex
	seen fs.FileInfo
	next atomic.Int64
	// now is the clock of RefreshInterval (time.Now; tests set it).
	now func() time.Time
}

// tokenSet is one version of the tokens.
type tokenSet struct {
	hashes [][sha256.Size]byte
	grants []Grant
}

// RefreshInterval is how often, at most, Refresh looks at the tokens file:
// a change takes effect on the first request at least this long after the
// previous look.
const RefreshInterval = time.Second

// minTokenLen is the shortest token accepted in a file: 16 bytes of
// randomness in hex.
const minTokenLen = 32

// NewTokens checks the entries and returns the set. Errors name the entry
// by its position and never quote a token.
func NewTokens(entries []TokenEntry) (*Tokens, error) {
	set, err := newTokenSet(entries)
	if err != nil {
		return nil, err
	}
	t := &Tokens{now: time.Now}
	t.cur.Store(set)
	return t, nil
}

func newTokenSet(entries []TokenEntry) (*tokenSet, error) {
	t := &tokenSet{}
	for i, e := range entries {
		where := fmt.Sprintf("token %d", i+1)
		var h [sha256.Size]byte
		switch {
		case e.Token != "" && e.SHA256 != "":
			return nil, fmt.Errorf("%s: give token or sha256, not both", where)
		case e.Token != "":
			if len(e.Token) < minTokenLen {
				return nil, fmt.Errorf("%s: the token is shorter than %d characters", where, minTokenLen)
			}
			h = sha256.Sum256([]byte(e.Token))
		case e.SHA256 != "":
			b, err := hex.DecodeString(e.SHA256)
			if err != nil || len(b) != sha256.Size {
				return nil, fmt.Errorf("%s: sha256 must be 64 hex digits", where)
			}
			copy(h[:], b)
		default:
			return nil, fmt.Errorf("%s: token or sha256 missing", where)
		}
		role := Role(strings.ToLower(strings.TrimSpace(e.Role)))
		switch role {
		case Player, Arbiter, Organiser:
		default:
			return nil, fmt.Errorf("%s: role %q is not one of player, arbiter, organiser", where, e.Role)
		}
		if strings.TrimSpace(e.Subject) == "" {
			return nil, fmt.Errorf("%s: subject missing (the player, arbiter or organiser id)", where)
		}
		for _, prev := range t.hashes {
			if prev == h {
				return nil, fmt.Errorf("%s: the same token is listed twice", where)
			}
		}
		t.hashes = append(t.hashes, h)
		t.grants = append(t.grants, Grant{Role: role, Subject: e.Subject, Tournaments: slices.Clone(e.Tournaments)})
	}
	if len(t.hashes) == 0 {
		return nil, errors.New("no token listed")
	}
	return t, nil
}

// LoadTokens reads a tokens file (YAML, JSON or TOML, by its extension)
// holding a list under the key "tokens":
//
//	tokens:
//	  - sha256: 9f86d0...   # or token: <the token itself>
//	    role: arbiter
//	    subject: a1
//	    tournaments: [open-2026]
//
// The set follows the file afterwards (see Refresh).
func LoadTokens(path string) (*Tokens, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	set, err := readTokenSet(path, true)
	if err != nil {
		return nil, err
	}
	t := &Tokens{path: path, seen: fi, now: time.Now}
	t.cur.Store(set)
	t.next.Store(t.now().Add(RefreshInterval).UnixNano())
	return t, nil
}

// readTokenSet reads and checks the tokens file. With verbose false, a
// parser's message is left out of the error: it may quote the file's
// content, hence a token, and the error of a reload is logged.
func readTokenSet(path string, verbose bool) (*tokenSet, error) {
	v := viper.New()
	v.SetConfigFile(path)
	parseErr := func(err error) error {
		var pe *fs.PathError
		if verbose || errors.As(err, &pe) {
			return fmt.Errorf("tokens file %s: %w", path, err)
		}
		return fmt.Errorf("tokens file %s: not valid YAML, JSON or TOML with a list under \"tokens\" (the parser's message is left out: it may quote a token)", path)
	}
	if err := v.ReadInConfig(); err != nil {
		return nil, parseErr(err)
	}
	var entries []TokenEntry
	if err := v.UnmarshalKey("tokens", &entries); err != nil {
		return nil, parseErr(err)
	}
	set, err := newTokenSet(entries)
	if err != nil {
		// newTokenSet names entries by position and never quotes a token
		return nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	return set, nil
}

// Refresh reads the tokens file again if it changed (another size,
// modification time or file, as when a Kubernetes Secret's files are
// swapped) since it was last read, looking at most once per
// RefreshInterval. It reports whether the tokens were replaced: from then
// on a token no longer listed is refused. If the changed file cannot be
// read or is not valid, the previous tokens stay in force and the error
// (which never quotes a token) is returned once for that version of the
// file. A set made by NewTokens never changes.
func (t *Tokens) Refresh() (bool, error) {
	if t.path == "" {
		return false, nil
	}
	now := t.now()
	if now.UnixNano() < t.next.Load() {
		return false, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if now.UnixNano() < t.next.Load() {
		return false, nil
	}
	t.next.Store(now.Add(RefreshInterval).UnixNano())
	fi, err := os.Stat(t.path)
	if err != nil {
		if t.seen == nil {
			return false, nil // already said
		}
		t.seen = nil
		return false, fmt.Errorf("tokens file %s: %w; the previous tokens stay in force", t.path, err)
	}
	if t.seen != nil && os.SameFile(fi, t.seen) && fi.ModTime().Equal(t.seen.ModTime()) && fi.Size() == t.seen.Size() {
		return false, nil
	}
	t.seen = fi
	set, err := readTokenSet(t.path, false)
	if err != nil {
		return false, fmt.Errorf("%w; the previous tokens stay in force", err)
	}
	t.cur.Store(set)
	return true, nil
}

// Lookup returns the grant of token. Every stored hash is compared, in
// constant time, whatever matches.
func (t *Tokens) Lookup(token string) (Grant, bool) {
	set := t.cur.Load()
	h := sha256.Sum256([]byte(token))
	found := -1
	for i := range set.hashes {
		if subtle.ConstantTimeCompare(h[:], set.hashes[i][:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return Grant{}, false
	}
	return set.grants[found], true
}

// Len is the number of tokens.
func (t *Tokens) Len() int { return len(t.cur.Load().hashes) }

// Hash returns the hex SHA-256 of token: what a tokens file may hold
// instead of the token.
func Hash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}
