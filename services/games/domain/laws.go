package domain

import "slices"

// LawsProfiles lists the laws profiles a game can be created under.
//
// Half done: the names are checked here until the rules/laws package offers
// its own lookup of profiles, which should replace this list.
var LawsProfiles = []string{"fide-2023", "fide-1997"}

// KnownLaws reports whether name is a known laws profile.
func KnownLaws(name string) bool { return slices.Contains(LawsProfiles, name) }
