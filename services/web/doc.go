// Package web is the gateway's web pages: the public tournament list and
// tournament page (pairings per round, standings, crosstable), live boards
// with running clocks, the arbiter's console and the replay viewer.
//
// The pages are plain HTML, CSS and small JavaScript modules embedded in
// the binary (no build step, no network at run time). They read the
// existing API (/api/tournaments/{id}, /api/games/{id}, its NDJSON event
// stream and clock) and the few reads this package adds under /api/web/,
// each built by calling the services' own query code:
//
//	GET /api/web/tournaments           the tournaments (their tournament.created), newest first
//	GET /api/web/games/{id}/replay     every event of a game with the position and both clocks after it
//	GET /api/web/live?game=ID&...      the events of several games as one NDJSON stream (live)
//
// Half done: the arbiter's console can pause, resume and adjust clocks (the
// clocks API has those commands) but cannot rule on a claim by hand nor
// correct a result: the API has no such commands (the arbiter service rules
// on claims itself); the console shows those controls disabled with a note.
package web
