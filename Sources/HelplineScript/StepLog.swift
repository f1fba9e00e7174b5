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

    /// The summary of many runs: counts and reply-latency percentiles.
    public static func summary(_ results: [ScriptResult], errors: Int = 0) -> String {
        let passed = results.filter(\.passed).count
        let latencies = results.flatMap(\.replyLatencies)
        var text = "\(results.count) run(s): \(passed) passed, \(results.count - passed) failed"
        if errors > 0 { text += ", \(errors) error(s)" }
        if let p50 = LatencyStats.percentile(50, of: latencies), let p95 = LatencyStats.percentile(95, of: latencies) {
            text += "; reply latency p50 \(LatencyStats.format(p50)), p95 \(LatencyStats.format(p95)) (\(latencies.count) replies)"
        }
        return text
    }
}
