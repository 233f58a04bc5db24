module github.com/hakem-chess/hakem/services

go 1.26.0

require github.com/spf13/cobra v1.10.2

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
)

require (
	github.com/hakem-chess/hakem/clock v0.0.0
	github.com/hakem-chess/hakem/events v0.0.0
	github.com/hakem-chess/hakem/pairing v0.0.0
	github.com/hakem-chess/hakem/ratings v0.0.0
	github.com/hakem-chess/hakem/rules v0.0.0
)

replace (
	github.com/hakem-chess/hakem/clock => ../clock
	github.com/hakem-chess/hakem/events => ../events
	github.com/hakem-chess/hakem/pairing => ../pairing
	github.com/hakem-chess/hakem/ratings => ../ratings
	github.com/hakem-chess/hakem/rules => ../rules
)
