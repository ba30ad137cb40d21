// Bar charts as inline SVG, for the HTML reports (positions per jump count, mate lengths,
// scores, shot-count histograms). No scripts, no external files.

public struct BarChart: Sendable {
    public var title: String
    public var xLabel: String
    public var yLabel: String
    /// (label under the bar, value)
    public var bars: [(String, Double)]
    /// Plot the values on a log scale (counts spanning many orders of magnitude).
    public var logarithmic: Bool

    public init(title: String, xLabel: String, yLabel: String, bars: [(String, Double)], logarithmic: Bool = false) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.bars = bars
        self.logarithmic = logarithmic
    }

    public var svg: String {
        let width = 640.0, height = 260.0, left = 64.0, bottom = 40.0, top = 28.0, right = 12.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func scaled(_ v: Double) -> Double { logarithmic ? (v > 0 ? log10Approx(v + 1) : 0) : v }
        let maxValue = max(bars.map { scaled($0.1) }.max() ?? 1, 1e-9)
        let barWidth = plotWidth / Double(max(bars.count, 1))
        var out = ##"<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 \##(Int(width)) \##(Int(height))" width="\##(Int(width))" height="\##(Int(height))" role="img">"##
        out += "<title>\(HTML.escape(title))</title>"
        out += ##"<text x="\##(Int(width / 2))" y="16" text-anchor="middle" class="chart-title">\##(HTML.escape(title))</text>"##
        out += ##"<line x1="\##(left)" y1="\##(top + plotHeight)" x2="\##(width - right)" y2="\##(top + plotHeight)" stroke="#444"/>"##
        out += ##"<line x1="\##(left)" y1="\##(top)" x2="\##(left)" y2="\##(top + plotHeight)" stroke="#444"/>"##
        let peak = bars.map(\.1).max() ?? 0
        out += ##"<text x="\##(left - 4)" y="\##(top + 8)" text-anchor="end" class="tick">\##(NumberFormat.compact(peak))</text>"##
        out += ##"<text x="\##(left - 4)" y="\##(top + plotHeight)" text-anchor="end" class="tick">0</text>"##
        let labelEvery = max(1, bars.count / 16)
        for (i, (label, value)) in bars.enumerated() {
            let h = plotHeight * scaled(value) / maxValue
            let x = left + Double(i) * barWidth
            out += ##"<rect x="\##(fixedPoint(x + barWidth * 0.1, digits: 1))" y="\##(fixedPoint(top + plotHeight - h, digits: 1))" width="\##(fixedPoint(barWidth * 0.8, digits: 1))" height="\##(fixedPoint(h, digits: 1))" fill="#4a7fb5"><title>\##(HTML.escape(label)): \##(NumberFormat.compact(value))</title></rect>"##
            if i % labelEvery == 0 {
                out += ##"<text x="\##(fixedPoint(x + barWidth / 2, digits: 1))" y="\##(Int(top + plotHeight + 14))" text-anchor="middle" class="tick">\##(HTML.escape(label))</text>"##
            }
        }
        out += ##"<text x="\##(Int(left + plotWidth / 2))" y="\##(Int(height - 6))" text-anchor="middle" class="axis">\##(HTML.escape(xLabel))</text>"##
        out += ##"<text x="14" y="\##(Int(top + plotHeight / 2))" text-anchor="middle" class="axis" transform="rotate(-90 14 \##(Int(top + plotHeight / 2)))">\##(HTML.escape(yLabel + (logarithmic ? " (log)" : "")))</text>"##
        out += "</svg>"
        return out
    }
}

/// log10 without Foundation, good to a few digits (enough to draw a bar).
func log10Approx(_ x: Double) -> Double {
    var value = x, exponent = 0.0
    while value >= 10 { value /= 10; exponent += 1 }
    // ln(v)/ln(10) by a short series around 1 for v in [1, 10): use atanh form.
    let y = (value - 1) / (value + 1), y2 = y * y
    var term = y, sum = 0.0
    for k in stride(from: 1.0, through: 21.0, by: 2.0) { sum += term / k; term *= y2 }
    return exponent + 2 * sum / 2.302585092994046
}

public enum HTML {
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
