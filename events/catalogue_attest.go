package events

import (
	"fmt"
	"strings"
	"time"
)

// LogAttested is the attestation of a game's log written before events
// were signed (hakem migrate sign): the games service's signed word that
// the chain up to a head (its event number and hash) is the log as it
// stood when the folder was brought into the signed world. The events
// already in the append-only log cannot be signed after the fact (the
// streams refuse deletes, and a rewrite would defeat the chain), so the
// unsigned events at or before the attested head count as vouched for by
// the key that signed this event; every event after it must be signed as
// any other (game.log_attested). It changes nothing in the game.
type LogAttested struct {
	// Seq is the event number of the head attested: the last event of the
	// log when it was attested.
	Seq uint64 `json:"seq"`
	// Hash is that event's hash.
	Hash string `json:"hash"`
	// Reason says why ("signed at migration, events written before signing").
	Reason string `json:"reason"`
}

// EventType implements Event.
func (LogAttested) EventType() string { return "game.log_attested" }

// TournamentLogAttested is LogAttested for a tournament's log, signed by the
// pairing service (tournament.log_attested). It changes nothing in the
// tournament.
type TournamentLogAttested struct {
	// Seq is the event number of the head attested.
	Seq uint64 `json:"seq"`
	// Hash is that event's hash.
	Hash string `json:"hash"`
	// Reason says why.
	Reason string `json:"reason"`
}

// EventType implements Event.
func (TournamentLogAttested) EventType() string { return "tournament.log_attested" }

func init() {
	register(LogAttested{}, 1, KindGame, WriterGames, nil)
	register(TournamentLogAttested{}, 1, KindTournament, WriterPairing, nil)
}

// AttestationReason is the reason hakem migrate sign gives its attestations.
const AttestationReason = "signed at migration, events written before signing"

// IsAttestation reports whether an event of type t attests a log written
// before signing (game.log_attested, tournament.log_attested).
func IsAttestation(t string) bool {
	return t == (LogAttested{}).EventType() || t == (TournamentLogAttested{}).EventType()
}

// AboutTheLog reports whether an event of type t is about the log itself,
// not the game or tournament (a repair or an attestation): the folds skip
// it.
func AboutTheLog(t string) bool { return IsRepair(t) || IsAttestation(t) }

// Attestation is one attestation of a log, as found in it.
type Attestation struct {
	// Seq is the attestation's own event number.
	Seq uint64 `json:"seq"`
	// Covers is the event number of the head it attests, Hash that
	// event's hash: the unsigned events up to Covers are vouched for.
	Covers uint64 `json:"covers"`
	Hash   string `json:"hash"`
	Reason string `json:"reason"`
	// Writer and KeyID are who signed it, At when it was recorded.
	Writer Writer    `json:"writer"`
	KeyID  string    `json:"key_id"`
	At     time.Time `json:"at"`
}

// String says what the attestation vouches for, in the audit's words.
func (a Attestation) String() string {
	return fmt.Sprintf("events 1..%d written before signing, attested at seq %d by key %s (%s) on %s: %s",
		a.Covers, a.Seq, a.KeyID, a.Writer, a.At.UTC().Format("2006-01-02 15:04 MST"), a.Reason)
}

// AttestationOf decodes e as an attestation (ok false when it is not one
// that decodes).
func AttestationOf(e Envelope) (Attestation, bool) {
	ev, err := Decode(e)
	if err != nil {
		return Attestation{}, false
	}
	a := Attestation{Seq: e.Seq, Writer: e.Writer, At: e.RecordedAt}
	switch v := ev.(type) {
	case *LogAttested:
		a.Covers, a.Hash, a.Reason = v.Seq, v.Hash, v.Reason
	case *TournamentLogAttested:
		a.Covers, a.Hash, a.Reason = v.Seq, v.Hash, v.Reason
	default:
		return Attestation{}, false
	}
	if rest, ok := strings.CutPrefix(e.Sig, "ed25519:"); ok {
		a.KeyID, _, _ = strings.Cut(rest, ":")
	}
	return a, true
}

// AttestationError is an attestation of a log that does not hold: not
// signed by its writer's key (check's reason), or naming a head that is
// not the log's.
type AttestationError struct {
	// Index is its place in the log, Seq its event number.
	Index  int
	Seq    uint64
	Reason string
}

// Error implements error.
func (e *AttestationError) Error() string {
	return fmt.Sprintf("the attestation at seq %d does not hold: %s", e.Seq, e.Reason)
}

// Attested finds the attestations of log (a log or its tail, in order)
// and returns the highest event number they cover (0: none), the
// attestations in order, and the first that does not hold: one that check
// (the keyring's signature check, Keyring.Check) refuses, that does not
// decode, that attests a head at or after itself, or whose head is not the
// log's event at that number. An attestation of a head before the tail
// given cannot be compared and covers none of it.
func Attested(log []Envelope, check func(*Envelope) string) (covered uint64, found []Attestation, bad *AttestationError) {
	for i := range log {
		e := &log[i]
		if !IsAttestation(e.Type) {
			continue
		}
		fail := func(reason string) (uint64, []Attestation, *AttestationError) {
			return covered, found, &AttestationError{Index: i, Seq: e.Seq, Reason: reason}
		}
		if reason := check(e); reason != "" {
			return fail("signature: " + reason)
		}
		a, ok := AttestationOf(*e)
		if !ok {
			return fail("it does not decode")
		}
		if a.Covers == 0 || a.Covers >= e.Seq {
			return fail(fmt.Sprintf("it attests seq %d, not an event before it", a.Covers))
		}
		if first := log[0].Seq; a.Covers >= first {
			if a.Covers-first >= uint64(i) {
				return fail(fmt.Sprintf("it attests seq %d, which is not in the log before it", a.Covers))
			}
			if got := log[a.Covers-first]; got.Seq != a.Covers || got.Hash != a.Hash {
				return fail(fmt.Sprintf("it attests seq %d as %.12s…, but the log's seq %d is %.12s…", a.Covers, a.Hash, got.Seq, got.Hash))
			}
			covered = max(covered, a.Covers)
		}
		found = append(found, a)
	}
	return covered, found, nil
}
