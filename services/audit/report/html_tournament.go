package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/hakem-chess/hakem/services/audit"
)

// Tournament writes the self-contained HTML report of a tournament's
// audit, naming the players from names (nil: by id): the verdict, a table
// of contents, the rounds re-paired, the standings re-computed, then one
// section per round with a line per board and, for each game with a
// disputed moment or an event that does not follow, its clocks, its
// disputed moments and those events (collapsed); the tournament's own
// events last, collapsed. A game's full timeline is its own report (hakem
// audit game ID --html): with every event of every game the report of a
// seven-round open runs to megabytes.
func Tournament(w io.Writer, rep *audit.TournamentReport, names *Roster) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>Audit of tournament %s</title><style>%s%s</style></head><body>", escape(rep.TournamentID), style, tournamentStyle)
	fmt.Fprintf(&b, "<h1>Tournament %s — %s (%s)</h1>", escape(rep.TournamentID), escape(rep.Name), escape(rep.System))
	class := "ok"
	if !rep.OK {
		class = "bad"
	}
	fmt.Fprintf(&b, `<p class="%s"><b>Verdict:</b> %s</p>`, class, escape(rep.Verdict))
	rounds, others := byRound(rep, names)
	contents(&b, rep, rounds, others)
	b.WriteString(`<h2 id="repaired">Rounds re-paired</h2><div class="scroll"><table><tr><th>round</th><th>engine</th><th>boards</th><th>same pairing</th></tr>`)
	for _, r := range rep.Rounds {
		same := "yes"
		if !r.Repaired {
			same = "NO: " + r.Problem
		}
		fmt.Fprintf(&b, `<tr><td><a href="#round-%d">%d</a></td><td>%s</td><td>%d</td><td>%s</td></tr>`, r.Round, r.Round, escape(r.Engine), r.Boards, escape(same))
	}
	b.WriteString("</table></div>")
	standings(&b, rep, names)
	for _, r := range rounds {
		roundSection(&b, r, names)
	}
	if len(others) > 0 {
		b.WriteString(`<h2 id="other-games">Other games</h2><p>Games of the tournament on no board of a round (a replay the arbiter ordered in place of an annulled game).</p>`)
		gamesTable(&b, others, names)
		for _, g := range others {
			gameDigest(&b, g, names)
		}
	}
	fmt.Fprintf(&b, `<h2 id="events">Tournament events</h2><details><summary>%d events of the tournament's own log</summary><div class="scroll"><table><tr><th>seq</th><th>server time</th><th>actor</th><th>event</th><th>check</th></tr>`, len(rep.Entries))
	for _, e := range rep.Entries {
		check := e.Checked
		if e.Problem != "" {
			check = "DOES NOT FOLLOW: " + e.Problem
		}
		fmt.Fprintf(&b, "<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>", e.Seq, e.At.UTC().Format("15:04:05.000"), escape(names.Actor(e.Actor)), escape(e.Type), escape(check))
	}
	b.WriteString("</table></div></details></body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

const tournamentStyle = `nav ol{columns:22rem}details{margin:.5rem 0}summary{cursor:pointer}td.n{text-align:right}
.bad-row{background:#fbe3e3}`

// round is one round's games in board order.
type round struct {
	N     int
	Games []*audit.GameReport
}

// byRound sorts the games into their rounds (the roster's seats; rounds
// in the order re-paired) and returns those on no board.
func byRound(rep *audit.TournamentReport, names *Roster) ([]round, []*audit.GameReport) {
	at := map[int]int{}
	var rounds []round
	for _, rc := range rep.Rounds {
		if _, ok := at[rc.Round]; !ok {
			at[rc.Round] = len(rounds)
			rounds = append(rounds, round{N: rc.Round})
		}
	}
	var others []*audit.GameReport
	for _, g := range rep.Games {
		s, ok := names.Seat(g.GameID)
		i, known := at[s.Round]
		if !ok || !known {
			others = append(others, g)
			continue
		}
		rounds[i].Games = append(rounds[i].Games, g)
	}
	for _, r := range rounds {
		games := r.Games
		for i := 1; i < len(games); i++ { // by board: few games, insertion sort
			for j := i; j > 0 && seat(names, games[j]) < seat(names, games[j-1]); j-- {
				games[j], games[j-1] = games[j-1], games[j]
			}
		}
	}
	return rounds, others
}

func seat(names *Roster, g *audit.GameReport) int {
	s, _ := names.Seat(g.GameID)
	return s.Board
}

// contents writes the table of contents: a line per round saying whether
// all of its games follow.
func contents(b *strings.Builder, rep *audit.TournamentReport, rounds []round, others []*audit.GameReport) {
	b.WriteString(`<nav aria-label="Contents"><h2>Contents</h2><ol><li><a href="#repaired">Rounds re-paired</a></li><li><a href="#standings">Standings</a></li>`)
	for _, r := range rounds {
		bad, disputed := 0, 0
		for _, g := range r.Games {
			if !g.OK {
				bad++
			}
			if hasDispute(g) {
				disputed++
			}
		}
		state := "every game follows"
		if bad > 0 {
			state = fmt.Sprintf("%d game(s) DO NOT FOLLOW", bad)
		}
		fmt.Fprintf(b, `<li><a href="#round-%d">Round %d</a>: %d games, %s, %d with a disputed moment</li>`, r.N, r.N, len(r.Games), state, disputed)
	}
	if len(others) > 0 {
		fmt.Fprintf(b, `<li><a href="#other-games">Other games</a> (%d)</li>`, len(others))
	}
	fmt.Fprintf(b, `<li><a href="#events">Tournament events</a> (%d)</li></ol></nav>`, len(rep.Entries))
}

// standings writes the standings re-computed, by name, with the event's
// tie-break columns.
func standings(b *strings.Builder, rep *audit.TournamentReport, names *Roster) {
	b.WriteString(`<h2 id="standings">Standings (re-computed)</h2><div class="scroll"><table><tr><th>rank</th><th>player</th><th>points</th>`)
	cols := 0
	for _, s := range rep.Standings {
		cols = max(cols, len(s.Tiebreaks))
	}
	for i := range cols {
		name := fmt.Sprintf("tie-break %d", i+1)
		if names != nil && i < len(names.Tiebreaks) {
			name = names.Tiebreaks[i]
		}
		fmt.Fprintf(b, "<th>%s</th>", escape(name))
	}
	b.WriteString("</tr>")
	for _, s := range rep.Standings {
		fmt.Fprintf(b, `<tr><td class="n">%d</td><td>%s`, s.Rank, escape(names.Label(s.PlayerID)))
		if s.Status != "" {
			fmt.Fprintf(b, " (%s)", escape(s.Status))
		}
		fmt.Fprintf(b, `</td><td class="n">%g</td>`, s.Points)
		for i := range cols {
			v := ""
			if i < len(s.Tiebreaks) {
				v = fmt.Sprintf("%g", s.Tiebreaks[i])
			}
			fmt.Fprintf(b, `<td class="n">%s</td>`, v)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table></div>")
}

// roundSection writes one round: its byes, a line per board, then the
// games with something to look at.
func roundSection(b *strings.Builder, r round, names *Roster) {
	fmt.Fprintf(b, `<h2 id="round-%d">Round %d</h2>`, r.N, r.N)
	if byes := names.Byes(r.N); len(byes) > 0 {
		fmt.Fprintf(b, "<p>Byes: %s.</p>", escape(strings.Join(byes, "; ")))
	}
	gamesTable(b, r.Games, names)
	for _, g := range r.Games {
		gameDigest(b, g, names)
	}
}

// gamesTable writes a line per game: board, players, result, how many
// events were decided again, the verdict.
func gamesTable(b *strings.Builder, games []*audit.GameReport, names *Roster) {
	b.WriteString(`<div class="scroll"><table><tr><th>board</th><th>white</th><th>black</th><th>result</th><th>events (re-derived, chain only)</th><th>check</th></tr>`)
	for _, g := range games {
		board := g.GameID
		if s, ok := names.Seat(g.GameID); ok {
			board = fmt.Sprint(s.Board)
		}
		check := "follows"
		cls := ""
		if !g.OK {
			check, cls = "DOES NOT FOLLOW: "+g.Verdict, ` class="bad-row"`
		}
		res := string(g.Result)
		if g.Termination != "" {
			res += " " + g.Termination
		}
		cell := escape(check)
		if hasDispute(g) || !g.OK {
			cell = fmt.Sprintf(`%s; <a href="#game-%s">disputed moments</a>`, cell, escape(g.GameID))
		}
		fmt.Fprintf(b, `<tr%s><td title="%s">%s</td><td>%s</td><td>%s</td><td>%s</td><td>%d (%d, %d)</td><td>%s</td></tr>`, cls, escape(g.GameID), escape(board),
			escape(names.Label(g.White)), escape(names.Label(g.Black)), escape(res), g.Events, g.Rederived, g.ChainOnly, cell)
	}
	b.WriteString("</table></div>")
}

// hasDispute reports whether the game has a disputed moment.
func hasDispute(g *audit.GameReport) bool {
	for _, e := range g.Entries {
		if e.Disputed || e.Problem != "" {
			return true
		}
	}
	return false
}

// gameDigest writes, collapsed, a game with a disputed moment or an event
// that does not follow: the verdict, both clocks over the game, the
// disputed moments on their boards and the disputed events. It writes
// nothing for a game without either.
func gameDigest(b *strings.Builder, g *audit.GameReport, names *Roster) {
	if !hasDispute(g) && g.OK {
		return
	}
	open := ""
	if !g.OK {
		open = " open"
	}
	fmt.Fprintf(b, `<details id="game-%s"%s><summary>Game %s: %s – %s, %s</summary>`, escape(g.GameID), open, escape(g.GameID), escape(names.Name(g.White)), escape(names.Name(g.Black)), escape(string(g.Result)))
	gameHeader(b, g, names)
	if chart := ClockChart(g.Entries, 680, 160); chart != "" {
		b.WriteString(chart)
	}
	disputedMoments(b, g)
	timeline(b, g.Entries, names, func(e audit.Entry) bool { return e.Disputed || e.Problem != "" })
	fmt.Fprintf(b, "<p>Every event of the game: <code>hakem audit game %s --html FILE</code>.</p></details>", escape(g.GameID))
}
