import Foundation

/// Text for the HTML report: escaping, and numbers, durations and clock times that are never `NaN`.
enum ReportFormat {
    /// Escapes text for HTML content and attribute values (`&`, `<`, `>`, quotes); control
    /// characters other than newline and tab are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0x7F, !(0x80..<0xA0).contains(scalar.value) {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A number with at most `decimals` decimals, trailing zeros removed; `0` when not finite.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(max(decimals, 0))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// An SVG coordinate (one decimal).
    static func coordinate(_ value: Double) -> String {
        number(value, decimals: 1)
    }

    /// A latency as the step log writes it (`123 ms`, `1.42 s`), or a dash when there is none.
    static func latency(_ duration: Duration?) -> String {
        guard let duration else { return "–" }
        let micros = LatencyHistogram.micros(duration)
        if micros < 1000 { return "\(micros) µs" }
        return LatencyStats.format(duration)
    }

    /// Whole microseconds of a duration.
    static func micros(_ duration: Duration) -> Int64 {
        LatencyHistogram.micros(duration)
    }

    /// How long a run took: `850 ms`, `12.3 s`, `5 min 02 s`, `1 h 04 min`.
    static func elapsed(milliseconds: Int64) -> String {
        let ms = max(milliseconds, 0)
        if ms < 1000 { return "\(ms) ms" }
        if ms < 60_000 { return number(Double(ms) / 1000, decimals: 1) + " s" }
        let seconds = ms / 1000
        if seconds < 3600 { return "\(seconds / 60) min " + String(format: "%02d s", Int(seconds % 60)) }
        return "\(seconds / 3600) h " + String(format: "%02d min", Int(seconds / 60 % 60))
    }

    /// A time since the start for an axis or a tooltip: `45 s` on short runs, `2:05` or `1:02:05` on long ones.
    static func clock(_ seconds: Int, long: Bool) -> String {
        guard long else { return "\(seconds) s" }
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        if hours > 0 { return String(format: "%d:%02d:%02d", hours, minutes, rest) }
        return String(format: "%d:%02d", minutes, rest)
    }

    /// `part` as a percentage of `whole` (`0.50%`), or a dash when `whole` is 0.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        return String(format: "%.2f%%", Double(part) * 100 / Double(whole))
    }

    /// Text cut to `limit` characters with an ellipsis.
    static func truncated(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(limit - 1, 1))) + "…"
    }
}
