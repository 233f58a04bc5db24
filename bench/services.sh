#!/usr/bin/env bash
# Moves per second accepted end to end through hakem serve's gateway, with
# many concurrent games (default 1,000 games x 40 plies), with latency
# percentiles, printed beside the event store's raw append rate measured in
# the same run. GAMES and PLIES override the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
go test -v -count=1 -timeout 30m -run '^TestGatewayLoad$' ./services/e2e \
	-args -long -games "${GAMES:-1000}" -plies "${PLIES:-40}" | grep -E '^(gateway|raw|ok|FAIL|---)'
