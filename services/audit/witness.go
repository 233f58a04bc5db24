package audit

import (
	"context"
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
)

// Witnesses is what a Source may also give: the keyring the writers'
// signatures are verified with, and the chain heads witnessed outside the
// streams (the signed checkpoints), by aggregate.
type Witnesses interface {
	// Keyring is nil when signatures are not to be checked.
	Keyring() *events.Keyring
	// Witnessed returns the heads of agg the checkpoints witnessed, in
	// increasing version (none: the checkpoints say nothing of it).
	Witnessed(agg events.Aggregate) []events.Head
}

// Witnessed is a Source with a keyring and checkpoints (either may be nil).
type Witnessed struct {
	Source
	Ring        *events.Keyring
	Checkpoints *events.Checkpoints
}

// Keyring implements Witnesses.
func (w Witnessed) Keyring() *events.Keyring { return w.Ring }

// Witnessed implements Witnesses.
func (w Witnessed) Witnessed(agg events.Aggregate) []events.Head {
	if w.Checkpoints == nil {
		return nil
	}
	return w.Checkpoints.Heads(agg)
}

// Anchor passes the inner source's sealed-copy anchor on.
func (w Witnessed) Anchor(ctx context.Context, agg events.Aggregate) (events.Head, bool) {
	if a, ok := w.Source.(Anchors); ok {
		return a.Anchor(ctx, agg)
	}
	return events.Head{}, false
}

// checkWitnesses marks, through bad, the first event of log whose
// signature does not verify or whose writer does not fit its type, and
// the first place where log departs from the heads the checkpoints
// witnessed for agg. It returns the log's attestations that hold
// (game.log_attested, tournament.log_attested: hakem migrate sign's): an
// unsigned event at or before a head one of them attests is written
// before signing, reported, not a finding; an unsigned event after it, and
// an attestation that does not hold (not signed by its writer's key in
// the keyring, or naming a head that is not the log's), are findings.
func checkWitnesses(src Source, agg events.Aggregate, log []events.Envelope, bad func(int, string)) []events.Attestation {
	w, ok := src.(Witnesses)
	if !ok || len(log) == 0 {
		return nil
	}
	var found []events.Attestation
	// a keyring without writers' keys (only the checkpoints' key) checks
	// the witnessed heads alone
	if ring := w.Keyring(); ring != nil && len(ring.Keys) > 0 {
		covered, atts, wrong := events.Attested(log, ring.Check)
		found = atts
		if wrong != nil {
			bad(wrong.Index, "attestation: "+wrong.Reason)
		}
		for i := range log {
			if log[i].Sig == "" && log[i].Seq <= covered {
				continue // written before signing, attested
			}
			if p := ring.Check(&log[i]); p != "" {
				if wrong != nil && log[i].Sig == "" && log[i].Seq < wrong.Seq {
					p += " (" + wrong.Error() + ")"
				}
				bad(i, "signature: "+p)
				break
			}
		}
	}
	if i, reason := departs(log, w.Witnessed(agg)); reason != "" {
		bad(i, reason)
	}
	return found
}

// attestedSays names each attestation in its timeline entry and returns
// the verdict's words for them ("" for none).
func attestedSays(atts []events.Attestation, log []events.Envelope, entries []Entry) string {
	var says []string
	for _, a := range atts {
		for i := range log {
			if log[i].Seq == a.Seq && i < len(entries) {
				entries[i].Says = "log attested: " + a.String()
			}
		}
		says = append(says, a.String())
	}
	if len(says) == 0 {
		return ""
	}
	return "; " + strings.Join(says, "; ")
}

// departs compares log with the witnessed heads of its aggregate and
// returns the index of the event to name and why, or "" when every
// witnessed head is in the log. A head's version beyond the log's end is
// a cut tail (or a trimmed stream): the first missing seq is named. A head
// whose hash differs is a rewrite: the first seq after the last head that
// still matches is named (with a checkpoint after every command, exactly
// the first rewritten event).
func departs(log []events.Envelope, heads []events.Head) (int, string) {
	bySeq := make(map[uint64]int, len(log))
	for i := range log {
		bySeq[log[i].Seq] = i
	}
	var lastGood uint64
	for _, h := range heads {
		i, ok := bySeq[h.Version]
		if !ok {
			if h.Version > uint64(len(log)) || h.Version > log[len(log)-1].Seq {
				first := log[len(log)-1].Seq + 1
				return len(log) - 1, fmt.Sprintf("witnessed: seq %d is missing: a checkpoint witnessed %d events (head %.12s…), the log ends at seq %d (its tail was cut, or the stream trimmed)",
					first, h.Version, h.Hash, first-1)
			}
			continue // a hole: the chain names it
		}
		if log[i].Hash != h.Hash {
			first := lastGood + 1
			j := i
			if k, ok := bySeq[first]; ok {
				j = k
			}
			return j, fmt.Sprintf("witnessed: the log differs from the checkpoints from seq %d on: a checkpoint witnessed seq %d with hash %.12s…, the log has %.12s… (rewritten and re-hashed after seq %d)",
				first, h.Version, h.Hash, log[i].Hash, lastGood)
		}
		lastGood = h.Version
	}
	return 0, ""
}

// LoadTolerant passes the inner source's message-by-message read on
// (Tolerant), so that a witnessed audit still reads a quarantined or
// repaired log.
func (w Witnessed) LoadTolerant(ctx context.Context, agg events.Aggregate) ([]events.Envelope, *eventstore.Damage, error) {
	// with the writers' keys, an event they do not sign is damage too (a
	// forged event a repair voided is then left out)
	if ss, ok := w.Source.(StoreSource); ok && w.Ring != nil && len(w.Ring.Keys) > 0 {
		log, _, damage, err := ss.Store.LoadTolerantWith(ctx, agg, w.Ring)
		return log, damage, err
	}
	t, ok := w.Source.(Tolerant)
	if !ok {
		return nil, nil, fmt.Errorf("audit: %s: this source cannot read a damaged log message by message", agg)
	}
	return t.LoadTolerant(ctx, agg)
}
