package e2e

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// bareHTTPEnv names the address on which a copy of this test binary serves
// the bare net/http floor (TestMain runs serveBareHTTP instead of the
// tests when it is set).
const bareHTTPEnv = "HAKEM_E2E_BARE_HTTP"

// bareAnswer is the size of the answer to an accepted move (the game id,
// its version and the signed game.move_played event: 790 bytes measured
// from hakem serve on a game's first move).
var bareAnswer = []byte(`{"game_id":"load-0","version":2,"events":[` + strings.Repeat("x", 740) + `]}`)

// serveBareHTTP serves POST /api/games/{id}/moves on addr with net/http
// and nothing else: it reads the request's body and answers 200 with a
// body of a move's answer's size. It returns only when serving fails.
func serveBareHTTP(addr string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games/{id}/moves", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(bareAnswer)
	})
	return (&http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}).ListenAndServe()
}

// bareHTTPFloor plays every game's moves at saturation, as the gateway's
// saturation phase does (a kept-alive connection a game, the same request
// bodies), against a process that only reads each request and answers it
// (serveBareHTTP, a copy of this test binary), and prints that process's
// CPU time per request: what net/http alone costs serve per move, a floor
// under serve's CPU per move that no change to Hakem's handler lowers.
func bareHTTPFloor(t *testing.T, games [][]string, total int) {
	addr := freeAddr(t)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), bareHTTPEnv+"="+addr)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	for deadline := time.Now().Add(30 * time.Second); ; {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bare net/http server on %s: %v", addr, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	pid := cmd.Process.Pid
	var failed atomic.Int64
	var wg sync.WaitGroup
	cpu0, err := cpuTime(pid)
	if err != nil {
		t.Fatal(err)
	}
	self0, _ := cpuTime(os.Getpid())
	begin := time.Now()
	for i := range games {
		wg.Go(func() {
			c := &keepAlive{addr: addr}
			defer c.close()
			id := fmt.Sprintf("load-%d", i)
			for ply, mv := range games[i] {
				if code, err := c.post("/api/games/"+id+"/moves", moveRequest(id, ply, mv)); err != nil || code != http.StatusOK {
					failed.Add(1)
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(begin)
	cpu1, err := cpuTime(pid)
	if err != nil {
		t.Fatal(err)
	}
	self1, _ := cpuTime(os.Getpid())
	if n := failed.Load(); n > 0 {
		t.Fatalf("bare net/http: %d games had a failed request", n)
	}
	fmt.Printf("raw net/http floor (a process that only reads each move's request and answers 200 with %d bytes): %d requests in %.2fs: %.0f requests/s; its CPU %.0f µs per request (the load client %.0f µs)\n",
		len(bareAnswer), total, elapsed.Seconds(), float64(total)/elapsed.Seconds(),
		float64((cpu1-cpu0).Microseconds())/float64(total), float64((self1-self0).Microseconds())/float64(total))
}
