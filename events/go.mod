module github.com/hakem-chess/hakem/events

go 1.26.0
