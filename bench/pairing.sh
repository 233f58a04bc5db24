#!/usr/bin/env bash
# Pairing: one round of the FIDE Dutch system for Swiss tournaments of 500,
# 2,000, 4,000 and 9,999 players after 10 realistic rounds: each earlier
# round paired by the engine itself and played by the simulator (results
# drawn from the ratings, draws, forfeits, byes requested in advance,
# absences, withdrawals), deterministic for a size. Round 11 is paired with
# an even field and with an odd one (one more player absent when needed,
# so that the round needs the pairing-allocated bye) by `hakem pair`: wall
# time, CPU time (user + system) and peak memory (maximum resident set) of
# the process, and how the CPU time grows between sizes (the exponent k of
# n^k between consecutive sizes of the same parity). Beside it, the
# baseline measured in the same run: the same round paired by the engine
# as it was before the bye vertex (commit BASE, built from git into a
# temporary folder), and whether both pairings are identical.
#
# The histories take most of the run: ten engine-paired rounds are some
# 4 minutes of CPU at 2,000 players, 20-40 at 4,000 and hours at 9,999 on
# this machine; the baseline's odd round at 4,000 takes minutes. A history
# depends only on its size (every correct engine pairs it the same), so
# HISTORIES keeps them between runs: with it, a second run pairs round 11
# only. The last line says how long the run took.
#
#   LIMIT=900              seconds allowed per pairing before it is reported as unfinished
#   SIZES="500 2000 4000"  the tournament sizes to pair (2 to 9999); 9999 is added unless HUGE=0
#   HUGE=0                 leaves 9,999 players out (its history alone takes hours)
#   FIELDS="even odd"      the parities to pair
#   PLAYED=10              the rounds played before the one paired (SIZES=500 HUGE=0 PLAYED=29: round 30 of a 30-round event)
#   BASE=<commit>          the baseline engine; BASE= (empty) leaves it out
#   BASEMAX=4000           the largest size the baseline pairs (at 9,999 its odd round takes hours)
#   HISTORIES=<folder>     where the histories are kept and looked for (none: made afresh in a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${LIMIT:-900}
SIZES=${SIZES:-500 2000 4000}
if [ "${HUGE:-1}" != 0 ] && [[ " $SIZES " != *" 9999 "* ]]; then SIZES="$SIZES 9999"; fi
BASEMAX=${BASEMAX:-4000}
started=$SECONDS
FIELDS=${FIELDS:-even odd}
PLAYED=${PLAYED:-10}
BASE=${BASE-b51811e06551ac2eb606c5945acb8f13ab7ad591}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/hakem" ./services/cmd/hakem
engines="hakem"
if [ -n "$BASE" ]; then
	mkdir "$tmp/base"
	git archive "$BASE" | tar -x -C "$tmp/base"
	(cd "$tmp/base" && go build -o "$tmp/hakem-base" ./services/cmd/hakem)
	engines="hakem base"
fi
hist=${HISTORIES:-$tmp}
mkdir -p "$hist"
missing=""
for n in $SIZES; do
	if [ ! -f "$hist/players$n-$PLAYED-even.trf" ] || [ ! -f "$hist/players$n-$PLAYED-odd.trf" ]; then
		missing="$missing $n"
	fi
done
if [ -n "$missing" ]; then
	mkdir -p "$tmp/made"
	go test -count=1 -timeout 0 -run '^TestWriteBenchTournaments$' ./pairing/dutch -benchdir "$tmp/made" \
		-benchsizes "$(echo $missing | tr ' ' ',')" -benchplayed "$PLAYED" -v | grep '^history' || true
	for n in $missing; do
		for field in even odd; do
			mv "$tmp/made/players$n$field.trf" "$hist/players$n-$PLAYED-$field.trf"
		done
	done
fi
for n in $SIZES; do
	from="kept in $hist from an earlier run"
	if [[ " $missing " == *" $n "* ]]; then from="made in this run"; fi
	echo "history   $n players: $PLAYED engine-paired rounds, $from"
	for field in even odd; do
		cp "$hist/players$n-$PLAYED-$field.trf" "$tmp/players$n$field.trf"
	done
done

# pair ENGINE N FIELD: one line of figures, the growth from the previous size.
declare -A prev_n prev_cpu
pair() {
	local engine=$1 n=$2 field=$3 bin=$tmp/hakem
	[ "$engine" = base ] && bin=$tmp/hakem-base
	local label="$engine"
	[ "$engine" = base ] && label="baseline"
	if /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" timeout "$LIMIT" \
		"$bin" pair --dutch "$tmp/players$n$field.trf" -p "$tmp/$engine$n$field.txt"; then
		read -r wall user sys kb <"$tmp/time"
		# The first line counts the pairs, the pairing-allocated bye among them
		# (as "N 0"): the boards and the bye are counted apart.
		read -r boards byes < <(awk 'NR > 1 { if ($2 == 0) y++; else b++ } END { print b + 0, y + 0 }' "$tmp/$engine$n$field.txt")
		awk -v l="$label" -v n="$n" -v f="$field" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kb" -v b="$boards" -v y="$byes" -v r="$((PLAYED + 1))" \
			-v pn="${prev_n[$engine$field]:-}" -v pc="${prev_cpu[$engine$field]:-}" 'BEGIN {
			cpu = u + s
			grow = ""
			if (pn != "" && pc > 0.05 && cpu > 0) grow = sprintf(", CPU grows as n^%.2f from %d", log(cpu / pc) / log(n / pn), pn)
			bye = y > 0 ? " + the bye" : ", no bye"
			printf "%-8s %5d players, %-4s field, round %d: Dutch pairing (%d boards%s) %8.2f s wall, %8.2f s CPU, peak %7.1f MB%s\n", l, n, f, r, b, bye, w, cpu, k/1024, grow
		}'
		prev_n[$engine$field]=$n
		prev_cpu[$engine$field]=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
	else
		printf "%-8s %5d players, %-4s field, round %d: Dutch pairing did not finish within %d s\n" "$label" "$n" "$field" "$((PLAYED + 1))" "$LIMIT"
		prev_n[$engine$field]="" prev_cpu[$engine$field]=""
	fi
}
for field in $FIELDS; do
	for n in $SIZES; do
		for engine in $engines; do
			if [ "$engine" = base ] && [ "$n" -gt "$BASEMAX" ]; then
				printf "%-8s %5d players, %-4s field: not paired (BASEMAX=%d)\n" baseline "$n" "$field" "$BASEMAX"
				continue
			fi
			pair "$engine" "$n" "$field"
		done
		if [ -n "$BASE" ] && [ -f "$tmp/hakem$n$field.txt" ] && [ -f "$tmp/base$n$field.txt" ]; then
			if cmp -s "$tmp/hakem$n$field.txt" "$tmp/base$n$field.txt"; then
				echo "         $n players, $field field: the two pairings are identical"
			else
				echo "         $n players, $field field: the two pairings DIFFER"
			fi
		fi
	done
done
echo "targets: 4,000 players in 10 s of CPU with or without the bye, 9,999 in 60 s, under 2 GB (figures on a shared machine are indicative)"
echo "the run took $((SECONDS - started)) s of wall time (sizes: $SIZES; histories made in this run:${missing:- none})"
