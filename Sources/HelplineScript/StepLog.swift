import Foundation

/// Formats the readable step log and the summary lines.
public enum StepLog {
    /// One line for a step result.
    public static func line(_ result: StepResult, prefix: String = "") -> String {
        let status = result.passed ? "ok  " : "FAIL"
        var text = "\(prefix)\(status) \(String(format: "%4d", result.step.line))  \(result.step.source)"
        if let latency = result.replyLatency { text += "  [\(LatencyStats.format(latency))]" }
        if let failure = result.failure {
            // A failure of several lines (a transcript diff) stays indented under its step.
            for line in failure.split(separator: "\n", omittingEmptySubsequences: false) { text += "\n\(prefix)          \(line)" }
        } else if let detail = result.detail {
            text += "  → \(detail)"
        }
        return text
    }

    /// The end-of-run summary: counts and reply-latency percentiles on the first line, then the
    /// load figures, the failure reasons and each threshold's verdict.
    public static func summary(_ summary: LoadSummary) -> String {
        let counts = summary.counts
        var first = "\(counts.finished) run(s): \(counts.passed) passed, \(counts.failed) failed"
        if let p50 = summary.reply.percentile(50), let p95 = summary.reply.percentile(95) {
            first += "; reply latency p50 \(LatencyStats.format(p50)), p95 \(LatencyStats.format(p95)) (\(summary.reply.count) replies)"
        }
        var lines = [first]
        if counts.finished > 1 || counts.dropped > 0 || counts.notStarted > 0 {
            var load = "  \(summary.shape); peak \(summary.peakRunning) at once; \(LatencyStats.format(.milliseconds(summary.durationMs)))"
            if let startup = summary.startupMs { load += "; started them in \(LatencyStats.format(.milliseconds(startup)))" }
            if counts.dropped > 0 { load += "; \(counts.dropped) dropped at the cap" }
            if counts.notStarted > 0 { load += "; \(counts.notStarted) not started" }
            if let p99 = summary.added.percentile(99) { load += "; client added p99 \(LatencyStats.format(p99))" }
            lines.append(load)
        }
        for reason in summary.failureReasons.prefix(5) { lines.append("  \(reason.count)× \(reason.reason)") }
        if summary.failureReasons.count > 5 { lines.append("  … \(summary.failureReasons.count - 5) more failure reason(s)") }
        for rule in summary.thresholds {
            lines.append("  \(rule.passed ? "✔" : "✘") threshold \(rule.expression) (\(rule.actual))")
        }
        lines += saturationLines(summary)
        return lines.joined(separator: "\n")
    }

    /// What a saturated run must say: which shard, when, the figures, how many failures fall in it,
    /// and how to spread the load (two lines a saturated shard, indented for the summary).
    public static func saturationLines(_ summary: LoadSummary) -> [String] {
        (summary.saturation ?? []).flatMap { shard in
            ["  " + saturationVerdict(shard, failed: summary.counts.failed), "    " + saturationAdvice(shard)]
        }
    }

    /// One saturated shard's verdict, with its figures and the failures that came while it lasted.
    public static func saturationVerdict(_ shard: Saturation, failed: Int) -> String {
        var line = "⚠ SATURATED: this machine (shard \(shard.shard)) could not drive the load for \(shard.seconds) s from second "
            + "\(shard.firstSecond) (peak CPU \(shard.peakCPUPercent) % of \(shard.cores) core(s), client added p99 \(shard.peakAddedP99Ms) ms, "
            + "its own once-a-second check up to \(shard.peakTickLagMs) ms late)"
        if shard.failedWhileSaturated > 0 { line += "; \(shard.failedWhileSaturated) of the \(failed) failures happened then" }
        return line + ": those figures measure this machine, not the contact center."
    }

    /// How to spread a load that saturated a shard's machine.
    public static func saturationAdvice(_ shard: Saturation) -> String {
        let machines = shard.machinesNeeded()
        var onset = ""
        if let running = shard.runningAtOnset, running > 0 {
            onset = " (it became saturated with \(running) chat(s) running, and ran up to \(shard.peakRunning))"
        }
        return "Spread it: --shard K/\(machines) on \(machines) machines\(onset) (or the Kubernetes Indexed Job in docs/load-testing.md), "
            + "or start chats at a rate (--rate R --duration T), or more slowly (--ramp-up T)."
    }
}
