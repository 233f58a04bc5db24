package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/services/audit"
)

const style = `body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:70rem;padding:0 1rem;color:#222}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}
.ok{background:#e3f4e3;border-left:6px solid #2a8a2a;padding:.6rem}
.bad{background:#fbe3e3;border-left:6px solid #b22;padding:.6rem}
table{border-collapse:collapse;width:100%;font-size:.85rem}
td,th{border-bottom:1px solid #ddd;padding:.25rem .4rem;text-align:left;vertical-align:top}
tr.disputed{background:#fff7e0}tr.problem{background:#fbe3e3}.problem{color:#b22}
.moments{display:flex;flex-wrap:wrap;gap:1rem}.moment{border:1px solid #ccc;padding:.5rem;max-width:20rem;font-size:.85rem}
code{font-size:.8rem;word-break:break-all}svg text{font-family:serif}
.scroll{overflow-x:auto;max-width:100%}svg.board{max-width:100%;height:auto}
@media (max-width:40rem){td:nth-child(2),th:nth-child(2),td:nth-child(3),th:nth-child(3){display:none}}`

// Game writes the self-contained HTML report of a game's audit, naming
// the players from names (nil: by id).
func Game(w io.Writer, rep *audit.GameReport, names *Roster) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>Audit of game %s</title><style>%s</style></head><body>", escape(gameTitle(rep, names)), style)
	fmt.Fprintf(&b, "<h1>Game %s</h1>", escape(rep.GameID))
	gameHeader(&b, rep, names)
	if chart := ClockChart(rep.Entries, 680, 220); chart != "" {
		b.WriteString("<h2>Both clocks over the game</h2>")
		b.WriteString(chart)
	}
	b.WriteString("<h2>Disputed moments</h2>")
	if disputedMoments(&b, rep) == 0 {
		b.WriteString("<p>None: no claim, ruling, penalty or flag fall, and every event follows.</p>")
	}
	b.WriteString("<h2>Timeline</h2>")
	timeline(&b, rep.Entries, names, func(audit.Entry) bool { return true })
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// gameTitle is the game as a title names it: its id and its players.
func gameTitle(rep *audit.GameReport, names *Roster) string {
	if rep.White == "" && rep.Black == "" {
		return rep.GameID
	}
	return fmt.Sprintf("%s (%s – %s)", rep.GameID, names.Name(rep.White), names.Name(rep.Black))
}

// gameHeader writes the players, the control, the laws and the result, and
// the verdict.
func gameHeader(b *strings.Builder, rep *audit.GameReport, names *Roster) {
	b.WriteString("<p>")
	if s, ok := names.Seat(rep.GameID); ok {
		fmt.Fprintf(b, "%s, round %d, board %d. ", escape(names.Event), s.Round, s.Board)
	}
	fmt.Fprintf(b, "White <b>%s</b>, Black <b>%s</b>; time control %q; laws profile %s; result <b>%s</b> %s %s</p>",
		escape(names.Label(rep.White)), escape(names.Label(rep.Black)), escape(rep.TimeControl), escape(rep.Profile), escape(string(rep.Result)), escape(rep.Termination), escape(articleOf(rep.Article)))
	class := "ok"
	if !rep.OK {
		class = "bad"
	}
	fmt.Fprintf(b, `<p class="%s"><b>Verdict:</b> %s</p>`, class, escape(rep.Verdict))
}

// disputedMoments writes each disputed moment of the game with its board
// and both clocks, and returns how many there were.
func disputedMoments(b *strings.Builder, rep *audit.GameReport) int {
	n := 0
	for i, e := range rep.Entries {
		if !e.Disputed || e.FEN == "" {
			continue
		}
		if n == 0 {
			b.WriteString(`<div class="moments">`)
		}
		n++
		last := ""
		if e.Ply > 0 && e.Ply <= len(rep.UCIs) {
			last = rep.UCIs[e.Ply-1]
		}
		fmt.Fprintf(b, `<div class="moment" id="%s-m%d"><b>seq %d</b> %s<br>%s<br>`, escape(rep.GameID), i, e.Seq, escape(e.Type), escape(e.Says))
		if e.Article != "" {
			fmt.Fprintf(b, "article %s", escape(e.Article))
			if e.Profile != "" {
				fmt.Fprintf(b, " (%s)", escape(e.Profile))
			}
			b.WriteString("<br>")
		}
		if e.Clocks != nil {
			fmt.Fprintf(b, "clocks: White %s, Black %s<br>", hms(e.Clocks.WhiteMs), hms(e.Clocks.BlackMs))
		}
		if e.Problem != "" {
			fmt.Fprintf(b, `<span class="problem">%s</span><br>`, escape(e.Problem))
		}
		b.WriteString(BoardSVG(e.FEN, last, 240))
		fmt.Fprintf(b, "<br><code>%s</code></div>", escape(e.FEN))
	}
	if n > 0 {
		b.WriteString("</div>")
	}
	return n
}

