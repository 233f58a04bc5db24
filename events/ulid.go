package events

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"time"
)

// ulidAlphabet is Crockford's base32, the alphabet of the ULID specification.
const ulidAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NewULID returns a new ULID for the given instant: 48 bits of Unix
// milliseconds followed by 80 random bits from crypto/rand, written as 26
// characters of Crockford base32, so that event ids sort by creation time.
//
// It is written here rather than imported because the encoder is twenty
// lines and the store needs nothing else of a ULID library (no parsing
// beyond a syntax check, no monotonic entropy: the order of a game's events is
// their sequence number, not their id).
func NewULID(at time.Time) string {
	var b [16]byte
	ms := uint64(at.UnixMilli())
	binary.BigEndian.PutUint16(b[0:2], uint16(ms>>32))
	binary.BigEndian.PutUint32(b[2:6], uint32(ms))
	if _, err := rand.Read(b[6:]); err != nil {
		panic("events: crypto/rand failed: " + err.Error()) // crypto/rand never fails on supported platforms
	}
	return encodeULID(b)
}

func encodeULID(b [16]byte) string {
	// 128 bits in 26 characters: the first character carries 3 bits.
	var out [26]byte
	hi := binary.BigEndian.Uint64(b[0:8])
	lo := binary.BigEndian.Uint64(b[8:16])
	for i := 25; i >= 0; i-- {
		out[i] = ulidAlphabet[lo&31]
		lo = lo>>5 | hi<<59
		hi >>= 5
	}
	return string(out[:])
}

// ErrBadULID is returned by CheckULID for a string that is not a ULID.
var ErrBadULID = errors.New("events: not a ULID")

// CheckULID reports whether s is a well-formed ULID (26 characters of
// Crockford base32, the first at most '7').
func CheckULID(s string) error {
	if len(s) != 26 || s[0] > '7' {
		return ErrBadULID
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := false
		for j := 0; j < len(ulidAlphabet); j++ {
			if ulidAlphabet[j] == c {
				ok = true
				break
			}
		}
		if !ok {
			return ErrBadULID
		}
	}
	return nil
}
