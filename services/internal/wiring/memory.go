package wiring

import (
	"fmt"
	"strconv"
	"strings"
)

// sizeUnits are the suffixes a memory_limit may carry, as GOMEMLIMIT's.
var sizeUnits = []struct {
	suffix string
	bytes  int64
}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}

// parseMemory reads the keys memory_limit ("auto", "off", or a size with
// GOMEMLIMIT's suffixes B, KiB, MiB, GiB, TiB) and gc_percent (a whole
// number from 10 to 1000).
func parseMemory(limit, percent string) (Memory, error) {
	m := Memory{}
	switch l := strings.TrimSpace(limit); strings.ToLower(l) {
	case "auto", "":
		m.Limit = LimitAuto
	case "off", "0":
	default:
		n, mult := l, int64(1)
		for _, u := range sizeUnits {
			if rest, ok := strings.CutSuffix(l, u.suffix); ok {
				n, mult = strings.TrimSpace(rest), u.bytes
				break
			}
		}
		f, err := strconv.ParseFloat(n, 64)
		if err != nil || f <= 0 || f*float64(mult) >= 1<<62 {
			return Memory{}, fmt.Errorf("memory_limit: %q is neither auto, off nor a size such as 1.5GiB or 800MiB", limit)
		}
		m.Limit = int64(f * float64(mult))
	}
	p, err := strconv.Atoi(strings.TrimSpace(percent))
	if err != nil || p < 10 || p > 1000 {
		return Memory{}, fmt.Errorf("gc_percent: %q is not a whole number from 10 to 1000", percent)
	}
	m.GCPercent = p
	return m, nil
}
