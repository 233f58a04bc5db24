#!/usr/bin/env bash
# Does the event store grow with the cluster? Moves appended through the
# store (eventstore.Store.Append: optimistic concurrency, idempotency key,
# hashes) to GAMES games (default 1,200) by WRITERS concurrent writers
# (default 288) on a 3-node, 3-replica loopback cluster of three nats-server
# processes (as the cluster fault test starts them), with the games in one
# stream (GAMES) and spread over N partition streams (GAMES_0..GAMES_{N-1},
# default N=3), alternating phases of PHASE (default 10s) in the same run,
# ROUNDS rounds (default 2). Each phase prints its rate, the stream leaders
# and the CPU each process spent per append (the three nodes and the bench
# process, from /proc), which says what bounds the rate. With PROFILE=1 the
# first phase of each layout also takes a 5 s CPU profile of every node and
# prints each profile's top entries. PIN="0,1,1" starts the nodes under
# taskset with those CPU lists. COMMIT="threshold,size,flights" (or "off")
# sets the store's group commit instead of its defaults for replicated
# streams. The LAST line is
#   scale: 1 partition A appends/s, N partitions B appends/s (N=…, 3 nodes, R3): ratio R
set -euo pipefail
cd "$(dirname "$0")/.."
args=(-long -scale.games "${GAMES:-1200}" -scale.writers "${WRITERS:-288}" -scale.partitions "${N:-3}"
	-scale.phase "${PHASE:-10s}" -scale.rounds "${ROUNDS:-2}" -scale.pin "${PIN:-}" -scale.commit "${COMMIT:-}")
prof=""
if [[ "${PROFILE:-0}" == 1 ]]; then
	prof=$(mktemp -d)
	trap 'rm -rf "$prof"' EXIT
	args+=(-scale.profile "$prof")
fi
out=$(go test -count=1 -timeout 5m -run '^TestScaleFigures$' ./services/e2e -v -args "${args[@]}" 2>&1) || {
	echo "$out" | tail -40
	exit 1
}
if [[ -n "$prof" ]]; then
	for f in "$prof"/*.pprof; do
		echo "profile $(basename "$f" .pprof) (top 8, flat):"
		(cd events && go tool pprof -top -nodecount=8 "$f" 2>/dev/null | sed -n '/flat%/,$p' | sed 's/^/  /') || true
	done
fi
echo "$out" | grep -E '^scale: '
