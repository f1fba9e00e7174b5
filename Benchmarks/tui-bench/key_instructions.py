#!/usr/bin/env python3
"""Instructions per typed key on the full-screen client's terminal thread, counted by callgrind.

A key's CPU time on this machine moves by a fifth between runs (frequency, caches, neighbours); the
instructions it runs do not (±2 % here). So this is the figure to compare two builds by when the
work per key is what changed: it counts everything the terminal thread runs for a key — reading it,
the echo, the reducer, the frame, the painter and ncurses — and nothing else.

How: `helpline serve` (the bench flow, as pty_bench.py) and `helpline connect` under
`valgrind --tool=callgrind --instr-atstart=no` on a pty; after start-up and 20 keys to warm up,
instrumentation is switched on for `--keys` keys typed one at a time (a human pace, so each is its
own turn), then off, and the counts are dumped. The thread that ran the most instructions is the
terminal thread; the figure is its count divided by the keys. valgrind cannot read the release
build's compressed debug information, so a copy without it is made first (`objcopy --strip-debug`;
the symbol table stays, so `callgrind_annotate` on the kept file names the functions).

Usage: key_instructions.py --helpline BIN [--keys 100] [--messages 300] [--keep DIR]
Needs valgrind and binutils (Debian: `apt-get install valgrind binutils`).
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_bench  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--helpline", required=True)
    parser.add_argument("--keys", type=int, default=100)
    parser.add_argument("--messages", type=int, default=300, help="bot messages loaded before typing")
    parser.add_argument("--keep", help="copy the callgrind file of the terminal thread here")
    args = parser.parse_args()
    for tool in ("valgrind", "callgrind_control", "objcopy"):
        if not shutil.which(tool):
            sys.exit(f"key_instructions: {tool} is not installed (apt-get install valgrind binutils)")
    binary = os.path.abspath(args.helpline)
    work = tempfile.mkdtemp(prefix="helpline-keys-")
    try:
        stripped = os.path.join(work, "helpline")
        subprocess.run(["objcopy", "--strip-debug", binary, stripped], check=True)
        out = os.path.join(work, "callgrind.%p")
        wrapper = os.path.join(work, "helpline-under-callgrind")
        with open(wrapper, "w") as f:
            f.write("#!/bin/sh\n"
                    f"if [ \"$1\" = connect ]; then exec valgrind --tool=callgrind --instr-atstart=no "
                    f"--separate-threads=yes --callgrind-out-file={out} '{stripped}' \"$@\"; fi\n"
                    f"exec '{binary}' \"$@\"\n")
        os.chmod(wrapper, 0o755)
        bench = argparse.Namespace(helpline=wrapper, messages=args.messages, stream_words=100, idle_seconds=0.5,
                                   client_arg=[], trace=False, keys=args.keys, rounds=1)
        client = pty_bench.HelplineClient(bench, work)
        try:
            client.start()
            client.term.drain(1.0, limit=20)
            pty_bench.key_latencies(client.term, 20, pace=(0.05, 0.06))
            client.term.drain(1.0, limit=5)
            subprocess.run(["callgrind_control", "--instr=on"], capture_output=True, check=False)
            pty_bench.key_latencies(client.term, args.keys, pace=(0.05, 0.06))
            subprocess.run(["callgrind_control", "--instr=off"], capture_output=True, check=False)
            client.term.drain(0.5, limit=5)
            subprocess.run(["callgrind_control", "--dump"], capture_output=True, check=False)
            time.sleep(2)
        finally:
            client.stop()
        counts = {}
        for path in glob.glob(os.path.join(work, "callgrind.*")):
            with open(path) as f:
                for line in f:
                    if line.startswith("totals:"):
                        counts[path] = int(line.split()[1])
                        break
        if not counts or max(counts.values()) == 0:
            sys.exit("key_instructions: callgrind counted nothing (was instrumentation switched on?)")
        busiest = max(counts, key=counts.get)
        print(f"terminal thread: {counts[busiest] // args.keys} instructions per key "
              f"({counts[busiest]} for {args.keys} keys, {args.messages} messages loaded)")
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            shutil.copy(busiest, os.path.join(args.keep, "terminal-thread.callgrind"))
            shutil.copy(stripped, os.path.join(args.keep, "helpline"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
