// Package web is the gateway's web pages: the public tournament list and
// tournament page (pairings per round, standings, crosstable), live boards
// with running clocks, the arbiter's console and the replay viewer.
//
// The pages are plain HTML, CSS and small JavaScript modules embedded in
// the binary (no build step, no network at run time). They read the
// existing API (/api/tournaments/{id}, /api/games/{id}, its NDJSON event
// stream and clock) and the few reads this package adds under /api/web/,
// each built from the events with the projections the services share, not
// with a service's packages: a game through internal/gameview and
// internal/game (the fold the games and the arbiter decide on), a
// tournament through internal/tournament and internal/boards, the
// standings through the scoring service's root package:
//
//	GET /api/web/tournaments           the tournaments (their tournament.created), newest first
//	GET /api/web/games/{id}/replay     every event of a game with the position and both clocks after it
//	GET /api/web/live?game=ID&...      the events of several games as one NDJSON stream (live)
//	GET /api/web/clocks?game=ID&...    both clocks of several games now (the console's list)
//	GET /api/web/access                the caller's role, the pages it may open, the commands it may send
//
// The arbiter's console pauses, resumes and adjusts clocks, gives the hand
// rulings of POST /api/games/{id}/rulings — penalties, late arrival, wrong
// initial position, both players at fault, result corrections (1-0, 0-1,
// 1/2-1/2 and the forfeits after the fact +/-, -/+, -/-), the judgement of
// a quickplay-finish claim and, shown only while one is pending, of an
// increment request — has the arbiter service rule on a claim left
// pending, and in a tournament's console expels a player (POST
// /api/tournaments/{id}/expulsions). A form whose required fields are
// empty (an adjustment's or a correction's reason and article, the reason
// of both players at fault or of an expulsion) says what is missing and
// sends nothing, as the server would refuse it. It does not overrule the
// arbiter service on a claim of articles 9.2/9.3.
package web
