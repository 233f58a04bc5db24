package audit

import "github.com/hakem-chess/hakem/events"

// timeline is a report's entries, one per event of the log audited, and
// the first of them found not to follow (-1 while none is).
type timeline struct {
	entries []Entry
	first   int
}

// newTimeline has an entry per event of log, each "not reached" yet; with
// says, each entry carries the event's data.
func newTimeline(log []events.Envelope, says bool) *timeline {
	tl := &timeline{entries: make([]Entry, len(log)), first: -1}
	for i := range log {
		e := &log[i]
		tl.entries[i] = Entry{Seq: e.Seq, ID: e.ID, At: e.RecordedAt, Actor: e.Actor.Role + ":" + e.Actor.ID, Type: e.Type, Checked: "not reached"}
		if says {
			tl.entries[i].Says = string(e.Data)
		}
	}
	return tl
}

// bad marks event i disputed, with reason unless it already has one.
func (tl *timeline) bad(i int, reason string) {
	if tl.entries[i].Problem == "" {
		tl.entries[i].Problem = reason
	}
	tl.entries[i].Disputed = true
	if tl.first < 0 || i < tl.first {
		tl.first = i
	}
}

// finding names the first event of log that does not follow (nil if
// every event does).
func (tl *timeline) finding(log []events.Envelope) *Finding {
	if tl.first < 0 {
		return nil
	}
	e := &log[tl.first]
	return &Finding{Index: tl.first, Seq: e.Seq, EventID: e.ID, Type: e.Type, Reason: tl.entries[tl.first].Problem}
}

// commandEnd is the end (exclusive) of the command whose first event is
// log[start]: its events share the idempotency key and the writer.
func commandEnd(log []events.Envelope, start int) int {
	end := start + 1
	for end < len(log) && log[end].IdempotencyKey == log[start].IdempotencyKey && log[end].Writer == log[start].Writer {
		end++
	}
	return end
}
