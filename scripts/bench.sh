#!/usr/bin/env bash
# Runs every benchmark that exists and prints its figures.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
for runner in Benchmarks/*/run.sh; do
    [[ -x "$runner" ]] || continue
    echo "== $runner"
    "$runner" || status=1
done
exit $status
