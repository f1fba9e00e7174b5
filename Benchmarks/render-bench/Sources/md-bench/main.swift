import CCmarkGFM
import Foundation
@_spi(Benchmark) import MarkdownANSI

// md-bench: renders the chat corpus at width 80 and compares with cmark-gfm's HTML renderer
// (same process, C API) and Python rich (subprocess). Also measures the streaming append cost.
//
// Usage: md-bench [--corpus PATH] [--seconds S] [--no-rich] [--render WIDTH [plain]]

let options = BenchOptions(CommandLine.arguments)
if let width = options.renderWidth {
    var input = ""
    while let line = readLine(strippingNewline: false) { input += line }
    print(ANSIWriter.string(Markdown.render(input, width: width), mode: .truecolor, plain: options.plain))
    exit(0)
}

guard let data = FileManager.default.contents(atPath: options.corpusPath),
    let replies = try? JSONDecoder().decode([String].self, from: data)
else {
    FileHandle.standardError.write(Data("md-bench: cannot read corpus \(options.corpusPath)\n".utf8))
    exit(1)
}
let corpusBytes = replies.reduce(0) { $0 + $1.utf8.count }
print("corpus: \(replies.count) replies, \(corpusBytes) bytes (\(options.corpusPath))")

var sink = 0
if options.kinds {
    // Render cost (→ [StyledLine]) per kind of reply; a reply can count in several kinds.
    let kinds: [(String, (String) -> Bool)] = [
        ("plain text only", { !$0.contains("|") && !$0.contains("```") && !$0.contains("<") && !$0.contains("\n- ") && !$0.contains("\n1. ") }),
        ("with lists", { $0.contains("\n- ") || $0.contains("\n1. ") }),
        ("with tables", { $0.contains("|---") || $0.contains("|:--") }),
        ("with code blocks", { $0.contains("```") || $0.contains("\n    ") }),
        ("HTML", { $0.contains("<b>") || $0.contains("<p>") || $0.contains("<ol>") || $0.contains("<span") }),
        ("CJK / Hangul", { $0.unicodeScalars.contains { $0.value >= 0x3000 && $0.value < 0xD7A4 } }),
    ]
    for (name, matches) in kinds {
        let subset = replies.filter(matches)
        let bytes = subset.reduce(0) { $0 + $1.utf8.count }
        var best = Double.infinity
        for _ in 0..<30 {
            let start = Timing.cpuSeconds()
            for reply in subset { sink &+= Markdown.render(reply, width: 80).count }
            best = min(best, Timing.cpuSeconds() - start)
        }
        print(String(format: "  %-16@ %3d replies %7d bytes %6.1f ms/MB", name as NSString, subset.count, bytes, best / Double(bytes) * 1e9))
    }
    exit(0)
}
if options.phases {
    var totals = [Double.infinity, .infinity, .infinity, .infinity]
    for _ in 0..<20 {
        let seconds = Markdown.phaseSeconds(replies, width: 80, clock: Timing.cpuSeconds)
        for index in 0..<4 { totals[index] = min(totals[index], seconds[index]) }
    }
    var perReply = [Double.infinity, .infinity, .infinity, .infinity]
    for _ in 0..<20 {
        var sums = [0.0, 0.0, 0.0, 0.0]
        for reply in replies {
            let seconds = Markdown.phaseSeconds([reply], width: 80, clock: Timing.cpuSeconds)
            for index in 0..<4 { sums[index] += seconds[index] }
        }
        for index in 0..<4 { perReply[index] = min(perReply[index], sums[index]) }
    }
    let megabytes = Double(corpusBytes) / 1e6
    print(String(format: "  one reply at a time: %.1f / %.1f / %.1f / %.1f ms/MB", perReply[0] / megabytes * 1000,
        perReply[1] / megabytes * 1000, perReply[2] / megabytes * 1000, perReply[3] / megabytes * 1000))
    for (name, total) in zip(["parse (cmark-gfm)", "styled document", "layout (wrap)", "freeing both"], totals) {
        print(String(format: "  %-22@ %7.1f ms/MB", name as NSString, total / megabytes * 1000))
    }
    exit(0)
}
if options.profileANSI {
    let rendered = replies.map { Markdown.render($0, width: 80) }
    let rate = Timing.throughput(bytes: corpusBytes, seconds: options.seconds) {
        for lines in rendered { sink &+= ANSIWriter.string(lines, mode: .truecolor).utf8.count }
    }
    print(String(format: "ANSIWriter only: %.1f ms/MB of markdown", 1000 / rate))
    exit(0)
}
if options.profile, let passes = options.passes {
    // A fixed amount of work, for `perf stat` instruction counts (stable on a busy machine).
    for _ in 0..<passes {
        for reply in replies {
            if options.cmark {
                sink &+= CmarkHTML.render(reply)
            } else if options.plain {
                sink &+= Markdown.render(reply, width: 80).count
            } else {
                sink &+= ANSIWriter.string(Markdown.render(reply, width: 80), mode: .truecolor).utf8.count
            }
        }
    }
    exit(sink == 42 ? 1 : 0)
}
if options.profile {
    let rate = Timing.throughput(bytes: corpusBytes, seconds: options.seconds) {
        for reply in replies {
            if options.plain {
                sink &+= Markdown.render(reply, width: 80).count
            } else {
                sink &+= ANSIWriter.string(Markdown.render(reply, width: 80), mode: .truecolor).utf8.count
            }
        }
    }
    print(String(format: "%@: %.1f ms/MB", options.plain ? "render" : "render + ANSIWriter", 1000 / rate))
    exit(0)
}

