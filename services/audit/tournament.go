package audit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	pairing "github.com/hakem-chess/hakem/services/pairing/domain"
	scoring "github.com/hakem-chess/hakem/services/scoring/domain"
	"github.com/nats-io/nats.go/jetstream"
)

// Source reads an aggregate's complete log, in order.
type Source interface {
	Load(ctx context.Context, agg events.Aggregate) ([]events.Envelope, error)
}

// StoreSource reads logs from the event store's streams, never from a
// sealed copy: the stream is the source of truth.
type StoreSource struct{ Store *eventstore.Store }

// Load implements Source. The store refuses to load a log that does not
// run unbroken to its last event (an event deleted from the stream, or one
// inserted): the audit then reads every event of the aggregate as the
// stream holds it (a scan of the whole stream, on this path only) and names
// the break itself through the hash chain.
func (s StoreSource) Load(ctx context.Context, agg events.Aggregate) ([]events.Envelope, error) {
	log, _, err := s.Store.LoadStream(ctx, agg)
	if err == nil || ctx.Err() != nil {
		return log, err
	}
	var all []events.Envelope
	_, rerr := s.Store.Read(ctx, agg.Kind, 1, func(r eventstore.Record) error {
		if r.Envelope.Aggregate == agg {
			all = append(all, r.Envelope)
		}
		return nil
	})
	if rerr != nil || len(all) == 0 {
		return nil, err
	}
	return all, nil
}

// Anchors gives the head of an aggregate recorded outside its stream, if
// any (a Source may implement it).
type Anchors interface {
	Anchor(ctx context.Context, agg events.Aggregate) (events.Head, bool)
}

// Anchor implements Anchors with the sealed copy's head (the events
// module's sealed-log bucket, written when a game ends). Its absence, or
// an unreadable value, is no anchor.
func (s StoreSource) Anchor(ctx context.Context, agg events.Aggregate) (events.Head, bool) {
	js, err := jetstream.New(s.Store.Conn())
	if err != nil {
		return events.Head{}, false
	}
	kv, err := js.KeyValue(ctx, SealBucket)
	if err != nil {
		return events.Head{}, false
	}
	entry, err := kv.Get(ctx, string(agg.Kind)+"."+agg.ID)
	if err != nil {
		return events.Head{}, false
	}
	var doc struct {
		Aggregate events.Aggregate `json:"aggregate"`
		Head      events.Head      `json:"head"`
	}
	if json.Unmarshal(entry.Value(), &doc) != nil || doc.Aggregate != agg || doc.Head.Version == 0 {
		return events.Head{}, false
	}
	return doc.Head, true
}

// SealBucket is the events module's default bucket of sealed logs.
const SealBucket = "HAKEM_SEALED"

// AuditGame loads a game from src and audits it, against its anchor when
// src has one.
func AuditGame(ctx context.Context, src Source, id string) (*GameReport, []events.Envelope, error) {
	log, err := src.Load(ctx, events.Game(id))
	log, damage, err := tolerantGame(ctx, src, events.Game(id), log, err)
	if err != nil {
		return nil, nil, err
	}
	var anchor events.Head
	if a, ok := src.(Anchors); ok {
		anchor, _ = a.Anchor(ctx, events.Game(id))
	}
	var attested []events.Attestation
	rep := gameChecked(id, log, anchor, func(bad func(int, string)) {
		attested = checkWitnesses(src, events.Game(id), log, bad)
	})
	rep.Attested = attested
	if says := attestedSays(rep.Attested, log, rep.Entries); rep.OK {
		rep.Verdict += says
	}
	reportQuarantine(rep, log, damage)
	return rep, log, nil
}

// RoundCheck is the re-pairing of one round.
type RoundCheck struct {
	Round    int    `json:"round"`
	Engine   string `json:"engine"`
	Boards   int    `json:"boards"`
	Repaired bool   `json:"repaired"`
	Problem  string `json:"problem,omitempty"`
}

// TournamentReport is the audit of a tournament: its own events, every
// round re-paired, every game audited, the standings re-computed (and each
// published standings event compared with them) through the scoring
// service's code. Games are audited as they are now: a standings event is
// compared with the games' current results.
type TournamentReport struct {
	TournamentID string            `json:"tournament_id"`
	Name         string            `json:"name,omitempty"`
	System       string            `json:"system,omitempty"`
	Events       int               `json:"events"`
	Entries      []Entry           `json:"timeline"`
	Rounds       []RoundCheck      `json:"rounds"`
	Games        []*GameReport     `json:"games"`
	Standings    []events.Standing `json:"standings"`
	OK           bool              `json:"ok"`
	First        *Finding          `json:"first_bad,omitempty"`
	// FirstGame is the game of the first bad event when it is in a game.
	FirstGame string `json:"first_bad_game,omitempty"`
	Verdict   string `json:"verdict"`
	// Repairs are the log's tournament.log_repaired, Damaged its damage
	// not repaired (the audit then fails).
	Repairs []Repair           `json:"repairs,omitempty"`
	Damaged *eventstore.Damage `json:"damaged,omitempty"`
	// Attested are the log's attestations that hold
	// (tournament.log_attested).
	Attested []events.Attestation `json:"attested,omitempty"`
}

