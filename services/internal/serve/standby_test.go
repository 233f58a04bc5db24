package serve

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// TestHandoff: the process's listener serves the standby's server, then,
// once that one is shut down, the primary's, on the same port; requests in
// between wait for the next server rather than being refused.
func TestHandoff(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	h := newHandoff(l)
	serve := func(name string) *http.Server {
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, name) }),
			ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = srv.Serve(h.listener()) }()
		return srv
	}
	get := func() string {
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
		resp, err := c.Get("http://" + l.Addr().String() + "/")
		if err != nil {
			return err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	first := serve("standby")
	if got := get(); got != "standby" {
		t.Fatalf("first server answered %q", got)
	}
	if err := first.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	answered := make(chan string, 1)
	go func() { answered <- get() }() // before the next server runs
	time.Sleep(100 * time.Millisecond)
	second := serve("primary")
	defer second.Close()
	if got := <-answered; got != "primary" {
		t.Errorf("a request between the servers answered %q, want the next server's", got)
	}
	if got := get(); got != "primary" {
		t.Errorf("second server answered %q", got)
	}
}
