#!/usr/bin/env bash
# Pairing: one round of the FIDE Dutch system for Swiss tournaments of 500,
# 2,000 and 4,000 players after 5 rounds (generated deterministically by
# the simulator, a naive pairer making the history), each with an even
# field and with an odd one (one more player absent, or one fewer, so that
# the round needs the pairing-allocated bye), paired by `hakem pair`: wall
# time, CPU time (user + system) and peak memory (maximum resident set) of
# the process, and how the CPU time grows between sizes (the exponent k of
# n^k between consecutive sizes of the same parity).
# Beside it, the baseline measured in the same run: a naive pairing of the
# same round (score order, first opponent not met) checked by the
# independent checker, which is what pairing costs without the Dutch
# system's optimisation.
#
#   LIMIT=900              seconds allowed per pairing before it is reported as unfinished
#   SIZES="500 2000 4000"  the tournament sizes to pair (2 to 9999; 9999 takes many minutes)
#   FIELDS="even odd"      the parities to pair
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${LIMIT:-900}
SIZES=${SIZES:-500 2000 4000}
FIELDS=${FIELDS:-even odd}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/hakem" ./services/cmd/hakem
go test -count=1 -run '^TestWriteBenchTournaments$' ./pairing/dutch -benchdir "$tmp" -benchsizes "${SIZES// /,}" -v | grep '^baseline' || true
for field in $FIELDS; do
	prev_n="" prev_cpu=""
	for n in $SIZES; do
		if /usr/bin/time -f '%e %U %S %M' -o "$tmp/time$n$field" timeout "$LIMIT" \
			"$tmp/hakem" pair --dutch "$tmp/players$n$field.trf" -p "$tmp/out$n$field.txt"; then
			read -r wall user sys kb <"$tmp/time$n$field"
			boards=$(head -1 "$tmp/out$n$field.txt")
			awk -v n="$n" -v f="$field" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kb" -v b="$boards" -v pn="$prev_n" -v pc="$prev_cpu" 'BEGIN {
				cpu = u + s
				grow = ""
				if (pn != "" && pc > 0.05 && cpu > 0) grow = sprintf(", CPU grows as n^%.2f from %d", log(cpu / pc) / log(n / pn), pn)
				printf "hakem     %5d players, %-4s field: Dutch pairing (%d boards) %8.2f s wall, %8.2f s CPU, peak %7.1f MB%s\n", n, f, b, w, cpu, k/1024, grow
			}'
			prev_n=$n
			prev_cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
		else
			printf "hakem     %5d players, %-4s field: Dutch pairing did not finish within %d s\n" "$n" "$field" "$LIMIT"
			prev_n="" prev_cpu=""
		fi
	done
done
echo "targets: 4,000 players in 10 s of CPU with or without the bye, 9,999 in 60 s, under 2 GB (figures on a shared machine are indicative)"