// Tournament audits tournament id: its log through the pairing service's
// domain (each round paired again by the same engine and compared with
// the recorded pairing), then every paired game (Game), then the standings.
func Tournament(ctx context.Context, src Source, id string) (*TournamentReport, error) {
	log, err := src.Load(ctx, events.Tournament(id))
	log, damage, err := tolerantGame(ctx, src, events.Tournament(id), log, err)
	if err != nil {
		return nil, err
	}
	rep, err := auditTournamentLog(ctx, src, id, log)
	if err != nil {
		return nil, err
	}
	reportTournamentQuarantine(rep, log, damage)
	return rep, nil
}

// auditTournamentLog is Tournament on the log read (its good events when
// it is damaged or repaired).
func auditTournamentLog(ctx context.Context, src Source, id string, log []events.Envelope) (*TournamentReport, error) {
	if len(log) == 0 {
		return nil, fmt.Errorf("tournament %s has no events", id)
	}
	tl := newTimeline(log, true)
	a := &tournamentAudit{
		ctx: ctx, src: src, id: id, log: log, tl: tl,
		rep: &TournamentReport{TournamentID: id, Events: len(log), Entries: tl.entries},
		t:   &pairing.Tournament{}, results: map[string]events.Result{}, audited: map[string]bool{},
		reports: map[string]*GameReport{}, counts: map[string]*GameReport{},
	}
	if err := events.Verify(log); err != nil {
		var ce *events.ChainError
		if errors.As(err, &ce) && ce.Index < len(log) {
			tl.bad(ce.Index, fmt.Sprintf("hash chain: %s: %s", ce.Problem, ce.Detail))
		}
	}
	attested := checkWitnesses(src, events.Tournament(id), log, tl.bad)
	a.t.RatingYear(log[0]) // the rating period's year, as the pairing service's fold sets it
	if err := a.replay(); err != nil {
		return nil, err
	}
	a.conclude()
	a.rep.Attested = attested
	if says := attestedSays(attested, log, a.rep.Entries); a.rep.OK {
		a.rep.Verdict += says
	}
	return a.rep, nil
}

// tournamentAudit is the state of a tournament's audit: the tournament
// folded so far and its games audited.
type tournamentAudit struct {
	ctx context.Context
	src Source
	id  string
	log []events.Envelope
	tl  *timeline
	rep *TournamentReport
	t   *pairing.Tournament
	// results are the games' results, by board game id.
	results map[string]events.Result
	// audited are the games audited (and in rep.Games), reports their
	// reports, by game id.
	audited map[string]bool
	reports map[string]*GameReport
	// counts is, for each board's game id, the report of the game whose
	// result the board counts: the game, or the replay the arbiter ordered
	// in place of an annulled one (gamelog.FollowReplays, the pairing
	// service's own reading).
	counts map[string]*GameReport
	// err is the error that stopped the audit: a game that could not be
	// read.
	err error
}

// resultsAt are the games' results as they stood at instant at: a result
// override after a round's standings changes the later ones only.
func (a *tournamentAudit) resultsAt(at time.Time) map[string]events.Result {
	m := make(map[string]events.Result, len(a.counts))
	for gid, gr := range a.counts {
		m[gid] = tournament.GameResult(gr.ResultAt(at), events.Termination(gr.Termination), len(gr.UCIs))
	}
	withImported(a.t, m)
	return a.t.BoardResults(m) // the desk's results over the games' (the fold as of this event)
}

// penaltiesAt are the games' points penalties as they stood at instant at
// (2023 12.9.4, 12.9.5: the standings count them).
func (a *tournamentAudit) penaltiesAt(at time.Time) scoring.Penalties {
	m := scoring.Penalties{}
	for gid, gr := range a.counts {
		if pens := gr.PenaltiesAt(at); len(pens) > 0 {
			m[gid] = pens
		}
	}
	return m
}

