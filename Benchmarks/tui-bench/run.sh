#!/usr/bin/env bash
# TUI benchmarks: (1) in-process key -> doupdate latency (a small release package, no SwiftNIO);
# (2) the real helpline binary on a pseudo-terminal against `helpline serve`, side by side with
# weechat: key -> echo p50/p99 (idle with 10k messages, while a reply streams at ~100 tokens/s),
# RSS growth for 10k messages, start to first paint, idle wake-ups; (3) the terminal thread's
# instructions per typed key under callgrind (when valgrind is installed). Figures: docs/benchmarks.md.
# Options: --pty-only, --in-process-only; TUI_BENCH_KEYS (pty default 500), TUI_BENCH_MESSAGES.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mode="${1:-all}"

if [[ "$mode" != "--pty-only" ]]; then
    (cd "$here" && swift build -c release --product tui-bench 2>&1 | grep -E "error|warning: unre|Build" || true)
    (cd "$here" && TUI_BENCH_KEYS="${TUI_BENCH_IN_PROCESS_KEYS:-2000}" .build/release/tui-bench)
fi
[[ "$mode" == "--in-process-only" ]] && exit 0

# weechat is the comparison; install it when we can, else say how.
weechat_flag=()
if ! command -v weechat-curses >/dev/null && ! command -v weechat >/dev/null; then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        echo "tui-bench: installing weechat-curses for the comparison" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq weechat-curses >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq weechat-curses >/dev/null; } \
            || true
    fi
    if ! command -v weechat-curses >/dev/null && ! command -v weechat >/dev/null; then
        echo "tui-bench: weechat is not installed, its column is skipped; run: sudo apt-get install -y weechat-curses" >&2
        weechat_flag=(--no-weechat)
    fi
fi

cd "$root"
if ! log=$(swift build -c release --scratch-path .build-release --product helpline 2>&1); then
    echo "$log" | grep -E "error" | head -20 >&2
    echo "tui-bench: the release build of helpline failed" >&2
    exit 1
fi
python3 "$here/pty_bench.py" --helpline .build-release/release/helpline \
    --keys "${TUI_BENCH_KEYS:-500}" --messages "${TUI_BENCH_MESSAGES:-10000}" "${weechat_flag[@]}"

# (3) The terminal thread's instructions per key, counted by callgrind: steady where CPU time is not.
if command -v valgrind >/dev/null && command -v objcopy >/dev/null; then
    python3 "$here/key_instructions.py" --helpline .build-release/release/helpline
else
    echo "tui-bench: valgrind is not installed, instructions per key skipped; run: sudo apt-get install -y valgrind" >&2
fi
