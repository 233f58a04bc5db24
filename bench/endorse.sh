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
# Then the generator's speed: SPEED tournaments of 100 players x 9 rounds,
# one process each (as a user or FIDE's tester runs it), by this tree's
# hakem and by the baseline measured in the same run, the generator as it
# was before its speed work (commit BASE, built from git into a temporary
# folder), in alternating batches of ten seeds so that both see the same
# load; the CPU time (user + system) of each, extrapolated to 1,000
# tournaments, their ratio, and whether every file is byte-identical
# between the two. The last line says how long the run took.
#
#   COUNT=5000     the number of tournaments of the self-test
#   JOBS=2         generator and checker processes run at once
#   SPEED=200      tournaments of 100 players x 9 rounds timed (target: 1,000 in under a minute of CPU)
#   BASE=<commit>  the baseline generator; BASE= (empty) leaves it out
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-5000}
JOBS=${JOBS:-2}
SPEED=${SPEED:-200}
BASE=${BASE-62fd2113673a1b41fea708be9e08d5fc15efa78b}
started=$SECONDS
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Built as make build builds bin/hakem (static, CGO off).
build() { CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$1" ./services/cmd/hakem; }
build "$tmp/hakem"
if [ -n "$BASE" ]; then
	mkdir "$tmp/base"
	git archive "$BASE" | tar -x -C "$tmp/base"
	(cd "$tmp/base" && build "$tmp/hakem-base")
fi
shapes=(
	"PlayersNumber=20 RoundsNumber=5 DrawPercentage=30 ForfeitRate=20 RetiredRate=15 HalfPointByeRate=10"
	"PlayersNumber=31 RoundsNumber=7 DrawPercentage=40 ForfeitRate=12 RetiredRate=20 HalfPointByeRate=8"
	"PlayersNumber=46 RoundsNumber=9 DrawPercentage=25 ForfeitRate=30 RetiredRate=25 HalfPointByeRate=15"
	"PlayersNumber=57 RoundsNumber=9 DrawPercentage=35 ForfeitRate=15 RetiredRate=30 HalfPointByeRate=12 PointsForWin=3 PointsForDraw=1"
	"PlayersNumber=64 RoundsNumber=11 DrawPercentage=20 ForfeitRate=25 RetiredRate=40 HalfPointByeRate=20"
	"PlayersNumber=15 RoundsNumber=5"
)
mkdir "$tmp/gen"
for i in "${!shapes[@]}"; do
	tr ' ' '\n' <<<"${shapes[$i]}" >"$tmp/gen/shape$i.cfg"
done
start=$(date +%s.%N)
seq 1 "$COUNT" | xargs -P "$JOBS" -I{} sh -c '
	seed={}; shape=$((seed % '"${#shapes[@]}"'))
	extra=""
	case $((seed / '"${#shapes[@]}"' % 3)) in 1) extra="--tb BH/C1,BH,SB,WIN" ;; 2) extra="--trf26" ;; esac
	if ! "$0" pair --dutch -g "$1/shape$shape.cfg" -o "$1/t$seed.trf" -s "$seed" $extra 2>"$1/err$seed"; then
		echo "seed $seed: not generated: $(cat "$1/err$seed")" >>"$1/failed"
	fi' "$tmp/hakem" "$tmp/gen"
generated=$(find "$tmp/gen" -name 't*.trf' | wc -l)
mid=$(date +%s.%N)
# Each batch of files writes its own report, so that parallel checks do not interleave lines.
find "$tmp/gen" -name 't*.trf' -print0 | xargs -0 -n 250 -P "$JOBS" sh -c \
	'"$0" check "$@" >"$(mktemp "${1%/*}/report.XXXXXX")" 2>&1 || true' "$tmp/hakem"
cat "$tmp"/gen/report.* >"$tmp/report"
end=$(date +%s.%N)
consistent=$(grep -c ': consistent (' "$tmp/report" || true)
if [ -s "$tmp/gen/failed" ]; then head -5 "$tmp/gen/failed"; fi
grep -v ': consistent (' "$tmp/report" | head -20 || true
awk -v c="$consistent" -v g="$generated" -v n="$COUNT" -v s="$start" -v m="$mid" -v e="$end" 'BEGIN {
	printf "hakem     endorsement self-test: %d of %d generated tournaments fully consistent (%d asked for; generated in %.1f s, checked in %.1f s)\n", c, g, n, m - s, e - m
}'
# The generator's speed: SPEED tournaments of 100 players and 9 rounds, one
# process each, in batches of ten seeds alternating between hakem and the
# baseline; each batch's CPU time (user + system) from /usr/bin/time.
printf 'PlayersNumber=100\nRoundsNumber=9\n' >"$tmp/speed.cfg"
mkdir "$tmp/speed"
binaries="hakem"
[ -n "$BASE" ] && binaries="hakem hakem-base"
declare -A cpu=([hakem]=0 [hakem-base]=0)
differ=0
for ((first = 1; first <= SPEED; first += 10)); do
	last=$((first + 9 > SPEED ? SPEED : first + 9))
	for b in $binaries; do
		/usr/bin/time -f '%U %S' -o "$tmp/speedtime" sh -c 'for s in $(seq '"$first $last"'); do "$0" pair --dutch -g "$1" -o "$2/$3.$s.trf" -s "$s" || exit 1; done' \
			"$tmp/$b" "$tmp/speed.cfg" "$tmp/speed" "$b"
		read -r user sys <"$tmp/speedtime"
		cpu[$b]=$(awk -v a="${cpu[$b]}" -v u="$user" -v s="$sys" 'BEGIN { print a + u + s }')
	done
	if [ -n "$BASE" ]; then
		for s in $(seq "$first" "$last"); do
			cmp -s "$tmp/speed/hakem.$s.trf" "$tmp/speed/hakem-base.$s.trf" || differ=$((differ + 1))
		done
	fi
	rm -f "$tmp"/speed/*.trf
done
awk -v n="$SPEED" -v c="${cpu[hakem]}" 'BEGIN {
	printf "hakem     generator: %d tournaments of 100 players x 9 rounds, one process each: %.1f s CPU, %.1f ms each, %.1f s CPU per 1,000\n", n, c, 1000 * c / n, 1000 * c / n
}'
if [ -n "$BASE" ]; then
	awk -v n="$SPEED" -v c="${cpu[hakem-base]}" -v h="${cpu[hakem]}" -v d="$differ" -v base="${BASE:0:10}" 'BEGIN {
		printf "baseline  generator at %s: %.1f s CPU, %.1f ms each, %.1f s CPU per 1,000; hakem / baseline %.2f; files differing: %d of %d\n", base, c, 1000 * c / n, 1000 * c / n, h / c, d, n
	}'
fi
echo "targets: $COUNT of $COUNT consistent (FIDE asks at least 4,990 of 5,000 against another endorsed engine's checker); 1,000 generated tournaments in under a minute of CPU; no file differing from the baseline's"
echo "run took $((SECONDS - started)) s"
