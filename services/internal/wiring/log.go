package wiring

import (
	"fmt"
	"io"
	"os"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// NewLogger returns a JSON logger at level (debug, info, warn, error)
// writing to w (stderr when nil). Timestamps are RFC 3339 with nanoseconds
// in UTC, so that log lines sort with the server-stamped event times.
func NewLogger(level string, w io.Writer) (*zap.Logger, error) {
	var lvl zapcore.Level
	if err := lvl.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("log level %q: %w", level, err)
	}
	if w == nil {
		w = os.Stderr
	}
	enc := zap.NewProductionEncoderConfig()
	enc.TimeKey = "time"
	enc.EncodeTime = zapcore.RFC3339NanoTimeEncoder
	enc.EncodeDuration = zapcore.SecondsDurationEncoder
	core := zapcore.NewCore(zapcore.NewJSONEncoder(enc), zapcore.Lock(zapcore.AddSync(w)), lvl)
	return zap.New(core, zap.AddCaller()), nil
}

// The log fields every service uses, so that a log pipeline can find all
// lines about one tournament, game, event or person.

// TournamentID is the tournament_id field.
func TournamentID(id string) zap.Field { return zap.String("tournament_id", id) }

// GameID is the game_id field.
func GameID(id string) zap.Field { return zap.String("game_id", id) }

// Seq is the seq field: an event's sequence in its aggregate (version).
func Seq(seq uint64) zap.Field { return zap.Uint64("seq", seq) }

// Actor is the actor field, "role:id" (e.g. "player:p17", "arbiter:a2").
func Actor(role, id string) zap.Field { return zap.String("actor", role+":"+id) }

// Service is the service field: which service wrote the line.
func Service(name string) zap.Field { return zap.String("service", name) }
