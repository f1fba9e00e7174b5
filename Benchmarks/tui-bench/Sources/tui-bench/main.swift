// tui-bench: client-added latency of the full-screen UI, key read -> doupdate() returned.
//
// Drives the real reducer, frame builder and curses painter (ncurses writing to /dev/null for
// an xterm-256color terminal of 100x30) with a 10,000-message transcript:
//   1. typing into the composer at the bottom of the transcript;
//   2. typing while a markdown reply streams in (one chunk per frame, ~100 tokens/s);
//   3. paging up through the transcript (layout of rows not seen before);
//   4. a resize (every visible row laid out again at the new width).
import CNcursesw
import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#endif

@TerminalActor
func main() {
    let messages = Int(ProcessInfo.processInfo.environment["TUI_BENCH_MESSAGES"] ?? "") ?? 10_000
    let keys = Int(ProcessInfo.processInfo.environment["TUI_BENCH_KEYS"] ?? "") ?? 2_000
    guard let out = fopen("/dev/null", "w"), let input = fopen("/dev/null", "r"),
        newterm("xterm-256color", out, input) != nil
    else {
        print("tui-bench: cannot start ncurses on /dev/null (is the xterm-256color terminfo installed?)")
        exit(1)
    }
    resize_term(30, 100)
    start_color()
    use_default_colors()
    defer { endwin() }

    let painter = CursesPainter(colorMode: .ansi256)
    var options = TerminalUIOptions(environment: [:])
    options.title = "bench"
    var state = UIState(options: options, palette: .standard, theme: .default)
    state.size = TerminalSize(rows: 30, columns: 100)
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let bot = Participant(id: "bot", name: "Helpline Bot", role: .bot)
    let me = Participant(id: "me", name: "Me", role: .customer)
    let markdown = "Here is **your order** `HL-1042`:\n\n- packed\n- shipped with *tracking*\n\n| Day | Hours |\n|---|---|\n| Mon | 8-20 |"
    // The engine's transcript: the UI is fed its updates, as a session publishes them.
    var transcript = Transcript()
    func publish() {
        for update in transcript.takeUpdates() { _ = Reducer.reduce(&state, .engine(.transcript(update)), now: t0) }
    }
    let setupStart = Date()
    for i in 0..<messages {
        let item: ChatItem
        if i % 2 == 0 {
            item = ChatItem(id: "m\(i)", time: t0.addingTimeInterval(Double(i)), sender: bot, kind: .message,
                            contentType: i % 4 == 0 ? "text/markdown" : "text/plain",
                            text: i % 4 == 0 ? markdown : "Plain reply number \(i), long enough to wrap once at a hundred columns, with 你好 and 👋 in it.")
        } else {
            item = ChatItem(id: "m\(i)", localId: "l\(i)", time: t0.addingTimeInterval(Double(i)), sender: me, kind: .message,
                            text: "question \(i)", delivery: .read)
        }
        transcript.merge(item, isOwn: item.sender.role == .customer)
        publish()
    }
    let setup = Date().timeIntervalSince(setupStart)

    func frame(_ now: Date) {
        painter.paint(FrameBuilder.build(state, now: now, palette: .standard))
        state.dirty = false
    }
    frame(t0)

    func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// Runs `step` `count` times; prints wall-clock and thread-CPU percentiles in milliseconds
    /// (CPU time leaves out preemption by other processes on a shared machine).
    func measure(_ label: String, count: Int, _ step: (Int) -> Void) {
        var wall: [Double] = []
        var cpu: [Double] = []
        let (hits, misses) = (state.view.cache.hits, state.view.cache.misses)
        for i in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPU()
            step(i)
            cpu.append(threadCPU() - cpuStart)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        wall.sort()
        cpu.sort()
        func pct(_ a: [Double], _ p: Double) -> Double { a[min(a.count - 1, Int(Double(a.count) * p))] }
        print(String(
            format: "%-44@ n=%5d  wall p50 %6.3f p99 %6.3f max %6.3f | cpu p50 %6.3f p99 %6.3f ms",
            label as NSString, count, pct(wall, 0.5), pct(wall, 0.99), wall.last ?? 0, pct(cpu, 0.5), pct(cpu, 0.99)))
        // The work done, which load does not change: rows laid out and rows found laid out, per step.
        print(String(
            format: "%-44@ rows laid out %.1f, reused %.1f per step",
            "" as NSString, Double(state.view.cache.misses - misses) / Double(count),
            Double(state.view.cache.hits - hits) / Double(count)))
    }

    print("tui-bench: \(messages) messages, 100x30, ncurses -> /dev/null (xterm-256color), 256 colours")
    print(String(format: "transcript setup (reduce only, no layout): %.1f ms", setup * 1000))

    measure("keystroke -> doupdate (at bottom)", count: keys) { i in
        let key: Key = i % 40 == 39 ? .ctrl("u") : .text("a")
        _ = Reducer.reduce(&state, .key(key), now: t0)
        frame(t0)
    }

    // Between a person's keys other programs run and the caches go cold; touching 32 MiB
    // between keys shows what a key costs from cold caches (as in the pty benchmark).
    var thrash = [UInt8](repeating: 1, count: 32 << 20)
    var sink = 0
    func coldMeasure(_ label: String, count: Int, _ step: (Int) -> Void) {
        var wall: [Double] = []
        for i in 0..<count {
            thrash.withUnsafeMutableBufferPointer { buffer in
                var j = i % 64
                while j < buffer.count { buffer[j] &+= 1; sink &+= Int(buffer[j]); j += 64 }
            }
            let start = DispatchTime.now().uptimeNanoseconds
            step(i)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        wall.sort()
        func pct(_ p: Double) -> Double { wall[min(wall.count - 1, Int(Double(wall.count) * p))] }
        print(String(format: "%-44@ n=%5d  wall p50 %6.3f p99 %6.3f max %6.3f ms", label as NSString, count, pct(0.5), pct(0.99), wall.last ?? 0))
    }
    coldMeasure("keystroke -> doupdate (cold caches)", count: min(keys, 500)) { i in
        let key: Key = i % 40 == 39 ? .ctrl("u") : .text("a")
        _ = Reducer.reduce(&state, .key(key), now: t0)
        frame(t0)
    }
    if sink == 42 { print("") }

    // The reply streams in after the last message, at the bottom where the view is.
    var streaming = ChatItem(id: "s1", time: t0.addingTimeInterval(Double(messages)), sender: bot, kind: .message, contentType: "text/markdown", text: "", isStreaming: true)
    transcript.merge(streaming, isOwn: false)
    publish()
    let words = markdown.split(separator: " ")
    measure("keystroke + streamed chunk -> doupdate", count: keys) { i in
        streaming.text += (i % 7 == 0 ? "\n\n" : " ") + words[i % words.count]
        let text = streaming.text
        _ = transcript.modify(id: streaming.id) { $0.text = text }
        publish()
        _ = Reducer.reduce(&state, .key(i % 40 == 39 ? .ctrl("u") : .text("b")), now: t0)
        frame(t0)
    }

    measure("PgUp -> doupdate (rows not laid out yet)", count: min(keys, 500)) { _ in
        _ = Reducer.reduce(&state, .key(.pageUp), now: t0)
        frame(t0)
    }

    var widths = [80, 100]
    measure("resize -> doupdate (visible rows re-laid out)", count: 50) { i in
        let width = widths[i % 2]
        resize_term(30, Int32(width))
        _ = Reducer.reduce(&state, .resize(TerminalSize(rows: 30, columns: width)), now: t0)
        frame(t0)
    }
    widths = []
    print("layout cache: \(state.view.cache.count) rows cached, \(state.view.cache.hits) hits, \(state.view.cache.misses) misses; \(painter.framesDrawn) frames")
}

await main()
