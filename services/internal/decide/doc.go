// Package decide is the one decide loop of the services: every command of
// every service is handled by a Decider, which loads the aggregate's events,
// folds them into the state, lets the domain decide on that state and
// appends the events the domain returns, at the head it decided on and
// under the command's idempotency key; on a version conflict it decides
// again on fresh state.
//
// A service supplies three things:
//
//   - its state type, a pointer type *T whose zero T is the state before
//     the first event and whose Evolve folds one recorded event in (the
//     games service's *domain.Game, the clocks service's clock, the
//     pairing's *domain.Tournament, which Tournament.Evolve folds);
//   - a Store: its aggregate's events as Recorded, appended with a Meta
//     (the game's log, gamelog.EventStore, is one; a tournament's,
//     boards.TournamentLog, another, each with its writer);
//   - one Command per use case: its name (metrics and log) and the
//     client's Meta, handed to Handle with the domain's pure decision, a
//     func(state, at) returning the events to append or a refusal.
//
// A command handler is then a few lines, in the wild-workouts style:
//
//	// Handle records the move if it is legal.
//	func (h MakeMoveHandler) Handle(ctx context.Context, c MakeMove) (decide.Outcome, error) {
//		return h.Decider.Handle(ctx, c.GameID, decide.Command{Name: "make_move", Meta: c.Meta},
//			func(g *domain.Game, at time.Time) ([]events.Event, error) { return g.Move(c.Player, c.Move, at) })
//	}
//
// with the decider built once per service:
//
//	d := &decide.Decider[domain.Game, *domain.Game]{Config: decide.Config{Store: store, Retries: 8},
//		Service: "games", Invalid: refusal.ErrInvalid}
//
// What the loop guarantees, for every service alike:
//
//   - Idempotency: the client's key is scoped to the aggregate and the actor
//     (ScopedKey, or the decider's Scope: a tournament's keys keep their
//     "tournament/" prefix); a command whose key is in the log is answered with the
//     events it produced then (Outcome.Repeated) and appends nothing; the
//     same key with a different command is refused (refusal.ErrKeyReused).
//     A command without a key is refused with the service's Invalid kind,
//     unless Command.Key names it from the decision (a system command such
//     as a flag fall, whose key is its side and ply).
//   - Time: the command is stamped once (Config.Now, else the wall clock),
//     never before the log's last event; the decision sees that instant.
//   - Concurrency: the append expects the head the decision was made on; on
//     ErrConflict (or ErrAlreadyApplied) the command is decided again, at
//     most Config.Retries times.
//   - Cache (Config.Cache > 0, the games service): the folded state of that
//     many aggregates is kept between commands, each aggregate's commands
//     serialised by a lock; a stale cache is caught by the append's expected
//     head and brought up to date with the events written since
//     (StoreAfter), and a refusal decided on the cache is decided again on
//     the log before it is given. At its bound it forgets the aggregates
//     unused for a generation (half the bound), and Decider.Done keeps
//     those done with (an ended game) out of it; the idempotency keys are
//     kept as two 64-bit marks each, and a command whose mark matches goes
//     to the log, which compares the keys themselves.
//   - Metrics and log: commands by outcome, their duration, conflicts and
//     the events appended, labelled with the Service; one log line per
//     accepted command (at debug level for a Frequent one).
package decide
