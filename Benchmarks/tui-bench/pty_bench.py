#!/usr/bin/env python3
"""Key-to-echo latency of the real `helpline` binary in a pseudo-terminal, side by side with weechat.

Starts `helpline serve` (the demo contact center, its own process) with a bench flow, then runs
`helpline connect` on a pty of 100x30 and measures, on the pty's output stream:

  * start to first paint: from spawning the client to the first frame with the connected
    status bar and the composer (this includes starting the chat and opening the socket);
  * RSS growth of the client after 10,000 bot messages arrived (through the real socket,
    engine and UI: the flow sends them when the customer types "preload");
  * key -> echo: a key ('z', which no message contains) is written to the pty and the clock
    stops when a 'z' appears in the output; (a) with the 10,000 messages loaded, idle,
    (b) while a streamed reply arrives at ~100 tokens/s (one word a chunk, 10 ms apart).

weechat runs in the same harness holding 10,000 lines in its core buffer (printed by a small
Python script), then printing one line every 10 ms for (b).

Both clients run at once and take turns: each scenario is typed in rounds, the client going first
alternating, so a change in the machine's load falls on both alike. In (b) each round starts a
streamed reply for the client being measured and waits for it to end before the other's turn.

A third program takes its turns with them: the floor (floor_echo.py), which writes each key back
at once and draws nothing. Its p99 is what the machine adds to every client's; a client's tail
cannot be ranked against another's below it.

Usage: pty_bench.py --helpline BIN [--keys 500] [--rounds 5] [--messages 10000] [--no-weechat] [--no-floor] [--json FILE]
       pty_bench.py --pool FILE [FILE...]   (pools the key samples of several --json files)

The p99 of a few hundred keys is set by a handful of slow wake-ups, so one run cannot say which
client has the better tail; `--json` keeps every sample, and `--pool` pools the runs' samples and
gives a bootstrap 95 % interval for the difference of the two clients' p50 and p99.
"""
import argparse
import fcntl
import json
import os
import pty
import random
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROWS, COLS = 30, 100
KEY = b"z"
# Words without the key letter, so the only 'z' on the screen is the one typed.
WORDS = ("order status parcel delivery tracking number refund account payment invoice support agent "
         "shipping address update replacement warranty return label window courier depot schedule").split()


def now():
    return time.perf_counter()


