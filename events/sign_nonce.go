package events

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha512"
	"errors"
	"runtime"
	"sync"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

// Signing an event with a nonce prepared beforehand (RFC 8032, section
// 5.1.6, with step 2's nonce drawn at random ahead of time).
//
// An Ed25519 signature of M by the key with secret scalar s and public key
// A = s·B is (R, S): R = r·B for a nonce r, S = r + k·s mod L with
// k = SHA-512(R || A || M). crypto/ed25519.Verify checks
// S·B = R + k·A, whatever r was: RFC 8032 derives r from the key and M
// (r = SHA-512(prefix || M)) only so that a signer needs no random source.
// What the signer must keep is that r is secret, uniform and never used
// twice: two signatures sharing r give s away.
//
// Most of a signature's cost is R = r·B and its encoding, which do not
// depend on M. So each writer's key keeps a pool of nonces (r, R), made by
// a goroutine in the background while appends wait for their
// acknowledgements (in batches: one field inversion encodes a batch's
// points); a signature takes one nonce out of the pool (a channel
// receive: exactly one taker, and the nonce is dropped after that one
// use) and computes only k and S. When the pool is empty (appends faster
// than the refill, as at saturation, where the refill goroutine is one of
// a thousand runnable ones), the signer makes a batch itself, signs with
// one of its nonces and leaves the others in the pool: a nonce made in a
// batch costs some 20 % less than crypto/ed25519.Sign's own (the batch
// shares one field inversion), so every signature gets the cheaper one.
// Either way the signature is an ordinary Ed25519 one, which the audit and
// crypto/ed25519.Verify check unchanged.
//
// Each r is SHA-512(prefix || Z) reduced mod L, with prefix the secret
// second half of SHA-512(seed) (RFC 8032's) and Z 64 fresh bytes from
// crypto/rand: uniform, and never repeated, as Z is not; and unpredictable
// without the private key even if crypto/rand's output were predictable.
// That input is 96 bytes; ed25519.Sign's own, prefix || M, is 115 for an
// event's M (sigDomain and a 64-digit hash): the two never coincide.

// noncePoolSize is how many nonces a key keeps ready: more than a burst of
// appends from one process needs (a refill starts when half are used).
const noncePoolSize = 128

// nonceBatch is how many nonces a refill makes per read of crypto/rand.
const nonceBatch = 16

// nonce is one prepared nonce: r secret, R = r·B encoded.
type nonce struct {
	r edwards25519.Scalar
	R [32]byte
}

// signingKey is one writer's private key, expanded for signing with a
// pooled nonce, and its pool.
type signingKey struct {
	priv ed25519.PrivateKey // the key as crypto/ed25519 holds it
	id   string             // keyID of its public key
	pub  [32]byte           // A, the encoded public key
	s    edwards25519.Scalar
	// prefix is the second half of SHA-512(seed), mixed into each nonce.
	prefix [32]byte

	pool chan nonce
	// filling is held while the pool is being filled: by the refill
	// goroutine (locked by the signature that started it), or by Prepare.
	filling sync.Mutex
}

// newSigningKey expands k, checking that its public half is s·B.
func newSigningKey(k ed25519.PrivateKey) (*signingKey, error) {
	sk := &signingKey{priv: k, pool: make(chan nonce, noncePoolSize)}
	h := sha512.Sum512(k.Seed())
	if _, err := sk.s.SetBytesWithClamping(h[:32]); err != nil {
		return nil, err
	}
	copy(sk.prefix[:], h[32:])
	pub := k.Public().(ed25519.PublicKey)
	copy(sk.pub[:], pub)
	if string(new(edwards25519.Point).ScalarBaseMult(&sk.s).Bytes()) != string(pub) {
		return nil, errors.New("events: an Ed25519 key whose public half is not its seed's")
	}
	sk.id = keyID(pub)
	return sk, nil
}

// sign returns the Ed25519 signature of sigDomain+hash; pooled says its
// nonce was prepared beforehand (otherwise the pool was empty and it made
// a batch of nonces: see batchNow).
func (k *signingKey) sign(hash string) (sig [ed25519.SignatureSize]byte, pooled bool) {
	var n nonce
	select {
	case n = <-k.pool:
		pooled = true
	default:
	}
	if len(k.pool) <= noncePoolSize/2 {
		k.refill()
	}
	if !pooled {
		n = k.batchNow()
	}
	// k = SHA-512(R || A || M), M = sigDomain+hash
	b := make([]byte, 0, 64+len(sigDomain)+64)
	b = append(append(append(append(b, n.R[:]...), k.pub[:]...), sigDomain...), hash...)
	digest := sha512.Sum512(b)
	var kS, S edwards25519.Scalar
	if _, err := kS.SetUniformBytes(digest[:]); err != nil {
		panic(err) // 64 bytes: cannot fail
	}
	S.MultiplyAdd(&kS, &k.s, &n.r)
	n.r = edwards25519.Scalar{}
	copy(sig[:32], n.R[:])
	copy(sig[32:], S.Bytes())
	return sig, pooled
}

