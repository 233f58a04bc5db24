#!/usr/bin/env bash
# Event store figures (events/): appends per second for 1 game and for 1,000
# games with 16 writers, replay of one finished game out of 10,000 x 80
# events, and a projection pass over all of them — each beside raw nats.go
# publishing or reading the same bytes on the same embedded server, in the
# same run. Also runs the slow suites: the SIGKILL test with 10 rounds and
# the store on a 3-node, 3-replica cluster.
# Appends are measured in 24 short rounds alternating Hakem and the raw
# baselines; a ratio is the median of the per-round ratios (quartiles in
# brackets). HAKEM_BENCH_GAMES overrides the 10,000 games (e.g. 1000 for a
# quick look); HAKEM_BENCH_PART=appends or reads runs one half of the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
go test ./events/eventstore/ -count=1 -timeout 60m -run '^(TestKillWriterMidAppend|TestClusterReplicas3|TestGroupCommitCluster)$' -v -args -long | grep -E '^(--- |ok|FAIL)'
status=0
go test ./events/eventstore/ -count=1 -timeout 60m -v -run '^(TestBenchFigures|TestGroupCommitFigures)$' -args -long >"$out" 2>&1 || status=$?
grep -E '^events:' "$out" || true
if [ "$status" -ne 0 ]; then
	grep -vE '^(events:|=== RUN)' "$out" | tail -20
	exit "$status"
fi