class Pty:
    """A child process on a pseudo-terminal; everything it writes is read and kept."""

    def __init__(self, argv, env, cwd):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.started = now()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        os.set_blocking(self.master, False)
        self.output = bytearray()

    def read(self, timeout):
        """Reads what is there within `timeout` seconds; returns the new bytes."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            data = os.read(self.master, 1 << 16)
        except (BlockingIOError, OSError):
            return b""
        self.output += data
        return data

    def wait_for(self, pattern, timeout, since=0):
        """Reads until `pattern` (bytes regex) occurs in the output after offset `since`."""
        deadline = now() + timeout
        regex = re.compile(pattern)
        while now() < deadline:
            if regex.search(self.output, since):
                return True
            self.read(deadline - now())
        return bool(regex.search(self.output, since))

    def drain(self, quiet, limit=30.0):
        """Reads until nothing arrived for `quiet` seconds (or `limit` passed)."""
        deadline = now() + limit
        while now() < deadline:
            if not self.read(quiet):
                return

    def write(self, data):
        os.write(self.master, data)

    def rss_kib(self, pid=None, field="VmRSS"):
        try:
            with open(f"/proc/{pid or self.proc.pid}/status") as status:
                for line in status:
                    if line.startswith(field + ":"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def rss_parts(self):
        """The resident size split (MiB): anonymous memory (heap, stacks), and pages of mapped files
        (the executable, the shared libraries: shared with other processes, given back under pressure)."""
        return {"rss_anon_mib": round(self.rss_kib(field="RssAnon") / 1024, 1),
                "rss_file_mib": round(self.rss_kib(field="RssFile") / 1024, 1)}

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        os.close(self.master)


def idle_usage(term, seconds):
    """Wake-ups (context switches of the threads alive throughout) per second and CPU % of one core while idle."""
    names = {}

    def sample():
        switches = {}
        for task in os.listdir(f"/proc/{term.proc.pid}/task"):
            try:
                with open(f"/proc/{term.proc.pid}/task/{task}/comm") as comm:
                    names[task] = comm.read().strip()
                with open(f"/proc/{term.proc.pid}/task/{task}/status") as status:
                    switches[task] = sum(int(line.split()[1]) for line in status
                                         if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
            except OSError:
                pass
        with open(f"/proc/{term.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return switches, int(fields[11]) + int(fields[12])
    ticks = os.sysconf("SC_CLK_TCK")
    switches0, cpu0 = sample()
    started = now()
    while now() - started < seconds:
        term.read(seconds - (now() - started))
    switches1, cpu1 = sample()
    elapsed = now() - started
    woke = sum(switches1[t] - switches0[t] for t in switches0 if t in switches1)
    # Per thread name (a pool's threads share one), so a trace can say who wakes.
    by_thread = {}
    for t in switches0:
        if t in switches1:
            by_thread[names.get(t, "?")] = by_thread.get(names.get(t, "?"), 0) + switches1[t] - switches0[t]
    return {"wakeups_per_s": round(woke / elapsed, 1),
            "cpu_percent": round((cpu1 - cpu0) / ticks / elapsed * 100, 2), "seconds": round(elapsed, 1),
            "threads": len(switches1),
            "by_thread_per_s": {name: round(n / elapsed, 2) for name, n in sorted(by_thread.items()) if n}}


def key_latencies(term, count, clear_every=40, pace=(0.02, 0.04), marks=None):
    """Writes `count` keys one at a time; milliseconds from each write to its echo. With `marks`
    (a list), appends (write, echo seen) perf_counter times for each key."""
    samples = []
    typed = 0
    for _ in range(count):
        if typed == clear_every:
            term.write(b"\x15")  # Ctrl-U: empty the draft again
            term.drain(0.05, limit=0.5)
            typed = 0
        mark = len(term.output)
        start = now()
        term.write(KEY)
        deadline = start + 2.0
        while now() < deadline:
            if term.output.find(KEY, mark) >= 0:
                break
            term.read(deadline - now())
        end = now()
        if term.output.find(KEY, mark) < 0:
            raise RuntimeError("no echo within 2 s")
        samples.append((end - start) * 1000)
        if marks is not None:
            marks.append((start, end))
        typed += 1
        # Human-ish typing: read (and so keep the terminal flowing) for a moment before the next key.
        pause_until = now() + random.uniform(*pace)
        while now() < pause_until:
            term.read(pause_until - now())
    term.write(b"\x15")
    return samples


def percentile(ordered, p):
    """The p-th percentile of an ascending list (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(samples):
    ordered = sorted(samples)
    return {"n": len(samples), "p50": round(percentile(ordered, 50), 3), "p99": round(percentile(ordered, 99), 3),
            "max": round(ordered[-1], 3),
            "mean": round(statistics.fmean(samples), 3)}


def bench_flow(messages, stream_words):
    lines = []
    for n in range(1, messages + 1):
        words = " ".join(WORDS[(n * 7 + i) % len(WORDS)] for i in range(8 + n % 9))
        text = f"Message {n}: {words}." if n % 4 else f"Message {n}: **{WORDS[n % len(WORDS)]}** update\n\n- {words}\n- done"
        lines.append({"say": text, "as": "bot", "typing": False, "contentType": "text/markdown" if n % 4 == 0 else "text/plain"})
    lines.append({"say": "Preload complete.", "as": "bot", "typing": False})
    # A long markdown reply as an assistant writes one: paragraphs of 40 words, now and then a list.
    parts = []
    for i in range(0, stream_words, 40):
        words = " ".join(WORDS[(i + j) % len(WORDS)] for j in range(min(40, stream_words - i)))
        parts.append(f"- {words}" if (i // 40) % 5 == 4 else words)
    stream = "stream-begin " + "\n\n".join(parts) + " stream-end"
    return {
        "name": "bench", "description": "pty latency benchmark",
        "participants": {"bot": {"role": "CUSTOM_BOT", "displayName": "Bench Bot"},
                         "lex": {"role": "SYSTEM", "displayName": "BOT"}},
        "initialState": "bot",
        "onStart": [{"join": "bot"}, {"say": "Bench ready.", "as": "bot", "typing": False}],
        "states": {"bot": {"responder": "bot", "rules": [
            {"keywords": ["preload"], "steps": lines},
            {"keywords": ["stream"], "steps": [{"stream": stream, "as": "lex", "chunkWords": 1, "contentType": "text/markdown"}]},
        ], "fallback": []}},
    }


class StreamingClient:
    """A client on a pty that streams a reply when asked; its output marks where the stream
    begins and ends."""
    stream_begin = rb"stream-begin"
    stream_end = b"stream-end"

    def stream_request(self):
        raise NotImplementedError

    def start_stream(self):
        """Asks for a streamed reply and waits for its first chunk; returns an output mark."""
        mark = len(self.term.output)
        self.term.write(self.stream_request())
        if not self.term.wait_for(self.stream_begin, 10, since=mark):
            raise RuntimeError(f"{self.name}'s stream did not start")
        return mark

    def stream_ended(self, mark):
        return self.stream_end in self.term.output[mark:]

    def finish_stream(self, mark):
        """Waits for the streamed reply to end (so the other client is measured without it)."""
        self.term.wait_for(re.escape(self.stream_end), 120, since=mark)
        self.term.drain(0.3)


class HelplineClient(StreamingClient):
    """`helpline serve` plus `helpline connect` on a pty; the bench flow preloads and streams."""
    name = "helpline"

    def __init__(self, args, work):
        self.args, self.work = args, work
        self.server = None
        self.term = None
        self.trace_path = os.path.join(work, "key-trace.txt")

    def start(self):
        """Starts the server and the client, preloads the messages; returns first paint, idle use, RSS."""
        args, work = self.args, self.work
        flows = os.path.join(work, "flows")
        os.makedirs(flows, exist_ok=True)
        with open(os.path.join(flows, "bench.json"), "w") as f:
            json.dump(bench_flow(args.messages, args.stream_words), f)
        env = dict(os.environ, HOME=work, XDG_STATE_HOME=os.path.join(work, "state"),
                   XDG_CONFIG_HOME=os.path.join(work, "config"), TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("COLORTERM", None)
        env.pop("NO_COLOR", None)
        if args.trace:
            env["HELPLINE_KEY_TRACE"] = self.trace_path
        self.server = subprocess.Popen(
            [args.helpline, "serve", "--flows", flows, "--flow", "bench", "--reply-delay", "40"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        base = None
        for line in self.server.stdout:
            match = re.search(r"listening on (http://\S+)", line)
            if match:
                base = match.group(1)
                break
        if not base:
            raise RuntimeError("helpline serve did not start")
        term = self.term = Pty([args.helpline, "connect", "--start-url", base + "/Prod", "--endpoint-url", base,
                                "--display-name", "Bench", "--new"] + args.client_arg, env, work)
        result = {}
        if not term.wait_for(rb"(?s)(?=.*connected)(?=.*Message)", 30):
            raise RuntimeError("no first paint: " + term.output[-500:].decode(errors="replace"))
        result["first_paint_ms"] = round((now() - term.started) * 1000, 1)
        term.wait_for(rb"Bench ready", 10)
        term.drain(1.0)
        result["idle_usage"] = idle_usage(term, args.idle_seconds)
        rss0 = term.rss_kib()
        anon0 = term.rss_kib(field="RssAnon")
        mark = len(term.output)
        loaded_at = now()
        term.write(b"preload\r")
        if not term.wait_for(rb"Preload complete", 300, since=mark):
            raise RuntimeError("the preload did not finish")
        result["preload_s"] = round(now() - loaded_at, 2)
        term.drain(1.0)
        return result | rss_figures(rss0, term.rss_kib(), anon0, term.rss_kib(field="RssAnon")) | term.rss_parts()

    def stream_request(self):
        return b"stream\r"

    def stop(self):
        if self.term:
            self.term.stop()
        if self.server:
            self.server.terminate()
            self.server.wait(10)


def rss_figures(before_kib, after_kib, anon_before_kib, anon_after_kib):
    return {"rss_before_mib": round(before_kib / 1024, 1), "rss_after_mib": round(after_kib / 1024, 1),
            "rss_growth_mib": round((after_kib - before_kib) / 1024, 1),
            "rss_anon_growth_mib": round((anon_after_kib - anon_before_kib) / 1024, 1)}


# A key echoed ahead of its frame is seen after the echo; any other key after its frame is drawn.
ECHO_STAGES = ("write->wake", "wake->read", "read->echoed", "echoed->seen")
FRAME_STAGES = ("write->wake", "wake->read", "read->reduced", "reduced->built", "built->drawn", "drawn->seen")
STAGES = ECHO_STAGES + FRAME_STAGES[2:]


def read_trace(path):
    """The client's key-path trace (HELPLINE_KEY_TRACE): one tuple of CLOCK_MONOTONIC seconds per key
    frame (wake, read, echoed, reduced, built, drawn; echoed is 0 when no echo went ahead)."""
    frames = []
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("#") or line.startswith("T "):  # a comment, or a turn's line
                    continue
                values = [int(v) / 1e9 for v in line.split()]
                if len(values) != 6:  # keys read but no frame drawn: not an echo
                    continue
                frames.append(tuple(values))
    except OSError:
        pass
    return frames


def read_turns(path):
    """Every loop turn of the client's trace: (woke, done) in CLOCK_MONOTONIC seconds, in order."""
    turns = []
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("T "):  # T wake [reduced [built [drawn]]] end
                    fields = line.split()
                    woke, done = fields[1], fields[-1]
                    turns.append((int(woke) / 1e9, int(done) / 1e9))
    except (OSError, ValueError):
        pass
    return sorted(turns)


def turn_at(turns, starts, moment):
    """The turn (woke, done) the loop was in at `moment`, or None; `starts` are the turns' wake times."""
    import bisect
    i = bisect.bisect_right(starts, moment) - 1
    return turns[i] if i >= 0 and turns[i][0] <= moment <= turns[i][1] else None


def key_stages(frames, wakes, start, end):
    """The stages (ms, by name) of the key written at `start` and seen at `end`, from the first traced
    frame that woke after the write: up to its echo when one went ahead (`echoed->seen` is negative
    when the harness read it before the client took the time), else up to the drawn frame; None when
    there is no such frame or its frame was drawn after the harness saw the key (not the echo it saw)."""
    import bisect
    i = bisect.bisect_left(wakes, start)
    if i >= len(frames):
        return None
    wake, read, echoed, reduced, built, drawn = frames[i]
    if echoed:
        names, points = ECHO_STAGES, (start, wake, read, echoed, end)
    elif drawn <= end:
        names, points = FRAME_STAGES, (start, wake, read, reduced, built, drawn, end)
    else:
        return None
    return {name: (b - a) * 1000 for name, (a, b) in zip(names, zip(points, points[1:]))}


def during_turns(marks, turns):
    """How many keys were written while the loop was in a turn (they waited for it to end)."""
    starts = [t[0] for t in turns]
    return sum(1 for start, _ in marks if turn_at(turns, starts, start))


def tail(marks, turns, frames, share=0.01):
    """The slowest `share` of the keys: each one's latency (ms), its stages when its frame is in the
    trace, and, if it was written while the loop was in a turn, how long it waited for that turn to
    end and how long the turn was."""
    starts = [t[0] for t in turns]
    wakes = [f[0] for f in frames]
    slowest = sorted(marks, key=lambda m: m[1] - m[0], reverse=True)[:max(1, int(len(marks) * share))]
    rows = []
    for start, end in slowest:
        row = {"ms": round((end - start) * 1000, 3)}
        found = key_stages(frames, wakes, start, end)
        if found:
            row["stages"] = {name: round(v, 3) for name, v in found.items()}
        turn = turn_at(turns, starts, start)
        if turn:
            row["waited_ms"] = round((turn[1] - start) * 1000, 3)
            row["turn_ms"] = round((turn[1] - turn[0]) * 1000, 3)
        rows.append(row)
    return rows


def stages(marks, frames):
    """p50 of each stage of the key path (ms): for each key, the first traced frame that woke after its write."""
    wakes = [f[0] for f in frames]
    per_stage = {name: [] for name in STAGES}
    for start, end in marks:
        for name, value in (key_stages(frames, wakes, start, end) or {}).items():
            per_stage[name].append(value)
    return {name: round(statistics.median(v), 3) if v else None for name, v in per_stage.items()} | {
        "matched": len(per_stage[STAGES[0]]), "echoed_ahead": len(per_stage["echoed->seen"])}


WEECHAT_SCRIPT = r'''
import weechat
weechat.register("bench", "helpline", "1.0", "MIT", "pty bench", "", "")
WORDS = %(words)r
state = {"n": 0}

def load(data, buffer, args):
    count = int(args or "10000")
    for n in range(1, count + 1):
        words = " ".join(WORDS[(n * 7 + i) %% len(WORDS)] for i in range(8 + n %% 9))
        weechat.prnt("", "Message %%d: %%s." %% (n, words))
    weechat.prnt("", "Preload complete.")
    return weechat.WEECHAT_RC_OK

def tick(data, remaining):
    state["n"] += 1
    weechat.prnt("", "%%s" %% WORDS[state["n"] %% len(WORDS)])
    if int(remaining) == 0:
        weechat.prnt("", "BOT stream ends")
    return weechat.WEECHAT_RC_OK

def stream(data, buffer, args):
    weechat.prnt("", "BOT stream starts")
    weechat.hook_timer(10, 0, int(args or "4000"), "tick", "")
    return weechat.WEECHAT_RC_OK

weechat.hook_command("benchload", "print lines", "", "", "", "load", "")
weechat.hook_command("benchstream", "print a line every 10 ms", "", "", "", "stream", "")
'''


class WeechatClient(StreamingClient):
    """weechat on a pty holding the same number of lines; a script prints the lines and the stream."""
    name = "weechat"
    stream_begin = rb"stream starts"
    stream_end = b"stream ends"

    def __init__(self, args, work, binary):
        self.args, self.work, self.binary = args, work, binary
        self.term = None

    def start(self):
        args, work = self.args, self.work
        home = os.path.join(work, "weechat")
        os.makedirs(os.path.join(home, "python", "autoload"), exist_ok=True)
        with open(os.path.join(home, "python", "autoload", "bench.py"), "w") as f:
            f.write(WEECHAT_SCRIPT % {"words": WORDS})
        env = dict(os.environ, HOME=work, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("COLORTERM", None)
        commands = "/set weechat.history.max_buffer_lines_number 0;/set weechat.history.max_buffer_lines_minutes 0"
        term = self.term = Pty([self.binary, "-d", home, "-P", "python", "-r", commands], env, work)
        result = {}
        if not term.wait_for(rb"weechat", 30):
            raise RuntimeError("weechat did not paint")
        term.drain(0.3)
        result["first_paint_ms"] = round((now() - term.started) * 1000, 1)
        term.drain(1.0)
        result["idle_usage"] = idle_usage(term, args.idle_seconds)
        rss0 = term.rss_kib()
        anon0 = term.rss_kib(field="RssAnon")
        mark = len(term.output)
        term.write(b"/benchload %d\r" % args.messages)
        if not term.wait_for(rb"Preload complete", 120, since=mark):
            raise RuntimeError("weechat did not print the lines")
        term.drain(1.0)
        return result | rss_figures(rss0, term.rss_kib(), anon0, term.rss_kib(field="RssAnon")) | term.rss_parts()

    def stream_request(self):
        return b"/benchstream %d\r" % self.args.stream_words

    def stop(self):
        if self.term:
            self.term.write(b"/quit\r")
            time.sleep(0.2)
            self.term.stop()


class FloorClient(StreamingClient):
    """`floor_echo.py` on a pty: writes each key back at once and draws nothing. What it measures is
    what the machine adds to any client's key -> echo; its stream prints a word every 10 ms."""
    name = "floor"

    def __init__(self, args, work):
        self.args, self.work = args, work
        self.term = None

    def start(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floor_echo.py")
        env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self.term = Pty([sys.executable, script, str(self.args.stream_words)], env, self.work)
        if not self.term.wait_for(rb"floor ready", 10):
            raise RuntimeError("the floor echo did not start")
        return {}

    def stream_request(self):
        return b"stream\r"

    def stop(self):
        if self.term:
            self.term.stop()


def thread_cpu_ns(pid):
    """CPU time each thread of `pid` has run so far (ns, from /proc/PID/task/TID/schedstat)."""
    times = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                times[task] = int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return times


def measure(clients, args):
    """Key -> echo for every client, idle and then while each streams a reply, in rounds that
    alternate which client goes first (ABBA...), so a change in the machine's load during the run
    falls on all of them alike. Only the client being measured streams. Also the CPU time per key
    of the client's busiest thread (the one drawing), user and kernel, median over the rounds:
    less noisy than latency, and it counts the work done after the echo too."""
    per_round = max(1, args.keys // args.rounds)
    samples = {c.name: {"idle": [], "streaming": []} for c in clients}
    rounds = {c.name: {"idle": [], "streaming": []} for c in clients}
    marks = {"idle": [], "streaming": []}
    cpu = {c.name: {"idle": [], "streaming": []} for c in clients}
    # Bytes the client wrote to the terminal from the stream's start to its end, keys' echoes and
    # frames included (what a slow link carries).
    streamed_bytes = {c.name: [] for c in clients}
    outlasted = True
    for scenario in ("idle", "streaming"):
        for r in range(args.rounds):
            for client in (clients if r % 2 == 0 else list(reversed(clients))):
                client.term.drain(0.3, limit=2.0)
                stream_mark = client.start_stream() if scenario == "streaming" else None
                trace_marks = marks[scenario] if client.name == "helpline" else None
                before = thread_cpu_ns(client.term.proc.pid)
                got = key_latencies(client.term, per_round, marks=trace_marks)
                after = thread_cpu_ns(client.term.proc.pid)
                busiest = max((after[t] - before.get(t, 0) for t in after), default=0)
                cpu[client.name][scenario].append(busiest / per_round / 1000)
                if stream_mark is not None:
                    outlasted = outlasted and not client.stream_ended(stream_mark)
                    client.finish_stream(stream_mark)
                    streamed_bytes[client.name].append(len(client.term.output) - stream_mark)
                samples[client.name][scenario] += got
                rounds[client.name][scenario].append(round(summary(got)["p50"], 3))
    results = {}
    for client in clients:
        results[client.name] = {scenario: summary(values) | {
            "samples": [round(v, 4) for v in values],
            "round_p50s": rounds[client.name][scenario],
            "cpu_us_per_key": round(statistics.median(cpu[client.name][scenario]), 1)}
            for scenario, values in samples[client.name].items()}
        if streamed_bytes[client.name]:
            results[client.name]["streaming"]["kib_per_stream"] = round(
                statistics.median(streamed_bytes[client.name]) / 1024, 1)
    return results, marks, outlasted


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--helpline")
    parser.add_argument("--keys", type=int, default=500)
    parser.add_argument("--messages", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=5,
                        help="key batches per scenario; the clients take turns, the first alternating")
    parser.add_argument("--stream-words", type=int, default=800,
                        help="words (helpline) or lines (weechat) of each round's streamed reply, one per 10 ms")
    parser.add_argument("--idle-seconds", type=float, default=10)
    parser.add_argument("--no-weechat", action="store_true")
    parser.add_argument("--no-floor", action="store_true",
                        help="leave out the floor (floor_echo.py: a program that only echoes keys, in the same rounds)")
    parser.add_argument("--client-arg", action="append", default=[], help="an extra argument for helpline connect (repeatable)")
    parser.add_argument("--json")
    parser.add_argument("--pool", nargs="+", metavar="FILE",
                        help="print the pooled key -> echo figures of earlier --json runs and exit")
    parser.add_argument("--trace", action="store_true",
                        help="have helpline time its key path (HELPLINE_KEY_TRACE) and print the p50 of each stage, "
                             "and how many keys came while its loop was in a turn")
    parser.add_argument("--keep-trace", metavar="FILE", help="with --trace, copy helpline's key-path trace to FILE")
    args = parser.parse_args()
    if args.pool:
        sys.exit(pool_report(args.pool))
    if not args.helpline:
        parser.error("--helpline BIN is required (or --pool FILE...)")
    args.helpline = os.path.abspath(args.helpline)
    random.seed(1)
    work = tempfile.mkdtemp(prefix="helpline-pty-bench-")
    results = {"keys": args.keys, "rounds": args.rounds, "messages": args.messages,
               "load_before": [round(x, 1) for x in os.getloadavg()]}
    clients = [HelplineClient(args, work)]
    weechat_binary = None if args.no_weechat else shutil.which("weechat-curses") or shutil.which("weechat")
    if args.no_weechat:
        results["weechat"] = "skipped (--no-weechat)"
    elif not weechat_binary:
        results["weechat"] = "skipped (weechat is not installed: apt-get install weechat-curses)"
    else:
        clients.append(WeechatClient(args, work, weechat_binary))
    if not args.no_floor:
        clients.append(FloorClient(args, work))
    try:
        for client in clients:
            results[client.name] = client.start()
        latencies, marks, outlasted = measure(clients, args)
        for client in clients:
            results[client.name] |= latencies[client.name]
            results[client.name]["rss_end_mib"] = round(client.term.rss_kib() / 1024, 1)
        results["helpline"]["stream_outlasted_typing"] = outlasted
        if not outlasted:
            print("warning: a stream ended before its round's keys did; raise --stream-words", file=sys.stderr)
    finally:
        for client in clients:
            client.stop()
        if args.trace:
            if args.keep_trace:
                shutil.copyfile(clients[0].trace_path, args.keep_trace)
            frames = read_trace(clients[0].trace_path)
            turns = read_turns(clients[0].trace_path)
            results["helpline"]["stages"] = {
                scenario: stages(marks[scenario], frames) | {"during_a_turn": during_turns(marks[scenario], turns),
                                                   "tail": tail(marks[scenario], turns, frames)}
                for scenario in marks}
        shutil.rmtree(work, ignore_errors=True)
    results["load_after"] = [round(x, 1) for x in os.getloadavg()]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    for client in clients:
        for scenario in ("idle", "streaming"):
            results[client.name][scenario].pop("samples", None)
    print_table(results)


def bootstrap_difference(a, b, p, resamples=1000, rng=None):
    """95 % bootstrap interval of percentile p of `a` minus that of `b` (each resampled alone)."""
    rng = rng or random.Random(7)
    diffs = sorted(percentile(sorted(rng.choices(a, k=len(a))), p) - percentile(sorted(rng.choices(b, k=len(b))), p)
                   for _ in range(resamples))
    return diffs[int(0.025 * (resamples - 1))], diffs[int(0.975 * (resamples - 1))]


def pool_report(paths):
    """Pools the key samples of several `--json` runs; prints p50/p99 per client and scenario, how
    many runs each client's p99 was the lower, and the bootstrap interval of the difference."""
    runs = []
    for path in paths:
        try:
            with open(path) as f:
                run = json.load(f)
        except (OSError, ValueError) as error:
            print(f"pty_bench: cannot read {path}: {error}", file=sys.stderr)
            return 2
        if not all(isinstance(run.get(name), dict) and "samples" in run[name].get("idle", {})
                   for name in ("helpline", "weechat")):
            print(f"pty_bench: {path} has no key samples of both clients (made with --json, with weechat?)",
                  file=sys.stderr)
            return 2
        runs.append(run)
    print(f"pooled key->echo latency of {len(runs)} runs (ms)")
    for scenario in ("idle", "streaming"):
        pooled = {name: [v for run in runs for v in run[name][scenario]["samples"]] for name in ("helpline", "weechat")}
        h, w = (sorted(pooled[name]) for name in ("helpline", "weechat"))
        print(f"({scenario}) n = {len(h)} / {len(w)}")
        floor = sorted(v for run in runs if isinstance(run.get("floor"), dict) for v in run["floor"][scenario]["samples"])
        for p in (50, 99, 99.9):
            beside = f"   floor {percentile(floor, p):6.2f}" if floor else ""
            print(f"   p{p:<5} helpline {percentile(h, p):6.2f}   weechat {percentile(w, p):6.2f}{beside}")
        for p in (50, 99):
            low, high = bootstrap_difference(h, w, p)
            lower = sum(1 for run in runs if run["helpline"][scenario]["p" + str(p)] <= run["weechat"][scenario]["p" + str(p)])
            print(f"   p{p} helpline - weechat: 95 % interval [{low:+.2f}, {high:+.2f}] ms; "
                  f"helpline's p{p} the lower in {lower} of {len(runs)} runs")
    return 0


def print_table(results):
    print(f"pty key->echo latency, {results['keys']} keys per scenario in {results['rounds']} alternating rounds, "
          f"{results['messages']} messages loaded, 100x30")
    print(f"{'':30} {'helpline':>22} {'weechat':>22}")
    h, w = results["helpline"], results["weechat"]
    def cell(r, key):
        if not isinstance(r, dict) or key not in r:
            return "-"
        s = r[key]
        return f"p50 {s['p50']:.2f} p99 {s['p99']:.2f} ms"
    print(f"{'(a) idle, ' + str(results['messages']) + ' loaded':30} {cell(h, 'idle'):>22} {cell(w, 'idle'):>22}")
    print(f"{'(b) while streaming 100/s':30} {cell(h, 'streaming'):>22} {cell(w, 'streaming'):>22}")
    f = results.get("floor")
    if isinstance(f, dict):
        print(f"{'   floor (echo only): idle':30} {cell(f, 'idle'):>22}   streaming {cell(f, 'streaming')}")
    def cpu_cell(r, scenario):
        return f"{r[scenario]['cpu_us_per_key']:.0f} us" if isinstance(r, dict) and scenario in r else "-"
    print(f"{'CPU per key (busiest thread)':30} {'idle ' + cpu_cell(h, 'idle'):>22} {'idle ' + cpu_cell(w, 'idle'):>22}")
    print(f"{'':30} {'streaming ' + cpu_cell(h, 'streaming'):>22} {'streaming ' + cpu_cell(w, 'streaming'):>22}")
    def bytes_cell(r):
        s = r.get("streaming", {}) if isinstance(r, dict) else {}
        return f"{s['kib_per_stream']:.0f} KiB" if "kib_per_stream" in s else "-"
    # Not alike: helpline's stream is words wrapped into a growing message, weechat's whole lines.
    print(f"{'terminal output per stream':30} {bytes_cell(h):>22} {bytes_cell(w):>22}")
    for scenario in ("idle", "streaming"):
        def rounds(r):
            return " ".join(f"{v:.2f}" for v in r[scenario]["round_p50s"]) if isinstance(r, dict) and scenario in r else "-"
        print(f"{'   p50 per round, ' + scenario:30} {rounds(h):>22} {rounds(w):>22}")
        if isinstance(w, dict) and scenario in w:
            pairs = zip(h[scenario]["round_p50s"], w[scenario]["round_p50s"])
            ahead = sum(1 for a, b in pairs if a <= b)
            print(f"{'':30} helpline p50 <= weechat p50 in {ahead} of {len(w[scenario]['round_p50s'])} rounds")
    def val(r, key, unit):
        return f"{r[key]} {unit}" if isinstance(r, dict) and key in r else "-"
    print(f"{'start to first paint':30} {val(h, 'first_paint_ms', 'ms'):>22} {val(w, 'first_paint_ms', 'ms'):>22}")
    print(f"{'RSS growth, 10k messages':30} {val(h, 'rss_growth_mib', 'MiB'):>22} {val(w, 'rss_growth_mib', 'MiB'):>22}")
    print(f"{'   anonymous memory growth':30} {val(h, 'rss_anon_growth_mib', 'MiB'):>22} {val(w, 'rss_anon_growth_mib', 'MiB'):>22}")
    print(f"{'RSS after':30} {val(h, 'rss_after_mib', 'MiB'):>22} {val(w, 'rss_after_mib', 'MiB'):>22}")
    print(f"{'   of it anonymous':30} {val(h, 'rss_anon_mib', 'MiB'):>22} {val(w, 'rss_anon_mib', 'MiB'):>22}")
    print(f"{'   of it mapped files':30} {val(h, 'rss_file_mib', 'MiB'):>22} {val(w, 'rss_file_mib', 'MiB'):>22}")
    print(f"{'RSS at the end (after typing)':30} {val(h, 'rss_end_mib', 'MiB'):>22} {val(w, 'rss_end_mib', 'MiB'):>22}")
    def idle(r):
        if not isinstance(r, dict) or "idle_usage" not in r:
            return "-"
        u = r["idle_usage"]
        return f"{u['wakeups_per_s']}/s, {u['cpu_percent']}% CPU"
    print(f"{'idle wake-ups, CPU':30} {idle(h):>22} {idle(w):>22}")
    for name, r in (("helpline", h), ("weechat", w)):
        if isinstance(r, dict) and "idle_usage" in r:
            u = r["idle_usage"]
            parts = ", ".join(f"{k} {v}" for k, v in u.get("by_thread_per_s", {}).items())
            print(f"   {name}: {u.get('threads', '?')} threads; wake-ups a second by thread: {parts or 'none'}")
    if isinstance(w, str):
        print("weechat:", w)
    for scenario, values in (h.get("stages") or {}).items() if isinstance(h, dict) else ():
        slowest = values.get("tail", [])
        print(f"helpline key path p50, {scenario}: " + ", ".join(f"{k} {v}" for k, v in values.items() if k != "tail"))
        print(f"   slowest 1 %, {scenario}: " + ", ".join(
            f"{row['ms']:.2f}" + (" [" + " ".join(f"{k.split('->')[1]} {v:.2f}" for k, v in row["stages"].items()) + "]"
                                  if "stages" in row else "")
            + (f" (waited {row['waited_ms']:.2f} of a {row['turn_ms']:.2f} ms turn)" if "turn_ms" in row else "")
            for row in slowest))
    print(f"load average before {results['load_before']}, after {results['load_after']} ({os.cpu_count()} CPUs)")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
