// Package pgn reads and writes chess games in Portable Game Notation.
//
// The reader (NewReader, Reader.Next) streams a multi-game file one game at a
// time. It keeps the main line of each game with its comments, NAGs and the
// clock commands [%clk h:mm:ss] and [%emt h:mm:ss] (millisecond precision);
// variations are skipped for the main line and kept as normalised text on the
// move they follow. It accepts what real files contain: a UTF-8 byte-order
// mark, CRLF or CR line ends, blank lines inside the tag section, '%' escape
// lines, move numbers such as "4..." or "4.." or "15" without a period,
// castling written with zeros, suffix annotations (!, ?, !?, ...), SetUp/FEN
// tags and the Chess960 variant (Variant "Chess960" or "fischerandom").
//
// Unless Reader.Strict is set the reader is also lenient about two things a
// strict PGN reader rejects: moves in UCI coordinate notation (e2e4) or long
// algebraic notation (Ng1-f3, g1xd1) in place of SAN, and the null move
// ("--", "Z0" or "0000"), which is read as a pass: the side to move changes,
// the en-passant right lapses and the halfmove clock advances. A null move is
// kept in Game.Moves with Move == rules.NoMove and written back as "--".
//
// A malformed game is reported as a *GameError naming the game (1-based, in
// file order) and the ply (1-based; 0 for the tag section); the reader then
// continues with the next game.
//
// The writer (Write) produces export format: the seven-tag roster first and
// in order, then the other tags, movetext wrapped at 80 columns, clock values
// as {[%clk h:mm:ss]} comments, and the game termination marker at the end.
package pgn
