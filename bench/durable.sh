#!/usr/bin/env bash
# The cost of "acknowledged means on disk": the event store's appends per
# second with the embedded server syncing every write before acknowledging
# it (HAKEM_SYNC_INTERVAL=always, hakem serve's default) beside nats-server's
# own default of a sync every two minutes, in one run, alternating (1 writer
# and 64 concurrent writers); then the gateway's moves/s end to end with
# each setting (bench/services.sh's load, shorter: GAMES games x PLIES plies,
# default 200 x 40, saturation and a paced phase at RATE moves/s offered,
# default 300, an Olympiad round's pace). The headroom is printed against
# what an event needs: a few moves/s for 500 boards over the board, a few
# hundred for an Olympiad round. Also runs the power-cut test (TestPowerCut).
set -euo pipefail
cd "$(dirname "$0")/.."
go test -v -count=1 -timeout 20m -run '^TestSyncFigures$' ./services/e2e -args -long | grep -E '^(durable|ok|FAIL|---)'
# the power cut (root: ext4 on a loop device; skips with its reason elsewhere)
go test -v -count=1 -timeout 20m -run '^TestPowerCut$' ./services/e2e -args -long | grep -E '^(power|ok|FAIL|---|\s+--- |\s+powercut)'
for round in 1 2; do
	for sync in always 2m; do
		HAKEM_SYNC_INTERVAL=$sync go test -v -count=1 -timeout 20m -run '^TestGatewayLoad$' ./services/e2e \
			-args -long -games "${GAMES:-200}" -plies "${PLIES:-40}" -rate "${RATE:-300}" |
			grep -E '^(gateway|FAIL|---)' | grep -v '^--- PASS' | sed "s/^/sync $sync (round $round): /"
	done
done
echo "durable: needed: ~5 moves/s for 500 boards over the board (a move per board every ~100 s), a few hundred for an Olympiad round; compare with the saturation figures above"
