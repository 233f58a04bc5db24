package games_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/services/games"
	"github.com/hakem-chess/hakem/services/games/ports"
	"github.com/hakem-chess/hakem/services/gateway"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// BenchmarkMoveOverHTTP is a move's request path in one process, as hakem
// serve runs it open (each request's context cancellable, without a
// deadline, as net/http's server gives it): the gateway's handler
// (correlation id, metrics, authorisation), the games port (decoding, the command's key, the
// answer), the decide loop with its cache, and the append, signed, to an
// embedded JetStream server (whose own work is counted too). Each
// iteration is one accepted move; a game is 8 plies. Its allocations and
// the process's CPU time per move (cpu-µs/move, the game's creation left
// out) are the figures to compare between builds; run them in turn, as
// the time varies with the machine's load.
func BenchmarkMoveOverHTTP(b *testing.B) {
	st, _, closeStore := natstest.SigningFolder(b, b.TempDir())
	defer closeStore()
	m := wiring.NewMetrics()
	g := games.New(games.Deps{Store: st, Retries: 4, Log: zap.NewNop(), Metrics: m})
	h := gateway.New(zap.NewNop(), m, func(context.Context) error { return nil }, ports.HTTP{App: g.App}).Handler()
	post := func(path, body string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		// a context that can be cancelled and has no deadline, as
		// net/http's server gives each request
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		h.ServeHTTP(w, httptest.NewRequestWithContext(ctx, http.MethodPost, path, strings.NewReader(body)))
		if w.Code != http.StatusOK && w.Code != http.StatusCreated {
			b.Fatalf("%s %s: %d %s", path, body, w.Code, w.Body)
		}
		return w
	}
	line := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"}
	game := ""
	var cpu time.Duration // the process's CPU time in the timed part
	b.ReportAllocs()
	b.ResetTimer()
	mark := processCPU()
	for i := range b.N {
		ply := i % len(line)
		if ply == 0 {
			b.StopTimer()
			cpu += processCPU() - mark
			game = fmt.Sprint("g-", i)
			post("/api/games", fmt.Sprintf(`{"id":%q,"white":"w","black":"b","idempotency_key":"c-%d"}`, game, i))
			b.StartTimer()
			mark = processCPU()
		}
		player := "w"
		if ply%2 == 1 {
			player = "b"
		}
		post("/api/games/"+game+"/moves", fmt.Sprintf(`{"player":%q,"move":%q,"idempotency_key":"m-%d"}`, player, line[ply], i))
	}
	cpu += processCPU() - mark
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/move")
}

// processCPU is the process's CPU time so far, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
