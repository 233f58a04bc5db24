package domain

import (
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// The tournament's fold and its reading of results are the projection the
// services share (services/internal/tournament); their names are kept here
// for the pairing service's packages.
type (
	// Desk is what the arbiter's desk recorded on a tournament.
	Desk = tournament.Desk
	// Expulsion is a player's expulsion as folded.
	Expulsion = tournament.Expulsion
	// Imported is the file an imported tournament was created from.
	Imported = tournament.Imported
	// BoardResult is a board's result read from its string.
	BoardResult = tournament.BoardResult
)

// UnratedBelowPlies is the length below which a game is not rated.
const UnratedBelowPlies = tournament.UnratedBelowPlies

// The readings the pairing service's packages call by these names.
var (
	// ParseResult reads a board's result (tournament.ParseResult).
	ParseResult = tournament.ParseResult
	// TournamentResult is the result a game counts for in its tournament.
	TournamentResult = tournament.TournamentResult
	// GameResult is TournamentResult with a game of fewer than two plies
	// unrated.
	GameResult = tournament.GameResult
	// GameID names the game of a board.
	GameID = tournament.GameID
	// ImportedPlayerID is the player id an import gives a start number.
	ImportedPlayerID = tournament.ImportedPlayerID
	// ReadImport reads a tournament report file's text for an import.
	ReadImport = tournament.ReadImport
	// Category is the FIDE rating list a time control's games count for.
	Category = tournament.Category
)
