package e2e

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// readBack writes the exported report to a file and reads it back with
// the binaries a rating officer runs: `hakem standings --rules 2024` (the
// tie-breaks of the report's record 202) gives each player the service's
// points and tie-breaks, and `hakem ratings` (the year of the report's
// games) the service's K-factor and rating change.
func readBack(t *testing.T, s *server, id, report string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), id+".trf")
	if err := os.WriteFile(file, []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	byNo := map[int]string{} // start number in the report -> player id
	st := mustOK(t, s.do("GET", "/api/tournaments/"+id+"/standings", ""), "standings")
	want := map[string][]string{}
	for _, x := range st.body["standings"].([]any) {
		r := x.(map[string]any)
		no := int(r["start_number"].(float64))
		byNo[no] = r["player_id"].(string)
		row := []string{fmt.Sprint(no), strconv.FormatFloat(r["points"].(float64), 'f', 1, 64)}
		for i, v := range r["tiebreaks"].([]any) {
			row = append(row, strconv.FormatFloat(v.(float64), 'f', []int{1, 1, 2}[i], 64))
		}
		want[fmt.Sprint(no)] = row
	}
	out, err := exec.Command(hakemBinary(t), "standings", "--rules", "2024", file).Output()
	if err != nil {
		t.Fatalf("hakem standings: %v", err)
	}
	rows := tsvRows(t, writeFile(t, out))
	if fmt.Sprint(rows[0]) != "[no PTS BH/C1 BH SB]" || len(rows) != 43 {
		t.Fatalf("hakem standings on the report:\n%s", out)
	}
	for _, row := range rows[1:] {
		if fmt.Sprint(row) != fmt.Sprint(want[row[0]]) {
			t.Errorf("hakem standings: %v, the service %v", row, want[row[0]])
		}
	}
	out, err = exec.Command(hakemBinary(t), "ratings", "--year", fmt.Sprint(time.Now().UTC().Year()), file).Output()
	if err != nil {
		t.Fatalf("hakem ratings: %v", err)
	}
	changes := map[string]map[string]any{}
	for _, x := range mustOK(t, s.do("GET", "/api/tournaments/"+id+"/ratings", ""), "ratings").body["changes"].([]any) {
		c := x.(map[string]any)
		changes[c["player_id"].(string)] = c
	}
	rows = tsvRows(t, writeFile(t, out))
	if fmt.Sprint(rows[0]) != "[no rating K exp score change]" || len(rows) != 43 {
		t.Fatalf("hakem ratings on the report:\n%s", out)
	}
	for _, row := range rows[1:] {
		no, _ := strconv.Atoi(row[0])
		c := changes[byNo[no]]
		if c == nil || row[2] != fmt.Sprint(c["k"]) || row[5] != strconv.FormatFloat(c["change"].(float64), 'f', 2, 64) {
			t.Errorf("hakem ratings: %v, the service %v", row, c)
		}
	}
}

// broadcastLeavesOutForfeit reads round 5's broadcast PGN: its forfeit
// (board 2, +/-) is not a game and is left out, every other board is
// there, and Site is the tournament's city and federation.
func broadcastLeavesOutForfeit(t *testing.T, s *server, id string, rd deskRound) {
	t.Helper()
	a := s.do("GET", "/api/tournaments/"+id+"/rounds/5/pgn", "")
	if a.status != http.StatusOK {
		t.Fatalf("round 5 PGN: %d %s", a.status, a.raw)
	}
	if n := strings.Count(a.raw, "[Event "); n != len(rd.boards)-1 || strings.Contains(a.raw, `[Round "5.2"]`) {
		t.Errorf("round 5 PGN: %d games for %d boards, board 2 (a forfeit) there: %v", n, len(rd.boards), strings.Contains(a.raw, `[Round "5.2"]`))
	}
	if n := strings.Count(a.raw, `[Site "Istanbul TUR"]`); n != len(rd.boards)-1 {
		t.Errorf("round 5 PGN: %d games with Site \"Istanbul TUR\":\n%.600s", n, a.raw)
	}
}
