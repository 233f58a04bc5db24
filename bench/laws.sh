#!/usr/bin/env bash
# The Laws' dead-position decision (rules.CanMate, through which the
# profiles rule on a flag fall and a dead position) on the corpus of
# rules/laws/testdata/dead (560 positions, each side labelled by an
# exhaustive search): how many sides it decides, leaves undecided and gets
# wrong (a side ruled unable to mate where a mate is reachable: must be 0),
# and its time per side, beside the baseline from the same run: the
# exhaustive search's time per side on the first BASELINE positions.
#
#   BASELINE=60   positions the exhaustive search is timed on
set -euo pipefail
cd "$(dirname "$0")/.."
BASELINE=${BASELINE:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/laws.test" ./rules/laws
# in the package's folder, as go test runs it: the corpus is in testdata/
out=$(cd rules/laws && "$tmp/laws.test" -test.run '^(TestDeadCorpusSound|TestDeadBaseline)$' -long -dead-baseline "$BASELINE" 2>&1) || {
	echo "$out"
	exit 1
}
echo "laws: dead positions (shared machine: indicative)"
echo "$out" | grep '^laws dead-position'
