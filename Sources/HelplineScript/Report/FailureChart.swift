import Foundation

/// Failures over time: bars per time bucket, stacked by reason (the most frequent reasons each with
/// a colour of their own, the rest as "other"), and the legend that names the colours.
struct FailureChart {
    /// Reasons drawn on their own; the rest are "other".
    static let topReasons = 5
    /// The most bars across the run.
    static let maxBars = 120

    /// One coloured series.
    struct Series: Equatable {
        /// The reason, or `other (N reasons)`.
        var name: String
        /// Its failures in the whole run.
        var total: Int
        /// Failures per bucket.
        var perBucket: [Int]
    }

    /// Seconds per bar.
    let size: Int
    /// Seconds on the time axis.
    let seconds: Int
    /// The series, most frequent first, "other" last.
    let series: [Series]

    /// Gathers `summary`'s failure reasons into series over buckets.
    init(_ summary: LoadSummary) {
        let lastFailure = summary.failureReasons.flatMap(\.seconds).compactMap { $0.first }.max() ?? -1
        seconds = max(summary.timeline.count, lastFailure + 1)
        size = ChartScale.timeStep(covering: seconds, parts: Self.maxBars)
        let bucketCount = max((seconds + size - 1) / size, 1)
        let reasons = summary.failureReasons.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
        var series: [Series] = []
        let shown = reasons.count > Self.topReasons + 1 ? Array(reasons.prefix(Self.topReasons)) : reasons
        let rest = reasons.dropFirst(shown.count)
        for reason in shown {
            series.append(Series(name: reason.reason, total: reason.count, perBucket: Self.spread([reason], size, bucketCount)))
        }
        if !rest.isEmpty {
            series.append(
                Series(
                    name: "other (\(rest.count) reasons)", total: rest.reduce(0) { $0 + $1.count },
                    perBucket: Self.spread(Array(rest), size, bucketCount)))
        }
        self.series = series
    }

    /// Failures of `reasons` per bucket.
    private static func spread(_ reasons: [LoadSummary.FailureReason], _ size: Int, _ count: Int) -> [Int] {
        var buckets = [Int](repeating: 0, count: count)
        for reason in reasons {
            for pair in reason.seconds where pair.count == 2 && pair[0] >= 0 {
                buckets[min(pair[0] / size, count - 1)] += pair[1]
            }
        }
        return buckets
    }

    /// Failures in all series (from the reasons' counts).
    var total: Int { series.reduce(0) { $0 + $1.total } }

    /// The chart as inline SVG (`id="failures-chart"`, `data-total`; bars carry `data-count`).
    func svg() -> String {
        var canvas = SVGCanvas(width: 960, height: 260)
        guard total > 0 else {
            canvas.note("no failures")
            return canvas.svg(id: "failures-chart", label: "Failures over time: no failures", data: ["total": "0", "series": "0"])
        }
        let bucketCount = series.first?.perBucket.count ?? 1
        let stacked = (0..<bucketCount).map { index in series.reduce(0) { $0 + $1.perBucket[index] } }
        let counts = ChartScale.counts(upTo: Double(stacked.max() ?? 0))
        let end = max(seconds, 1)
        let time = ChartScale(linear: 0, Double(bucketCount * size))
        let long = end > 120
        let step = ChartScale.timeStep(covering: bucketCount * size, parts: 8)
        let ticks = stride(from: 0, through: bucketCount * size, by: step).map(Double.init)
        let per = size == 1 ? "per second" : "per \(TimelineBuckets.span(size))"
        canvas.yAxis(counts.scale, ticks: counts.ticks, label: { ReportFormat.number($0, decimals: 0) }, title: "failures \(per)")
        canvas.xAxis(
            time, ticks: ticks, label: { ReportFormat.clock(Int($0), long: long) }, title: "time since start" + (long ? " (m:ss)" : " (s)"))
        for bucket in 0..<bucketCount where stacked[bucket] > 0 {
            let x0 = canvas.x(Double(bucket * size), on: time)
            let x1 = canvas.x(Double((bucket + 1) * size), on: time)
            let gap = x1 - x0 > 4 ? 1.5 : 0
            var below = 0
            for (index, item) in series.enumerated() where item.perBucket[bucket] > 0 {
                let count = item.perBucket[bucket]
                let yTop = canvas.y(Double(below + count), on: counts.scale)
                let yBottom = canvas.y(Double(below), on: counts.scale)
                below += count
                let when = size == 1
                    ? "second \(ReportFormat.clock(bucket * size, long: long))"
                    : "\(ReportFormat.clock(bucket * size, long: long))–\(ReportFormat.clock((bucket + 1) * size, long: long))"
                canvas.element(
                    "rect",
                    [
                        "class": "bar s\(index)", "x": ReportFormat.coordinate(x0 + gap / 2), "y": ReportFormat.coordinate(yTop),
                        "width": ReportFormat.coordinate(max(x1 - x0 - gap, 0.5)), "height": ReportFormat.coordinate(max(yBottom - yTop, 0.5)),
                        "data-series": String(index), "data-count": String(count), "data-second": String(bucket * size),
                    ],
                    tooltip: "\(when): \(count) × \(item.name)")
            }
        }
        return canvas.svg(
            id: "failures-chart", label: "Failures over time, \(total) in all",
            data: ["total": String(total), "series": String(series.count), "bucket-seconds": String(size)])
    }

    /// The legend: a colour swatch, the reason and its count, per series.
    func legend() -> String {
        guard total > 0 else { return "" }
        var html = "<ul class=\"legend\" id=\"failures-legend\">\n"
        for (index, item) in series.enumerated() {
            html += "<li data-series=\"\(index)\" data-count=\"\(item.total)\"><span class=\"swatch s\(index)\"></span>"
            html += "<span class=\"count\">\(item.total)×</span> <span class=\"reason\">\(ReportFormat.escape(item.name))</span></li>\n"
        }
        return html + "</ul>"
    }
}
