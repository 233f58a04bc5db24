#!/usr/bin/env bash
# hakem audit: the time to audit a 200-move game (400 plies, clock running)
# once its events are read (hash chain, decoding, every command decided
# again through the services' domains, the timeline), beside two baselines
# from the same run: only decoding the game's stored envelopes, and only
# replaying its moves through rules. Wall and CPU milliseconds per game
# (CPU is steadier on a shared machine). The target is under 5 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(go test -run '^$' -bench 'AuditGame200|BaselineDecode200|BaselineReplay200' -benchtime "${BENCHTIME:-3s}" -count 1 ./services/audit)
echo "$out" | grep -E '^(Benchmark|ok|FAIL|---)' || true
echo "$out" | awk '
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name); sub(/^Benchmark/, "", name)
	for (i = 2; i < NF; i++) {
		if ($(i+1) == "ms/op") wall[name] = $i
		if ($(i+1) == "cpu-ms/op") cpu[name] = $i
	}
}
END {
	printf "audit of a 200-move game:  %7.3f ms wall, %7.3f ms CPU (target < 5 ms)\n", wall["AuditGame200"], cpu["AuditGame200"]
	printf "baseline, decode only:     %7.3f ms wall, %7.3f ms CPU\n", wall["BaselineDecode200"], cpu["BaselineDecode200"]
	printf "baseline, rules replay:    %7.3f ms wall, %7.3f ms CPU\n", wall["BaselineReplay200"], cpu["BaselineReplay200"]
}'
# the games of hakem demo (a Dutch Swiss with an incorrect claim and a flag
# fall) audit clean and every round is re-paired: a slow test (-long)
go test -count=1 -run '^TestAuditDemo$' ./services/e2e -args -long | grep -E '^(ok|FAIL|---|\s+audit)' || true
# the tournament audit report of the demo's whole event (24 players, 7
# rounds): its size, under 300 KB, beside the previous format's (every
# game's full section) from the same audit: a slow test (-long)
go test -count=1 -v -run '^TestAuditReportDemoSize$' ./services/e2e -args -long | grep -E '^(ok|FAIL|---)|audit report of the demo' || true
