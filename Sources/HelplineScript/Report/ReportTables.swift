import Foundation

/// The report's tables: thresholds, latency figures, the per-step percentiles and the failure
/// reasons. Every text from the summary is escaped.
enum ReportTables {
    /// The most failure reasons listed; the rest are counted in a last row.
    static let maxReasons = 100

    /// Each threshold with ✔/✘ and the measured value (`id="thresholds-table"`).
    static func thresholds(_ verdicts: [LoadSummary.ThresholdVerdict]) -> String {
        guard !verdicts.isEmpty else {
            return "<p class=\"empty\" id=\"thresholds-none\">No thresholds were given (add them with <code>--threshold</code>).</p>"
        }
        var rows = ""
        for verdict in verdicts {
            let mark = verdict.passed ? "<span class=\"ok\">✔</span>" : "<span class=\"bad\">✘</span>"
            rows += "<tr class=\"\(verdict.passed ? "passed" : "failed")\" data-passed=\"\(verdict.passed)\">"
            rows += "<td class=\"mark\">\(mark)</td><td><code>\(ReportFormat.escape(verdict.expression))</code></td>"
            rows += "<td class=\"num\">\(ReportFormat.escape(verdict.actual))</td></tr>\n"
        }
        return table(id: "thresholds-table", head: ["", "threshold", "measured"], numeric: [2], rows: rows)
    }

    /// Count, mean and percentiles of the reply, chat and added latencies (`id="latency-table"`).
    static func latencies(_ summary: LoadSummary) -> String {
        let kinds: [(String, String, LatencyHistogram)] = [
            ("reply", "send → first reply", summary.reply),
            ("chat", "whole chat run", summary.chat),
            ("added", "client's own delay (frame → match)", summary.added),
        ]
        var rows = ""
        for (name, words, histogram) in kinds {
            rows += "<tr data-latency=\"\(name)\" data-count=\"\(histogram.count)\"><th scope=\"row\">\(name) <span class=\"dim\">\(ReportFormat.escape(words))</span></th>"
            rows += "<td class=\"num\">\(histogram.count)</td><td class=\"num\">\(ReportFormat.latency(histogram.mean))</td>"
            for p in [50.0, 90, 95, 99] { rows += "<td class=\"num\">\(ReportFormat.latency(histogram.percentile(p)))</td>" }
            rows += "<td class=\"num\">\(ReportFormat.latency(histogram.maximum))</td></tr>\n"
        }
        return table(
            id: "latency-table", head: ["latency", "samples", "mean", "p50", "p90", "p95", "p99", "max"], numeric: Array(1...7), rows: rows)
    }

    /// One row per `expect` step: where, what, its reply percentiles and failures (`id="steps-table"`),
    /// with a bar from p50 to p99 on a scale shared by all rows.
    static func steps(_ steps: [LoadSummary.Step]) -> String {
        guard !steps.isEmpty else { return "<p class=\"empty\" id=\"steps-none\">No <code>expect</code> steps were recorded.</p>" }
        let widest = steps.compactMap { $0.reply.percentile(99) }.map { Double(ReportFormat.micros($0)) }.max() ?? 0
        var rows = ""
        for step in steps {
            let place = "\(step.script):\(step.line)"
            rows += "<tr class=\"step\" data-script=\"\(ReportFormat.escape(step.script))\" data-line=\"\(step.line)\""
            rows += " data-count=\"\(step.reply.count)\" data-failures=\"\(step.failures)\">"
            rows += "<td class=\"where\">\(ReportFormat.escape(place))</td><td><code>\(ReportFormat.escape(ReportFormat.truncated(step.source, 120)))</code></td>"
            rows += "<td class=\"num\">\(step.reply.count)</td>"
            for p in [50.0, 90, 95, 99] { rows += "<td class=\"num\">\(ReportFormat.latency(step.reply.percentile(p)))</td>" }
            rows += "<td class=\"num\">\(ReportFormat.latency(step.reply.maximum))</td>"
            rows += "<td class=\"num\(step.failures > 0 ? " bad" : "")\">\(step.failures)</td>"
            rows += "<td class=\"spread\">\(spread(step.reply, widest: widest))</td></tr>\n"
        }
        return table(
            id: "steps-table", head: ["step", "source", "replies", "p50", "p90", "p95", "p99", "max", "failures", "p50 – p99"],
            numeric: Array(2...8), rows: rows)
    }

