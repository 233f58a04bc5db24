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
// The arbiter's console pauses, resumes and adjusts clocks (an adjustment
// must state its reason and article: the form refuses to send one without,
// as the server would), gives the hand rulings of POST
// /api/games/{id}/rulings — penalties, late arrival, wrong initial
// position, result corrections, the judgement of a quickplay-finish claim
// — and has the arbiter service rule on a claim left pending. It does not
// overrule the arbiter service on a claim of articles 9.2/9.3.
package web