// auditOne audits game gid (once in rep.Games) and returns its events.
func (a *tournamentAudit) auditOne(ctx context.Context, gid string) ([]gamelog.Recorded, error) {
	gr, log, err := AuditGame(ctx, a.src, gid)
	if err != nil {
		return nil, err
	}
	if !a.audited[gid] {
		a.rep.Games = append(a.rep.Games, gr)
		a.audited[gid] = true
	}
	a.reports[gid] = gr
	recs := make([]gamelog.Recorded, 0, len(log))
	for _, e := range log {
		if ev, derr := events.Decode(e); derr == nil { // an undecodable event is the game audit's finding
			recs = append(recs, gamelog.Recorded{Envelope: e, Event: ev})
		}
	}
	return recs, nil
}

// auditGame audits board game gid and the replays ordered in its place,
// and counts the result of the one played last.
func (a *tournamentAudit) auditGame(gid string) (*GameReport, error) {
	played, _, err := gamelog.FollowReplays(a.ctx, a.auditOne, gid)
	if err != nil {
		return nil, err
	}
	gr := a.reports[played]
	a.results[gid] = tournament.GameResult(gr.Result, events.Termination(gr.Termination), len(gr.UCIs)) // a forfeit is not a game played, one of less than a move not rated
	a.counts[gid] = gr
	return gr, nil
}

// replay re-decides each command of the log in turn and folds its events,
// until an event does not decode or one before the command does not
// follow.
func (a *tournamentAudit) replay() error {
	log, bad := a.log, a.tl.bad
	for start := 0; start < len(log); {
		end := commandEnd(log, start)
		if a.tl.first >= 0 && a.tl.first < start {
			return nil
		}
		decoded := make([]events.Event, 0, end-start)
		for i := start; i < end; i++ {
			ev, err := events.Decode(log[i])
			if err != nil {
				bad(i, err.Error())
				break
			}
			decoded = append(decoded, ev)
		}
		if len(decoded) < end-start {
			return nil
		}
		checked := "re-derived"
		want, err := a.decide(start, decoded)
		if a.err != nil {
			return a.err
		}
		switch {
		case errors.Is(err, errChainOnly):
			checked = chainOnly
		case err != nil:
			bad(start, "the pairing service would not have written it: "+err.Error())
		default:
			if off, _, cerr := compare(want, decoded); cerr != nil {
				bad(start+off, cerr.Error())
			}
		}
		for i := start; i < end; i++ {
			a.rep.Entries[i].Checked = checked
			if aerr := a.t.Apply(decoded[i-start]); aerr != nil {
				bad(i, "does not fold: "+aerr.Error())
			}
		}
		start = end
	}
	return nil
}

// errChainOnly is decide's answer for a command the audit does not
// re-decide (checked by the chain only).
var errChainOnly = errors.New(chainOnly)

// decide re-decides the command recorded as decoded (from log[start])
// through the pairing and scoring domains, on the tournament folded before
// it. A game of the round that cannot be audited sets a.err.
func (a *tournamentAudit) decide(start int, decoded []events.Event) ([]events.Event, error) {
	t, at := a.t, a.log[start].RecordedAt
	switch ev := decoded[0].(type) {
	case *events.TournamentCreated:
		return (&pairing.Tournament{}).Create(*ev)
	case *events.TournamentImported:
		return (&pairing.Tournament{}).Import(*ev)
	case *events.PlayerRegistered:
		return registered(t, *ev, decoded)
	case *events.TournamentDeleted:
		return t.Delete(*ev)
	case *events.TiebreaksSet:
		return t.SetTiebreaks(*ev)
	case *events.PlayerCorrected:
		return t.Correct(*ev)
	case *events.PlayerRemoved:
		return t.Remove(*ev)
	case *events.PlayerExcluded:
		return t.Exclude(*ev)
	case *events.RoundPaired:
		return a.roundPaired(start, *ev, decoded)
	case *events.ResultsEntered, *events.ResultCorrected, *events.RoundPublished, *events.RoundUnpaired, *events.PairingChanged:
		want, err := deskDecision(t, a.id, decoded, a.log[start].Version, a.resultsAt(at), a.penaltiesAt(at))
		if pc, ok := ev.(*events.PairingChanged); ok && err == nil {
			for _, p := range pc.Pairings {
				if !a.audited[p.GameID] {
					if _, gerr := a.auditGame(p.GameID); gerr != nil {
						a.err = gerr
						return nil, nil
					}
				}
			}
		}
		return want, err
	case *events.RoundClosed:
		return t.Close(ev.Round, a.resultsAt(at))
	case *events.StandingsUpdated:
		return a.standings(*ev, at)
	}
	return nil, errChainOnly
}

