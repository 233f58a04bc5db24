package e2e

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

var (
	scaleGames      = flag.Int("scale.games", 1200, "scale bench: games appended to")
	scaleWriters    = flag.Int("scale.writers", 288, "scale bench: concurrent writers (each appends to its own games, one append at a time)")
	scalePartitions = flag.Int("scale.partitions", 3, "scale bench: the partition count compared with one")
	scalePhase      = flag.Duration("scale.phase", 10*time.Second, "scale bench: length of one measured phase")
	scaleRounds     = flag.Int("scale.rounds", 2, "scale bench: rounds of (1 partition, N partitions)")
	scalePin        = flag.String("scale.pin", "", "scale bench: taskset CPU lists of the three nodes, e.g. 0,1,1 (empty: not pinned)")
	scaleProfile    = flag.String("scale.profile", "", "scale bench: folder for 5-second CPU profiles of every node during each layout's first phase")
	scaleCommit     = flag.String("scale.commit", "", "scale bench: the store's group commit as threshold,size,flights (empty: the defaults; off: none)")
)

// TestScaleFigures is bench/scale.sh: moves appended through the event
// store to 1,000+ games on a 3-node, 3-replica loopback cluster of
// nats-server processes, with the games in one stream and in N partition
// streams, alternating in the same run. Each layout lives in an account of
// its own on the same three servers, so both are set up once. Printed per
// phase: appends/s, the stream leaders, and the CPU each process spent per
// append (from /proc), which says what bounds the rate.
func TestScaleFigures(t *testing.T) {
	if !*long {
		t.Skip("the scale bench (bench/scale.sh) runs with -long")
	}
	n := events.GamePartitions(*scalePartitions)
	if n < 2 || n.Valid() != nil {
		t.Fatalf("-scale.partitions %d: want 2..%d", n, events.MaxGamePartitions)
	}
	cl := startScaleCluster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	layouts := []*scaleLayout{
		{user: "one", partitions: events.SinglePartition},
		{user: "part", partitions: n},
	}
	for _, l := range layouts {
		l.open(ctx, t, cl)
	}
	totals := map[events.GamePartitions][2]float64{} // appends, seconds
	busiest := map[events.GamePartitions][]int64{}   // CPU ticks of each node
	for round := 1; round <= *scaleRounds; round++ {
		for _, l := range layouts {
			profile := ""
			if *scaleProfile != "" && round == 1 {
				profile = *scaleProfile
			}
			batches0, batched0 := l.store.Batched()
			count, took, cpu := l.phase(ctx, t, cl, *scalePhase, profile)
			batches, batched := l.store.Batched()
			batches, batched = batches-batches0, batched-batched0
			rate := float64(count) / took.Seconds()
			fmt.Printf("scale: round %d, %d partition(s): %d appends in %.1f s = %.0f appends/s; leaders %s; CPU per append:%s; %.0f%% in %d batches of %.0f on average\n",
				round, l.partitions, count, took.Seconds(), rate, l.leaders(ctx, t), cpu.perAppend(count),
				100*float64(batched)/float64(max(count, 1)), batches, float64(batched)/float64(max(batches, 1)))
			if busiest[l.partitions] == nil {
				busiest[l.partitions] = make([]int64, len(cl.pids))
			}
			for i := range cl.pids {
				busiest[l.partitions][i] += cpu.ticks[i]
			}
			tot := totals[l.partitions]
			totals[l.partitions] = [2]float64{tot[0] + float64(count), tot[1] + took.Seconds()}
		}
	}
	one := totals[events.SinglePartition][0] / totals[events.SinglePartition][1]
	many := totals[n][0] / totals[n][1]
	pinned := ""
	if *scalePin != "" {
		pinned = ", pinned " + *scalePin
	}
	fmt.Printf("scale: %d games, %d writers, %d CPUs%s\n", *scaleGames, *scaleWriters, runtime.NumCPU(), pinned)
	// With a core per node the busiest node's CPU per append bounds the
	// rate (the bench process's share is a client's, on other machines).
	bound := func(p events.GamePartitions) float64 {
		most := int64(1)
		for _, ticks := range busiest[p] {
			most = max(most, ticks)
		}
		return totals[p][0] / (float64(most) / ticksPerSecond)
	}
	fmt.Printf("scale: projected with one core per node (the busiest node's CPU per append): 1 partition %.0f appends/s, N partitions %.0f appends/s: ratio %.2f\n",
		bound(events.SinglePartition), bound(n), bound(n)/bound(events.SinglePartition))
	fmt.Printf("scale: 1 partition %.0f appends/s, N partitions %.0f appends/s (N=%d, 3 nodes, R3): ratio %.2f\n", one, many, n, many/one)
}

