package e2e

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// natsServerBinary builds nats-server once per test run, from the module
// the events module already requires.
var (
	natsBuildOnce sync.Once
	natsBinPath   string
	natsBuildErr  error
)

func natsServerBinary(t *testing.T) string {
	t.Helper()
	natsBuildOnce.Do(func() {
		// beside the hakem binary, whose folder TestMain removes
		natsBinPath = filepath.Join(filepath.Dir(hakemBinary(t)), "nats-server")
		cmd := exec.Command("go", "build", "-o", natsBinPath, "github.com/nats-io/nats-server/v2")
		cmd.Dir = filepath.Join("..", "..", "events")
		if out, err := cmd.CombinedOutput(); err != nil {
			natsBuildErr = fmt.Errorf("go build nats-server: %v\n%s", err, out)
		}
	})
	if natsBuildErr != nil {
		t.Fatal(natsBuildErr)
	}
	return natsBinPath
}

// natsNode is one nats-server process of a loopback cluster; its ports and
// store stay the same across restarts.
type natsNode struct {
	t      *testing.T
	name   string
	conf   string
	client string // host:port for clients
	cmd    *exec.Cmd
	logs   *syncBuffer
	done   chan error
}

// natsCluster is a 3-node JetStream cluster of nats-server processes.
type natsCluster struct {
	t     *testing.T
	nodes []*natsNode
}

// freePorts returns n distinct loopback ports free right now.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ls []net.Listener
	var out []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		out = append(out, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return out
}

// startCluster writes a configuration per node into a temporary folder
// (client and route ports on loopback, a JetStream store each, routes to
// all three, no client URLs advertised so that a client reaches the
// cluster only through the URLs it was given) and starts the three
// processes.
func startCluster(t *testing.T) *natsCluster {
	t.Helper()
	bin := natsServerBinary(t)
	dir := t.TempDir()
	clientPorts, routePorts := freePorts(t, 3), freePorts(t, 3)
	var routes []string
	for _, p := range routePorts {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", p))
	}
	c := &natsCluster{t: t}
	for i := range 3 {
		name := fmt.Sprintf("n%d", i+1)
		conf := filepath.Join(dir, name+".conf")
		text := fmt.Sprintf(`server_name: %s
listen: 127.0.0.1:%d
max_payload: 8MB
jetstream {
  store_dir: %q
}
cluster {
  name: hakem-e2e
  listen: 127.0.0.1:%d
  no_advertise: true
  routes: [
    %s
  ]
}
`, name, clientPorts[i], filepath.Join(dir, name, "jetstream"), routePorts[i], strings.Join(routes, "\n    "))
		if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		n := &natsNode{t: t, name: name, conf: conf, client: fmt.Sprintf("127.0.0.1:%d", clientPorts[i])}
		n.start(bin)
		c.nodes = append(c.nodes, n)
	}
	for _, n := range c.nodes {
		waitTCP(t, n.client)
	}
	c.waitMetaLeader()
	return c
}

// waitMetaLeader waits until the cluster has elected its JetStream meta
// leader (the JetStream API answers), a bound of 60 s.
func (c *natsCluster) waitMetaLeader() {
	c.t.Helper()
	nc, err := nats.Connect(c.urls(), nats.Name("e2e cluster probe"))
	if err != nil {
		c.t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		c.t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := js.AccountInfo(ctx)
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("no JetStream meta leader within 60 s: %v", err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

func (n *natsNode) start(bin string) {
	n.t.Helper()
	n.cmd = exec.Command(bin, "-c", n.conf)
	n.logs = &syncBuffer{}
	n.cmd.Stdout, n.cmd.Stderr = n.logs, n.logs
	n.done = make(chan error, 1)
	if err := n.cmd.Start(); err != nil {
		n.t.Fatal(err)
	}
	cmd, done, logs := n.cmd, n.done, n.logs
	go func() { done <- cmd.Wait() }()
	n.t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-done
		}
		if n.t.Failed() {
			tail := logs.String()
			if len(tail) > 4000 {
				tail = tail[len(tail)-4000:]
			}
			n.t.Logf("nats-server %s output (tail):\n%s", n.name, tail)
		}
	})
}

// kill ends the node with SIGKILL.
func (n *natsNode) kill() {
	n.t.Helper()
	if err := n.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		n.t.Fatal(err)
	}
	<-n.done
}

// restart starts the node again on its ports and store.
func (n *natsNode) restart() {
	n.t.Helper()
	n.start(natsServerBinary(n.t))
	waitTCP(n.t, n.client)
}

// urls returns the client URLs of every node (or of addrs), comma-separated.
func (c *natsCluster) urls() string {
	var out []string
	for _, n := range c.nodes {
		out = append(out, "nats://"+n.client)
	}
	return strings.Join(out, ",")
}

func (c *natsCluster) node(name string) *natsNode {
	for _, n := range c.nodes {
		if n.name == name {
			return n
		}
	}
	c.t.Fatalf("no node %q", name)
	return nil
}

