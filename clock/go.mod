module github.com/hakem-chess/hakem/clock

go 1.26.0
