package events

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"testing"

	"filippo.io/edwards25519"
)

// testHash is a distinct event hash for each i.
func testHash(i int) string {
	sum := sha256.Sum256([]byte(fmt.Sprint("event ", i)))
	return hex.EncodeToString(sum[:])
}

// hold stops k's background refills (waiting for one running to end), so
// that a test decides when the pool fills; the returned func lets them
// run again.
func hold(k *signingKey) func() {
	k.filling.Lock() // after a refill under way, which ends when the pool is full
	return k.filling.Unlock
}

func gamesKey(t *testing.T) (*Signer, *signingKey, ed25519.PublicKey) {
	t.Helper()
	s, err := LoadOrCreateKeys(t.TempDir(), Writers...)
	if err != nil {
		t.Fatal(err)
	}
	k := s.keys[WriterGames]
	return s, k, ed25519.PublicKey(k.pub[:])
}

// TestPooledAndBatchedSignaturesVerify: thousands of signatures, made
// with pooled nonces and, the pool empty, with a batch the signer makes
// itself (one nonce used, the others left in the pool for the next
// signatures), all verify with crypto/ed25519.Verify; none verifies for
// another message or once altered.
func TestPooledAndBatchedSignaturesVerify(t *testing.T) {
	_, k, pub := gamesKey(t)
	release := hold(k)
	defer release()
	count := map[bool]int{}
	for round := 0; round < 12; round++ {
		k.fill()
		for j := 0; j < noncePoolSize+noncePoolSize/4; j++ {
			i := round*1000 + j
			sig, pooled := k.sign(testHash(i))
			// the pool's nonces, then a batch made by the signer
			// that finds it empty, whose other nonces the next
			// signatures take
			if want := j < noncePoolSize || (j-noncePoolSize)%nonceBatch != 0; pooled != want {
				t.Fatalf("signature %d of round %d: pooled %v, want %v", j, round, pooled, want)
			}
			count[pooled]++
			msg := []byte(sigDomain + testHash(i))
			if !ed25519.Verify(pub, msg, sig[:]) {
				t.Fatalf("signature %d (pooled %v) does not verify", i, pooled)
			}
			if ed25519.Verify(pub, []byte(sigDomain+testHash(i+1)), sig[:]) {
				t.Fatalf("signature %d (pooled %v) verifies another message", i, pooled)
			}
			bad := sig
			bad[j%64] ^= 1 << (j % 8)
			if ed25519.Verify(pub, msg, bad[:]) {
				t.Fatalf("signature %d (pooled %v) verifies with byte %d altered", i, pooled, j%64)
			}
		}
	}
	if count[true] < 1000 || count[false] != 12*noncePoolSize/4/nonceBatch {
		t.Fatalf("pooled %d, batched by the signer %d: want both exercised", count[true], count[false])
	}
}

// TestSignerBatchFillsThePool: a signer that finds the pool empty leaves
// the rest of its batch there, each nonce once (a later signature takes
// it); when the pool has no room the rest is dropped, never waited on.
func TestSignerBatchFillsThePool(t *testing.T) {
	_, k, pub := gamesKey(t)
	release := hold(k)
	defer release()
	if _, pooled := k.sign(testHash(0)); pooled {
		t.Fatal("the first signature found a nonce in a pool nobody filled")
	}
	if len(k.pool) != nonceBatch-1 {
		t.Fatalf("after the signer's batch the pool holds %d, want %d", len(k.pool), nonceBatch-1)
	}
	seen := map[string]bool{}
	for i := 1; i < nonceBatch; i++ {
		sig, pooled := k.sign(testHash(i))
		if !pooled || !ed25519.Verify(pub, []byte(sigDomain+testHash(i)), sig[:]) {
			t.Fatalf("signature %d: pooled %v, or it does not verify", i, pooled)
		}
		if seen[string(sig[:32])] {
			t.Fatalf("signature %d reuses a nonce", i)
		}
		seen[string(sig[:32])] = true
	}
	// a full pool: the batch's rest is dropped (batchNow returns)
	k.fill()
	n := k.batchNow()
	if len(k.pool) != noncePoolSize || n.R == ([32]byte{}) {
		t.Fatalf("batchNow on a full pool: pool %d, nonce %x", len(k.pool), n.R)
	}
}

