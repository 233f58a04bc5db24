#!/usr/bin/env bash
# Pairing: one round of the FIDE Dutch system for Swiss tournaments of 500
# and 2,000 players after 5 rounds (generated deterministically by the
# simulator, a naive pairer making the history), paired by `hakem pair`:
# wall time, CPU time (user + system) and peak memory (maximum resident set)
# of the process.
# Beside it, the baseline measured in the same run: a naive pairing of the
# same round (score order, first opponent not met) checked by the
# independent checker, which is what pairing costs without the Dutch
# system's optimisation.
#
#   LIMIT=900        seconds allowed per pairing before it is reported as unfinished
#   SIZES="500 2000" the tournament sizes to pair (each must be 500 or 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${LIMIT:-900}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/hakem" ./services/cmd/hakem
go test -count=1 -run '^TestWriteBenchTournaments$' ./pairing/dutch -benchdir "$tmp" -v | grep '^baseline' || true
for n in ${SIZES:-500 2000}; do
	if /usr/bin/time -f '%e %U %S %M' -o "$tmp/time$n" timeout "$LIMIT" \
		"$tmp/hakem" pair --dutch "$tmp/players$n.trf" -p "$tmp/out$n.txt"; then
		read -r wall user sys kb <"$tmp/time$n"
		boards=$(head -1 "$tmp/out$n.txt")
		awk -v n="$n" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kb" -v b="$boards" 'BEGIN {
			printf "hakem     %5d players: Dutch pairing (%d boards)      %8.2f s wall, %8.2f s CPU, peak %7.1f MB\n", n, b, w, u + s, k/1024
		}'
	else
		printf "hakem     %5d players: Dutch pairing did not finish within %d s\n" "$n" "$LIMIT"
	fi
done
echo "targets: 500 players in 0.4 s, 2,000 players in 10 s (figures on a shared machine are indicative)"
