import Foundation

/// Axis ranges and tick positions: round numbers (1, 2, 5 × 10ⁿ), whole counts and clock-friendly
/// time steps, never `NaN` whatever the data (empty, one value, all zero).
struct ChartScale {
    /// The lower end of the axis.
    let low: Double
    /// The upper end of the axis.
    let high: Double
    /// True for a logarithmic axis.
    let logarithmic: Bool

    /// A linear axis from `low` to `high` (a degenerate range is widened to 1).
    init(linear low: Double, _ high: Double) {
        let low = low.isFinite ? low : 0
        let high = high.isFinite ? high : low + 1
        self.low = low
        self.high = high > low ? high : low + 1
        logarithmic = false
    }

    /// A logarithmic axis from `low` to `high` (both above 0).
    init(log low: Double, _ high: Double) {
        let low = low.isFinite && low > 0 ? low : 1
        let high = high.isFinite ? high : low * 10
        self.low = low
        self.high = high > low ? high : low * 10
        logarithmic = true
    }

    /// Where `value` falls, 0 at `low` to 1 at `high` (clamped).
    func fraction(_ value: Double) -> Double {
        let raw: Double
        if logarithmic {
            raw = Foundation.log(max(value, low) / low) / Foundation.log(high / low)
        } else {
            raw = (value - low) / (high - low)
        }
        return raw.isFinite ? min(max(raw, 0), 1) : 0
    }

    /// The value at `fraction` of the axis.
    func value(at fraction: Double) -> Double {
        logarithmic ? low * pow(high / low, fraction) : low + (high - low) * fraction
    }

    /// 1, 2 or 5 × 10ⁿ, the smallest at or above `raw` (1 for nonsense input).
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let power = pow(10, floor(log10(raw)))
        let fraction = raw / power
        let nice: Double = fraction <= 1.0001 ? 1 : fraction <= 2.0001 ? 2 : fraction <= 5.0001 ? 5 : 10
        return nice * power
    }

    /// A linear axis covering `low…high` widened to round ticks, about `count` of them.
    static func rounded(low: Double, high: Double, count: Int = 5) -> (scale: ChartScale, ticks: [Double], step: Double) {
        let span = high > low ? high - low : max(abs(high), 1)
        let step = niceStep(span / Double(max(count, 1)))
        let first = floor(low / step) * step
        var last = ceil(high / step) * step
        if last <= first { last = first + step }
        let ticks = stride(from: first, through: last + step / 2, by: step).map { $0 }
        return (ChartScale(linear: first, last), ticks, step)
    }

    /// A count axis from 0 to at least `maximum`, with whole-number ticks.
    static func counts(upTo maximum: Double, count: Int = 5) -> (scale: ChartScale, ticks: [Double], step: Double) {
        let top = maximum.isFinite && maximum > 0 ? maximum : 1
        let rawStep = niceStep(top / Double(max(count, 1)))
        let step = top >= 1 ? max(rawStep, 1) : rawStep
        let last = max(ceil(top / step) * step, step)
        let ticks = stride(from: 0, through: last + step / 2, by: step).map { $0 }
        return (ChartScale(linear: 0, last), ticks, step)
    }

    /// Ticks of a logarithmic axis: the 1, 2, 5 × 10ⁿ values inside it.
    func logTicks() -> [Double] {
        var ticks: [Double] = []
        var decade = pow(10, floor(log10(low)))
        while decade <= high, ticks.count < 40 {
            for multiple in [1.0, 2, 5] where decade * multiple >= low * 0.999 && decade * multiple <= high * 1.001 {
                ticks.append(decade * multiple)
            }
            decade *= 10
        }
        return ticks
    }

    /// Steps (in seconds) a time axis or a time bucket may take: each reads well on a clock.
    static let timeSteps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]

    /// The smallest clock step that cuts `seconds` into at most `parts` pieces.
    static func timeStep(covering seconds: Int, parts: Int) -> Int {
        let parts = max(parts, 1)
        let needed = (max(seconds, 1) + parts - 1) / parts
        return timeSteps.first { $0 >= needed } ?? (needed + 86399) / 86400 * 86400
    }
}

/// The unit a latency axis is labelled in, chosen from the largest value shown.
struct LatencyUnit {
    /// `µs`, `ms` or `s`.
    let name: String
    /// Microseconds per unit.
    let micros: Double

    /// The unit for values up to `maximum` microseconds.
    init(forMaximum maximum: Double) {
        if maximum < 1000 {
            (name, micros) = ("µs", 1)
        } else if maximum < 2_000_000 {
            (name, micros) = ("ms", 1000)
        } else {
            (name, micros) = ("s", 1_000_000)
        }
    }

    /// A label with its own unit, for logarithmic axes that span several: `500 µs`, `20 ms`, `2 s`.
    static func compact(_ micros: Double) -> String {
        if micros < 1000 { return ReportFormat.number(micros, decimals: 0) + " µs" }
        if micros < 1_000_000 { return ReportFormat.number(micros / 1000, decimals: 2) + " ms" }
        return ReportFormat.number(micros / 1_000_000, decimals: 2) + " s"
    }

    /// A tick label for `value` microseconds, with as many decimals as `step` needs.
    func label(_ value: Double, step: Double? = nil) -> String {
        let scaled = value / micros
        guard let step, step > 0 else { return ReportFormat.number(scaled, decimals: 3) }
        let decimals = max(0, Int(-floor(log10(step / micros) + 1e-9)))
        return ReportFormat.number(scaled, decimals: decimals)
    }
}
