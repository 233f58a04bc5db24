package main

import "fmt"

// The demo's simulated players are named as an entry list names real ones
// ("Surname, Firstname", a title for the strongest, a federation), so that
// the pages, the exports and the printed standings read as a hall's do.
var (
	demoSurnames   = []string{"Aksoy", "Berg", "Castro", "Dimitrov", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova", "Jensen", "Kaya", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrova", "Quinn", "Rossi", "Sato", "Tanaka", "Umarov", "Varga", "Weber", "Yilmaz", "Zielinski"}
	demoFirstnames = []string{"Deniz", "Ingrid", "Mateo", "Stefan", "Freja", "Lukas", "Lucia", "Marko", "Elena", "Nils", "Elif", "Astrid", "Camille", "Tomas", "Chidi", "Daria", "Aoife", "Giulia", "Haruto", "Yui", "Timur", "Zsofia", "Jonas", "Mert", "Kasia"}
	demoFeds       = []string{"TUR", "NOR", "ESP", "BUL", "DEN", "GER", "ESP", "CRO", "RUS", "DEN", "TUR", "SWE", "FRA", "CZE", "NGR", "UKR", "IRL", "ITA", "JPN", "JPN", "UZB", "HUN", "AUT", "TUR", "POL"}
)

// demoPlayer is the registration of the demo's i-th player (1-based):
// rated 2400 down in steps of 25, titled GM, IM and FM at the top.
func demoPlayer(i int) map[string]any {
	id := fmt.Sprintf("pl%02d", i)
	k := (i - 1) % len(demoSurnames)
	name := demoSurnames[k] + ", " + demoFirstnames[(k*7)%len(demoFirstnames)]
	if i > len(demoSurnames) { // a larger demo than the list: a number keeps names apart
		name = fmt.Sprintf("%s %d", name, (i-1)/len(demoSurnames)+1)
	}
	p := map[string]any{"player_id": id, "name": name, "rating": 2400 - 25*i, "federation": demoFeds[k], "idempotency_key": id}
	switch {
	case i <= 2:
		p["title"] = "GM"
	case i <= 5:
		p["title"] = "IM"
	case i <= 9:
		p["title"] = "FM"
	}
	return p
}
