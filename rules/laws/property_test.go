package laws

import (
	"math/rand/v2"
	"testing"

	"github.com/hakem-chess/hakem/rules"
)

// TestTouchMoveProperties plays random games and, at random moments, random
// touches: the ruling never panics, cites an article, and allows a non-empty
// set of legal moves; touching one own movable piece allows exactly its moves.
func TestTouchMoveProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, name := range Names() {
		p := profile(t, name)
		for game := 0; game < 40; game++ {
			pos := rules.StartPosition()
			for ply := 0; ply < 80; ply++ {
				legal := pos.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				var touches []Touch
				for k := r.IntN(3) + 1; k > 0; k-- {
					touches = append(touches, Touch{Square: rules.Square(r.IntN(64)), WithPrevious: r.IntN(4) == 0})
				}
				ru, err := p.TouchMove(pos, touches)
				if err == nil {
					if ru.Article == "" || len(ru.Allowed) == 0 {
						t.Fatalf("%s %s %v: ruling %+v", name, pos.FEN(), touches, ru)
					}
					for _, m := range ru.Allowed {
						if !pos.IsLegal(m) {
							t.Fatalf("%s %s %v: illegal move allowed %v", name, pos.FEN(), touches, m)
						}
					}
				}
				m := legal[r.IntN(len(legal))]
				if pc := pos.PieceAt(m.From()); pc.Type() != rules.King && pc.Type() != rules.Rook {
					ru, err := p.TouchMove(pos, []Touch{{Square: m.From()}})
					if err != nil {
						t.Fatal(err)
					}
					for _, a := range ru.Allowed {
						if a.From() != m.From() {
							t.Fatalf("%s %s: touching %s allows %v", name, pos.FEN(), m.From(), a)
						}
					}
					if !ru.Permits(m) {
						t.Fatalf("%s %s: touching %s forbids its own move %v", name, pos.FEN(), m.From(), m)
					}
				}
				pos = pos.Play(m)
			}
		}
	}
}
