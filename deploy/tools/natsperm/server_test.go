package natsperm_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The test server and its clients: nats-server started in this process
// from the deployed configuration, connections under its users that note
// what the server refuses them, and the helpers the tests share.

// startDeployedServer starts nats-server in this process from the deployed
// configuration, with only what cannot be used on a test machine
// overridden: loopback and a random client port, no monitoring port, no
// cluster (a single node: the permissions are the same), the JetStream
// store in a temporary folder. It returns the client URL.
func startDeployedServer(t *testing.T) (string, map[string]string) {
	t.Helper()
	return startServerFrom(t, deployedConf)
}

// startServerFrom is startDeployedServer from the configuration file conf
// (a copy of the deployed one, e.g. with its accounts.conf widened to
// several game partitions).
func startServerFrom(t *testing.T, conf string) (string, map[string]string) {
	t.Helper()
	pw := setDeployEnv(t, "120s")
	opts, err := server.ProcessConfigFile(conf)
	if err != nil {
		t.Fatalf("%s: %v", conf, err)
	}
	opts.Host = "127.0.0.1"
	opts.Port = server.RANDOM_PORT
	opts.HTTPHost, opts.HTTPPort = "", 0
	opts.Cluster = server.ClusterOpts{}
	opts.Routes = nil
	opts.RoutesStr = ""
	opts.StoreDir = t.TempDir()
	opts.NoSigs, opts.NoLog = true, true
	srv, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(30 * time.Second) {
		srv.Shutdown()
		t.Fatal("nats-server did not start within 30 s")
	}
	t.Cleanup(func() {
		srv.Shutdown()
		srv.WaitForShutdown()
	})
	return srv.ClientURL(), pw
}

// connectAs connects as user with its password.
func connectAs(t *testing.T, url, user, password string) (*nats.Conn, *refusals) {
	t.Helper()
	r := &refusals{note: make(chan struct{}, 1)}
	nc, err := nats.Connect(url, nats.UserInfo(user, password), nats.Name("permissions test "+user),
		nats.ErrorHandler(r.handler))
	if err != nil {
		t.Fatalf("connecting as %s: %v", user, err)
	}
	t.Cleanup(nc.Close)
	return nc, r
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// refusals collects the permission violations the server reports to one
// connection.
type refusals struct {
	mu   sync.Mutex
	errs []string
	note chan struct{}
}

// handler is the connection's error handler: it notes the permission
// violations.
func (r *refusals) handler(_ *nats.Conn, _ *nats.Subscription, err error) {
	if !errors.Is(err, nats.ErrPermissionViolation) {
		return
	}
	r.mu.Lock()
	r.errs = append(r.errs, err.Error())
	r.mu.Unlock()
	select {
	case r.note <- struct{}{}:
	default:
	}
}

// wait waits until the server has reported a violation containing want.
func (r *refusals) wait(want string) bool {
	deadline := time.After(10 * time.Second)
	for {
		r.mu.Lock()
		for _, e := range r.errs {
			if strings.Contains(e, want) {
				r.mu.Unlock()
				return true
			}
		}
		r.mu.Unlock()
		select {
		case <-r.note:
		case <-deadline:
			return false
		}
	}
}

// about returns the violations reported so far that mention subject.
func (r *refusals) about(subject string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.errs {
		if strings.Contains(e, `"`+subject+`"`) {
			out = append(out, e)
		}
	}
	return out
}

// expectRefused publishes to subject with core NATS and expects the server
// to report a publish permissions violation for exactly that subject.
func expectRefused(t *testing.T, nc *nats.Conn, r *refusals, user, subject string) {
	t.Helper()
	if err := nc.Publish(subject, []byte("forged")); err != nil {
		t.Fatalf("%s: publish %s: %v", user, subject, err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatalf("%s: flush: %v", user, err)
	}
	if !r.wait(`Publish to "` + subject + `"`) {
		t.Errorf("%s: publishing to %s was not refused by the server", user, subject)
	}
}

// fetchOne fetches the one message on the consumer and acknowledges it
// (synchronously, so that a refused acknowledgement shows).
func fetchOne(c jetstream.Consumer, ack bool) error {
	return fetchOneWithin(c, ack, 5*time.Second)
}

// fetchOneWithin is fetchOne waiting at most wait for the message.
func fetchOneWithin(c jetstream.Consumer, ack bool, wait time.Duration) error {
	batch, err := c.Fetch(1, jetstream.FetchMaxWait(wait))
	if err != nil {
		return err
	}
	n := 0
	for m := range batch.Messages() {
		n++
		if ack {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := m.DoubleAck(ctx)
			cancel()
			if err != nil {
				return fmt.Errorf("ack: %w", err)
			}
		}
	}
	if batch.Error() != nil {
		return batch.Error()
	}
	if n != 1 {
		return fmt.Errorf("fetched %d messages, want 1", n)
	}
	return nil
}
