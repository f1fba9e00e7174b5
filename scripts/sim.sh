#!/usr/bin/env bash
# The deterministic session simulator (docs/resilience.md): the real session core against simulated
# Connect and PolyAI services, with seeded faults, on a virtual clock.
#
#   scripts/sim.sh                       # SEEDS (default 2000) of each protocol, both at once
#   SEEDS=10000 PROTOCOL=polyai scripts/sim.sh
#   SEED=1234 PROTOCOL=connect scripts/sim.sh   # one seed again, with its whole trace
#
# Ends with the line "N seeds, V violations" (N per protocol); exits non-zero on any violation.
set -euo pipefail
cd "$(dirname "$0")/.."
SEEDS=${SEEDS:-2000}
PROTOCOL=${PROTOCOL:-all}
SEED=${SEED:-}
SWIFT=${SWIFT:-swift}
case "$SEEDS" in ''|*[!0-9]*|0) echo "sim: SEEDS must be a positive whole number, not '$SEEDS'" >&2; exit 2 ;; esac
case "$PROTOCOL" in all|connect|polyai) ;; *) echo "sim: PROTOCOL is connect, polyai or all, not '$PROTOCOL'" >&2; exit 2 ;; esac

echo "sim: building the simulator (release)…" >&2
"$SWIFT" build -c release --product helpline-sim >/tmp/helpline-sim-build.$$ 2>&1 || { cat /tmp/helpline-sim-build.$$ >&2; rm -f /tmp/helpline-sim-build.$$; exit 1; }
rm -f /tmp/helpline-sim-build.$$
BIN=.build/release/helpline-sim

if [ -n "$SEED" ]; then
  exec "$BIN" --protocol "$PROTOCOL" --seed "$SEED" --trace
fi

protocols=(connect polyai)
[ "$PROTOCOL" = all ] || protocols=("$PROTOCOL")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pids=()
for p in "${protocols[@]}"; do
  "$BIN" --seeds "$SEEDS" --protocol "$p" >"$out/$p" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || true; done
violations=0
for p in "${protocols[@]}"; do
  grep -v ' seeds, [0-9]* violations$' "$out/$p" || true
  v=$(sed -n 's/^[0-9]* seeds, \([0-9]*\) violations$/\1/p' "$out/$p" | tail -n 1)
  if [ -z "$v" ]; then echo "sim: the $p run did not finish" >&2; violations=$((violations + 1)); else violations=$((violations + v)); fi
done
echo "$SEEDS seeds, $violations violations"
[ "$violations" -eq 0 ]
