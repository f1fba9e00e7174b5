#!/usr/bin/env bash
# Runs CI (.ci/run) on fresh clones of COMMIT, one after another, while stress-ng keeps every core
# busy: the suite's check that it holds under load. Usage: scripts/stress-ci.sh [COMMIT] [RUNS]
# Each run's log is in $WORK/runN.log; one line per run (exit code, seconds) goes to $WORK/summary.
set -u
REPO=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
COMMIT=${1:-$(git -C "$REPO" rev-parse HEAD)}
RUNS=${2:-3}
WORK=${WORK:-$(mktemp -d /tmp/helpline-stress.XXXXXX)}
command -v stress-ng >/dev/null || { echo "stress-ng is not installed: apt-get install -y stress-ng" >&2; exit 69; }
echo "stress CI of $COMMIT, $RUNS runs, logs in $WORK" | tee -a "$WORK/summary"
stress-ng --cpu "$(nproc)" --timeout 0 >/dev/null 2>&1 &
STRESS=$!
trap 'kill $STRESS 2>/dev/null' EXIT
failed=0
for n in $(seq 1 "$RUNS"); do
  rm -rf "$WORK/$n" && mkdir -p "$WORK/$n"
  git clone -q "$REPO" "$WORK/$n/main" && git -C "$WORK/$n/main" checkout -q "$COMMIT"
  start=$(date +%s)
  (cd "$WORK/$n/main" && .ci/run) > "$WORK/run$n.log" 2>&1
  rc=$?
  echo "run $n: exit $rc in $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$WORK/summary"
  rm -rf "$WORK/$n/main/.build"
  [ $rc -eq 0 ] || failed=1
done
exit $failed
