import Foundation

/// Writes a run as JUnit XML: one test case per chat run (one failure per unmet step) and one per threshold.
public enum JUnitReport {
    /// The XML document for a run: one test case per chat run (its unmet steps as failures) and
    /// one per threshold (failing when the threshold does not hold).
    public static func xml(suite: String, summary: LoadSummary) -> String {
        let runs = summary.runs
        let brokenRules = summary.thresholds.filter { !$0.passed }
        let saturation = summary.saturation ?? []
        let failures = runs.filter { !$0.passed }.count + brokenRules.count + saturation.count
        let machineCases = summary.saturation == nil ? 0 : max(saturation.count, 1)
        let tests = runs.count + summary.thresholds.count + machineCases
        let total = seconds(.milliseconds(summary.durationMs))
        var counts: [String: Int] = [:]
        for run in runs { counts[run.name, default: 0] += 1 }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(#"<testsuites name="\#(escape(suite))" tests="\#(tests)" failures="\#(failures)" time="\#(total)">"#)
        lines.append(
            #"  <testsuite name="\#(escape(suite))" tests="\#(tests)" failures="\#(failures)" errors="0" time="\#(total)">"#)
        for (index, run) in runs.enumerated() {
            let name = (counts[run.name] ?? 0) > 1 ? "\(run.name) #\(index + 1)" : run.name
            let open = #"    <testcase classname="helpline.script" name="\#(escape(name))" time="\#(seconds(.milliseconds(run.durationMs)))""#
            if run.passed {
                lines.append(open + "/>")
                continue
            }
            lines.append(open + ">")
            for (message, source) in zip(run.failures, run.failedSources) {
                lines.append(#"      <failure message="\#(escape(message))" type="UnmetExpectation">\#(escape(source))</failure>"#)
            }
            lines.append("    </testcase>")
        }
        for rule in summary.thresholds {
            let open = #"    <testcase classname="helpline.threshold" name="\#(escape(rule.expression))" time="0.000""#
            if rule.passed {
                lines.append(open + "/>")
            } else {
                let message = "threshold \(rule.expression) failed: measured \(rule.actual)"
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(escape(message))" type="ThresholdFailed">\#(escape(message))</failure>"#)
                lines.append("    </testcase>")
            }
        }
        // One case says whether the machines driving the load kept up: failures while one did not
        // measure that machine, not the system under test.
        let machine = #"    <testcase classname="helpline.machine" name="load generator kept up" time="0.000""#
        if summary.saturation?.isEmpty == true { lines.append(machine + "/>") }
        for shard in saturation {
            let message = StepLog.saturationVerdict(shard, failed: summary.counts.failed)
            lines.append(#"    <testcase classname="helpline.machine" name="load generator kept up (shard \#(escape(shard.shard)))" time="0.000">"#)
            lines.append(#"      <failure message="\#(escape(message))" type="LoadGeneratorSaturated">\#(escape(message))</failure>"#)
            lines.append("    </testcase>")
        }
        if summary.runsOmitted > 0 {
            lines.append("    <!-- \(summary.runsOmitted) further run(s) are counted in the summary but not listed -->")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the document to `path`.
    public static func write(suite: String, summary: LoadSummary, to path: String) throws {
        try Data(xml(suite: suite, summary: summary).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f", value)
    }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot carry.
    static func escape(_ text: String) -> String {
        MarkupEscaper.escape(text, whitespace: .forAttributes)
    }
}