// scaleCluster is three nats-server processes in one cluster, with two
// accounts that have JetStream: one per layout.
type scaleCluster struct {
	urls  string
	pids  []int
	names []string
	prof  []string // host:port of each node's profiling endpoint
}

func startScaleCluster(t *testing.T) *scaleCluster {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "nats-server")
	build := exec.Command("go", "build", "-o", bin, "github.com/nats-io/nats-server/v2")
	build.Dir = filepath.Join("..", "..", "events")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build nats-server: %v\n%s", err, out)
	}
	var pins []string
	if *scalePin != "" {
		if pins = strings.Split(*scalePin, ","); len(pins) != 3 {
			t.Fatalf("-scale.pin %q: want three CPU lists", *scalePin)
		}
	}
	dir := t.TempDir()
	clientPorts, routePorts, profPorts := freePorts(t, 3), freePorts(t, 3), freePorts(t, 3)
	var routes, urls []string
	for _, p := range routePorts {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", p))
	}
	cl := &scaleCluster{}
	for i := range 3 {
		name := fmt.Sprintf("n%d", i+1)
		conf := filepath.Join(dir, name+".conf")
		text := fmt.Sprintf(`server_name: %s
listen: 127.0.0.1:%d
prof_port: %d
max_payload: 8MB
jetstream {
  store_dir: %q
}
accounts {
  ONE: { jetstream: enabled, users: [ { user: one, password: one } ] }
  PART: { jetstream: enabled, users: [ { user: part, password: part } ] }
}
cluster {
  name: hakem-scale
  listen: 127.0.0.1:%d
  no_advertise: true
  routes: [
    %s
  ]
}
`, name, clientPorts[i], profPorts[i], filepath.Join(dir, name, "jetstream"), routePorts[i], strings.Join(routes, "\n    "))
		if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		var cmd *exec.Cmd
		if pins != nil {
			cmd = exec.Command("taskset", "-c", pins[i], bin, "-c", conf)
		} else {
			cmd = exec.Command(bin, "-c", conf)
		}
		logs := &syncBuffer{}
		cmd.Stdout, cmd.Stderr = logs, logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		t.Cleanup(func() {
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-done
			if t.Failed() {
				tail := logs.String()
				if len(tail) > 3000 {
					tail = tail[len(tail)-3000:]
				}
				t.Logf("nats-server %s output (tail):\n%s", name, tail)
			}
		})
		// taskset execs the server: the process keeps its pid.
		cl.pids = append(cl.pids, cmd.Process.Pid)
		cl.names = append(cl.names, name)
		cl.prof = append(cl.prof, fmt.Sprintf("127.0.0.1:%d", profPorts[i]))
		urls = append(urls, fmt.Sprintf("nats://127.0.0.1:%d", clientPorts[i]))
	}
	cl.urls = strings.Join(urls, ",")
	for _, u := range urls {
		waitTCP(t, strings.TrimPrefix(u, "nats://"))
	}
	return cl
}

// scaleGroupCommit is the group commit -scale.commit names.
func scaleGroupCommit(t *testing.T) eventstore.GroupCommit {
	t.Helper()
	switch *scaleCommit {
	case "":
		return eventstore.GroupCommit{}
	case "off":
		return eventstore.GroupCommit{Off: true}
	}
	var g eventstore.GroupCommit
	if _, err := fmt.Sscanf(*scaleCommit, "%d,%d,%d", &g.Threshold, &g.Size, &g.Flights); err != nil {
		t.Fatalf("-scale.commit %q: want threshold,size,flights or off: %v", *scaleCommit, err)
	}
	return g
}

