package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// flagBoards are the Olympiad's boards whose flag falls during the play:
// games with a sudden-death clock of a few seconds where nobody moves, so
// that White's flag falls at the clock's start plus the time control.
// They check the clocks' watcher under load: every fall recorded, at its
// exact instant (clock.flag_fell's at is the start's instant plus the
// time control, whatever the load), and how late it was recorded (its
// envelope's recorded_at after that instant).
type flagBoards struct {
	ids     []string
	seconds []int // each board's time control, whole seconds
	// started: the board's clock start was acknowledged (a start that
	// failed under the load leaves no clock to watch)
	started []bool
}

// flagFigures are what the flag boards showed.
type flagFigures struct {
	boards, recorded int
	// notStarted counts the boards whose clock start failed (each failure
	// is in the test's log); they are not watched
	notStarted int
	// inexact lists the falls recorded at another instant than the clock
	// says (none expected)
	inexact []string
	// lateness of each recorded fall (recorded_at after its instant), sorted
	lateness []time.Duration
}

func (f flagFigures) String() string {
	return fmt.Sprintf("flag falls: %d recorded of %d boards (%d clock starts failed), %d at another instant; recording lateness p50 %v p99 %v max %v",
		f.recorded, f.boards, f.notStarted, len(f.inexact), percentile(f.lateness, .50), percentile(f.lateness, .99), percentile(f.lateness, 1))
}

// newFlagBoards names n flag boards; their clocks run from 2 s up to
// about the time a board takes to play its plies at think a move (the
// falls come while the other boards play).
func newFlagBoards(n, plies int, think time.Duration) flagBoards {
	f := flagBoards{ids: make([]string, n), seconds: make([]int, n), started: make([]bool, n)}
	step := max(think*time.Duration(plies)/20, 500*time.Millisecond)
	for i := range n {
		f.ids[i] = fmt.Sprintf("oly-f%d", i+1)
		f.seconds[i] = 2 + int((time.Duration(i%10)*step+time.Second-1)/time.Second)
	}
	return f
}

// create makes board i's game (its clock not started).
func (f flagBoards) create(post func(string, any) (int, string, error), i int) error {
	id := f.ids[i]
	if code, raw, err := post("/api/games", map[string]any{"id": id, "white": "w" + id, "black": "b" + id, "round": 1, "time_control": fmt.Sprint(f.seconds[i]), "idempotency_key": id}); err != nil || code != 201 {
		return fmt.Errorf("create %s: %d %s %v", id, code, raw, err)
	}
	return nil
}

// start starts every flag board's clock, 8 at a time, as the play
// begins; a start that fails is noted in failures.
func (f flagBoards) start(post func(string, any) (int, string, error), failures *failureLog) {
	work := make(chan int)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i := range work {
				id := f.ids[i]
				code, raw, err := post("/api/games/"+id+"/clock/start", map[string]any{"idempotency_key": "start-" + id, "by": "arbiter"})
				if err != nil || code != 200 {
					failures.note(fmt.Sprintf("flag board %s clock start: %d %s %v", id, code, raw, err))
					continue
				}
				f.started[i] = true
			}
		})
	}
	for i := range f.ids {
		work <- i
	}
	close(work)
	wg.Wait()
}

// read waits until every flag board's fall is recorded (at most until
// deadline) and reads what was recorded: get returns a game's events.
func (f flagBoards) read(get func(id string) ([]map[string]any, error), deadline time.Time) (flagFigures, error) {
	fig := flagFigures{boards: len(f.ids)}
	for i, id := range f.ids {
		if !f.started[i] {
			fig.notStarted++
			continue
		}
		for {
			log, err := get(id)
			if err != nil {
				return fig, err
			}
			started, fell, recorded, ok := flagOf(log)
			if !ok {
				if time.Now().Before(deadline) {
					time.Sleep(200 * time.Millisecond)
					continue
				}
				break
			}
			fig.recorded++
			if want := started.Add(time.Duration(f.seconds[i]) * time.Second); !fell.Equal(want) {
				fig.inexact = append(fig.inexact, fmt.Sprintf("%s: flag fell at %v, the clock says %v", id, fell, want))
			}
			fig.lateness = append(fig.lateness, recorded.Sub(fell))
			break
		}
	}
	slices.Sort(fig.lateness)
	return fig, nil
}

// flagOf reads a flag board's log: the clock's start, the fall's instant
// and when the fall was recorded; false until the fall is in the log.
func flagOf(log []map[string]any) (started, fell, recorded time.Time, ok bool) {
	at := func(e map[string]any) time.Time {
		data, _ := e["data"].(map[string]any)
		s, _ := data["at"].(string)
		t, _ := time.Parse(time.RFC3339Nano, s)
		return t
	}
	for _, e := range log {
		switch e["type"] {
		case "clock.started":
			started = at(e)
		case "clock.flag_fell":
			s, _ := e["recorded_at"].(string)
			r, err := time.Parse(time.RFC3339Nano, s)
			return started, at(e), r, err == nil && !started.IsZero()
		}
	}
	return started, fell, recorded, false
}

// eventsOf reads a game's log over HTTP (NDJSON, not followed).
func eventsOf(get func(path string) (int, string, error), id string) ([]map[string]any, error) {
	code, raw, err := get("/api/games/" + id + "/events?follow=false")
	if err != nil || code != 200 {
		return nil, fmt.Errorf("events of %s: %d %v", id, code, err)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(raw), "\n") {
		if line == "" {
			continue
		}
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			return nil, fmt.Errorf("events of %s: %q: %w", id, line, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// checkFlags fails the test when a flag board's fall was not recorded or
// was recorded at another instant than its clock's.
func checkFlags(t *testing.T, f flagFigures) {
	t.Helper()
	if f.recorded < f.boards-f.notStarted {
		t.Errorf("%d of %d flag falls recorded", f.recorded, f.boards-f.notStarted)
	}
	if f.notStarted > 0 {
		t.Errorf("%d flag boards' clock starts failed", f.notStarted)
	}
	for _, s := range f.inexact {
		t.Errorf("inexact flag fall: %s", s)
	}
}
