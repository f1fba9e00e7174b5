import Foundation

/// The reply-latency histogram: the histogram's buckets (gathered into at most ``maxBins`` bars when
/// there are more) on a linear axis, or a logarithmic one when the latencies span more than
/// ``logRatio``×, with the p50, p95 and p99 marked.
struct HistogramChart {
    /// The most bars drawn.
    static let maxBins = 80
    /// Latencies spanning more than this ratio get a logarithmic axis.
    static let logRatio = 20.0

    /// One bar: its range in microseconds and the samples in it.
    struct Bin: Equatable {
        /// The lower bound, in microseconds.
        var from: Double
        /// The upper bound (exclusive), in microseconds.
        var to: Double
        /// Samples in the range.
        var count: Int
    }

    /// The bars of `histogram` on `scale`: every sample is in exactly one bar.
    static func bins(_ histogram: LatencyHistogram) -> (bins: [Bin], scale: ChartScale, ticks: [Double], step: Double?) {
        let bars = histogram.bars.map {
            Bin(from: Double(ReportFormat.micros($0.from)), to: Double(ReportFormat.micros($0.to)), count: $0.count)
        }
        guard let first = bars.first, let last = bars.last else {
            return ([], ChartScale(linear: 0, 1), [], nil)
        }
        let (low, high) = (first.from, last.to)
        let widest = bars.map { $0.to - $0.from }.max() ?? 1
        let scale: ChartScale
        let ticks: [Double]
        let step: Double?
        let count: Int
        if high / max(low, 1) > logRatio {
            scale = ChartScale(log: max(low, 1), high)
            ticks = scale.logTicks()
            step = nil
            count = Int(ceil(Foundation.log(scale.high / scale.low) / Foundation.log(1 + 1.0 / 64)))
        } else {
            let start = low < high - low ? 0 : low
            let axis = ChartScale.rounded(low: start, high: high)
            (scale, ticks, step) = (axis.scale, axis.ticks, axis.step)
            count = Int(ceil((scale.high - scale.low) / max(widest, 1)))
        }
        // Few buckets are drawn as they are, at their true ranges; many are gathered into wider bars.
        guard bars.count > maxBins else { return (bars, scale, ticks, step) }
        let binCount = min(max(count, 1), maxBins)
        var bins = (0..<binCount).map { index in
            Bin(
                from: scale.value(at: Double(index) / Double(binCount)), to: scale.value(at: Double(index + 1) / Double(binCount)),
                count: 0)
        }
        for bar in bars {
            let middle = scale.logarithmic ? (max(bar.from, 1) * bar.to).squareRoot() : (bar.from + bar.to) / 2
            let index = min(max(Int(scale.fraction(middle) * Double(binCount)), 0), binCount - 1)
            bins[index].count += bar.count
        }
        return (bins, scale, ticks, step)
    }

    /// The chart as inline SVG (`id="reply-histogram"`, `data-samples`; bars carry `data-count`).
    static func svg(_ histogram: LatencyHistogram) -> String {
        var canvas = SVGCanvas(width: 960, height: 300)
        canvas.top = 40
        let (bins, scale, ticks, step) = bins(histogram)
        guard !bins.isEmpty else {
            canvas.note("no replies measured")
            return canvas.svg(id: "reply-histogram", label: "Reply latency histogram: no replies measured", data: ["samples": "0", "bins": "0"])
        }
        let unit = LatencyUnit(forMaximum: scale.high)
        let peak = bins.map(\.count).max() ?? 1
        let counts = ChartScale.counts(upTo: Double(peak))
        canvas.yAxis(counts.scale, ticks: counts.ticks, label: { ReportFormat.number($0, decimals: 0) }, title: "replies")
        if scale.logarithmic {
            canvas.xAxis(scale, ticks: ticks, label: LatencyUnit.compact, title: "reply latency (logarithmic scale)")
        } else {
            canvas.xAxis(scale, ticks: ticks, label: { unit.label($0, step: step) }, title: "reply latency (\(unit.name))")
        }
        for bin in bins where bin.count > 0 {
            let x0 = canvas.x(bin.from, on: scale)
            let x1 = canvas.x(bin.to, on: scale)
            let gap = x1 - x0 > 3 ? 1.0 : 0
            let y = canvas.y(Double(bin.count), on: counts.scale)
            let range = "\(LatencyUnit.compact(bin.from)) – \(LatencyUnit.compact(bin.to))"
            canvas.element(
                "rect",
                [
                    "class": "bar", "x": ReportFormat.coordinate(x0), "y": ReportFormat.coordinate(y),
                    "width": ReportFormat.coordinate(max(x1 - x0 - gap, 1.5)), "height": ReportFormat.coordinate(max(canvas.plotBottom - y, 0.5)),
                    "data-count": String(bin.count), "data-from-us": ReportFormat.number(bin.from, decimals: 0),
                    "data-to-us": ReportFormat.number(bin.to, decimals: 0),
                ],
                tooltip: "\(range): \(bin.count) repl\(bin.count == 1 ? "y" : "ies")")
        }
        addMarkers(histogram, to: &canvas, scale: scale)
        return canvas.svg(
            id: "reply-histogram", label: "Reply latency histogram of \(histogram.count) replies",
            data: [
                "samples": String(histogram.count), "bins": String(bins.count), "scale": scale.logarithmic ? "log" : "linear",
                "unit": unit.name,
            ])
    }

    /// Dashed lines at p50, p95 and p99, labelled at the top; percentiles with the same value share
    /// a line and a label (`p95 = p99 33 ms`), close labels are stacked.
    private static func addMarkers(_ histogram: LatencyHistogram, to canvas: inout SVGCanvas, scale: ChartScale) {
        var groups: [(names: [Int], value: Duration)] = []
        for percentile in [50, 95, 99] {
            guard let value = histogram.percentile(Double(percentile)) else { continue }
            if let last = groups.last, last.value == value {
                groups[groups.count - 1].names.append(percentile)
            } else {
                groups.append(([percentile], value))
            }
        }
        var lastX = -Double.infinity
        var row = 0
        for group in groups {
            let micros = Double(ReportFormat.micros(group.value))
            let x = canvas.x(micros, on: scale)
            row = x - lastX < 110 ? row + 1 : 0
            lastX = x
            let names = group.names.map { "p\($0)" }
            let labelY = canvas.plotTop - 26 + Double(row % 3) * 12
            let nearRight = x > canvas.plotRight - 110
            for name in names.dropLast() {
                canvas.add("<g class=\"marker \(name)\" data-percentile=\"\(name.dropFirst())\" data-micros=\"\(Int64(micros))\"></g>")
            }
            let name = names.last ?? "p50"
            canvas.add("<g class=\"marker \(name)\" data-percentile=\"\(name.dropFirst())\" data-micros=\"\(Int64(micros))\">")
            canvas.element(
                "line",
                [
                    "x1": ReportFormat.coordinate(x), "x2": ReportFormat.coordinate(x), "y1": ReportFormat.coordinate(labelY + 3),
                    "y2": ReportFormat.coordinate(canvas.plotBottom),
                ])
            canvas.element(
                "text",
                [
                    "x": ReportFormat.coordinate(nearRight ? x - 4 : x + 4), "y": ReportFormat.coordinate(labelY),
                    "text-anchor": nearRight ? "end" : "start",
                ],
                text: "\(names.joined(separator: " = ")) \(ReportFormat.latency(group.value))")
            canvas.add("</g>")
        }
    }
}
