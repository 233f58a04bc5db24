package rules

import "testing"

func TestPlayNull(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{standardFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"},
		{"4k3/8/8/8/8/8/8/4K3 b - - 7 40", "4k3/8/8/8/8/8/8/4K3 w - - 8 41"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		q, ok := p.PlayNull()
		if !ok || q.FEN() != c.want {
			t.Errorf("PlayNull(%s) = %s, %v; want %s", c.fen, q.FEN(), ok, c.want)
		}
		r, _ := ParseFEN(c.want)
		if q != r {
			t.Errorf("PlayNull(%s) differs from the position read from %s", c.fen, c.want)
		}
	}
	p, _ := ParseFEN("4k3/8/8/8/8/8/8/4KR2 b - - 0 1")
	p2, _ := ParseFEN("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")
	if _, ok := p2.PlayNull(); ok {
		t.Errorf("a side in check passed")
	}
	if _, ok := p.PlayNull(); !ok {
		t.Errorf("a side not in check could not pass")
	}
}
