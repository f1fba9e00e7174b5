import Foundation

/// The load over time: chats running (an area) and throughput (chats finished per second, passed
/// and failed stacked, with the start rate as a line), on a shared time axis.
enum TimelineCharts {
    /// The most points drawn across the run.
    static let maxBuckets = 240

    /// Chats running: the peak of each bucket (`id="running-chart"`).
    static func running(_ buckets: TimelineBuckets, peak: Int) -> String {
        var canvas = SVGCanvas(width: 960, height: 240)
        guard !buckets.isEmpty else {
            canvas.note("no chats ran")
            return canvas.svg(id: "running-chart", label: "Chats running: no chats ran", data: ["seconds": "0", "points": "0"])
        }
        let time = buckets.timeAxis()
        let values = buckets.buckets.map { Double($0.peakRunning) }
        let counts = ChartScale.counts(upTo: values.max() ?? 0)
        canvas.yAxis(counts.scale, ticks: counts.ticks, label: { ReportFormat.number($0, decimals: 0) }, title: "chats running")
        timeAxis(&canvas, buckets, time)
        let path = stepPath(canvas, buckets, values, over: nil, time: time.scale, counts: counts.scale)
        canvas.element("path", ["class": "area running", "d": path.area, "data-series": "running", "data-values": encode(values)])
        canvas.element("path", ["class": "line running", "d": path.line])
        hoverTargets(&canvas, buckets, time: time.scale) { bucket in
            "\(range(bucket, buckets)): peak \(bucket.peakRunning) running, \(bucket.started) started"
        }
        return canvas.svg(
            id: "running-chart", label: "Chats running over time, peak \(peak)",
            data: [
                "seconds": String(buckets.total), "bucket-seconds": String(buckets.size), "points": String(values.count),
                "peak": String(Int(values.max() ?? 0)),
            ])
    }

    /// Chats finished per second, passed and failed stacked, and chats started per second
    /// (`id="throughput-chart"`).
    static func throughput(_ buckets: TimelineBuckets) -> String {
        var canvas = SVGCanvas(width: 960, height: 260)
        guard !buckets.isEmpty else {
            canvas.note("no chats ran")
            return canvas.svg(id: "throughput-chart", label: "Throughput: no chats ran", data: ["seconds": "0", "points": "0", "finished": "0"])
        }
        let time = buckets.timeAxis()
        let passed = buckets.buckets.map { $0.perSecond($0.passed) }
        let failed = buckets.buckets.map { $0.perSecond($0.failed) }
        let started = buckets.buckets.map { $0.perSecond($0.started) }
        let finished = zip(passed, failed).map(+)
        let top = max(finished.max() ?? 0, started.max() ?? 0)
        let rates = top >= 1 ? ChartScale.counts(upTo: top) : ChartScale.rounded(low: 0, high: max(top, 0.1))
        let decimals = rates.step >= 1 ? 0 : Int(-floor(log10(rates.step) + 1e-9))
        canvas.yAxis(rates.scale, ticks: rates.ticks, label: { ReportFormat.number($0, decimals: decimals) }, title: "chats / s")
        timeAxis(&canvas, buckets, time)
        let passedPath = stepPath(canvas, buckets, passed, over: nil, time: time.scale, counts: rates.scale)
        let failedPath = stepPath(canvas, buckets, finished, over: passed, time: time.scale, counts: rates.scale)
        let startedPath = stepPath(canvas, buckets, started, over: nil, time: time.scale, counts: rates.scale)
        canvas.element("path", ["class": "area passed", "d": passedPath.area, "data-series": "passed", "data-values": encode(passed)])
        canvas.element("path", ["class": "area failed", "d": failedPath.area, "data-series": "failed", "data-values": encode(failed)])
        canvas.element("path", ["class": "line started", "d": startedPath.line, "data-series": "started", "data-values": encode(started)])
        hoverTargets(&canvas, buckets, time: time.scale) { bucket in
            let rate = { ReportFormat.number(bucket.perSecond($0), decimals: 2) }
            return "\(range(bucket, buckets)): \(rate(bucket.passed))/s passed, \(rate(bucket.failed))/s failed, \(rate(bucket.started))/s started"
        }
        let total = buckets.buckets.reduce(0) { $0 + $1.passed + $1.failed }
        return canvas.svg(
            id: "throughput-chart", label: "Chats finished per second over time",
            data: [
                "seconds": String(buckets.total), "bucket-seconds": String(buckets.size), "points": String(finished.count),
                "finished": String(total),
            ])
    }

