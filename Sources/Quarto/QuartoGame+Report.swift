// The HTML view of a Quarto record: the board as inline SVG (pieces drawn by their attributes),
// the value and the principal line.

import SolverKit

extension QuartoGame {
    /// One piece as SVG at (x, y), the centre of its square: square or round outline, tall pieces
    /// larger, dark or light fill, a hole in hollow pieces.
    static func pieceSVG(_ code: Int, x: Int, y: Int) -> String {
        let tall = code & 1 == 1, dark = code & 2 == 2, square = code & 4 == 4, hollow = code & 8 == 8
        let r = tall ? 15 : 10
        let fill = dark ? "#5a3a22" : "#e8cf9c"
        var s = square
            ? "<rect x=\"\(x - r)\" y=\"\(y - r)\" width=\"\(2 * r)\" height=\"\(2 * r)\" fill=\"\(fill)\" stroke=\"#222\"/>"
            : "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\" fill=\"\(fill)\" stroke=\"#222\"/>"
        if hollow { s += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"4\" fill=\"#fff\" stroke=\"#222\"/>" }
        return s
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    public static func reportFragment(for record: ResultRecord) -> String? {
        guard let cells = record.result["board"]?.arrayValue, cells.count == 16 else { return nil }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"220\" height=\"200\" viewBox=\"0 0 220 200\">"
        svg += "<rect x=\"0\" y=\"0\" width=\"170\" height=\"170\" fill=\"#f4efe4\" stroke=\"#444\"/>"
        for i in 0..<16 {
            let x = 5 + (i % 4) * 40 + 20, y = 5 + (i / 4) * 40 + 20
            svg += "<rect x=\"\(x - 20)\" y=\"\(y - 20)\" width=\"40\" height=\"40\" fill=\"none\" stroke=\"#bbb\"/>"
            if let name = cells[i].stringValue, let p = Piece.parse(name) { svg += pieceSVG(p, x: x, y: y) }
        }
        for c in 0..<4 {
            svg += "<text x=\"\(25 + 40 * c)\" y=\"185\" font-size=\"11\" text-anchor=\"middle\">\(["a", "b", "c", "d"][c])</text>"
            svg += "<text x=\"180\" y=\"\(29 + 40 * c)\" font-size=\"11\">\(c + 1)</text>"
        }
        if let hand = record.result["toMove"]?.stringValue, hand.hasPrefix("place "), let p = Piece.parse(hand.dropFirst(6)) {
            svg += "<text x=\"195\" y=\"12\" font-size=\"10\" text-anchor=\"middle\">hand</text>" + pieceSVG(p, x: 200, y: 40)
        }
        svg += "</svg>"
        var html = "<div class=\"quarto\">" + svg
        if let value = record.result["value"]?.stringValue {
            let distance = record.result["distance"]?.intValue.map { " in \($0) plies" } ?? ""
            html += "<p>\(escape(record.result["rules"]?.stringValue ?? "classic")) rules, \(escape(record.result["toMove"]?.stringValue ?? "")): <b>\(escape(value))</b>\(distance)</p>"
        }
        if let line = record.result["line"]?.arrayValue {
            html += "<p>line: " + escape(line.compactMap(\.stringValue).joined(separator: " ")) + "</p>"
        }
        if let n = record.result["drawnFullBoards"] {
            html += "<p>drawn full boards: \(escape(n.serialized))</p>"
        }
        return html + "</div>"
    }
}
