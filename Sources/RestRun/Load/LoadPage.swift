#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Histogram

/// `--report-html` of a load run: one self-contained page (inline SVG and CSS, nothing loaded
/// from the network) with latency over time (p50, p99 and max each second), the rate achieved
/// against the target, the latency distribution by percentile (HdrHistogram's plot), the table
/// per request name and the thresholds.
enum LoadPage {
    private static let width = 760.0, height = 220.0, left = 56.0, bottom = 28.0

    static func render(_ summary: LoadSummary, verdicts: [LoadSummary.ThresholdVerdict]) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>rest-run load</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; }
            h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
            table { border-collapse: collapse; } td, th { padding: 3px 10px; text-align: right; border-bottom: 1px solid #ddd; }
            td:first-child, th:first-child { text-align: left; }
            .ok { color: #1a7f37; } .failed { color: #c62828; font-weight: 600; }
            svg text { font-size: 11px; fill: #555; } .legend span { margin-right: 16px; }
            </style></head><body>
            <h1>rest-run load</h1>
            """
        page += "<p>\(summary.iterations.completed) iterations in \(String(format2: summary.duration)) s (\(String(format2: summary.iterationRate))/s); "
        page += "\(summary.iterations.scheduled) scheduled, \(summary.iterations.started) started, \(summary.iterations.dropped) dropped; "
        page += "schedule lag p99 \(LoadSummary.milliseconds(summary.lagMilliseconds(99))); shard \(MarkupText.escape(summary.shard)). "
        page += "Profile: \(MarkupText.escape(summary.profile.description)).</p>\n"
        if !verdicts.isEmpty {
            page += "<h2>Thresholds</h2><ul>"
            for verdict in verdicts {
                let about = verdict.threshold.request.map { " (\(MarkupText.escape($0)))" } ?? ""
                page += "<li class=\"\(verdict.held ? "ok" : "failed")\">\(verdict.held ? "✓" : "✗") \(MarkupText.escape(verdict.threshold.expression))\(about): \(MarkupText.escape(verdict.actual))</li>"
            }
            page += "</ul>\n"
        }
        let seconds = summary.timeline.map { Double($0.time) }
        page += "<h2>Latency over time (ms, from each request's intended start)</h2>\n"
        page += chart(x: seconds, series: [
            ("p50", "#1f77b4", summary.timeline.map(\.p50)), ("p99", "#ff7f0e", summary.timeline.map(\.p99)), ("max", "#d62728", summary.timeline.map(\.max)),
        ], xLabel: "s")
        page += "<h2>Rate (iterations completed a second) against the target</h2>\n"
        let target = summary.timeline.map { second in summary.profile.targetRate(at: Double(second.time) + 0.5) }
        var rateSeries: [(String, String, [Double])] = [("achieved", "#2ca02c", summary.timeline.map { Double($0.completed) })]
        if !summary.profile.isClosed { rateSeries.append(("target", "#7f7f7f", target)) }
        page += chart(x: seconds, series: rateSeries, xLabel: "s")
        page += "<h2>Latency by percentile (ms)</h2>\n"
        page += distribution(summary.total.latency, service: summary.total.service)
        page += table(summary)
        page += "</body></html>\n"
        return page
    }

    private static func table(_ summary: LoadSummary) -> String {
        var html = "<h2>Requests</h2><table><tr><th>request</th><th></th><th>count</th><th>rate/s</th><th>errors</th><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th></tr>"
        for (name, statistics) in summary.requests.map({ ($0.name, $0.statistics) }) + [("total", summary.total)] {
            for service in [false, true] {
                let rate = summary.duration > 0 ? Double(statistics.count) / summary.duration : 0
                html += "<tr><td>\(service ? "" : MarkupText.escape(name))</td><td>\(service ? "service" : "latency")</td>"
                html += service ? "<td></td><td></td><td></td>" : "<td>\(statistics.count)</td><td>\(String(format2: rate))</td><td>\(statistics.errors)</td>"
                for percent in [50.0, 90, 95, 99] { html += "<td>\(LoadSummary.milliseconds(statistics.milliseconds(.percentile(percent), service: service)))</td>" }
                html += "<td>\(LoadSummary.milliseconds(statistics.milliseconds(.max, service: service)))</td></tr>"
            }
        }
        return html + "</table>\n"
    }

    /// A line chart of `series` over `x`, with its axes and a legend.
    private static func chart(x: [Double], series: [(name: String, color: String, values: [Double])], xLabel: String) -> String {
        let maxX = Swift.max(1, x.last ?? 1)
        let maxY = Swift.max(series.flatMap(\.values).max() ?? 1, 1e-3) * 1.1
        var svg = "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\">"
        svg += axes(maxX: maxX, maxY: maxY, xLabel: xLabel, xTicks: nil)
        for (_, color, values) in series {
            let points = zip(x, values).map { "\(String(format2: px($0, maxX))),\(String(format2: py($1, maxY)))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(points)\"/>"
        }
        svg += "</svg><div class=\"legend\">"
        for (name, color, _) in series { svg += "<span style=\"color:\(color)\">■ \(name)</span>" }
        return svg + "</div>\n"
    }

    /// HdrHistogram's percentile plot: the x axis `1/(1-p)` on a log scale, so that 90%, 99%,
    /// 99.9% and 99.99% are evenly spaced.
    private static func distribution(_ latency: Histogram<UInt64>, service: Histogram<UInt64>) -> String {
        let percentiles = stride(from: 0.0, through: 4.0, by: 0.05).map { 100 * (1 - pow(10, -$0)) }
        func values(_ histogram: Histogram<UInt64>) -> [Double] {
            percentiles.map { histogram.totalCount == 0 ? 0 : Double(Swift.min(histogram.valueAtPercentile($0), histogram.max)) / 1000 }
        }
        let x = stride(from: 0.0, through: 4.0, by: 0.05).map { $0 }
        let latencyValues = values(latency)
        let serviceValues = values(service)
        let maxY = Swift.max((latencyValues + serviceValues).max() ?? 1, 1e-3) * 1.1
        var svg = "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\">"
        svg += axes(maxX: 4, maxY: maxY, xLabel: "", xTicks: [(0, "0%"), (1, "90%"), (2, "99%"), (3, "99.9%"), (4, "99.99%")])
        for (color, series) in [("#d62728", latencyValues), ("#1f77b4", serviceValues)] {
            let points = zip(x, series).map { "\(String(format2: px($0, 4))),\(String(format2: py($1, maxY)))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(points)\"/>"
        }
        return svg + "</svg><div class=\"legend\"><span style=\"color:#d62728\">■ latency</span><span style=\"color:#1f77b4\">■ service time</span></div>\n"
    }

    private static func px(_ value: Double, _ maxX: Double) -> Double { left + (width - left - 12) * value / maxX }
    private static func py(_ value: Double, _ maxY: Double) -> Double { height - bottom - (height - bottom - 10) * value / maxY }

    private static func axes(maxX: Double, maxY: Double, xLabel: String, xTicks: [(Double, String)]?) -> String {
        var svg = "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - 12)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>"
        svg += "<line x1=\"\(left)\" y1=\"10\" x2=\"\(left)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>"
        for step in 0...4 {
            let value = maxY * Double(step) / 4
            svg += "<text x=\"\(left - 6)\" y=\"\(String(format2: py(value, maxY) + 4))\" text-anchor=\"end\">\(String(format2: value))</text>"
        }
        var ticks: [(Double, String)] = xTicks ?? []
        if xTicks == nil {
            for step in 0...5 {
                let value = maxX * Double(step) / 5
                ticks.append((value, String(format2: value) + xLabel))
            }
        }
        for (value, label) in ticks {
            let anchor = value >= maxX ? "end" : "middle"
            svg += "<text x=\"\(String(format2: px(value, maxX)))\" y=\"\(height - 8)\" text-anchor=\"\(anchor)\">\(label)</text>"
        }
        return svg
    }
}

extension LoadProfile {
    /// Iterations a second the profile asks for `time` seconds after the start (the closed
    /// model has no target).
    func targetRate(at time: Double) -> Double {
        var start = 0.0
        for phase in phases {
            if time < start + phase.seconds {
                let fraction = phase.seconds > 0 ? (time - start) / phase.seconds : 0
                return phase.rate + (phase.endRate - phase.rate) * fraction
            }
            start += phase.seconds
        }
        return 0
    }
}
