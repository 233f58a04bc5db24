package serve

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// applyMemory sets the Go runtime's soft memory limit and GC target from
// cfg.Memory (keys memory_limit and gc_percent), unless the environment's
// GOMEMLIMIT or GOGC set them (Go applied those at start), and logs what
// the process runs with.
func applyMemory(m wiring.Memory, log *zap.Logger) {
	limit := m.Limit
	if limit == wiring.LimitAuto {
		limit = containerMemory(os.ReadFile) / 10 * 8
	}
	if os.Getenv("GOMEMLIMIT") == "" && limit > 0 {
		debug.SetMemoryLimit(limit)
	}
	if os.Getenv("GOGC") == "" && m.GCPercent > 0 {
		debug.SetGCPercent(m.GCPercent)
	}
	current := debug.SetMemoryLimit(-1) // -1 reads it
	gc := debug.SetGCPercent(-1)
	debug.SetGCPercent(gc)
	log.Info("memory", zap.Int64("memory_limit_bytes", current), zap.Int("gc_percent", gc))
}

// containerMemory is the memory limit of the process's cgroup (v2
// memory.max, else v1 memory.limit_in_bytes) in bytes; 0 when there is
// none (unlimited, or no cgroup file to read).
func containerMemory(read func(string) ([]byte, error)) int64 {
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := read(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 || n >= 1<<60 { // "max", or v1's page-rounded "unlimited"
			return 0
		}
		return n
	}
	return 0
}
