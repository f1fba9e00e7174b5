#!/usr/bin/env python3
"""Renders the chat corpus with Python rich's Markdown at width 80 (truecolor) and prints MB/s (CPU time).

Usage: python3 rich_bench.py [replies.json] [min_seconds]
Prints one line: `rich <version> MB/s <best round> bytes <n> seconds <t>`.
"""
import io
import json
import sys
import time

try:
    import rich
    from importlib.metadata import version
    from rich.console import Console
    from rich.markdown import Markdown
except ImportError:
    print("rich unavailable (pip install rich)")
    sys.exit(2)

path = sys.argv[1] if len(sys.argv) > 1 else "Resources/bench/replies.json"
min_seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
with open(path, encoding="utf-8") as handle:
    replies = json.load(handle)
corpus_bytes = sum(len(r.encode()) for r in replies)

buffer = io.StringIO()
console = Console(file=buffer, width=80, force_terminal=True, color_system="truecolor")


def one_pass():
    for reply in replies:
        buffer.seek(0)
        buffer.truncate()
        console.print(Markdown(reply))


one_pass()  # warm-up
# Like md-bench: several rounds of CPU time, the best round counts (least disturbed by other load).
rounds = 5
best = 0.0
total_bytes = 0
total_seconds = 0.0
for _ in range(rounds):
    passes = 0
    start = time.process_time()
    while True:
        one_pass()
        passes += 1
        elapsed = time.process_time() - start
        if elapsed >= min_seconds / rounds:
            break
    best = max(best, corpus_bytes * passes / elapsed / 1e6)
    total_bytes += corpus_bytes * passes
    total_seconds += elapsed
print(f"rich {version('rich')} MB/s {best:.4f} bytes {total_bytes} seconds {total_seconds:.3f}")
