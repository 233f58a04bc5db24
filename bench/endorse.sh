#!/usr/bin/env bash
# Endorsement self-test: COUNT random tournaments made by Hakem's generator
# (`hakem pair --dutch -g CONFIG -o OUT.trf -s SEED`, the endorsed engine's
# command line and configuration keys), each checked by Hakem's pairing and
# tie-break checker (`hakem check`): every round re-paired, every player's
# points and rank by the declared tie-breaks recomputed. FIDE asks that at
# least 4,990 of 5,000 be consistent against another endorsed engine's
# checker; against Hakem's own, every one must be.
# The shapes cycle over even and odd fields, 5 to 11 rounds, the FIDE and
# a 3-1-0 point system, TRF-16 and TRF-26 with declared tie-breaks.
#
#   COUNT=5000   the number of tournaments
#   JOBS=2       generator processes run at once
#   SPEED=1000   tournaments of 100 players x 9 rounds timed one after the other (target: under a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-5000}
JOBS=${JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/hakem" ./services/cmd/hakem
shapes=(
	"PlayersNumber=20 RoundsNumber=5 DrawPercentage=30 ForfeitRate=20 RetiredRate=15 HalfPointByeRate=10"
	"PlayersNumber=31 RoundsNumber=7 DrawPercentage=40 ForfeitRate=12 RetiredRate=20 HalfPointByeRate=8"
	"PlayersNumber=46 RoundsNumber=9 DrawPercentage=25 ForfeitRate=30 RetiredRate=25 HalfPointByeRate=15"
	"PlayersNumber=57 RoundsNumber=9 DrawPercentage=35 ForfeitRate=15 RetiredRate=30 HalfPointByeRate=12 PointsForWin=3 PointsForDraw=1"
	"PlayersNumber=64 RoundsNumber=11 DrawPercentage=20 ForfeitRate=25 RetiredRate=40 HalfPointByeRate=20"
	"PlayersNumber=15 RoundsNumber=5"
)
for i in "${!shapes[@]}"; do
	tr ' ' '\n' <<<"${shapes[$i]}" >"$tmp/shape$i.cfg"
done
start=$(date +%s.%N)
seq 1 "$COUNT" | xargs -P "$JOBS" -I{} sh -c '
	seed={}; shape=$((seed % '"${#shapes[@]}"'))
	extra=""
	case $((seed / '"${#shapes[@]}"' % 3)) in 1) extra="--tb BH/C1,BH,SB,WIN" ;; 2) extra="--trf26" ;; esac
	if ! "$0" pair --dutch -g "$1/shape$shape.cfg" -o "$1/t$seed.trf" -s "$seed" $extra 2>"$1/err$seed"; then
		echo "seed $seed: not generated: $(cat "$1/err$seed")" >>"$1/failed"
	fi' "$tmp/hakem" "$tmp"
generated=$(find "$tmp" -name 't*.trf' | wc -l)
mid=$(date +%s.%N)
# Each batch of files writes its own report, so that parallel checks do not interleave lines.
find "$tmp" -name 't*.trf' -print0 | xargs -0 -n 250 -P "$JOBS" sh -c \
	'"$0" check "$@" >"$(mktemp "${1%/*}/report.XXXXXX")" 2>&1 || true' "$tmp/hakem"
cat "$tmp"/report.* >"$tmp/report"
end=$(date +%s.%N)
consistent=$(grep -c ': consistent (' "$tmp/report" || true)
if [ -s "$tmp/failed" ]; then head -5 "$tmp/failed"; fi
grep -v ': consistent (' "$tmp/report" | head -20 || true
awk -v c="$consistent" -v g="$generated" -v n="$COUNT" -v s="$start" -v m="$mid" -v e="$end" 'BEGIN {
	printf "hakem     endorsement self-test: %d of %d generated tournaments fully consistent (%d asked for; generated in %.1f s, checked in %.1f s)\n", c, g, n, m - s, e - m
}'
# The generator's speed: SPEED tournaments of 100 players and 9 rounds, one process each.
SPEED=${SPEED:-1000}
printf 'PlayersNumber=100\nRoundsNumber=9\n' >"$tmp/speed.cfg"
/usr/bin/time -f '%e %U %S' -o "$tmp/speedtime" sh -c 'for s in $(seq 1 '"$SPEED"'); do "$0" pair --dutch -g "$1" -o "$2" -s "$s" || exit 1; done' \
	"$tmp/hakem" "$tmp/speed.cfg" "$tmp/speed.trf"
read -r wall user sys <"$tmp/speedtime"
awk -v n="$SPEED" -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {
	printf "hakem     generator: %d tournaments of 100 players x 9 rounds in %.1f s wall, %.1f s CPU\n", n, w, u + s
}'
echo "targets: $COUNT of $COUNT consistent (FIDE asks at least 4,990 of 5,000 against another endorsed engine's checker); 1,000 generated tournaments in under a minute"
