package rules

// Zobrist keys for Position.Hash. They are drawn from a fixed-seed
// SplitMix64 sequence, so a position's key is the same in every run and
// every process (keys may be stored in event logs).
var (
	zPiece     [16][64]uint64 // indexed by Piece
	zCastle    [64]uint64     // by castling rook square (a right = its rook)
	zEnPassant [8]uint64      // by file of a LEGAL en-passant target
	zBlack     uint64         // black to move
)

// initZobrist fills the keys (called from the package's single init).
func initZobrist() {
	state := uint64(0x6A09E667F3BCC909)
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for _, c := range []Color{White, Black} {
		for t := Pawn; t <= King; t++ {
			for s := 0; s < 64; s++ {
				zPiece[MakePiece(c, t)][s] = next()
			}
		}
	}
	for s := range zCastle {
		zCastle[s] = next()
	}
	for f := range zEnPassant {
		zEnPassant[f] = next()
	}
	zBlack = next()
}
