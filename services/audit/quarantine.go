package audit

import (
	"context"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
)

// Tolerant is a Source that can also read a game's log message by message
// (eventstore.Store.LoadTolerant): the events that decode and chain, the
// messages a game.log_repaired voids left out, and the first damage no
// repair voids.
type Tolerant interface {
	LoadTolerant(ctx context.Context, agg events.Aggregate) ([]events.Envelope, *eventstore.Damage, error)
}

// reportTournamentQuarantine is reportQuarantine for a tournament's log
// (tournament.log_repaired).
func reportTournamentQuarantine(rep *TournamentReport, log []events.Envelope, damage *eventstore.Damage) {
	rep.Repairs = append(rep.Repairs, repairsOf(log, rep.Entries)...)
	if len(rep.Repairs) > 0 && rep.OK {
		rep.Verdict += fmt.Sprintf("; %d repair(s) of the log (tournament.log_repaired)", len(rep.Repairs))
	}
	if damage == nil {
		return
	}
	rep.Damaged = damage
	rep.OK = false
	rep.Verdict = fmt.Sprintf("LOG DAMAGED at seq %d (stream seq %d): %s; not repaired (the events before it: %s)", damage.Seq, damage.StreamSeq, damage.Reason, rep.Verdict)
}

// LoadTolerant implements Tolerant.
func (s StoreSource) LoadTolerant(ctx context.Context, agg events.Aggregate) ([]events.Envelope, *eventstore.Damage, error) {
	log, _, damage, err := s.Store.LoadTolerant(ctx, agg)
	return log, damage, err
}

// Repair is one game.log_repaired of a game's log, as the audit reports
// it: which messages it voided, what was wrong, who and why.
type Repair struct {
	Seq    uint64   `json:"seq"`
	By     string   `json:"by"`
	Voided []uint64 `json:"voided_stream_seqs"`
	Found  string   `json:"found"`
	Reason string   `json:"reason"`
}

// tolerantGame reads the game's log again through a Tolerant source when
// the plain read failed (a message that does not decode) or the log holds
// a repair (the messages it voids are then left out); otherwise, or when
// src is not Tolerant, it returns the plain read as it was.
func tolerantGame(ctx context.Context, src Source, agg events.Aggregate, log []events.Envelope, err error) ([]events.Envelope, *eventstore.Damage, error) {
	t, ok := src.(Tolerant)
	if !ok || ctx.Err() != nil || (err == nil && !hasRepair(log)) {
		return log, nil, err
	}
	good, damage, terr := t.LoadTolerant(ctx, agg)
	if terr != nil || len(good) == 0 && damage == nil {
		return log, nil, err
	}
	return good, damage, nil
}

func hasRepair(log []events.Envelope) bool {
	for _, e := range log {
		if events.IsRepair(e.Type) {
			return true
		}
	}
	return false
}

// repairsOf lists the repairs of a log (game.log_repaired,
// tournament.log_repaired), each named in its timeline entry.
func repairsOf(log []events.Envelope, entries []Entry) []Repair {
	var out []Repair
	for i, e := range log {
		if !events.IsRepair(e.Type) {
			continue
		}
		voided, found, reason, ok := events.RepairOf(e)
		if !ok {
			continue
		}
		out = append(out, Repair{Seq: e.Seq, By: e.Actor.ID, Voided: voided, Found: found, Reason: reason})
		if i < len(entries) {
			entries[i].Says = fmt.Sprintf("log repaired by %s: stream seqs %v voided (%s); the arbiter's reason: %s", e.Actor.ID, voided, found, reason)
		}
	}
	return out
}

// reportQuarantine adds the repairs of the log and its damage to rep: a
// repair is named in its entry and listed; damage no repair voids makes
// the log fail the audit, named at the event number it stands at.
func reportQuarantine(rep *GameReport, log []events.Envelope, damage *eventstore.Damage) {
	rep.Repairs = append(rep.Repairs, repairsOf(log, rep.Entries)...)
	if len(rep.Repairs) > 0 && rep.OK {
		rep.Verdict += fmt.Sprintf("; %d repair(s) of the log (game.log_repaired)", len(rep.Repairs))
	}
	if damage == nil {
		return
	}
	rep.Damaged = damage
	rep.OK = false
	rep.Verdict = fmt.Sprintf("LOG DAMAGED at seq %d (stream seq %d): %s; not repaired (the events before it: %s)", damage.Seq, damage.StreamSeq, damage.Reason, rep.Verdict)
}