    /// A small bar from p50 to p99 with a tick at p95, scaled to `widest` microseconds.
    static func spread(_ histogram: LatencyHistogram, widest: Double) -> String {
        guard widest > 0, let p50 = histogram.percentile(50), let p95 = histogram.percentile(95), let p99 = histogram.percentile(99) else {
            return ""
        }
        let width = 120.0
        let scale = ChartScale(linear: 0, widest)
        let x = { (value: Duration) in 2 + scale.fraction(Double(ReportFormat.micros(value))) * (width - 4) }
        let (x50, x95, x99) = (x(p50), x(p95), x(p99))
        var svg = "<svg class=\"spread\" viewBox=\"0 0 \(Int(width)) 14\" width=\"\(Int(width))\" height=\"14\" aria-hidden=\"true\">"
        svg += "<line class=\"track\" x1=\"2\" x2=\"\(Int(width) - 2)\" y1=\"7\" y2=\"7\"/>"
        svg += "<rect class=\"range\" x=\"\(ReportFormat.coordinate(x50))\" y=\"3\" width=\"\(ReportFormat.coordinate(max(x99 - x50, 1.5)))\" height=\"8\"/>"
        svg += "<line class=\"p95\" x1=\"\(ReportFormat.coordinate(x95))\" x2=\"\(ReportFormat.coordinate(x95))\" y1=\"1\" y2=\"13\"/>"
        return svg + "</svg>"
    }

    /// Failure reasons with counts, shares and when they were seen (`id="failure-reasons"`).
    static func reasons(_ summary: LoadSummary) -> String {
        guard !summary.failureReasons.isEmpty else {
            return "<p class=\"empty\" id=\"failures-none\">No failures.</p>"
        }
        let long = max(summary.timeline.count, 1) > 120
        var rows = ""
        for reason in summary.failureReasons.prefix(maxReasons) {
            let seen = reason.seconds.compactMap(\.first)
            let when = seen.min().map { first in
                let last = seen.max() ?? first
                let text = ReportFormat.clock(first, long: long)
                return first == last ? text : text + " – " + ReportFormat.clock(last, long: long)
            } ?? "–"
            rows += "<tr class=\"reason\" data-count=\"\(reason.count)\"><td class=\"num\">\(reason.count)</td>"
            rows += "<td class=\"num\">\(ReportFormat.percent(reason.count, of: summary.counts.failed))</td>"
            rows += "<td class=\"num\">\(when)</td><td>\(ReportFormat.escape(reason.reason))</td></tr>\n"
        }
        let more = summary.failureReasons.count - maxReasons
        if more > 0 {
            let count = summary.failureReasons.dropFirst(maxReasons).reduce(0) { $0 + $1.count }
            rows += "<tr class=\"more\"><td class=\"num\">\(count)</td><td></td><td></td><td>… \(more) more reasons</td></tr>\n"
        }
        return table(id: "failure-reasons", head: ["chats", "of failed", "seen", "reason"], numeric: [0, 1, 2], rows: rows)
    }

    /// A table with a header row; `numeric` columns are right-aligned.
    private static func table(id: String, head: [String], numeric: [Int], rows: String) -> String {
        let cells = head.enumerated().map { index, name in
            "<th scope=\"col\"\(numeric.contains(index) ? " class=\"num\"" : "")>\(ReportFormat.escape(name))</th>"
        }
        return "<table id=\"\(id)\">\n<thead><tr>\(cells.joined())</tr></thead>\n<tbody>\n\(rows)</tbody>\n</table>"
    }
}
