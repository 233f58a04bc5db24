#!/usr/bin/env bash
# Benchmarks of the rules module: perft(6) from the start position with and
# without bulk counting at the leaves, one move applied with its check
# status, move generation, and the same perft run through corentings/chess
# v2.3.2 (the baseline, measured in the same test binary). Then the slow
# perft suites (-long). Figures on a shared machine are indicative: the best
# of COUNT runs is printed, as wall seconds and as CPU seconds (the process's
# own CPU time, steadier when other work competes for the cores).
#
#   COUNT=3             runs per benchmark of ours (best taken)
#   BASELINE_DEPTH=6    baseline perft depth with bulk counting (6 takes ~2 minutes; 5 is ~25x quicker)
#   SKIP_LONG=1         skip the -long perft suites
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-3}
BASELINE_DEPTH=${BASELINE_DEPTH:-6}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go test -c -o "$tmp/rules.test" ./rules
bench() { # benchmark regexp, extra flags...
	local re=$1
	shift
	"$tmp/rules.test" -test.run '^$' -test.bench "$re" "$@" 2>&1 | grep '^Benchmark' || true
}
ours=$(bench '^BenchmarkPerft6(Bulk|NoBulk)$' -test.benchtime 1x -test.count "$COUNT")
micro=$(bench '^Benchmark(PlayMove|LegalMoves)$' -test.count "$COUNT" -test.benchmem)
if [ "$BASELINE_DEPTH" = 6 ]; then
	base=$(bench '^BenchmarkPerft6BulkCorentings$' -test.benchtime 1x)
	basename=BenchmarkPerft6BulkCorentings
	basenodes=119060324
else
	base=$(bench '^BenchmarkPerft5BulkCorentings$' -test.benchtime 1x)
	basename=BenchmarkPerft5BulkCorentings
	basenodes=4865609
fi
base5=$(bench '^BenchmarkPerft5NoBulkCorentings$' -test.benchtime 1x)

# The dead-position corpus (rules/testdata/dead, labels by exhaustive
# search): how many sides CanMate decides, leaves undecided, gets wrong.
dead=$(cd rules && "$tmp/rules.test" -test.run '^TestDeadCorpus$' 2>&1 | grep '^dead-position corpus' || true)

metric() { # benchmark name, unit: best (lowest) value of that unit
	grep "^$1-" | awk -v u="$2" '{ for (i = 3; i <= NF; i++) if ($(i) == u) print $(i-1) }' | sort -g | head -1
}
row() { # label, benchmark text, benchmark name, nodes
	local ns cpu
	ns=$(echo "$2" | metric "$3" ns/op)
	cpu=$(echo "$2" | metric "$3" cpu-s/op)
	if [ -z "$ns" ]; then
		printf '%-42s %14s %10s %10s\n' "$1" "n/a" "n/a" "n/a"
		return
	fi
	awk -v l="$1" -v ns="$ns" -v n="$4" -v cpu="${cpu:-0}" \
		'BEGIN { printf "%-42s %14.0f %10.3f %10.3f\n", l, n / (ns / 1e9), ns / 1e9, cpu }'
}
echo
echo "rules: perft from the start position (best of $COUNT for ours; shared machine: indicative)"
printf '%-42s %14s %10s %10s\n' "run" "nodes/s(wall)" "wall s" "cpu s"
row "hakem perft(6), bulk counting" "$ours" BenchmarkPerft6Bulk 119060324
row "hakem perft(6), no bulk counting" "$ours" BenchmarkPerft6NoBulk 119060324
row "corentings/chess perft($BASELINE_DEPTH), bulk counting" "$base" "$basename" "$basenodes"
row "corentings/chess perft(5), no bulk counting" "$base5" BenchmarkPerft5NoBulkCorentings 4865609
echo
printf '%-42s %10s %10s\n' "micro-benchmark (best of $COUNT)" "ns/op" "allocs/op"
for b in PlayMove LegalMoves; do
	printf '%-42s %10s %10s\n' "$b" "$(echo "$micro" | metric "Benchmark$b" ns/op)" "$(echo "$micro" | metric "Benchmark$b" allocs/op)"
done

if [ "${SKIP_LONG:-0}" != 1 ]; then
	echo
	echo "rules: slow perft suites (-long; the Chess960 suite to depth 5)"
	start=$(date +%s)
	# in the package's folder, as go test runs it: the suites read testdata/
	(cd rules && "$tmp/rules.test" -test.run '^TestPerft' -long -perft960depth 5 -test.v 2>&1) | grep -E '^(--- |ok|FAIL|PASS)' || true
	echo "suites took $(($(date +%s) - start)) s"
fi
echo "rules: ${dead:-dead-position corpus: n/a}"
