import Foundation

/// A pass/fail rule on a run's figures (`--threshold 'reply.p95<2s'`, `'failures<1%'`); a rule that
/// does not hold makes the run fail.
///
/// Grammar: `METRIC[.STAT] OP VALUE`, OP one of `<` `<=` `>` `>=`.
/// - Latencies: `reply` (send → first reply), `chat` (a whole run), `added` (a reply frame's arrival
///   → its `expect` matching, the client's own share); STAT `p50`, `p95`, `p99.9`…, `avg`, `min`,
///   `max`, `med`; VALUE a duration (`2s`, `350ms`).
/// - Counts: `failures` (failed chats) and `dropped` (arrivals skipped at the concurrency cap) take a
///   count or a percentage of the chats started (`1%`); `chats` (chats finished) takes a count.
public struct LoadThreshold: Sendable, Hashable, CustomStringConvertible {
    /// The latencies a threshold can judge.
    public enum Latency: String, Sendable, Hashable, CaseIterable {
        /// Send → first reply.
        case reply
        /// A whole chat run.
        case chat
        /// A reply frame's arrival → its `expect` matching.
        case added
    }

    /// The counts a threshold can judge.
    public enum Count: String, Sendable, Hashable, CaseIterable {
        /// Failed chats.
        case failures
        /// Arrivals skipped because the concurrency cap was reached.
        case dropped
        /// Chats finished (passed or failed).
        case chats
    }

    /// What is measured.
    public enum Measure: Sendable, Hashable {
        /// A percentile (0…100) of a latency; the mean when `nil`.
        case latency(Latency, percentile: Double?)
        /// A count, or its share of the chats started (`percent`).
        case count(Count, percent: Bool)
    }

    /// The comparison that must hold.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case below = "<", atMost = "<=", above = ">", atLeast = ">="

        func holds(_ actual: Double, _ limit: Double) -> Bool {
            switch self {
            case .below: actual < limit
            case .atMost: actual <= limit
            case .above: actual > limit
            case .atLeast: actual >= limit
            }
        }
    }

    /// The text as the user wrote it (spaces removed).
    public var expression: String
    /// What is measured.
    public var measure: Measure
    /// The comparison.
    public var comparison: Comparison
    /// The limit: seconds for latencies, a count or a percentage for counts.
    public var limit: Double

    /// The expression.
    public var description: String { expression }

    /// Parses `reply.p95<2s`, `failures<1%`, `chats>=100`…
    public init(parsing text: String) throws {
        let compact = text.filter { !$0.isWhitespace }
        expression = compact
        let bad = { (why: String) in LoadOptionError("--threshold '\(text)': \(why)") }
        guard let opRange = compact.firstRange(of: /<=|>=|<|>/) else {
            throw bad("no comparison; write it like reply.p95<2s or failures<1%")
        }
        guard let comparison = Comparison(rawValue: String(compact[opRange])) else { throw bad("unknown comparison") }
        self.comparison = comparison
        let left = compact[..<opRange.lowerBound]
        let right = String(compact[opRange.upperBound...])
        let nameParts = left.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(nameParts[0]).lowercased()
        let stat = nameParts.count > 1 ? String(nameParts[1]).lowercased() : nil
        if let latency = Latency(rawValue: name) {
            guard let stat else { throw bad("say which figure of \(name), like \(name).p95 or \(name).avg") }
            let percentile: Double?
            switch stat {
            case "avg", "mean": percentile = nil
            case "min": percentile = 0
            case "max": percentile = 100
            case "med": percentile = 50
            default:
                guard stat.hasPrefix("p"), let value = Double(stat.dropFirst()), (0...100).contains(value) else {
                    throw bad("'\(stat)' is not a figure; use p50, p95, p99.9, avg, min, max or med")
                }
                percentile = value
            }
            measure = .latency(latency, percentile: percentile)
            guard !right.hasSuffix("%"), let limit = try? LoadOptionParsing.duration(right), limit > .zero || right.first == "0" else {
                throw bad("'\(right)' is not a duration; write it like 2s or 350ms")
            }
            self.limit = ArrivalSchedule.seconds(limit)
        } else if let count = Count(rawValue: name) {
            guard stat == nil else { throw bad("\(name) has no figures; write it like \(name)<1% or \(name)<5") }
            let percent = right.hasSuffix("%")
            guard let value = Double(percent ? String(right.dropLast()) : right), value.isFinite, value >= 0 else {
                throw bad("'\(right)' is not a number")
            }
            if percent, count == .chats { throw bad("chats is a count; write it like chats>=100") }
            if percent, value > 100 { throw bad("a percentage is at most 100%") }
            measure = .count(count, percent: percent)
            limit = value
        } else {
            let known = (Latency.allCases.map(\.rawValue) + Count.allCases.map(\.rawValue)).joined(separator: ", ")
            throw bad("unknown metric '\(name)'; use one of \(known)")
        }
    }

    /// The measured value in the threshold's unit (seconds, count or percent); `nil` when there is
    /// nothing to measure (no replies, no chats).
    public func actual(in summary: LoadSummary) -> Double? {
        switch measure {
        case .latency(let latency, let percentile):
            let histogram = summary.histogram(latency)
            let value = percentile.map { histogram.percentile($0) } ?? histogram.mean
            return value.map(ArrivalSchedule.seconds)
        case .count(let count, let percent):
            let value: Int = switch count {
            case .failures: summary.counts.failed
            case .dropped: summary.counts.dropped
            case .chats: summary.counts.finished
            }
            guard percent else { return Double(value) }
            let base = count == .dropped ? summary.counts.started + summary.counts.dropped : summary.counts.finished
            return base == 0 ? nil : Double(value) * 100 / Double(base)
        }
    }

    /// Judges the run: whether the rule holds and the measured value as text.
    public func verdict(for summary: LoadSummary) -> LoadSummary.ThresholdVerdict {
        guard let actual = actual(in: summary) else {
            return .init(expression: expression, passed: false, actual: "no samples")
        }
        let shown: String
        switch measure {
        case .latency: shown = LatencyStats.format(.microseconds(Int64((actual * 1e6).rounded())))
        case .count(_, let percent): shown = percent ? String(format: "%.2f%%", actual) : String(Int(actual))
        }
        return .init(expression: expression, passed: comparison.holds(actual, limit), actual: shown)
    }
}
