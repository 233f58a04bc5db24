package game

// moveList is a game's moves as text (SAN or UCI) in one slice, each a
// byte of length then its text: some 6 bytes a move where a []string held
// 24 and a string of its own (a live game's fold keeps two lists).
type moveList struct {
	b []byte
	n int
}

// add appends s (a move's text: a few bytes, never 256).
func (l *moveList) add(s string) {
	l.b = append(l.b, byte(len(s)))
	l.b = append(l.b, s...)
	l.n++
}

// strings returns the moves' texts (nil for none), sharing one string.
func (l *moveList) strings() []string {
	if l.n == 0 {
		return nil
	}
	all := string(l.b)
	out := make([]string, 0, l.n)
	for i := 0; i < len(all); {
		n := int(all[i])
		out = append(out, all[i+1:i+1+n])
		i += 1 + n
	}
	return out
}
