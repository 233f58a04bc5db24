package app

import "github.com/hakem-chess/hakem/services/internal/ratingfile"

// RatingList is the FIDE rating list of the data folder
// (ratingfile.List), which fills a registration given by FIDE id.
type RatingList = ratingfile.List

// RatingListIn is the rating list of data folder dir (ratingfile.In).
func RatingListIn(dir string) *RatingList { return ratingfile.In(dir) }
