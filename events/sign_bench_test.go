package events

// The figures of bench/signing.sh for one signature, run with -long: an
// event signed with a pooled nonce beside the same event signed the
// standard way (crypto/ed25519.Sign), what preparing one nonce costs off
// the append's path, and a signature when the pool is empty (the signer
// makes a batch and leaves the rest for the next ones: per signature, a
// nonce prepared and a pooled signature).

import (
	"crypto/ed25519"
	"flag"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"
)

var long = flag.Bool("long", false, "run the benchmark figures (bench/signing.sh)")

func TestBenchSigningParts(t *testing.T) {
	if !*long {
		t.Skip("benchmark figures: run with -long (bench/signing.sh)")
	}
	_, k, _ := gamesKey(t)
	release := hold(k)
	defer release()
	h := testHash(1)
	const rounds = 15
	var pooled, standard, prepared, dry []time.Duration
	// interleaved rounds: the three share the moments of a shared machine
	for r := 0; r < rounds; r++ {
		k.fill()
		t0 := time.Now()
		for range noncePoolSize {
			if _, ok := k.sign(h); !ok {
				t.Fatal("the pool ran dry")
			}
		}
		pooled = append(pooled, time.Since(t0)/noncePoolSize)
		t0 = time.Now()
		for range noncePoolSize {
			ed25519.Sign(k.priv, []byte(sigDomain+h))
		}
		standard = append(standard, time.Since(t0)/noncePoolSize)
		var b nonceBatchOf
		t0 = time.Now()
		for range noncePoolSize / nonceBatch {
			k.makeBatch(&b)
		}
		prepared = append(prepared, time.Since(t0)/noncePoolSize)
		for len(k.pool) > 0 {
			<-k.pool
		}
		t0 = time.Now()
		for range noncePoolSize {
			k.sign(h)
		}
		dry = append(dry, time.Since(t0)/noncePoolSize)
	}
	median := func(d []time.Duration) time.Duration {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2]
	}
	fmt.Fprintf(os.Stdout, "events: signing: one event's signature: with a pooled nonce %v, the standard way (crypto/ed25519.Sign) %v; a nonce prepared off the append's path %v; the pool empty (the signer's own batch) %v\n",
		median(pooled), median(standard), median(prepared), median(dry))
}
