#!/usr/bin/env bash
# The arbiter's desk: the import of a 2,000-player, 9-round TRF (pairing/sim,
# ordinary rates of forfeits, byes and withdrawals) — the import decided and
# folded, as POST /api/tournaments/import does besides appending its event —
# and the export of its rating report (GET /api/tournaments/{id}/trf once
# folded), beside the baseline measured in the same run: reading the same file
# with pairing/trf alone. Milliseconds per file.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(go test -run '^$' -bench 'DeskImport2000|DeskExport2000|BaselineReadTRF2000' -benchtime "${BENCHTIME:-10x}" -count 1 ./services/pairing/domain)
echo "$out" | grep -E '^(Benchmark|ok|FAIL|---)' || true
echo "$out" | awk '
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name); sub(/^Benchmark/, "", name)
	for (i = 2; i < NF; i++) if ($(i+1) == "ns/op") ms[name] = $i / 1e6
}
END {
	printf "import of a 2,000-player, 9-round TRF:  %8.1f ms\n", ms["DeskImport2000"]
	printf "export of its rating report:            %8.1f ms\n", ms["DeskExport2000"]
	printf "baseline, pairing/trf read alone:       %8.1f ms\n", ms["BaselineReadTRF2000"]
}'