// Contenders run interleaved, `rounds` times each; the best round counts (least disturbed by
// other processes on a shared machine).
var rates = Array(repeating: 0.0, count: 5)
let contenders: [() -> Void] = [
    { for reply in replies { sink &+= Markdown.render(reply, width: 80).count } },
    {
        for reply in replies {
            sink &+= ANSIWriter.string(Markdown.render(reply, width: 80), mode: .truecolor).utf8.count
        }
    },
    { for reply in replies { sink &+= CmarkHTML.render(reply) } },
    { for reply in replies { sink &+= CmarkHTML.renderWithoutExtensions(reply) } },
    { for reply in replies { sink &+= CmarkHTML.render(reply, html: false) } },
]
for _ in 0..<options.rounds {
    for (index, body) in contenders.enumerated() {
        rates[index] = max(rates[index], Timing.throughput(bytes: corpusBytes, seconds: options.seconds, body))
    }
}
let (linesRate, ansiRate, cmarkRate, cmarkPlainRate, cmarkParseRate) = (rates[0], rates[1], rates[2], rates[3], rates[4])

print(String(format: "MarkdownANSI  render → [StyledLine]      %8.2f MB/s", linesRate))
print(String(format: "MarkdownANSI  render + ANSIWriter (24-bit) %8.2f MB/s", ansiRate))
print(String(format: "cmark-gfm     parse + HTML (GFM ext.)     %8.2f MB/s", cmarkRate))
print(String(format: "cmark-gfm     cmark_markdown_to_html      %8.2f MB/s", cmarkPlainRate))
print(String(format: "cmark-gfm     parse only (GFM ext.)       %8.2f MB/s", cmarkParseRate))
print(String(format: "ratio MarkdownANSI(+ANSI) / cmark-gfm HTML(GFM): %.2f×", ansiRate / cmarkRate))

if options.runRich {
    if let richRate = RichBench.run(corpus: options.corpusPath, script: options.richScript) {
        print(String(format: "rich          Markdown → Console (24-bit)  %8.4f MB/s", richRate))
        print(String(format: "ratio MarkdownANSI(+ANSI) / rich: %.0f×", ansiRate / richRate))
    } else {
        print("rich          unavailable (pip install rich)")
    }
}

print("streaming: cost of appending one 16-byte chunk (append + lines(width: 80)), last 1 KB of a reply")
for size in [1024, 4096, 16384] {
    let text = StreamBench.reply(ofSize: size, from: replies)
    let incremental = StreamBench.perChunk(text: text, incremental: true)
    let naive = StreamBench.perChunk(text: text, incremental: false)
    print(String(format: "  %5d-byte reply: %7.1f µs/chunk incremental, %7.1f µs/chunk full re-render",
        text.utf8.count, incremental, naive))
}
if sink == 42 { print("") }
