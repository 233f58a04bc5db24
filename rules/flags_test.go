package rules

import "flag"

var long = flag.Bool("long", false, "run the slow suites (deep perft, full Chess960 suite, magic search)")
