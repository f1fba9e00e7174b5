#!/usr/bin/env bash
# Engine benchmarks (release build): ingest rate, reconnect time, half-open detection, idle CPU, one long streamed reply.
# Pass --quick for a shorter run. Figures are recorded in docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
build() {
    local log
    if ! log=$(swift build -c release --scratch-path .build-release --product "$1" 2>&1); then
        echo "$log" | grep -E "error" | head -20 >&2
        echo "engine-bench: the release build of $1 failed" >&2
        exit 1
    fi
}
build helpline
build helpline-bench
exec .build-release/release/helpline-bench "$@"
