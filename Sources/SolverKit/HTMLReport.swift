// `index.html` of a collection: one self-contained page (inline CSS and SVG, no external
// files or scripts) with the statistics, charts, and every position drawn by its game.

public struct HTMLReport {
    public var collection: String
    public var records: [ResultRecord]
    /// The game's drawing of one record (nil: the generic view).
    public var fragment: (ResultRecord) -> String?
    public var charts: [BarChart]

    public init(collection: String, records: [ResultRecord], fragment: @escaping (ResultRecord) -> String?,
                charts: [BarChart]) {
        self.collection = collection
        self.records = records
        self.fragment = fragment
        self.charts = charts
    }

    public static let style = """
    body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1d232a;background:#fafafa}
    h1{margin:0 0 4px}h2{margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
    table{border-collapse:collapse;font-size:14px}td,th{border:1px solid #ccc;padding:3px 8px}
    th{background:#eef2f6}td.n{text-align:right;font-variant-numeric:tabular-nums}
    .status-solved{color:#17692c}.status-limit{color:#a35f00}.status-error{color:#b00020}
    .position{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px;margin:14px 0}
    .frames{display:flex;flex-wrap:wrap;gap:10px}.frame{text-align:center;font-size:12px}
    .chart .chart-title{font-size:14px;font-weight:600}.chart .tick{font-size:10px;fill:#555}
    .chart .axis{font-size:12px;fill:#333}pre{white-space:pre-wrap;font-size:12px;max-height:240px;overflow:auto}
    .muted{color:#667}
    """

    public var html: String {
        var solved = 0, limit = 0, failed = 0
        var nodes = 0.0, seconds = 0.0
        for r in records {
            switch r.status { case .solved: solved += 1; case .limit: limit += 1; case .error: failed += 1 }
            nodes += r.nodes
            seconds += r.seconds
        }
        var out = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(HTML.escape(collection)) - PerfectPlay</title>"
        out += "<style>\(Self.style)</style></head><body>"
        out += "<h1>\(HTML.escape(collection))</h1>"
        out += "<p class=\"muted\">\(records.count) positions: \(solved) solved, \(limit) stopped by a limit, \(failed) error\(failed == 1 ? "" : "s"). "
        out += "Nodes \(NumberFormat.grouped(Int(nodes))), time \(NumberFormat.seconds(seconds)) s"
        if seconds > 0 { out += ", \(NumberFormat.compact(nodes / seconds)) nodes/s" }
        out += ".</p>"
        let spread = DifficultySpread(records: records)
        if let line = spread.line { out += "<p class=\"muted\">\(HTML.escape(line))</p>" }
        for chart in charts + [spread.chart].compactMap({ $0 }) { out += chart.svg }
        out += "<h2>Positions</h2><table><tr><th>#</th><th>name</th><th>status</th><th>result</th><th>nodes</th><th>seconds</th><th>nodes/s</th></tr>"
        for (i, r) in records.enumerated() {
            let result = r.status == .error ? (r.error ?? "") : r.summary
            let rate = r.seconds > 0 ? NumberFormat.compact(r.nodes / r.seconds) : "-"
            out += "<tr><td><a href=\"#p\(i + 1)\">\(i + 1)</a></td><td>\(HTML.escape(r.name))</td>"
            out += "<td class=\"status-\(r.status.rawValue)\">\(r.status.rawValue)</td><td>\(HTML.escape(result))</td>"
            out += "<td class=\"n\">\(NumberFormat.grouped(Int(r.nodes)))</td><td class=\"n\">\(NumberFormat.seconds(r.seconds))</td><td class=\"n\">\(rate)</td></tr>"
        }
        out += "</table>"
        for (i, r) in records.enumerated() {
            out += "<section class=\"position\" id=\"p\(i + 1)\"><h3>\(i + 1). \(HTML.escape(r.name.isEmpty ? r.source : r.name))</h3>"
            out += "<p class=\"muted\">\(HTML.escape(r.source)) - <span class=\"status-\(r.status.rawValue)\">\(r.status.rawValue)</span>"
            if !r.summary.isEmpty { out += " - \(HTML.escape(r.summary))" }
            out += "</p>"
            if r.status == .error {
                out += "<pre>\(HTML.escape(r.error ?? ""))</pre>"
            } else if let drawn = fragment(r) {
                out += drawn
            }
            out += statsTable(r)
            out += "<details><summary>result record</summary><pre>\(HTML.escape(String(r.result.serialized.prefix(20_000))))</pre></details>"
            out += "</section>"
        }
        out += "<p class=\"muted\">Written by perfectplay.</p></body></html>\n"
        return out
    }

    private func statsTable(_ r: ResultRecord) -> String {
        guard !r.stats.isEmpty else { return "" }
        var out = "<table><tr>"
        for (key, _) in r.stats { out += "<th>\(HTML.escape(key))</th>" }
        out += "</tr><tr>"
        for (_, value) in r.stats {
            let text: String
            switch value {
            case .int(let i): text = NumberFormat.grouped(i)
            case .integer(let s): text = NumberFormat.grouped(s)
            case .double(let d): text = fixedPoint(d, digits: d < 10 ? 4 : 1)
            default: text = value.serialized
            }
            out += "<td class=\"n\">\(HTML.escape(text))</td>"
        }
        return out + "</tr></table>"
    }
}

extension HTML {
    /// What a report shows instead of a drawing it cannot make.
    public static func cannotDraw(_ reason: String) -> String {
        "<p class=\"muted\">Cannot draw this position: \(escape(reason)).</p>"
    }

    /// Boards in sequence with captions: a solution line step by step.
    public static func frames(_ frames: [(caption: String, svg: String)]) -> String {
        var out = "<div class=\"frames\">"
        for frame in frames {
            out += "<div class=\"frame\">\(frame.svg)<div>\(escape(frame.caption))</div></div>"
        }
        return out + "</div>"
    }
}
