package audit

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	clocks "github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// played is a game's log built in memory through the games and clocks
// domains, as the services would write it.
type played struct {
	t    testing.TB
	id   string
	g    *domain.Game
	log  []events.Envelope
	head events.Head
	now  time.Time
	n    int
}

func newPlayed(t testing.TB, id string, c events.GameCreated) *played {
	t.Helper()
	p := &played{t: t, id: id, g: &domain.Game{}, now: time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)}
	evs, err := p.g.Create(c)
	if err != nil {
		t.Fatal(err)
	}
	p.append(events.WriterGames, events.Actor{Role: "organiser", ID: "o"}, "", evs)
	return p
}

// append records one command's events at the current instant.
func (p *played) append(w events.Writer, actor events.Actor, cause string, evs []events.Event) []events.Envelope {
	p.t.Helper()
	p.n++
	envs, err := events.Build(events.Game(p.id), w, p.head, p.id+"/k"+string(rune('A'+p.n%26))+time.Duration(p.n).String(),
		events.Meta{Actor: actor, RecordedAt: p.now, CausationID: cause}, evs...)
	if err != nil {
		p.t.Fatal(err)
	}
	for _, e := range envs {
		ev, err := events.Decode(e)
		if err != nil {
			p.t.Fatal(err)
		}
		if err := p.g.ApplyAt(e.RecordedAt, ev); err != nil {
			p.t.Fatal(err)
		}
		p.head = events.Head{Version: e.Seq, Seq: e.Seq, Hash: e.Hash}
	}
	p.log = append(p.log, envs...)
	return envs
}

func (p *played) startClock() {
	evs, err := clocks.Start(p.g.Timer(), p.now)
	if err != nil {
		p.t.Fatal(err)
	}
	p.append(events.WriterClocks, events.Actor{Role: "arbiter", ID: "a"}, "", evs)
}

func (p *played) move(player, mv string) {
	p.t.Helper()
	evs, err := p.g.Move(player, mv, p.now)
	if err != nil {
		p.t.Fatal(err)
	}
	p.append(events.WriterGames, events.Actor{Role: "player", ID: player}, "", evs)
}

// randomPlies plays n plies of legal moves chosen by seed that do not end
// the game, one second apart.
func (p *played) randomPlies(seed uint64, n int) {
	p.t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n; i++ {
		pos := p.g.Position()
		moves := pos.LegalMoves(nil)
		r.Shuffle(len(moves), func(a, b int) { moves[a], moves[b] = moves[b], moves[a] })
		player := p.g.Setup().White
		if pos.Turn() == rules.Black {
			player = p.g.Setup().Black
		}
		p.now = p.now.Add(time.Second + time.Duration(r.IntN(1000))*time.Millisecond)
		done := false
		for _, m := range moves {
			evs, err := p.g.Move(player, pos.UCI(m), p.now)
			if err != nil {
				p.t.Fatal(err)
			}
			if _, ends := evs[len(evs)-1].(events.GameEnded); ends {
				continue
			}
			p.append(events.WriterGames, events.Actor{Role: "player", ID: player}, "", evs)
			done = true
			break
		}
		if !done {
			p.t.Fatalf("no move at ply %d keeps the game going", i+1)
		}
	}
}

// rehash re-chains a log from index from on, as someone who rewrites a log
// and recomputes every hash would.
func rehash(t testing.TB, log []events.Envelope) {
	t.Helper()
	prev := ""
	for i := range log {
		log[i].Seq = uint64(i + 1)
		log[i].PrevHash = prev
		h, err := events.ComputeHash(&log[i])
		if err != nil {
			t.Fatal(err)
		}
		log[i].Hash = h
		prev = h
	}
}

// nth is the index of the n-th (0-based) event of type typ in log.
func nth(t testing.TB, log []events.Envelope, typ string, n int) int {
	t.Helper()
	for i, e := range log {
		if e.Type == typ {
			if n == 0 {
				return i
			}
			n--
		}
	}
	t.Fatalf("no %s", typ)
	return -1
}

// setData sets field of an envelope's data to v, leaving the rest of the
// data as it was (the hash is not recomputed: see rehash).
func setData(t testing.TB, e *events.Envelope, field string, v any) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(e.Data, &m); err != nil {
		t.Fatal(err)
	}
	m[field] = v
	e.Data, _ = json.Marshal(m) // a map decoded from JSON encodes again
}

// rederived checks that the audit rep of p's log re-derived every event
// and returns, in order, the matters of its rulings and its clock
// adjustments.
func rederived(t testing.TB, p *played, rep *GameReport) (matters []string, adjusted []events.TimeAdjusted) {
	t.Helper()
	for _, e := range rep.Entries {
		if e.Checked != "re-derived" {
			t.Errorf("seq %d %s checked %q", e.Seq, e.Type, e.Checked)
		}
		switch e.Type {
		case "arbiter.ruling_given":
			matters = append(matters, string(mustRuling(t, p.log[e.Seq-1]).Matter))
		case "clock.time_adjusted":
			var adj events.TimeAdjusted
			if err := json.Unmarshal(p.log[e.Seq-1].Data, &adj); err != nil {
				t.Fatal(err)
			}
			adjusted = append(adjusted, adj)
		}
	}
	return matters, adjusted
}
