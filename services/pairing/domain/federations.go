package domain

import (
	_ "embed" // the federations' list
	"strings"
)

//go:embed federations.txt
var federationsText string

// federations are the FIDE member federations' codes (federations.txt).
var federations = func() map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(federationsText, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, code := range strings.Fields(line) {
			out[code] = true
		}
	}
	return out
}()

// IsFederation reports whether code is a FIDE member federation's code
// (upper case, as the rating list writes it).
func IsFederation(code string) bool { return federations[code] }
