package natsperm_test

import (
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// TestNATSCommandSubjects: commands cross processes as NATS requests on
// hakem.http.<service>. Each command service can serve its own subject
// only, the gateway can send to each of them, and no other user can send a
// command or listen in on one: the server refuses.
func TestNATSCommandSubjects(t *testing.T) {
	url, pw := startDeployedServer(t)
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	for _, u := range serviceUsers {
		conns[u], refused[u] = connectAs(t, url, u, pw[u])
	}
	var mu sync.Mutex
	served := map[string]int{}
	for _, s := range commandServices {
		_, err := conns[s].Subscribe("hakem.http."+s, func(m *nats.Msg) {
			mu.Lock()
			served[s]++
			mu.Unlock()
			_ = m.Respond([]byte(s + " answers " + string(m.Data)))
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := conns[s].Flush(); err != nil {
			t.Fatal(err)
		}
		if got := refused[s].about("hakem.http." + s); len(got) > 0 {
			t.Errorf("%s: serving its own command subject refused: %v", s, got)
		}
	}
	for _, s := range commandServices {
		subject := "hakem.http." + s
		// The gateway sends a command and gets the service's answer.
		reply, err := conns["gateway"].Request(subject, []byte("move"), 10*time.Second)
		if err != nil {
			t.Errorf("gateway: request on %s: %v", subject, err)
		} else if string(reply.Data) != s+" answers move" {
			t.Errorf("gateway: %s answered %q", subject, reply.Data)
		}
		for _, u := range serviceUsers {
			if u == s {
				continue
			}
			// Nobody else serves (or overhears) the service's commands.
			if _, err := conns[u].SubscribeSync(subject); err != nil {
				t.Fatal(err)
			}
			if err := conns[u].Flush(); err != nil {
				t.Fatal(err)
			}
			if !refused[u].wait(`Subscription to "` + subject + `"`) {
				t.Errorf("%s: subscribing to %s was not refused", u, subject)
			}
			if u != "gateway" {
				// Nobody but the gateway sends commands.
				expectRefused(t, conns[u], refused[u], u, subject)
			}
		}
	}
	// Every command reached its service once: the gateway's.
	for _, u := range serviceUsers {
		if err := conns[u].Flush(); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, s := range commandServices {
		if served[s] != 1 {
			t.Errorf("%s served %d commands, want the gateway's 1", s, served[s])
		}
	}
}

// commandServices answer the gateway's commands on hakem.http.<service>
// (the arbiter: its hand rulings, POST /api/games/{id}/rulings).
var commandServices = []string{"games", "clocks", "pairing", "arbiter"}
