#!/usr/bin/env bash
# Ratings and tie-breaks: time to compute the standings (14 tie-break columns,
# 2024 and 2026 rules) of the 73 TieBreakServer tournaments, beside the baseline
# of merely reading the same 73 TRF files, measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(go test -run '^$' -bench 'ReadTRF|Standings|AllTieBreaks' -benchtime 30x ./services/trfreport/)
ns() { echo "$out" | awk -v n="$1" '$1 ~ "^"n"(-[0-9]+)?$" {print $3}'; }
read_ns=$(ns BenchmarkReadTRF)
std_ns=$(ns BenchmarkStandings)
all_ns=$(ns BenchmarkAllTieBreaks)
awk -v r="$read_ns" -v s="$std_ns" -v a="$all_ns" 'BEGIN {
  printf "baseline  read 73 TRF files                         %8.2f ms\n", r/1e6
  printf "hakem     standings, 14 columns x 2 rule sets (146)  %8.2f ms  (%.3f ms per table, %.2fx the reading)\n", s/1e6, s/146/1e6, s/r
  printf "hakem     all 22 tie-break codes incl. DE, FB (73)   %8.2f ms  (%.3f ms per table)\n", a/1e6, a/73/1e6
}'
