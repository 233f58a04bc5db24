package serve

import (
	"errors"
	"testing"
)

// TestContainerMemory reads the cgroup's memory limit: v2 first, else v1;
// none when unlimited or unreadable.
func TestContainerMemory(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  int64
	}{
		{"v2 limit", map[string]string{"/sys/fs/cgroup/memory.max": "2147483648\n"}, 2 << 30},
		{"v2 max", map[string]string{"/sys/fs/cgroup/memory.max": "max\n"}, 0},
		{"v1 limit", map[string]string{"/sys/fs/cgroup/memory/memory.limit_in_bytes": "1073741824\n"}, 1 << 30},
		{"v1 unlimited", map[string]string{"/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"}, 0},
		{"none", map[string]string{}, 0},
	} {
		read := func(f string) ([]byte, error) {
			if s, ok := c.files[f]; ok {
				return []byte(s), nil
			}
			return nil, errors.New("no such file")
		}
		if got := containerMemory(read); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