// scaleLayout is one account's store and its games.
type scaleLayout struct {
	user       string
	partitions events.GamePartitions
	nc         *nats.Conn
	store      *eventstore.Store
	heads      []events.Head
	plies      []int
}

// open connects as the layout's user (retrying while the cluster elects
// its meta leader), opens the store with three replicas and creates the
// games (not measured).
func (l *scaleLayout) open(ctx context.Context, t *testing.T, cl *scaleCluster) {
	t.Helper()
	var err error
	if l.nc, err = nats.Connect(cl.urls, nats.UserInfo(l.user, l.user), nats.Name("scale bench "+l.user)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.nc.Close)
	deadline := time.Now().Add(90 * time.Second)
	for {
		attempt, cancel := context.WithTimeout(ctx, 5*time.Second)
		l.store, err = eventstore.Open(attempt, l.nc, eventstore.Config{Replicas: 3, Partitions: l.partitions, GroupCommit: scaleGroupCommit(t)})
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("opening the %d-partition store: %v", l.partitions, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	l.balanceLeaders(ctx, t, cl)
	l.heads = make([]events.Head, *scaleGames)
	l.plies = make([]int, *scaleGames)
	l.run(ctx, t, func(i int) error {
		g := events.Game(fmt.Sprintf("scale-%s-%d", l.user, i))
		_, h, err := l.store.Append(ctx, g, events.WriterGames, events.Head{}, g.ID+"-created", events.Meta{Actor: events.Actor{Role: "arbiter", ID: "bench"}},
			events.GameCreated{White: "w", Black: "b", TimeControl: "5400+30", LawsProfile: "fide-2023"})
		l.heads[i] = h
		return err
	}, 0)
}

// run calls fn for every game, by the configured number of writers, each
// one append at a time over its own games, again and again for d (once
// each when d is 0); it returns the appends made and the time taken.
func (l *scaleLayout) run(ctx context.Context, t *testing.T, fn func(game int) error, d time.Duration) (int64, time.Duration) {
	t.Helper()
	var count atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	stop := start.Add(d)
	for w := range *scaleWriters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				for i := w; i < len(l.heads); i += *scaleWriters {
					if d > 0 && time.Now().After(stop) {
						return
					}
					if err := fn(i); err != nil {
						failed.CompareAndSwap(nil, err)
						return
					}
					count.Add(1)
				}
				if d == 0 || ctx.Err() != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	if err, _ := failed.Load().(error); err != nil {
		t.Fatalf("%d partition(s): %v", l.partitions, err)
	}
	return count.Load(), took
}

// phase appends moves for d and returns the appends, the time taken and
// the CPU each process spent meanwhile.
func (l *scaleLayout) phase(ctx context.Context, t *testing.T, cl *scaleCluster, d time.Duration, profile string) (int64, time.Duration, scaleCPU) {
	t.Helper()
	before := cl.cpu(t)
	var profiled sync.WaitGroup
	if profile != "" {
		for i, addr := range cl.prof {
			profiled.Add(1)
			go func() {
				defer profiled.Done()
				saveProfile(t, addr, filepath.Join(profile, fmt.Sprintf("p%d-%s.pprof", l.partitions, cl.names[i])))
			}()
		}
	}
	count, took := l.run(ctx, t, func(i int) error {
		l.plies[i]++
		by := events.White
		if l.plies[i]%2 == 0 {
			by = events.Black
		}
		g := events.Game(fmt.Sprintf("scale-%s-%d", l.user, i))
		_, h, err := l.store.Append(ctx, g, events.WriterGames, l.heads[i], g.ID+"-"+strconv.Itoa(l.plies[i]),
			events.Meta{Actor: events.Actor{Role: "player", ID: "bench"}},
			events.MovePlayed{Ply: l.plies[i], By: by, SAN: "Nf3", UCI: "g1f3", At: time.Now().UTC()})
		if err != nil {
			return fmt.Errorf("%s ply %d: %w", g.ID, l.plies[i], err)
		}
		l.heads[i] = h
		return nil
	}, d)
	profiled.Wait()
	after := cl.cpu(t)
	for i := range after.ticks {
		after.ticks[i] -= before.ticks[i]
	}
	after.names = append(cl.names, "bench")
	return count, took, after
}

// balanceLeaders moves the partitions' stream leaders onto distinct nodes
// (as an operator would: a leader step-down with a preferred placement),
// so that each node leads as many partitions as the others, give or take
// one.
func (l *scaleLayout) balanceLeaders(ctx context.Context, t *testing.T, cl *scaleCluster) {
	t.Helper()
	if l.partitions <= 1 {
		return
	}
	for p, name := range l.partitions.StreamNames() {
		want := cl.names[p%len(cl.names)]
		for attempt := 0; attempt < 20 && l.leaderOf(ctx, t, name) != want; attempt++ {
			body := fmt.Sprintf(`{"placement":{"preferred":%q}}`, want)
			if _, err := l.nc.RequestWithContext(ctx, "$JS.API.STREAM.LEADER.STEPDOWN."+name, []byte(body)); err != nil {
				t.Logf("step-down of %s: %v", name, err)
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
}

// leaderOf names the node leading the stream name ("" if none yet).
func (l *scaleLayout) leaderOf(ctx context.Context, t *testing.T, name string) string {
	t.Helper()
	js, err := jetstream.New(l.nc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := js.Stream(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	if info := s.CachedInfo(); info.Cluster != nil {
		return info.Cluster.Leader
	}
	return ""
}

// leaders names the node leading each of the layout's game streams.
func (l *scaleLayout) leaders(ctx context.Context, t *testing.T) string {
	t.Helper()
	js, err := jetstream.New(l.nc)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range l.partitions.StreamNames() {
		s, err := js.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		info := s.CachedInfo()
		leader := "?"
		if info.Cluster != nil {
			leader = info.Cluster.Leader
		}
		out = append(out, name+"@"+leader)
	}
	return strings.Join(out, " ")
}

// scaleCPU is the CPU time (clock ticks, user + system) of the three
// nodes and the bench process.
type scaleCPU struct {
	names []string
	ticks []int64
}

// ticksPerSecond is Linux's USER_HZ, the unit of /proc/<pid>/stat's times.
const ticksPerSecond = 100

func (c scaleCPU) perAppend(count int64) string {
	var b strings.Builder
	for i, name := range c.names {
		fmt.Fprintf(&b, " %s %.0f µs", name, float64(c.ticks[i])*1e6/ticksPerSecond/float64(max(count, 1)))
	}
	return b.String()
}

func (cl *scaleCluster) cpu(t *testing.T) scaleCPU {
	t.Helper()
	var c scaleCPU
	for _, pid := range append(append([]int(nil), cl.pids...), os.Getpid()) {
		c.ticks = append(c.ticks, procTicks(t, pid))
	}
	return c
}

// procTicks reads a process's user and system CPU time from
// /proc/<pid>/stat (fields 14 and 15, after the parenthesised name).
func procTicks(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatalf("CPU time of process %d: %v", pid, err)
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatalf("CPU time of process %d: %v", pid, err)
	}
	return utime + stime
}

// saveProfile fetches a 5-second CPU profile from a node's profiling port.
func saveProfile(t *testing.T, addr, path string) {
	resp, err := http.Get("http://" + addr + "/debug/pprof/profile?seconds=5")
	if err != nil {
		t.Logf("profile of %s: %v", addr, err)
		return
	}
	defer resp.Body.Close()
	f, err := os.Create(path)
	if err != nil {
		t.Logf("profile of %s: %v", addr, err)
		return
	}
	defer f.Close()
	if _, err := io.Copy(f, resp.Body); err != nil {
		t.Logf("profile of %s: %v", addr, err)
	}
}
