#!/usr/bin/env bash
# Engine benchmarks (release build): ingest rate, reconnect time, half-open detection, idle CPU.
# Pass --quick for a shorter run. Figures are recorded in docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --scratch-path .build-release --product helpline >/dev/null
swift build -c release --scratch-path .build-release --product helpline-bench >/dev/null
exec .build-release/release/helpline-bench "$@"