// TestPooledSignatureThroughKeyring: an event signed with a pooled nonce
// passes the keyring's Check (the audit's), and fails it once its hash
// or its signature is altered.
func TestPooledSignatureThroughKeyring(t *testing.T) {
	dir := t.TempDir()
	s, err := LoadOrCreateKeys(dir, Writers...)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := ReadKeyring(dir + "/" + KeyringFile)
	if err != nil {
		t.Fatal(err)
	}
	k := s.keys[WriterGames]
	release := hold(k)
	defer release()
	k.fill()
	envs, err := Build(Game("g"), WriterGames, Head{}, "k", meta(), move(1, "e4"), move(2, "e5"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range envs {
		e := &envs[i]
		if err := s.Sign(e); err != nil {
			t.Fatal(err)
		}
		if len(k.pool) != noncePoolSize-1-i {
			t.Fatalf("event %d: pool holds %d, want %d (a pooled nonce used)", i, len(k.pool), noncePoolSize-1-i)
		}
		if p := ring.Check(e); p != "" {
			t.Fatalf("event %d: %s (%s)", i, p, e.Sig)
		}
		parts := strings.Split(e.Sig, ":")
		if len(parts) != 3 || parts[0] != "ed25519" || parts[1] != k.id {
			t.Fatalf("signature %q", e.Sig)
		}
		if raw, err := base64.RawStdEncoding.DecodeString(parts[2]); err != nil || len(raw) != ed25519.SignatureSize {
			t.Fatalf("signature %q: %v", e.Sig, err)
		}
		for name, edit := range map[string]func(*Envelope){
			"hash":      func(e *Envelope) { e.Hash = testHash(99) },
			"signature": func(e *Envelope) { e.Sig = e.Sig[:len(e.Sig)-3] + "AAA" },
		} {
			bad := *e
			edit(&bad)
			if p := ring.Check(&bad); !strings.Contains(p, "does not verify") {
				t.Errorf("event %d with its %s altered: %q", i, name, p)
			}
		}
	}
}

// TestConcurrentSignersNeverShareNonce: signers on many goroutines, the
// pool refilled in the background as it runs, never use one nonce twice
// (every R differs), and every signature verifies.
func TestConcurrentSignersNeverShareNonce(t *testing.T) {
	s, k, pub := gamesKey(t)
	release := hold(k)
	k.fill()
	release()
	const goroutines, each = 8, 600
	rs := make([][]string, goroutines)
	pooled := make([]int, goroutines)
	var wg sync.WaitGroup
	for g := 0; g < goroutines; g++ {
		wg.Go(func() {
			for j := 0; j < each; j++ {
				h := testHash(g*each + j)
				sig, p := k.sign(h)
				if p {
					pooled[g]++
				}
				if !ed25519.Verify(pub, []byte(sigDomain+h), sig[:]) {
					t.Errorf("goroutine %d, signature %d (pooled %v) does not verify", g, j, p)
					return
				}
				rs[g] = append(rs[g], string(sig[:32]))
			}
			e := Envelope{Writer: WriterGames, Hash: testHash(-g)}
			if err := s.Sign(&e); err != nil || e.Sig == "" {
				t.Errorf("Sign: %v", err)
			}
		})
	}
	wg.Wait()
	seen := map[string]int{}
	total := 0
	for g := range rs {
		total += pooled[g]
		for j, r := range rs[g] {
			if prev, dup := seen[r]; dup {
				t.Fatalf("goroutine %d, signature %d reuses the nonce of signature %d", g, j, prev)
			}
			seen[r] = g*each + j
		}
	}
	if len(seen) != goroutines*each || total < noncePoolSize {
		t.Fatalf("%d distinct nonces of %d signatures, %d pooled (want at least the %d ready at the start)", len(seen), goroutines*each, total, noncePoolSize)
	}
}

// TestSigningKeyRefusesMismatchedHalves: a private key whose public half
// is not its seed's is refused rather than signed with.
func TestSigningKeyRefusesMismatchedHalves(t *testing.T) {
	a := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	b := ed25519.NewKeyFromSeed([]byte(strings.Repeat("b", ed25519.SeedSize)))
	mixed := append(append(ed25519.PrivateKey{}, a.Seed()...), b.Public().(ed25519.PublicKey)...)
	if _, err := newSigningKey(mixed); err == nil {
		t.Fatal("a key with another key's public half accepted")
	}
	if _, err := newSigningKey(a); err != nil {
		t.Fatal(err)
	}
}

// TestNonceBatchEncoding: the batch's R, encoded with one inversion for
// the batch, is r·B as edwards25519 encodes it, for every nonce.
func TestNonceBatchEncoding(t *testing.T) {
	_, k, _ := gamesKey(t)
	seen := map[[32]byte]bool{}
	for round := 0; round < 8; round++ {
		var b nonceBatchOf
		k.makeBatch(&b)
		for i, n := range b.n {
			want := new(edwards25519.Point).ScalarBaseMult(&n.r).Bytes()
			if string(n.R[:]) != string(want) {
				t.Fatalf("round %d, nonce %d: R %x, want %x", round, i, n.R, want)
			}
			if seen[n.R] {
				t.Fatalf("round %d, nonce %d: R repeated", round, i)
			}
			seen[n.R] = true
		}
	}
}

// TestPrepareFillsThePool: Prepare leaves the writer's pool full (after
// any refill under way), and does nothing for a writer without a key.
func TestPrepareFillsThePool(t *testing.T) {
	s, err := LoadOrCreateKeys(t.TempDir(), WriterGames)
	if err != nil {
		t.Fatal(err)
	}
	k := s.keys[WriterGames]
	for i := 0; i < 3; i++ {
		if err := s.Sign(&Envelope{Writer: WriterGames, Hash: testHash(i)}); err != nil {
			t.Fatal(err)
		}
		s.Prepare(WriterGames)
		if len(k.pool) != noncePoolSize {
			t.Fatalf("after Prepare the pool holds %d, want %d", len(k.pool), noncePoolSize)
		}
	}
	s.Prepare(WriterClocks)
	if err := s.Sign(&Envelope{Writer: WriterClocks, Hash: testHash(0)}); err == nil {
		t.Fatal("signed for a writer without a key")
	}
}
