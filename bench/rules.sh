#!/usr/bin/env bash
# Benchmarks of the rules module: perft(6) from the start position with and
# without bulk counting at the leaves, one move applied with its check
# status, and the same perft run through corentings/chess v2.3.2 (the
# baseline, measured in the same test binary). Then the slow perft suites
# (-long). Figures on a shared machine are indicative: the best of COUNT
# runs is printed.
#
#   COUNT=3             runs per benchmark of ours (best taken)
#   BASELINE_DEPTH=6    perft depth for the baseline (5 is ~25x quicker; 6 takes ~2 minutes)
#   SKIP_LONG=1         skip the -long perft suites
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-3}
BASELINE_DEPTH=${BASELINE_DEPTH:-6}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go test -c -o "$tmp/rules.test" ./rules
ours=$("$tmp/rules.test" -test.run '^$' -test.bench '^Benchmark(Perft6Bulk|Perft6NoBulk|PlayMove|LegalMoves)$' \
	-test.benchtime 1x -test.count "$COUNT" -test.benchmem 2>&1 | grep '^Benchmark' || true)
# PlayMove and LegalMoves need many iterations to be measured.
micro=$("$tmp/rules.test" -test.run '^$' -test.bench '^Benchmark(PlayMove|LegalMoves)$' \
	-test.count "$COUNT" -test.benchmem 2>&1 | grep '^Benchmark' || true)
if [ "$BASELINE_DEPTH" = 6 ]; then
	base=$("$tmp/rules.test" -test.run '^$' -test.bench '^BenchmarkPerft6BulkCorentings$' -test.benchtime 1x 2>&1 | grep '^Benchmark' || true)
	nodes=119060324
else
	base=""
	nodes=119060324
fi
base5=$("$tmp/rules.test" -test.run '^$' -test.bench '^BenchmarkPerft5NoBulkCorentings$' -test.benchtime 1x 2>&1 | grep '^Benchmark' || true)

best() { # best ns/op of benchmark $1 in the text on stdin
	grep "^$1-" | awk '{print $3}' | sort -g | head -1
}
row() { # label ns/op nodes
	if [ -z "$2" ]; then printf '%-40s %14s %12s\n' "$1" "n/a" "n/a"; return; fi
	awk -v l="$1" -v ns="$2" -v n="$3" 'BEGIN { printf "%-40s %14.0f %12.3f\n", l, n / (ns / 1e9), ns / 1e9 }'
}
echo
echo "rules: perft from the start position (best of $COUNT for ours; machine shared, indicative)"
printf '%-40s %14s %12s\n' "run" "nodes/s" "seconds"
row "hakem perft(6), bulk counting" "$(echo "$ours" | best BenchmarkPerft6Bulk)" 119060324
row "hakem perft(6), no bulk counting" "$(echo "$ours" | best BenchmarkPerft6NoBulk)" 119060324
if [ "$BASELINE_DEPTH" = 6 ]; then
	row "corentings/chess perft(6), bulk" "$(echo "$base" | best BenchmarkPerft6BulkCorentings)" 119060324
fi
row "corentings/chess perft(5), no bulk" "$(echo "$base5" | best BenchmarkPerft5NoBulkCorentings)" 4865609
echo
printf '%-40s %14s\n' "micro" "ns/op"
for b in PlayMove LegalMoves; do
	printf '%-40s %14s\n' "$b (best, allocs: $(echo "$micro" | grep "^Benchmark$b-" | head -1 | awk '{print $(NF-1)}'))" "$(echo "$micro" | best Benchmark$b)"
done

if [ "${SKIP_LONG:-0}" != 1 ]; then
	echo
	echo "rules: slow perft suites (-long; Chess960 suite to depth 5)"
	start=$(date +%s)
	"$tmp/rules.test" -test.run '^TestPerft' -long -perft960depth 5 -test.v 2>&1 | grep -E '^(--- |ok|FAIL|PASS)' || true
	echo "suites took $(( $(date +%s) - start )) s"
fi
