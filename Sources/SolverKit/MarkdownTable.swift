// Plain Markdown tables, aligned so they read well in a terminal and diff cleanly.

public struct MarkdownTable {
    public var header: [String]
    public var rows: [[String]]
    /// Columns whose cells are right-aligned (numbers).
    public var rightAligned: Set<Int>

    public init(header: [String], rows: [[String]] = [], rightAligned: Set<Int> = []) {
        self.header = header
        self.rows = rows
        self.rightAligned = rightAligned
    }

    public var rendered: String {
        let columns = header.count
        var widths = header.map(\.count)
        for row in rows {
            for (i, cell) in row.prefix(columns).enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func pad(_ cell: String, _ i: Int) -> String {
            let fill = String(repeating: " ", count: max(0, widths[i] - cell.count))
            return rightAligned.contains(i) ? fill + cell : cell + fill
        }
        func line(_ cells: [String]) -> String {
            let padded = (0..<columns).map { pad($0 < cells.count ? cells[$0].replacingPipes : "", $0) }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        var out = line(header) + "\n"
        out += "|" + (0..<columns).map { i in
            let dashes = String(repeating: "-", count: max(3, widths[i]))
            return rightAligned.contains(i) ? " " + dashes.dropLast() + ": " : " " + dashes + " "
        }.joined(separator: "|") + "|\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}

extension String {
    fileprivate var replacingPipes: String { contains("|") ? split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") : self }
}

/// Human formatting of the numbers in tables and progress lines.
public enum NumberFormat {
    /// 187636299 -> "187,636,299" (works on the exact decimal text of any integer).
    public static func grouped(_ digits: String) -> String {
        let negative = digits.hasPrefix("-")
        let body = Array(negative ? digits.dropFirst() : Substring(digits))
        var out: [Character] = []
        for (i, c) in body.enumerated() {
            if i > 0, (body.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (negative ? "-" : "") + String(out)
    }

    public static func grouped<T: BinaryInteger>(_ value: T) -> String { grouped(String(value)) }

    /// Seconds with a precision that suits their size.
    public static func seconds(_ s: Double) -> String {
        if s < 0.01 { return fixedPoint(s, digits: 4) }
        if s < 10 { return fixedPoint(s, digits: 3) }
        return fixedPoint(s, digits: 1)
    }

    /// 12345678 -> "12.3M".
    public static func compact(_ value: Double) -> String {
        let units: [(Double, String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (scale, suffix) in units where abs(value) >= scale {
            return fixedPoint(value / scale, digits: 1) + suffix
        }
        return fixedPoint(value, digits: 0)
    }
}

/// Fixed-point text without Foundation's locale-dependent formatting.
public func fixedPoint(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = (scaled / scale).rounded(.down)
    var text = String(Int(whole))
    if digits > 0 {
        let fraction = String(Int(scaled - whole * scale))
        text += "." + String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
    }
    return (value < 0 && scaled > 0 ? "-" : "") + text
}
