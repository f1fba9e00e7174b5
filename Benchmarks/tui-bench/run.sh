#!/usr/bin/env bash
# Builds and runs tui-bench in release mode (a small package: no SwiftNIO).
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product tui-bench 2>&1 | grep -E "error|warning: unre|Compiling|Build" || true
.build/release/tui-bench
