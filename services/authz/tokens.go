package authz

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

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
type Tokens struct {
	hashes [][sha256.Size]byte
	grants []Grant
}

// minTokenLen is the shortest token accepted in a file: 16 bytes of
// randomness in hex.
const minTokenLen = 32

// NewTokens checks the entries and returns the set. Errors name the entry
// by its position and never quote a token.
func NewTokens(entries []TokenEntry) (*Tokens, error) {
	t := &Tokens{}
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
func LoadTokens(path string) (*Tokens, error) {
	v := viper.New()
	v.SetConfigFile(path)
	if err := v.ReadInConfig(); err != nil {
		return nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	var entries []TokenEntry
	if err := v.UnmarshalKey("tokens", &entries); err != nil {
		return nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	t, err := NewTokens(entries)
	if err != nil {
		return nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	return t, nil
}

// Lookup returns the grant of token. Every stored hash is compared, in
// constant time, whatever matches.
func (t *Tokens) Lookup(token string) (Grant, bool) {
	h := sha256.Sum256([]byte(token))
	found := -1
	for i := range t.hashes {
		if subtle.ConstantTimeCompare(h[:], t.hashes[i][:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return Grant{}, false
	}
	return t.grants[found], true
}

// Len is the number of tokens.
func (t *Tokens) Len() int { return len(t.hashes) }

// Hash returns the hex SHA-256 of token: what a tokens file may hold
// instead of the token.
func Hash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}
