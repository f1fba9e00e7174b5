import Foundation

@testable import DemoServer
@testable import HelplineScript

/// Made-up chat runs for the report and merge tests: a seeded generator, so every run of a test sees
/// the same latencies, failures and seconds.
struct LoadFixtures {
    /// The demo server's small deterministic generator (SplitMix64).
    typealias Seeded = SeededRandom

    /// One finished chat: when it started and ended, and what happened.
    struct Chat {
        var startSecond: Int
        var endSecond: Int
        var result: ScriptResult
    }

    /// `greeting`: expect, send, expect, send, expect.
    static let script: Script = {
        let text = "expect Welcome\nsend hours\nexpect opening hours\nsend bye\nexpect Goodbye\n"
        guard let script = try? ScriptParser.parse(text, name: "greeting") else { fatalError("the fixture script parses") }
        return script
    }()

    /// The reasons a made-up chat fails for, by how often.
    static let reasons = ["no agent/bot reply within 10 s", "expected /opening hours/", "the chat ended <early> & \"abruptly\""]

    /// `count` chats over `seconds` seconds; latencies from 1 ms to ~8 s, about one in eight failing.
    static func chats(_ count: Int, seconds: Int, seed: UInt64 = 7) -> [Chat] {
        var random = Seeded(seed: seed)
        return (0..<count).map { index in
            let start = Int.random(in: 0..<max(seconds, 1), using: &random)
            var steps: [StepResult] = []
            var total: Int64 = 0
            let failAt = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 0..<3, using: &random) : nil
            var expectIndex = 0
            for step in script.steps {
                guard case .expect = step.action else {
                    steps.append(StepResult(step: step))
                    continue
                }
                // Mostly tens of milliseconds, a tail into seconds.
                let base = Double.random(in: 0...1, using: &random)
                let micros = Int64(1000 * pow(8000, base * base))
                total += micros
                let failure = failAt == expectIndex ? reasons[(index / 3) % reasons.count] + ", got something else" : nil
                steps.append(
                    StepResult(
                        step: step, failure: failure, replyLatency: failure == nil ? .microseconds(micros) : nil,
                        addedLatency: failure == nil ? .microseconds(micros / 100) : nil))
                expectIndex += 1
                if failure != nil { break }
            }
            let end = start + Int(total / 1_000_000)
            return Chat(startSecond: start, endSecond: end, result: ScriptResult(name: "greeting", steps: steps, duration: .microseconds(total)))
        }
    }

    /// The summary of `chats` as one process (one shard) tallies them.
    static func summary(_ chats: [Chat], shard: Shard = .whole, thresholds: [LoadThreshold] = []) -> LoadSummary {
        var tally = LoadTally(
            scripts: [script], shape: "closed: test", shard: shard, planned: chats.count, startedAt: Date(timeIntervalSince1970: 1_700_000_000))
        // Starts and ends in time order, as a run sees them.
        var events: [(second: Int, start: Bool, chat: Int)] = []
        for (index, chat) in chats.enumerated() {
            events.append((chat.startSecond, true, index))
            events.append((chat.endSecond, false, index))
        }
        events.sort { ($0.second, $0.start ? 0 : 1, $0.chat) < ($1.second, $1.start ? 0 : 1, $1.chat) }
        for event in events {
            if event.start { tally.started(second: event.second) } else { tally.finished(chats[event.chat].result, second: event.second) }
        }
        tally.close(durationMs: Int64((chats.map(\.endSecond).max() ?? 0) + 1) * 1000, interrupted: false)
        var summary = tally.summary
        summary.judge(thresholds)
        return summary
    }

    /// The chats of shard `index` of `count` (every `count`-th, as ``Shard/owns(_:)`` deals them).
    static func shard(_ chats: [Chat], _ index: Int, of count: Int) -> [Chat] {
        let shard = Shard(index: index, count: count)
        return chats.enumerated().filter { shard.owns($0.offset) }.map(\.element)
    }
}

/// Reads what the tests check out of report HTML: elements by tag and class, and their attributes.
enum HTMLProbe {
    /// The attributes of each `<tag …>` whose attributes contain `containing`.
    static func elements(_ html: String, tag: String, containing: String = "") -> [[String: String]] {
        var found: [[String: String]] = []
        // Attribute values are quoted and may hold `>` (browsers need not escape it).
        let pattern = try? Regex<(Substring, Substring?)>("<\(tag)(\\s(?:[^>\"]|\"[^\"]*\")*)?>")
        guard let pattern else { return [] }
        for match in html.matches(of: pattern) {
            let text = String(match.output.1 ?? "")
            guard containing.isEmpty || text.contains(containing) else { continue }
            var attributes: [String: String] = [:]
            for pair in text.matches(of: /([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/) {
                attributes[String(pair.output.1)] = unescape(String(pair.output.2))
            }
            found.append(attributes)
        }
        return found
    }

    /// Text with the five entities the report (and a browser's serializer) writes turned back.
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The `<svg id="…">…</svg>` element with `id`, whole.
    static func svg(_ html: String, id: String) -> String? {
        guard let start = html.range(of: "<svg id=\"\(id)\"") else { return nil }
        guard let end = html.range(of: "</svg>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// Sum of the `data-count` attributes of bars.
    static func barCounts(_ svg: String) -> [Int] {
        elements(svg, tag: "rect", containing: "class=\"bar").compactMap { $0["data-count"].flatMap(Int.init) }
    }

    /// `src`/`href` values that would fetch from the network.
    static func networkReferences(_ html: String) -> [String] {
        html.matches(of: /(?i)(?:src|href|xlink:href|action|poster|data)\s*=\s*["']?\s*(?:https?:|\/\/)[^"'\s>]*/).map { String($0.output) }
            + html.matches(of: /(?i)(?:url\(\s*["']?\s*(?:https?:|\/\/)|@import)/).map { String($0.output) }
    }
}
