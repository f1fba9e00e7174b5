/// The report's inline style sheet: system fonts, a light and a dark scheme, colour-blind-safe
/// series colours (Okabe–Ito), tabular numbers, and print-friendly sections.
enum ReportStyle {
    /// The CSS, inlined in the page's `<style>`.
    static let css = """
        :root {
          --bg: #ffffff; --fg: #1f2328; --dim: #59636e; --line: #d1d9e0; --panel: #f6f8fa;
          --ok: #1a7f37; --ok-bg: #dafbe1; --bad: #cf222e; --bad-bg: #ffebe9;
          --bar: #0072b2; --running: #0072b2; --passed: #009e73; --failed: #d55e00; --started: #59636e;
          --s0: #d55e00; --s1: #0072b2; --s2: #e69f00; --s3: #cc79a7; --s4: #009e73; --s5: #8c959f;
          --p50: #009e73; --p95: #e69f00; --p99: #cf222e;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --fg: #e6edf3; --dim: #9198a1; --line: #3d444d; --panel: #151b23;
            --ok: #3fb950; --ok-bg: #12261e; --bad: #f85149; --bad-bg: #2d1214;
            --bar: #56b4e9; --running: #56b4e9; --started: #9198a1; --s1: #56b4e9; --s5: #9198a1;
          }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        main { max-width: 1120px; margin: 0 auto; padding: 24px 20px 48px; }
        h1 { font-size: 1.6em; margin: 0 0 4px; overflow-wrap: anywhere; }
        h2 { font-size: 1.2em; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1em; margin: 20px 0 6px; color: var(--dim); font-weight: 600; }
        code { font: 0.92em/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
        .dim, .note-text { color: var(--dim); }
        header.verdict { border-left: 8px solid var(--ok); background: var(--ok-bg); padding: 16px 20px; border-radius: 6px; }
        header.verdict.failed { border-color: var(--bad); background: var(--bad-bg); }
        header.verdict p.saturated { font-weight: 600; color: var(--bad); }
        .badge { display: inline-block; font-weight: 700; letter-spacing: 0.06em; padding: 2px 10px; border-radius: 4px;
          color: #fff; background: var(--ok); margin: 6px 0; }
        .failed .badge { background: var(--bad); }
        .why { margin: 4px 0 0; }
        p.caption { color: var(--dim); font-size: 0.9em; margin: 0 0 4px; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 12px 0 0; }
        dl.facts dt { color: var(--dim); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 10px; margin-top: 16px; }
        .card { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; }
        .card .value { font-size: 1.5em; font-weight: 650; font-variant-numeric: tabular-nums; }
        .card .label { color: var(--dim); font-size: 0.88em; }
        .card.bad .value { color: var(--bad); }
        .card.ok .value { color: var(--ok); }
        table { border-collapse: collapse; width: 100%; margin: 8px 0; font-size: 0.93em; }
        th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        thead th { background: var(--panel); font-weight: 600; white-space: nowrap; }
        tbody tr:nth-child(even) { background: color-mix(in srgb, var(--panel) 60%, transparent); }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.bad, .bad { color: var(--bad); font-weight: 600; }
        .ok { color: var(--ok); font-weight: 600; }
        td.mark { width: 1.5em; font-size: 1.1em; }
        td.where { white-space: nowrap; }
        .empty { color: var(--dim); font-style: italic; }
        svg.chart { width: 100%; height: auto; display: block; margin: 4px 0 8px; }
        svg.chart text { fill: var(--fg); font-size: 12px; font-family: inherit; }
        svg.chart .tick { fill: var(--dim); font-variant-numeric: tabular-nums; }
        svg.chart .axis-title { fill: var(--dim); font-size: 12.5px; }
        svg.chart .note { fill: var(--dim); font-size: 16px; font-style: italic; }
        svg.chart .grid { stroke: var(--line); stroke-width: 1; stroke-dasharray: 2 3; }
        svg.chart .axis { stroke: var(--dim); stroke-width: 1; }
        svg.chart .bar { fill: var(--bar); }
        svg.chart .bar:hover, svg.chart .hover:hover { opacity: 0.75; }
        svg.chart .hover { fill: var(--fg); opacity: 0; }
        svg.chart .hover:hover { opacity: 0.06; }
        svg.chart .area.running { fill: var(--running); fill-opacity: 0.25; }
        svg.chart .line.running { fill: none; stroke: var(--running); stroke-width: 1.6; }
        svg.chart .area.passed { fill: var(--passed); fill-opacity: 0.55; }
        svg.chart .area.failed { fill: var(--failed); fill-opacity: 0.75; }
        svg.chart .line.started { fill: none; stroke: var(--started); stroke-width: 1.4; stroke-dasharray: 5 3; }
        svg.chart .marker line { stroke-width: 1.5; stroke-dasharray: 4 3; }
        svg.chart .marker text { font-weight: 600; font-size: 12px; }
        svg.chart .marker.p50 line { stroke: var(--p50); } svg.chart .marker.p50 text { fill: var(--p50); }
        svg.chart .marker.p95 line { stroke: var(--p95); } svg.chart .marker.p95 text { fill: var(--p95); }
        svg.chart .marker.p99 line { stroke: var(--p99); } svg.chart .marker.p99 text { fill: var(--p99); }
        svg.chart .bar.s0, .swatch.s0 { fill: var(--s0); background: var(--s0); }
        svg.chart .bar.s1, .swatch.s1 { fill: var(--s1); background: var(--s1); }
        svg.chart .bar.s2, .swatch.s2 { fill: var(--s2); background: var(--s2); }
        svg.chart .bar.s3, .swatch.s3 { fill: var(--s3); background: var(--s3); }
        svg.chart .bar.s4, .swatch.s4 { fill: var(--s4); background: var(--s4); }
        svg.chart .bar.s5, .swatch.s5 { fill: var(--s5); background: var(--s5); }
        svg.spread { display: block; }
        svg.spread .track { stroke: var(--line); stroke-width: 1; }
        svg.spread .range { fill: var(--bar); fill-opacity: 0.6; }
        svg.spread .p95 { stroke: var(--p95); stroke-width: 2; }
        .key { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 0; padding: 0; list-style: none; color: var(--dim); font-size: 0.9em; }
        .key i { display: inline-block; width: 14px; height: 10px; margin-right: 6px; border-radius: 2px; }
        .key i.passed { background: var(--passed); } .key i.failed { background: var(--failed); }
        .key i.running { background: var(--running); }
        .key i.started, .key i[class^="marker-"] { height: 0; border-top: 2px dashed var(--started); vertical-align: middle; }
        .key i.marker-p50 { border-color: var(--p50); } .key i.marker-p95 { border-color: var(--p95); }
        .key i.marker-p99 { border-color: var(--p99); }
        ul.legend { list-style: none; padding: 0; margin: 4px 0 12px; }
        ul.legend li { margin: 3px 0; overflow-wrap: anywhere; }
        .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 8px; vertical-align: -1px; }
        ul.legend .count { font-variant-numeric: tabular-nums; font-weight: 600; }
        footer { margin-top: 40px; color: var(--dim); font-size: 0.85em; }
        @media print { h2 { break-after: avoid; } svg.chart, table { break-inside: avoid; } }
        """
}