// streamInfo asks the cluster ($JS.API.STREAM.INFO.<stream>) for a
// stream's state, retrying while no leader answers (a bound of 60 s).
func (c *natsCluster) streamInfo(stream string) *jetstream.StreamInfo {
	c.t.Helper()
	nc, err := nats.Connect(c.urls(), nats.Name("e2e cluster probe"))
	if err != nil {
		c.t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		c.t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		s, err := js.Stream(ctx, stream)
		var info *jetstream.StreamInfo
		if err == nil {
			info, err = s.Info(ctx)
		}
		cancel()
		if err == nil && info.Cluster != nil && info.Cluster.Leader != "" {
			return info
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("stream %s: no leader within 60 s (%v)", stream, err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// waitCurrent waits until every replica of the stream is current (a
// restarted node has caught up), a bound of 60 s.
func (c *natsCluster) waitCurrent(stream string) {
	c.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		info := c.streamInfo(stream)
		ok := len(info.Cluster.Replicas) == len(c.nodes)-1
		for _, r := range info.Cluster.Replicas {
			ok = ok && r.Current && !r.Offline
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("stream %s: replicas not current within 60 s: %+v", stream, info.Cluster.Replicas)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// tcpProxy forwards loopback TCP connections to target; partition drops
// every connection and refuses new ones until heal.
type tcpProxy struct {
	t      *testing.T
	l      net.Listener
	target string

	mu      sync.Mutex
	cut     bool
	conns   map[net.Conn]struct{}
	dropped int
}

// startProxy listens on a free loopback port and forwards to target.
func startProxy(t *testing.T, target string) *tcpProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{t: t, l: l, target: target, conns: map[net.Conn]struct{}{}}
	go p.serve()
	t.Cleanup(func() {
		l.Close()
		p.partition()
	})
	return p
}

func (p *tcpProxy) addr() string { return p.l.Addr().String() }

func (p *tcpProxy) serve() {
	for {
		in, err := p.l.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.cut {
			p.dropped++
			p.mu.Unlock()
			in.Close()
			continue
		}
		p.mu.Unlock()
		out, err := net.Dial("tcp", p.target)
		if err != nil {
			in.Close()
			continue
		}
		p.mu.Lock()
		if p.cut {
			p.mu.Unlock()
			in.Close()
			out.Close()
			continue
		}
		p.conns[in], p.conns[out] = struct{}{}, struct{}{}
		p.mu.Unlock()
		pipe := func(dst, src net.Conn) {
			_, _ = io.Copy(dst, src)
			dst.Close()
			src.Close()
			p.mu.Lock()
			delete(p.conns, dst)
			delete(p.conns, src)
			p.mu.Unlock()
		}
		go pipe(out, in)
		go pipe(in, out)
	}
}

// partition closes every forwarded connection and refuses new ones; it
// returns how many client connections it dropped.
func (p *tcpProxy) partition() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = true
	n := len(p.conns) / 2 // each forwarded connection is a pair
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
	p.dropped += n
	return n
}

// heal lets connections through again.
func (p *tcpProxy) heal() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = false
}

// connected reports whether a connection is forwarded right now.
func (p *tcpProxy) connected() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns) > 0
}

// rssKB reads a process's resident set size (VmRSS, kB) from /proc.
func rssKB(pid int) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int
			if _, err := fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb); err != nil {
				return 0, err
			}
			return kb, nil
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}

// startSupervised starts hakem serve as a supervisor would (Kubernetes,
// systemd): a process that exits before it is ready (e.g. its store
// could not be opened while the cluster elects leaders) is started again,
// for at most 90 s. It returns the ready process and how many starts it
// took.
func startSupervised(t *testing.T, args, env []string) (*server, int) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for starts := 1; ; starts++ {
		s := startWith(t, args, env, false)
		for {
			if resp, err := http.Get(s.base + "/readyz"); err == nil {
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					return s, starts
				}
			}
			exited := false
			select {
			case err := <-s.done:
				t.Logf("hakem serve %v exited before ready (%v), starting it again: %s", args[:2], err, lastLine(s.output()))
				exited = true
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("hakem serve %v not ready within 90 s\n%s", args, s.output())
			}
			if exited {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// lastLine is the last non-empty line of out.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}

// testGamePartitions is the game partition count the end-to-end tests run
// hakem serve with: HAKEM_GAME_PARTITIONS from the test's environment (the
// processes inherit it), 1 when unset. HAKEM_GAME_PARTITIONS=3 go test
// -run 'TestClusterFaults|TestGameSurvivesKill' runs them over 3 streams.
func testGamePartitions(t *testing.T) events.GamePartitions {
	t.Helper()
	v := os.Getenv("HAKEM_GAME_PARTITIONS")
	if v == "" {
		return events.SinglePartition
	}
	n, err := strconv.Atoi(v)
	if err != nil || events.GamePartitions(n).Valid() != nil {
		t.Fatalf("HAKEM_GAME_PARTITIONS=%q: want 1 to %d", v, events.MaxGamePartitions)
	}
	return events.GamePartitions(n)
}
