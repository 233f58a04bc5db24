#!/usr/bin/env bash
# Moves per second accepted end to end through hakem serve's gateway, with
# many concurrent games (default 1,000 games x 40 plies), in two phases:
# saturation (each game sends its next move as soon as the last is
# answered: the most the process accepts; latency there is the queue of
# 1,000 waiting requests) and paced (fresh games offered RATE moves/s in
# all, default 6,000 — the accepted rate falls a little short of the
# offered one, as games start and end, so 6,000 offered is how the run shows
# the 5,000 moves/s target: the latency of a move at that load); each with the
# serve process's CPU time per move, printed beside baselines measured in the
# same run: the event store's raw append rate and CPU per append (plain, and
# synced and signed as serve keeps it), and the CPU per request of a process
# that only reads each move's request with net/http and answers it (the
# floors under serve's CPU per move). GAMES, PLIES and RATE override the
# sizes.
# The environment reaches the serve process: HAKEM_NATS_LISTEN=127.0.0.1:0
# makes its own NATS connections go over loopback TCP instead of in-process
# (the default), and GOGC or GOMEMLIMIT tune its garbage collector.
# BASE=<commit> also builds that commit (from git archive, in a temporary
# folder) and runs both phases against it first, each line naming which
# build it measured: before/after figures from the same run.
# PROFILE=<folder> saves the serve process's CPU profile of each saturation
# phase there, and its allocations (PROFILE_SECONDS long, default 5; read
# with go tool pprof).
set -euo pipefail
cd "$(dirname "$0")/.."
args=(-long -games "${GAMES:-1000}" -plies "${PLIES:-40}" -rate "${RATE:-6000}")
if [[ -n "${BASE:-}" ]]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	git archive "$BASE" | tar -x -C "$tmp"
	(cd "$tmp" && go build -o "$tmp/hakem-base" ./services/cmd/hakem)
	args+=(-base "$tmp/hakem-base" -base.name "$(git rev-parse --short "$BASE")")
fi
if [[ -n "${PROFILE:-}" ]]; then
	mkdir -p "$PROFILE"
	args+=(-profile "$(cd "$PROFILE" && pwd)" -profile.seconds "${PROFILE_SECONDS:-5}")
fi
go test -v -count=1 -timeout 30m -run '^TestGatewayLoad$' ./services/e2e \
	-args "${args[@]}" | grep -E '^(gateway|raw|ok|FAIL|---|    [a-z_]+_test.go:)'
