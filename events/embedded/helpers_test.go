package embedded

import (
	"context"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func meta() events.Meta {
	return events.Meta{Actor: events.Actor{Role: "player", ID: "p1"}, CorrelationID: "corr-1",
		RecordedAt: time.Date(2026, 11, 29, 15, 0, 0, 123000000, time.UTC)}
}
