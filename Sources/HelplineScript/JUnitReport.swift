import Foundation

/// Writes script results as JUnit XML: one test case per script run, one failure per unmet step.
public enum JUnitReport {
    /// The XML document for `results` (suite name `suite`).
    public static func xml(suite: String, results: [ScriptResult]) -> String {
        let failures = results.filter { !$0.passed }.count
        let total = results.reduce(Duration.zero) { $0 + $1.duration }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(
            #"<testsuites name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" time="\#(seconds(total))">"#)
        lines.append(
            #"  <testsuite name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="0" time="\#(seconds(total))">"#)
        for (index, result) in results.enumerated() {
            let name = results.filter({ $0.name == result.name }).count > 1 ? "\(result.name) #\(index + 1)" : result.name
            let open = #"    <testcase classname="helpline.script" name="\#(escape(name))" time="\#(seconds(result.duration))""#
            if result.passed {
                lines.append(open + "/>")
                continue
            }
            lines.append(open + ">")
            for step in result.failures {
                let message = "line \(step.step.line): \(step.failure ?? "failed")"
                lines.append(#"      <failure message="\#(escape(message))" type="UnmetExpectation">\#(escape(step.step.source))</failure>"#)
            }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the document to `path`.
    public static func write(suite: String, results: [ScriptResult], to path: String) throws {
        try Data(xml(suite: suite, results: results).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f", value)
    }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot carry.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += " "
            default:
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