// roundPaired pairs the round again by the same engine, records the
// round's check, and audits each board's game, which must be between the
// players paired.
func (a *tournamentAudit) roundPaired(start int, ev events.RoundPaired, decoded []events.Event) ([]events.Event, error) {
	at := a.log[start].RecordedAt
	want, err := a.t.PairNextPenalised(a.id, a.resultsAt(at), a.penaltiesAt(at))
	rc := RoundCheck{Round: ev.Round, Engine: ev.Engine, Boards: len(ev.Pairings), Repaired: true}
	if err == nil {
		if _, _, cerr := compare(want, decoded); cerr != nil {
			rc.Repaired, rc.Problem = false, cerr.Error()
		}
	} else {
		rc.Repaired, rc.Problem = false, err.Error()
	}
	a.rep.Rounds = append(a.rep.Rounds, rc)
	if !rc.Repaired && err == nil {
		a.tl.bad(start, "paired again by the same engine, the round differs: "+rc.Problem)
	}
	for _, p := range ev.Pairings {
		if _, imported := a.t.ImportedResult(p.GameID); a.audited[p.GameID] || imported {
			continue
		}
		gr, gerr := a.auditGame(p.GameID)
		if gerr != nil {
			a.err = gerr
			return nil, nil
		}
		if s := gr.Entries; len(s) > 0 && gr.White != "" && (gr.White != p.White || gr.Black != p.Black) {
			a.tl.bad(start, fmt.Sprintf("board %d: the game %s is %s-%s, the pairing %s-%s", p.Board, p.GameID, gr.White, gr.Black, p.White, p.Black))
		}
	}
	return want, err
}

// standings re-computes the standings published at instant at, and a
// rated tournament's rating changes, published in the same batch
// (scoring/app Scoring.Publish).
func (a *tournamentAudit) standings(ev events.StandingsUpdated, at time.Time) ([]events.Event, error) {
	t := a.t
	results := a.resultsAt(at)
	st, err := scoring.StandingsPenalised(&t.Tournament, ev.AfterRound, results, a.penaltiesAt(at))
	want := []events.Event{events.StandingsUpdated{AfterRound: ev.AfterRound, Standings: st}}
	if err != nil || !t.Created.Rated {
		return want, err
	}
	changes, cat, err := scoring.RatingChanges(&t.Tournament, ev.AfterRound, results)
	want = append(want, events.RatingChangesComputed{AfterRound: ev.AfterRound, System: "fide-elo-" + cat.String(), Changes: changes})
	return want, err
}

// conclude fills the report's tournament, its standings now and its
// verdict: the first event that does not follow, of the tournament or of
// one of its games.
func (a *tournamentAudit) conclude() {
	rep, t := a.rep, a.t
	rep.Name, rep.System = t.Created.Name, t.Created.System
	withImported(t, a.results)
	results := t.BoardResults(a.results)
	if st, err := scoring.StandingsPenalised(&t.Tournament, t.Closed, results, a.penaltiesAt(time.Now())); err == nil {
		rep.Standings = st
	} else {
		rep.Standings = t.Standings(results)
	}
	if rep.First = a.tl.finding(a.log); rep.First != nil {
		rep.Verdict = "DOES NOT FOLLOW: tournament " + rep.First.String()
		return
	}
	for _, g := range rep.Games {
		if !g.OK {
			rep.First, rep.FirstGame = g.First, g.GameID
			rep.Verdict = "DOES NOT FOLLOW: game " + g.GameID + ": " + g.First.String()
			return
		}
	}
	rep.OK = true
	rep.Verdict = fmt.Sprintf("every event follows: %d tournament events, %d round(s) re-paired by the same engine, %d game(s) audited clean", len(a.log), len(rep.Rounds), len(rep.Games))
}

// withImported adds to results the boards of the rounds a tournament
// report file brought (tournament.imported): they have no game.
func withImported(t *pairing.Tournament, results map[string]events.Result) {
	if t.Imported != nil {
		for gid, r := range t.Imported.Results {
			results[gid] = r
		}
	}
}

// registered re-decides a registration: one player, or the list of a
// command that registered several at once (domain RegisterList).
func registered(t *pairing.Tournament, first events.PlayerRegistered, decoded []events.Event) ([]events.Event, error) {
	if len(decoded) == 1 {
		return t.Register(first)
	}
	list := make([]events.PlayerRegistered, 0, len(decoded))
	for _, ev := range decoded {
		p, ok := ev.(*events.PlayerRegistered)
		if !ok {
			return nil, fmt.Errorf("a registration's command recorded %s", ev.EventType())
		}
		list = append(list, *p)
	}
	return t.RegisterList(list)
}
