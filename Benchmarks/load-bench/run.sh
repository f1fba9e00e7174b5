#!/usr/bin/env bash
# Load benchmark (release build): `helpline script` against `helpline serve` on this machine at
# several concurrency levels. Each level is an open-model run of customer.hls (about 54 s per chat)
# at N/54 chats per second, so about N chats are open at once once it has warmed up.
# Prints, per level: chats completed per second, CPU per chat and RSS per open chat for the client
# and the server, reply latency and the client's own added latency (frame arrival → expect match).
# Usage: run.sh [LEVEL…]   (default 100 1000 2000 5000). Figures are recorded in docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
levels=("$@")
[[ ${#levels[@]} -gt 0 ]] || levels=(100 1000 2000 5000)
if ! log=$(swift build -c release --scratch-path .build-release --product helpline 2>&1); then
    echo "$log" | grep -E "error" | head -20 >&2
    echo "load-bench: the release build failed" >&2
    exit 1
fi
helpline=.build-release/release/helpline
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
# The client's resident size with one chat, subtracted before dividing by the chats open at once.
"$helpline" serve --port 0 > "$work/serve.txt" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "^listening on" "$work/serve.txt" 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$work/serve.txt")
/usr/bin/time -f "%M" -o "$work/base.txt" "$helpline" script Resources/scripts/greeting-and-hours.hls \
    --start-url "$base/Prod" --endpoint-url "$base" > /dev/null 2>&1 || true
kill "$server"; wait "$server" 2>/dev/null || true
client_base=$(cat "$work/base.txt")
echo "client resident size with one chat: $((client_base / 1024)) MiB"
printf '%-6s %-7s %-9s %-10s %-10s %-12s %-12s %-10s %-10s %-10s %-7s %-7s\n' \
    level peak chats/s "cli ms/ch" "srv ms/ch" "cli KB/ch" "srv KB/ch" "reply p50" "reply p99" "added p99" failed dropped
for level in "${levels[@]}"; do
    "$helpline" serve --port 0 > "$work/serve.txt" 2>&1 &
    server=$!
    for _ in $(seq 100); do grep -q "^listening on" "$work/serve.txt" 2>/dev/null && break; sleep 0.1; done
    base=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$work/serve.txt")
    server_rss0=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")
    rate=$(python3 -c "print(round($level / 54, 2))")
    /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" "$helpline" script Benchmarks/load-bench/customer.hls \
        --start-url "$base/Prod" --endpoint-url "$base" --rate "$rate/s" --duration 90s --concurrency 10000 \
        --summary "$work/summary.json" > "$work/out.txt" 2> "$work/err.txt" || true
    read -r server_ticks < <(awk '{print $14 + $15}' "/proc/$server/stat")
    server_hwm=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
    kill "$server"; wait "$server" 2>/dev/null || true
    python3 - "$level" "$work/time.txt" "$work/summary.json" "$server_ticks" "$server_hwm" "$server_rss0" "$client_base" <<'PY'
import json, os, sys
level, time_file, summary_file, ticks, hwm, rss0, client_rss_base = sys.argv[1:]
client_rss_base = float(client_rss_base)
elapsed, user, system, max_rss = map(float, open(time_file).read().split()[:4])
summary = json.load(open(summary_file))
counts = summary["counts"]
done = counts["passed"] + counts["failed"]
peak = summary["peak_running"]
hz = os.sysconf("SC_CLK_TCK")
figures = [
    level, peak, f"{done / (summary['duration_ms'] / 1000):.1f}",
    f"{(user + system) * 1000 / max(done, 1):.2f}", f"{float(ticks) / hz * 1000 / max(done, 1):.2f}",
    f"{(max_rss - client_rss_base) / max(peak, 1):.0f}", f"{(float(hwm) - float(rss0)) / max(peak, 1):.0f}",
    f"{summary['reply'].get('p50_ms', 0):.0f} ms", f"{summary['reply'].get('p99_ms', 0):.0f} ms",
    f"{summary['added'].get('p99_ms', 0):.1f} ms", counts["failed"], counts["dropped"],
]
print("%-6s %-7s %-9s %-10s %-10s %-12s %-12s %-10s %-10s %-10s %-7s %-7s" % tuple(figures))
PY
done
