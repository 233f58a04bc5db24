#!/usr/bin/env bash
# Signing figures (events/eventstore): appends per second with every event
# signed (Ed25519 over its hash) beside the same appends unsigned, under
# each durability of the embedded server (every write synced before its
# acknowledgement, serve's default HAKEM_SYNC_INTERVAL=always; and synced
# every 2 minutes), each pair on one server in the same run; the load of a
# 200-event game with every signature verified beside the same load
# unverified (interleaved rounds; a ratio is the median of the per-round
# ratios, quartiles in brackets); then one verification by itself, and
# (events) one signature with a nonce prepared beforehand beside one made
# the standard way, what preparing a nonce costs, off the append's path,
# and one signature when the pool is empty (events/sign_nonce.go). The issue's target: signed at 90% of
# unsigned or more.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
go test ./events/eventstore/ -count=1 -timeout 30m -v -run '^TestBenchSigning$' -args -long >"$out" 2>&1 || status=$?
if [ "$status" -eq 0 ]; then
	go test ./events/ -count=1 -timeout 10m -v -run '^TestBenchSigningParts$' -args -long >>"$out" 2>&1 || status=$?
fi
grep -E '^events:' "$out" || true
if [ "$status" -ne 0 ]; then
	grep -vE '^(events:|=== RUN)' "$out" | tail -20
	exit "$status"
fi