    /// The time axis along the bottom.
    private static func timeAxis(_ canvas: inout SVGCanvas, _ buckets: TimelineBuckets, _ time: (scale: ChartScale, ticks: [Double])) {
        let long = buckets.longRun
        let title = "time since start" + (long ? " (m:ss)" : " (s)")
        canvas.xAxis(time.scale, ticks: time.ticks, label: { ReportFormat.clock(Int($0), long: long) }, title: title)
    }

    /// A step outline of `values` (one flat segment per bucket, runs of equal values joined): the
    /// line along the top, and the closed area down to `under` (or to 0).
    private static func stepPath(
        _ canvas: SVGCanvas, _ buckets: TimelineBuckets, _ values: [Double], over under: [Double]?, time: ChartScale, counts: ChartScale
    ) -> (line: String, area: String) {
        var top: [(x: Double, y: Double)] = []
        var bottom: [(x: Double, y: Double)] = []
        for (index, bucket) in buckets.buckets.enumerated() {
            let x0 = canvas.x(Double(bucket.start), on: time)
            let x1 = canvas.x(Double(bucket.start + bucket.seconds), on: time)
            extend(&top, x0, x1, canvas.y(values[index], on: counts))
            extend(&bottom, x0, x1, canvas.y(under?[index] ?? 0, on: counts))
        }
        let text = { (points: [(x: Double, y: Double)]) in
            points.map { "\(ReportFormat.coordinate($0.x)),\(ReportFormat.coordinate($0.y))" }.joined(separator: " L")
        }
        let line = "M" + text(top)
        return (line, line + " L" + text(bottom.reversed()) + " Z")
    }

    /// Adds a flat segment from `x0` to `x1` at `y`, stretching the last one when it is at the same height.
    private static func extend(_ points: inout [(x: Double, y: Double)], _ x0: Double, _ x1: Double, _ y: Double) {
        if let last = points.last, points.count >= 2, abs(last.y - y) < 0.05 {
            points[points.count - 1].x = x1
        } else {
            points.append((x0, y))
            points.append((x1, y))
        }
    }

    /// Invisible full-height strips, one per bucket, whose tooltips give the figures.
    private static func hoverTargets(
        _ canvas: inout SVGCanvas, _ buckets: TimelineBuckets, time: ChartScale, tooltip: (TimelineBuckets.Bucket) -> String
    ) {
        for bucket in buckets.buckets {
            let x0 = canvas.x(Double(bucket.start), on: time)
            let x1 = canvas.x(Double(bucket.start + bucket.seconds), on: time)
            canvas.element(
                "rect",
                [
                    "class": "hover", "x": ReportFormat.coordinate(x0), "y": ReportFormat.coordinate(canvas.plotTop),
                    "width": ReportFormat.coordinate(max(x1 - x0, 0.5)), "height": ReportFormat.coordinate(canvas.plotHeight),
                ],
                tooltip: tooltip(bucket))
        }
    }

    /// `0:10–0:25` or `12 s` for a one-second bucket.
    static func range(_ bucket: TimelineBuckets.Bucket, _ buckets: TimelineBuckets) -> String {
        let long = buckets.longRun
        if bucket.seconds == 1 { return "second " + ReportFormat.clock(bucket.start, long: long) }
        return ReportFormat.clock(bucket.start, long: long) + "–" + ReportFormat.clock(bucket.start + bucket.seconds, long: long)
    }

    /// Values for a `data-values` attribute: space-separated, two decimals at most.
    static func encode(_ values: [Double]) -> String {
        values.map { ReportFormat.number($0, decimals: 2) }.joined(separator: " ")
    }
}
