//go:build !unix

package audit

import "testing"

// reportCPU runs the benchmark body (no CPU-time figure on this system).
func reportCPU(b *testing.B, body func()) {
	for b.Loop() {
		body()
	}
}
