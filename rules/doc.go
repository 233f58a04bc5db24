// Package rules is the FIDE Laws of Chess as pure code: the board, strictly
// legal move generation, FEN, UCI and SAN notation, PGN, and the ways a game
// ends (checkmate, stalemate, repetition, the 50- and 75-move rules, dead
// position).
//
// It imports nothing outside the standard library, never logs, never reads
// the wall clock and never starts goroutines: every answer is a function of
// its arguments, so that a replay of a game reaches the same decisions.
//
// # Positions and moves
//
// A Position is a value (bitboards, a square-indexed board and a Zobrist
// key); Play returns the position after a move and leaves the original
// unchanged, PlayInPlace is the in-place fast path. Neither allocates, and
// neither does LegalMoves given a buffer of capacity 256. Moves are
// generated strictly legal: pins, en-passant captures that would uncover a
// check (along the rank or a diagonal), castling out of, through or into
// check.
//
// Castling is encoded king-takes-rook (the king's square to the castling
// rook's square), which serves standard chess and Chess960 alike; UCI writes
// it e1g1 in standard chess and e1h1 in Chess960, SAN writes O-O and O-O-O.
// Standard chess is the special case of Chess960 with the king on e1/e8 and
// the rooks on the a- and h-files.
//
// # En passant convention
//
// A position remembers an en-passant square only while an en-passant
// capture is legal. So FEN writes the en-passant field only when the capture
// is legal (the convention of current FEN practice), EnPassantTarget returns
// NoSquare otherwise, and Hash identifies positions as article 9.2 does:
// an en-passant square with no legal capture does not make a position
// different. ParseFEN accepts any possible en-passant square (right rank,
// empty squares, a pawn that could just have advanced two squares) and drops
// it when no capture is legal.
package rules
