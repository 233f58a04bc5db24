module github.com/hakem-chess/hakem/ratings

go 1.26.0
