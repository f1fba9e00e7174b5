import Foundation

/// A load run's report as one self-contained HTML page (`--report FILE.html`): the verdict and
/// counts, the thresholds, a reply-latency histogram, per-step percentiles, the load over time and
/// the failures over time by reason. Inline CSS and SVG only: no scripts, fonts or fetches, so it
/// opens the same from a CI artifact, an e-mail or a file share.
public enum HTMLReport {
    /// The page for `summary`, headed `title`. Every text taken from the summary is HTML-escaped.
    public static func html(_ summary: LoadSummary, title: String) -> String {
        let buckets = TimelineBuckets(summary, maxBuckets: TimelineCharts.maxBuckets)
        let failures = FailureChart(summary)
        var page: [String] = []
        page.append("<!DOCTYPE html>")
        page.append("<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">")
        page.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        // Nothing may load from anywhere: the page is complete as it is.
        page.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
        page.append("<meta name=\"generator\" content=\"helpline\">")
        page.append("<title>\(ReportFormat.escape(title))</title>")
        page.append("<style>\n\(ReportStyle.css)\n</style>\n</head>\n<body>\n<main>")
        page.append(header(summary, title: title))
        page.append(cards(summary))
        page.append(section("thresholds", "Thresholds", ReportTables.thresholds(summary.thresholds)))
        page.append(
            section(
                "latency", "Reply latency",
                [
                    HistogramChart.svg(summary.reply),
                    key([("p50", "marker-p50", "median"), ("p95", "marker-p95", "95th percentile"), ("p99", "marker-p99", "99th percentile")]),
                    ReportTables.latencies(summary),
                ].joined(separator: "\n")))
        page.append(section("steps", "Steps", "<p class=\"dim\">Send → reply latency at each <code>expect</code> step.</p>\n" + ReportTables.steps(summary.steps)))
        page.append(
            section(
                "load", "Load over time",
                [
                    "<h3>Chats running</h3>",
                    "<p class=\"caption\">At the end of each second\(buckets.size > 1 ? " (the most of each \(TimelineBuckets.span(buckets.size)) bucket)" : ""); "
                        + "the most at any moment was \(summary.peakRunning).</p>",
                    TimelineCharts.running(buckets, peak: summary.peakRunning),
                    "<h3>Throughput</h3>",
                    "<p class=\"caption\">Chats finished per second, passed and failed stacked, and chats started per second (dashed)"
                        + (buckets.size > 1 ? ", averaged over each \(TimelineBuckets.span(buckets.size)) bucket." : ".") + "</p>",
                    TimelineCharts.throughput(buckets),
                    key([("passed", "passed", "passed / s"), ("failed", "failed", "failed / s"), ("started", "started", "started / s")]),
                ].joined(separator: "\n")))
        let failureBody = failures.total > 0
            ? [failures.svg(), failures.legend(), ReportTables.reasons(summary)].joined(separator: "\n")
            : ReportTables.reasons(summary)
        page.append(section("failures", "Failures", failureBody))
        page.append(footer(summary))
        page.append("</main>\n</body>\n</html>\n")
        return page.joined(separator: "\n")
    }

    /// Writes the page to `path`.
    public static func write(_ summary: LoadSummary, title: String, to path: String) throws {
        try Data(html(summary, title: title).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The verdict: passed or failed and why, and the run's shape, scripts, shards, start and duration.
    static func header(_ summary: LoadSummary, title: String) -> String {
        let passed = summary.passed
        var html = "<header class=\"verdict \(passed ? "passed" : "failed")\" id=\"verdict\" data-passed=\"\(passed)\">\n"
        html += "<h1>\(ReportFormat.escape(title))</h1>\n"
        html += "<p class=\"badge\">\(passed ? "PASSED" : "FAILED")\(summary.interrupted ? " · INTERRUPTED" : "")"
            + "\(summary.saturated ? " · SATURATED" : "")</p>\n"
        html += "<p class=\"why\">\(ReportFormat.escape(reasons(summary)))</p>\n"
        for line in StepLog.saturationLines(summary) {
            html += "<p class=\"saturated\" data-saturated=\"true\">\(ReportFormat.escape(line.trimmingCharacters(in: .whitespaces)))</p>\n"
        }
        html += "<dl class=\"facts\">\n"
        var facts: [(String, String)] = []
        if !summary.shape.isEmpty { facts.append(("Load", summary.shape)) }
        if !summary.scripts.isEmpty { facts.append(("Scripts", summary.scripts.joined(separator: ", "))) }
        if summary.shards.count > 1 || summary.shards.contains(where: { $0 != Shard.whole.description }) {
            facts.append(("Shards", "\(summary.shards.count) merged (\(summary.shards.joined(separator: ", ")))"))
        }
        if summary.startedAt.timeIntervalSince1970 > 0 {
            facts.append(("Started", summary.startedAt.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))))
        }
        facts.append(("Duration", ReportFormat.elapsed(milliseconds: summary.durationMs)))
        for (name, value) in facts {
            html += "<dt>\(name)</dt><dd>\(ReportFormat.escape(value))</dd>\n"
        }
        return html + "</dl>\n</header>"
    }

    /// Why the run passed or failed, in a sentence.
    static func reasons(_ summary: LoadSummary) -> String {
        let counts = summary.counts
        let broken = summary.thresholds.filter { !$0.passed }.count
        var why: [String] = []
        if counts.finished == 0 { why.append("no chat finished") }
        if counts.failed > 0 { why.append("\(counts.failed) of \(counts.finished) chats failed") }
        if broken > 0 { why.append("\(broken) of \(summary.thresholds.count) thresholds not met") }
        if why.isEmpty {
            let rules = summary.thresholds.isEmpty ? "" : summary.thresholds.count == 1 ? " and the threshold held" : " and every threshold held"
            return "All \(counts.finished) chats passed\(rules)."
        }
        let text = why.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    /// The counts as cards.
    static func cards(_ summary: LoadSummary) -> String {
        let counts = summary.counts
        var cards: [(id: String, value: String, label: String, tone: String)] = [
            ("finished", "\(counts.finished)", "chats finished", ""),
            ("passed", "\(counts.passed)", "passed", counts.passed > 0 ? "ok" : ""),
            ("failed", "\(counts.failed)", "failed" + (counts.finished > 0 ? " (\(ReportFormat.percent(counts.failed, of: counts.finished)))" : ""),
             counts.failed > 0 ? "bad" : ""),
            ("planned", "\(counts.planned)", "planned", ""),
            ("started", "\(counts.started)", "started", ""),
        ]
        if counts.dropped > 0 { cards.append(("dropped", "\(counts.dropped)", "dropped at the cap", "bad")) }
        if counts.notStarted > 0 { cards.append(("not-started", "\(counts.notStarted)", "not started", "")) }
        cards.append(("peak", "\(summary.peakRunning)", "peak running at once", ""))
        cards.append(("replies", "\(summary.reply.count)", "replies measured", ""))
        cards.append(("reply-p95", ReportFormat.latency(summary.reply.percentile(95)), "reply p95", ""))
        var html = "<section id=\"counts\" class=\"cards\">\n"
        for card in cards {
            html += "<div class=\"card \(card.tone)\" id=\"count-\(card.id)\"><div class=\"value\">\(ReportFormat.escape(card.value))</div>"
            html += "<div class=\"label\">\(ReportFormat.escape(card.label))</div></div>\n"
        }
        return html + "</section>"
    }

    /// A titled section.
    private static func section(_ id: String, _ title: String, _ body: String) -> String {
        "<section id=\"\(id)\">\n<h2>\(title)</h2>\n\(body)\n</section>"
    }

    /// A colour key under a chart: (id, class, words).
    private static func key(_ items: [(String, String, String)]) -> String {
        let entries = items.map { id, style, words in
            "<li data-key=\"\(id)\"><i class=\"\(style)\"></i>\(words)</li>"
        }
        return "<ul class=\"key\">\(entries.joined())</ul>"
    }

    /// Notes on what the report leaves out, and where it came from.
    private static func footer(_ summary: LoadSummary) -> String {
        var notes: [String] = []
        if summary.interrupted { notes.append("The run was interrupted; the figures cover the chats finished by then.") }
        if summary.runsOmitted > 0 { notes.append("\(summary.runsOmitted) runs are counted here but not listed in the JUnit file.") }
        notes.append("Written by helpline from a load summary (format version \(summary.version)); the page loads nothing from the network.")
        return "<footer>\n" + notes.map { "<p>\(ReportFormat.escape($0))</p>" }.joined(separator: "\n") + "\n</footer>"
    }
}
