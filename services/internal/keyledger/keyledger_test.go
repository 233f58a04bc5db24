package keyledger

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// env is the first event of a command: on agg, by actor, under the
// stored key a port and a decide loop make of client key k and hash h.
func env(kind events.Kind, id, role, actor, k, h string) *events.Envelope {
	scope := id + "/" + role + ":" + actor + "/"
	if kind == events.KindTournament {
		scope = "tournament/" + scope
	}
	return &events.Envelope{Aggregate: events.Aggregate{Kind: kind, ID: id}, Actor: events.Actor{Role: role, ID: actor},
		IdempotencyKey: scope + refusal.CommandKey(k, h)}
}

const (
	h1 = "0123456789abcdef0123"
	h2 = "fedcba98765432100000"
)

func TestBind(t *testing.T) {
	first := env(events.KindGame, "ga", "player", "w", "K", h1)
	for _, c := range []struct {
		name   string
		then   *events.Envelope
		bound  bool
		reused bool
	}{
		{"the same command again", env(events.KindGame, "ga", "player", "w", "K", h1), false, false},
		{"another game, same actor and key", env(events.KindGame, "gb", "player", "w", "K", h2), false, true},
		{"a tournament, same actor and key", env(events.KindTournament, "t1", "player", "w", "K", h2), false, true},
		{"another actor's key", env(events.KindGame, "gb", "player", "b", "K", h2), true, false},
		{"same id, another role", env(events.KindGame, "gb", "arbiter", "w", "K", h2), true, false},
		{"another key", env(events.KindGame, "gb", "player", "w", "K2", h2), true, false},
		{"a key without command hash (a service's own)", &events.Envelope{Aggregate: events.Aggregate{Kind: events.KindGame, ID: "gb"},
			Actor: events.Actor{Role: "player", ID: "w"}, IdempotencyKey: "gb/player:w/K"}, false, false},
		{"a key of another shape", &events.Envelope{Aggregate: events.Aggregate{Kind: events.KindGame, ID: "gb"},
			Actor: events.Actor{Role: "player", ID: "w"}, IdempotencyKey: "K#" + h2[:16]}, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := New(nil)
			if bound, err := l.Bind(first); !bound || err != nil {
				t.Fatalf("first bind: %v %v", bound, err)
			}
			bound, err := l.Bind(c.then)
			if bound != c.bound || errors.Is(err, refusal.ErrKeyReused) != c.reused {
				t.Errorf("bound %v err %v, want bound %v reused %v", bound, err, c.bound, c.reused)
			}
			if c.reused && (err == nil || !strings.Contains(err.Error(), `"K"`)) {
				t.Errorf("the refusal does not name the key: %v", err)
			}
		})
	}
}

// TestUnbind: a command not appended leaves its key free.
func TestUnbind(t *testing.T) {
	l := New(nil)
	a, b := env(events.KindGame, "ga", "player", "w", "K", h1), env(events.KindGame, "gb", "player", "w", "K", h2)
	if bound, _ := l.Bind(a); !bound {
		t.Fatal("not bound")
	}
	l.Unbind(b) // not its binding: kept
	if _, err := l.Bind(b); err == nil {
		t.Fatal("another command's unbind freed the key")
	}
	l.Unbind(a)
	if bound, err := l.Bind(b); !bound || err != nil {
		t.Fatalf("after unbind: %v %v", bound, err)
	}
}

// TestWindow: a key stays bound for at least Window, and is free after
// two.
func TestWindow(t *testing.T) {
	now := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	l := New(func() time.Time { return now })
	a, b := env(events.KindGame, "ga", "player", "w", "K", h1), env(events.KindGame, "gb", "player", "w", "K", h2)
	l.Learn(a)
	for _, step := range []struct {
		after  time.Duration
		reused bool
	}{{Window - time.Second, true}, {Window + time.Second, true}, {2*Window + 2*time.Second, false}} {
		now = time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC).Add(step.after)
		_, err := l.Bind(b)
		if errors.Is(err, refusal.ErrKeyReused) != step.reused {
			t.Errorf("after %s: %v, want reused %v", step.after, err, step.reused)
		}
	}
}
