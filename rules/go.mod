module github.com/hakem-chess/hakem/rules

go 1.26.0
