import Foundation

/// Builds one inline SVG chart: a plot area inside margins, grid lines, labelled axes and the
/// marks the chart adds. Styling comes from the page's CSS classes; every text is escaped.
struct SVGCanvas {
    /// The drawing's width in user units (the page scales it to fit).
    let width: Double
    /// The drawing's height in user units.
    let height: Double
    /// Space left of the plot, for the y tick labels and title.
    var left = 68.0
    /// Space right of the plot.
    var right = 24.0
    /// Space above the plot.
    var top = 16.0
    /// Space below the plot, for the x tick labels and title.
    var bottom = 50.0
    private var parts: [String] = []

    /// An empty canvas.
    init(width: Double = 960, height: Double = 280) {
        self.width = width
        self.height = height
    }

    /// The plot area's left edge.
    var plotLeft: Double { left }
    /// The plot area's right edge.
    var plotRight: Double { width - right }
    /// The plot area's top edge.
    var plotTop: Double { top }
    /// The plot area's bottom edge.
    var plotBottom: Double { height - bottom }
    /// The plot area's width.
    var plotWidth: Double { max(plotRight - plotLeft, 1) }
    /// The plot area's height.
    var plotHeight: Double { max(plotBottom - plotTop, 1) }

    /// The x coordinate of `value` on `scale`.
    func x(_ value: Double, on scale: ChartScale) -> Double {
        plotLeft + scale.fraction(value) * plotWidth
    }

    /// The y coordinate of `value` on `scale` (upwards).
    func y(_ value: Double, on scale: ChartScale) -> Double {
        plotBottom - scale.fraction(value) * plotHeight
    }

    /// Adds raw SVG markup (already escaped).
    mutating func add(_ markup: String) {
        parts.append(markup)
    }

    /// Adds an element with escaped attribute values and optional escaped text (or a `<title>` tooltip).
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, text: String? = nil, tooltip: String? = nil) {
        parts.append(Self.element(name, attributes, text: text, tooltip: tooltip))
    }

    /// An element's markup: attributes and text escaped; a tooltip becomes a `<title>` child.
    static func element(_ name: String, _ attributes: KeyValuePairs<String, String>, text: String? = nil, tooltip: String? = nil) -> String {
        var markup = "<\(name)"
        for (key, value) in attributes { markup += " \(key)=\"\(ReportFormat.escape(value))\"" }
        guard text != nil || tooltip != nil else { return markup + "/>" }
        markup += ">"
        if let tooltip { markup += "<title>\(ReportFormat.escape(tooltip))</title>" }
        if let text { markup += ReportFormat.escape(text) }
        return markup + "</\(name)>"
    }

    /// Horizontal grid lines and labels at `ticks` of the y `scale`, and the y axis title.
    mutating func yAxis(_ scale: ChartScale, ticks: [Double], label: (Double) -> String, title: String) {
        for tick in ticks {
            let y = ReportFormat.coordinate(y(tick, on: scale))
            element("line", ["class": "grid", "x1": ReportFormat.coordinate(plotLeft), "x2": ReportFormat.coordinate(plotRight), "y1": y, "y2": y])
            element("text", ["class": "tick y", "x": ReportFormat.coordinate(plotLeft - 8), "y": y, "dy": "0.32em", "text-anchor": "end"], text: label(tick))
        }
        let middle = ReportFormat.coordinate((plotTop + plotBottom) / 2)
        element(
            "text", ["class": "axis-title", "x": "0", "y": "0", "text-anchor": "middle", "transform": "translate(16 \(middle)) rotate(-90)"],
            text: title)
    }

    /// Tick marks and labels at `ticks` of the x `scale`, the axis line and its title.
    mutating func xAxis(_ scale: ChartScale, ticks: [Double], label: (Double) -> String, title: String) {
        let base = ReportFormat.coordinate(plotBottom)
        element("line", ["class": "axis", "x1": ReportFormat.coordinate(plotLeft), "x2": ReportFormat.coordinate(plotRight), "y1": base, "y2": base])
        for tick in ticks {
            let x = ReportFormat.coordinate(x(tick, on: scale))
            element("line", ["class": "axis", "x1": x, "x2": x, "y1": base, "y2": ReportFormat.coordinate(plotBottom + 5)])
            element("text", ["class": "tick x", "x": x, "y": ReportFormat.coordinate(plotBottom + 19), "text-anchor": "middle"], text: label(tick))
        }
        element(
            "text", ["class": "axis-title", "x": ReportFormat.coordinate((plotLeft + plotRight) / 2), "y": ReportFormat.coordinate(height - 8), "text-anchor": "middle"],
            text: title)
    }

    /// A note in the middle of the plot (`no replies measured`).
    mutating func note(_ text: String) {
        element(
            "text", ["class": "note", "x": ReportFormat.coordinate((plotLeft + plotRight) / 2), "y": ReportFormat.coordinate((plotTop + plotBottom) / 2), "text-anchor": "middle"],
            text: text)
    }

    /// The finished `<svg>`: `id`, an accessible label, and `data` attributes for readers and tests.
    func svg(id: String, label: String, data: KeyValuePairs<String, String>) -> String {
        var open = "<svg id=\"\(ReportFormat.escape(id))\" class=\"chart\" viewBox=\"0 0 \(ReportFormat.coordinate(width)) \(ReportFormat.coordinate(height))\""
        open += " role=\"img\" aria-label=\"\(ReportFormat.escape(label))\""
        for (key, value) in data { open += " data-\(key)=\"\(ReportFormat.escape(value))\"" }
        open += ">"
        return ([open] + parts + ["</svg>"]).joined(separator: "\n")
    }
}
