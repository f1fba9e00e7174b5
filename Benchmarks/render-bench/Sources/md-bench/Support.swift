import CCmarkGFM
import Foundation
import MarkdownANSI

/// Command-line options of md-bench.
struct BenchOptions {
    var corpusPath = "Resources/bench/replies.json"
    var richScript = "Benchmarks/render-bench/rich_bench.py"
    var seconds = 0.5
    var rounds = 5
    var runRich = true
    var renderWidth: Int?
    var plain = false
    var profile = false
    var phases = false
    var profileANSI = false
    var kinds = false
    var passes: Int?
    var cmark = false

    init(_ arguments: [String]) {
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch argument {
            case "--corpus": corpusPath = value; index += 1
            case "--rich-script": richScript = value; index += 1
            case "--seconds": seconds = Double(value) ?? seconds; index += 1
            case "--rounds": rounds = max(1, Int(value) ?? rounds); index += 1
            case "--no-rich": runRich = false
            case "--profile": profile = true
            case "--phases": phases = true
            case "--profile-ansi": profileANSI = true
            case "--kinds": kinds = true
            case "--passes": passes = Int(value); index += 1
            case "--render": renderWidth = Int(value) ?? 80; index += 1
            case "plain", "--plain": plain = true
            case "cmark": cmark = true
            default: break
            }
            index += 1
        }
    }
}

/// Throughput measurement in process CPU time (robust on a machine shared with other builds).
enum Timing {
    /// CPU time consumed by this process so far, in seconds.
    static func cpuSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Runs `body` once to warm up, then repeatedly for at least `seconds` of CPU; returns MB/s.
    static func throughput(bytes: Int, seconds: Double, _ body: () -> Void) -> Double {
        body()
        var passes = 0
        let start = cpuSeconds()
        var elapsed = 0.0
        repeat {
            body()
            passes += 1
            elapsed = cpuSeconds() - start
        } while elapsed < seconds
        return Double(bytes * passes) / elapsed / 1e6
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// cmark-gfm's own HTML renderer through the C API (the speed floor).
enum CmarkHTML {
    /// Parses with the GFM extensions and renders HTML (or only parses when `html` is false); returns the HTML length.
    static func render(_ text: String, html renderHTML: Bool = true) -> Int {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return 0 }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        var source = text
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        guard let document = cmark_parser_finish(parser) else { return 0 }
        defer { cmark_node_free(document) }
        if !renderHTML { return 1 }
        guard let html = cmark_render_html(document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser))
        else { return 0 }
        let length = strlen(html)
        free(html)
        return length
    }

    /// `cmark_markdown_to_html` (CommonMark only, no extensions); returns the HTML length.
    static func renderWithoutExtensions(_ text: String) -> Int {
        var source = text
        return source.withUTF8 { buffer -> Int in
            buffer.withMemoryRebound(to: CChar.self) { chars -> Int in
                guard let base = chars.baseAddress, let html = cmark_markdown_to_html(base, chars.count, CMARK_OPT_DEFAULT)
                else { return 0 }
                let length = strlen(html)
                free(html)
                return length
            }
        }
    }
}

/// Runs Benchmarks/render-bench/rich_bench.py and parses its MB/s.
enum RichBench {
    static func run(corpus: String, script: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, corpus, "5"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(separator: " ")
        guard let index = fields.firstIndex(of: "MB/s"), index + 1 < fields.count else { return nil }
        return Double(fields[index + 1])
    }
}

/// Streaming append cost at different reply lengths.
enum StreamBench {
    /// A reply of about `size` bytes whose last 1 KB is the same for every size: earlier corpus
    /// replies (joined by blank lines) followed by the same 1 KB tail, so only the length differs.
    static func reply(ofSize size: Int, from replies: [String]) -> String {
        let tail = prefix(ofBytes: 1024, from: replies, startingAt: 0)
        let filler = size > 1024 ? prefix(ofBytes: size - 1024 - 2, from: replies, startingAt: 100) + "\n\n" : ""
        return filler + tail
    }

    /// Corpus replies from `start` on, joined by blank lines, cut to at most `bytes` bytes at a character.
    private static func prefix(ofBytes bytes: Int, from replies: [String], startingAt start: Int) -> String {
        var text = ""
        var index = start
        while text.utf8.count < bytes {
            text += replies[index % replies.count] + "\n\n"
            index += 1
        }
        var cut = ""
        for character in text {
            if cut.utf8.count + character.utf8.count > bytes { break }
            cut.append(character)
        }
        return cut
    }

    /// µs per ~16-byte chunk (cut at characters) over the last 1 KB of `text` (best of 30 rounds),
    /// for `StreamingMarkdown` (append + lines) or for a full `Markdown.render` per chunk.
    static func perChunk(text: String, incremental: Bool) -> Double {
        var prefix = ""
        var chunks: [String] = []
        var current = ""
        let tailStart = max(0, text.utf8.count - 1024)
        var seen = 0
        for character in text {
            if seen < tailStart {
                prefix.append(character)
            } else {
                current.append(character)
                if current.utf8.count >= 16 {
                    chunks.append(current)
                    current = ""
                }
            }
            seen += character.utf8.count
        }
        if !current.isEmpty { chunks.append(current) }
        var best = Double.infinity
        var sink = 0
        let rounds = 30
        for _ in 0..<rounds {
            var stream = StreamingMarkdown()
            stream.append(prefix)
            sink &+= stream.lines(width: 80, theme: .default).count
            var received = prefix
            let start = Timing.cpuSeconds()
            for chunk in chunks {
                if incremental {
                    stream.append(chunk)
                    sink &+= stream.lines(width: 80, theme: .default).count
                } else {
                    received += chunk
                    sink &+= Markdown.render(received, width: 80).count
                }
            }
            best = min(best, Timing.cpuSeconds() - start)
        }
        if sink == 42 { print("") }
        return best / Double(chunks.count) * 1e6
    }
}