// timeline writes the entries for which keep is true as a table.
func timeline(b *strings.Builder, entries []audit.Entry, names *Roster, keep func(audit.Entry) bool) {
	b.WriteString(`<div class="scroll"><table><tr><th>seq</th><th>server time</th><th>actor</th><th>event</th><th>what it says</th><th>article</th><th>clocks (W / B)</th><th>check</th></tr>`)
	for _, e := range entries {
		if !keep(e) {
			continue
		}
		cls := ""
		switch {
		case e.Problem != "":
			cls = ` class="problem"`
		case e.Disputed:
			cls = ` class="disputed"`
		}
		clk := ""
		if e.Clocks != nil {
			clk = hms(e.Clocks.WhiteMs) + " / " + hms(e.Clocks.BlackMs)
		}
		check := e.Checked
		if e.Problem != "" {
			check = "DOES NOT FOLLOW: " + e.Problem
		}
		art := e.Article
		if art != "" && e.Profile != "" {
			art += " (" + e.Profile + ")"
		}
		fmt.Fprintf(b, "<tr%s><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>",
			cls, e.Seq, e.At.UTC().Format("15:04:05.000"), escape(names.Actor(e.Actor)), escape(e.Type), escape(names.Says(e)), escape(art), clk, escape(check))
	}
	b.WriteString("</table></div>")
}

// ClockChart draws both clocks' remaining time at each event as an inline
// SVG line chart (White light, Black dark); "" when the clock never ran.
func ClockChart(entries []audit.Entry, width, height int) string {
	var pts []audit.Entry
	for _, e := range entries {
		if e.Clocks != nil {
			pts = append(pts, e)
		}
	}
	if len(pts) == 0 {
		return ""
	}
	t0, t1 := pts[0].At, pts[len(pts)-1].At
	span := t1.Sub(t0)
	if span <= 0 {
		span = time.Second
	}
	var top int64 = 1
	for _, p := range pts {
		top = max(top, p.Clocks.WhiteMs, p.Clocks.BlackMs)
	}
	const pad = 40
	x := func(t time.Time) float64 { return pad + float64(t.Sub(t0))/float64(span)*float64(width-2*pad) }
	y := func(v int64) float64 { return float64(height-pad) - float64(v)/float64(top)*float64(height-2*pad) }
	line := func(get func(*audit.Clocks) int64) string {
		var s strings.Builder
		for _, p := range pts {
			fmt.Fprintf(&s, "%.1f,%.1f ", x(p.At), y(get(p.Clocks)))
		}
		return s.String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="100%%" viewBox="0 0 %d %d" role="img" aria-label="both clocks over the game">`, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fafafa"/>`, width, height)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`, pad, height-pad, width-pad, height-pad)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`, pad, pad, pad, height-pad)
	fmt.Fprintf(&b, `<text x="2" y="%d" font-size="11">%s</text><text x="2" y="%d" font-size="11">0</text>`, pad, hms(top), height-pad)
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11">%s</text><text x="%d" y="%d" font-size="11" text-anchor="end">%s</text>`,
		pad, height-pad+16, t0.UTC().Format("15:04:05"), width-pad, height-pad+16, t1.UTC().Format("15:04:05"))
	fmt.Fprintf(&b, `<polyline fill="none" stroke="#c9a227" stroke-width="2" points="%s"/>`, line(func(c *audit.Clocks) int64 { return c.WhiteMs }))
	fmt.Fprintf(&b, `<polyline fill="none" stroke="#222" stroke-width="2" points="%s"/>`, line(func(c *audit.Clocks) int64 { return c.BlackMs }))
	for _, p := range pts {
		if p.Disputed {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#b22" stroke-dasharray="3,3"><title>seq %d %s</title></line>`, x(p.At), pad, x(p.At), height-pad, p.Seq, escape(p.Type))
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="14" font-size="12" fill="#c9a227">— White</text><text x="%d" y="14" font-size="12" fill="#222">— Black</text><text x="%d" y="14" font-size="12" fill="#b22">┆ disputed moment</text>`, pad, pad+70, pad+140)
	b.WriteString("</svg>")
	return b.String()
}

func hms(ms int64) string { return clock.FormatPGNClock(time.Duration(ms) * time.Millisecond) }

func articleOf(a string) string {
	if a == "" {
		return ""
	}
	return "(article " + a + ")"
}

// Moment writes a self-contained HTML page of the game at one instant or
// ply: the board (SVG), the FEN and both clocks.
func Moment(w io.Writer, m *audit.Moment) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>Game %s at %s</title><style>%s</style></head><body>",
		escape(m.GameID), m.At.UTC().Format(time.RFC3339Nano), style)
	fmt.Fprintf(&b, "<h1>Game %s at %s</h1><p>After event seq %d, ply %d", escape(m.GameID), m.At.UTC().Format(time.RFC3339Nano), m.Seq, m.Ply)
	if m.LastMove != "" {
		fmt.Fprintf(&b, " (last move %s)", escape(m.LastMove))
	}
	fmt.Fprintf(&b, "; %s to move; result %s.</p>", escape(m.Turn), escape(string(m.Result)))
	if c := m.Clocks; c != nil {
		fmt.Fprintf(&b, "<p>Clocks: White <b>%s</b>, Black <b>%s</b>", hms(c.WhiteMs), hms(c.BlackMs))
		if c.Running != "" {
			fmt.Fprintf(&b, " (%s's running)", c.Running)
		}
		if c.Paused {
			b.WriteString(" (paused)")
		}
		if c.Flag != "" {
			fmt.Fprintf(&b, " (%s's flag down)", c.Flag)
		}
		b.WriteString("</p>")
	} else {
		b.WriteString("<p>Clocks: not running.</p>")
	}
	b.WriteString(BoardSVG(m.FEN, "", 320))
	fmt.Fprintf(&b, "<p><code>%s</code></p></body></html>\n", escape(m.FEN))
	_, err := io.WriteString(w, b.String())
	return err
}
