package app

import "github.com/hakem-chess/hakem/services/internal/ratingfile"

// RatingListIn is the rating list of data folder dir (ratingfile.In).
func RatingListIn(dir string) *ratingfile.List { return ratingfile.In(dir) }
