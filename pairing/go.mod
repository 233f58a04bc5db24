module github.com/hakem-chess/hakem/pairing

go 1.26.0