// batches are the work spaces of batchNow (a batch is some 4.6 kB, more
// than a request's goroutine should add to its stack).
var batches = sync.Pool{New: func() any { return new(nonceBatchOf) }}

// batchNow makes a batch of nonces on the signer's time, for a signature
// that found the pool empty: it returns the first and puts the others in
// the pool (those that fit; the rest are dropped). Each nonce of the batch
// still has exactly one user: this signer, or the one taker of the pool
// that receives it.
func (k *signingKey) batchNow() nonce {
	b := batches.Get().(*nonceBatchOf)
	defer func() {
		b.clear()
		batches.Put(b)
	}()
	k.makeBatch(b)
	for i := 1; i < nonceBatch; i++ {
		select {
		case k.pool <- b.n[i]:
		default:
			return b.n[0] // full: the deferred clear drops the rest
		}
	}
	return b.n[0]
}

// refill starts a goroutine that fills the pool, unless one is running.
func (k *signingKey) refill() {
	if !k.filling.TryLock() {
		return
	}
	go func() {
		defer k.filling.Unlock()
		k.fill()
	}()
}

// prepare fills the pool now, after any refill under way.
func (k *signingKey) prepare() {
	k.filling.Lock()
	defer k.filling.Unlock()
	k.fill()
}

// fill puts nonces in the pool until it is full. Only one fill runs at a
// time (filling); a signer's batchNow may fill it too, so a send that
// finds the pool full ends the fill rather than wait.
func (k *signingKey) fill() {
	var b nonceBatchOf
	defer b.clear()
	for len(k.pool) < noncePoolSize {
		k.makeBatch(&b)
		for i := range b.n {
			select {
			case k.pool <- b.n[i]:
			default:
				return
			}
		}
		// a refill runs beside appends: let them have the processor
		runtime.Gosched()
	}
}

// nonceBatchOf is the work space of one batch of nonces.
type nonceBatchOf struct {
	z [nonceBatch * 64]byte
	n [nonceBatch]nonce
	p [nonceBatch]edwards25519.Point
}

func (b *nonceBatchOf) clear() { *b = nonceBatchOf{} }

// makeBatch makes nonceBatch nonces: for each, 64 random bytes z,
// r = SHA-512(prefix || z) mod L and R = r·B, encoded as RFC 8032, section
// 5.1.2, says (the y coordinate, and the sign of x in the top bit), with
// one field inversion for the batch (Montgomery's trick: the inverse of
// every Z from the inverse of their product) rather than one for each.
func (k *signingKey) makeBatch(b *nonceBatchOf) {
	rand.Read(b.z[:]) // never fails (crypto/rand, Go 1.24 and later)
	var in [32 + 64]byte
	copy(in[:32], k.prefix[:])
	for i := range b.n {
		copy(in[32:], b.z[i*64:(i+1)*64])
		digest := sha512.Sum512(in[:])
		if _, err := b.n[i].r.SetUniformBytes(digest[:]); err != nil {
			panic(err) // 64 bytes: cannot fail
		}
		clear(digest[:])
		b.p[i].ScalarBaseMult(&b.n[i].r)
	}
	clear(in[:])
	// prod[i] = Z_0 · … · Z_i
	var prod [nonceBatch]field.Element
	for i := range b.p {
		_, _, z, _ := b.p[i].ExtendedCoordinates()
		if i == 0 {
			prod[0].Set(z)
		} else {
			prod[i].Multiply(&prod[i-1], z)
		}
	}
	var inv, zInv, x, y field.Element
	inv.Invert(&prod[nonceBatch-1])
	for i := nonceBatch - 1; i >= 0; i-- {
		X, Y, Z, _ := b.p[i].ExtendedCoordinates()
		if i > 0 {
			zInv.Multiply(&inv, &prod[i-1])
			inv.Multiply(&inv, Z)
		} else {
			zInv.Set(&inv)
		}
		x.Multiply(X, &zInv)
		y.Multiply(Y, &zInv)
		copy(b.n[i].R[:], y.Bytes())
		b.n[i].R[31] |= byte(x.IsNegative() << 7)
	}
}
