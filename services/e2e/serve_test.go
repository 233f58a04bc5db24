package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// hakemBinary builds the hakem command once per test run.
var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func hakemBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hakem-e2e-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "hakem")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/hakem-chess/hakem/services/cmd/hakem").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// server is one running hakem serve process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	logs *syncBuffer
	done chan error
}

// freeAddr returns a loopback address with a port free right now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// start runs hakem serve on data and waits until /readyz says ready.
func start(t *testing.T, data string) *server {
	t.Helper()
	return startWith(t, []string{"--data", data}, nil, true)
}

// startWith runs hakem serve with args (and --http on a free port) and
// env; with ready, it waits until /readyz says ready.
func startWith(t *testing.T, args, env []string, ready bool) *server {
	t.Helper()
	return startBinary(t, hakemBinary(t), args, env, ready)
}

// startBinary is startWith with the hakem binary at bin (a load test's
// baseline build of another commit).
func startBinary(t *testing.T, bin string, args, env []string, ready bool) *server {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(bin, append([]string{"serve", "--http", addr, "--log-level", "info"}, args...)...)
	cmd.Env = append(append(os.Environ(), "HAKEM_SHUTDOWN_TIMEOUT=5s"), env...)
	s := &server{t: t, cmd: cmd, base: "http://" + addr, logs: &syncBuffer{}, done: make(chan error, 1)}
	cmd.Stdout = s.logs
	cmd.Stderr = s.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-s.done
		}
		if t.Failed() {
			t.Logf("hakem serve output:\n%s", s.logs.String())
		}
	})
	if !ready {
		return s
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(s.base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		select {
		case err := <-s.done:
			t.Fatalf("hakem serve exited before ready: %v\n%s", err, s.logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("hakem serve not ready after 60 s\n%s", s.logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// kill ends the process with SIGKILL, as a crash would.
func (s *server) kill() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		s.t.Fatal(err)
	}
	<-s.done
}

// stop ends the process with SIGTERM and checks it exits cleanly.
func (s *server) stop() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		s.t.Fatal(err)
	}
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Errorf("hakem serve after SIGTERM: %v", err)
		}
	case <-time.After(30 * time.Second):
		s.t.Error("hakem serve did not stop within 30 s of SIGTERM")
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// answer is a decoded JSON answer.
type answer struct {
	status int
	body   map[string]any
	raw    string
}

func (a answer) events() []map[string]any {
	list, _ := a.body["events"].([]any)
	out := make([]map[string]any, len(list))
	for i, e := range list {
		out[i], _ = e.(map[string]any)
	}
	return out
}

func (a answer) errorCode() string {
	e, _ := a.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (s *server) do(method, path, body string) answer {
	s.t.Helper()
	req, err := http.NewRequest(method, s.base+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: string(raw)}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			s.t.Fatalf("%s %s: answer is not JSON: %q", method, path, raw)
		}
	}
	return a
}

func (s *server) post(path string, v any) answer {
	s.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.do("POST", path, string(b))
}

// move plays a move and expects it accepted.
func (s *server) move(game, player, mv, key string) answer {
	s.t.Helper()
	a := s.post("/api/games/"+game+"/moves", map[string]string{"move": mv, "player": player, "idempotency_key": key})
	if a.status != http.StatusOK {
		s.t.Fatalf("move %s by %s: %d %s", mv, player, a.status, a.raw)
	}
	return a
}

// eventLog returns the game's events recorded so far (NDJSON, not live).
func (s *server) eventLog(game string) []map[string]any {
	s.t.Helper()
	a := s.do("GET", "/api/games/"+game+"/events?follow=false", "")
	if a.status != http.StatusOK {
		s.t.Fatalf("events: %d %s", a.status, a.raw)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(a.raw), "\n") {
		if line == "" {
			continue
		}
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			s.t.Fatalf("NDJSON line %q: %v", line, err)
		}
		out = append(out, e)
	}
	return out
}

func (s *server) game(id string) map[string]any {
	s.t.Helper()
	a := s.do("GET", "/api/games/"+id, "")
	if a.status != http.StatusOK {
		s.t.Fatalf("get game: %d %s", a.status, a.raw)
	}
	return a.body
}

func moves(g map[string]any) string {
	list, _ := g["moves"].([]any)
	var out []string
	for _, m := range list {
		out = append(out, fmt.Sprint(m))
	}
	return strings.Join(out, " ")
}

// follow opens the live NDJSON stream of a game and sends each event's type.
func follow(t *testing.T, base, game string) (<-chan map[string]any, func()) {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/api/games/"+game+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("events stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ch := make(chan map[string]any, 64)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var e map[string]any
			if json.Unmarshal(sc.Bytes(), &e) == nil {
				ch <- e
			}
		}
	}()
	return ch, func() { resp.Body.Close() }
}

// next waits for the stream's next event (a bound, not a timing assertion).
func next(t *testing.T, ch <-chan map[string]any) map[string]any {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatal("event stream ended")
		}
		return e
	case <-time.After(30 * time.Second):
		t.Fatal("no event on the live stream within 30 s")
	}
	return nil
}

// syncBuffer is the process output, written by exec's copying goroutine
// and read by the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// output returns what the process has written so far.
func (s *server) output() string { return s.logs.String() }
