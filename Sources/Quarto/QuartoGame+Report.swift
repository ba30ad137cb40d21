// The Quarto drawings of index.html, from the record alone (`QuartoResult`): the position read
// from its own .quarto block (`result.position`), the pieces drawn by their four attributes
// (tall/short = size, dark/light = fill, square/round = shape, hollow/solid = a hole dot), the
// pieces not yet placed, the principal line played out move by move with the engine's own move
// code, and the values across a collection.
import Foundation
import SolverKit

extension QuartoGame {
    public static func reportFragment(for record: ResultRecord) -> String? {
        guard let result = QuartoResult(json: record.result), !result.position.isEmpty else {
            return HTML.cannotDraw("the record holds no Quarto position")
        }
        guard case .success(let parsed)? = QuartoFormat.parse(text: result.position, file: "position.quarto").first else {
            return HTML.cannotDraw("the recorded position does not read as a .quarto block")
        }
        let position = parsed.position
        let line = result.line ?? result.bestMoves.map { Array($0.prefix(1)) } ?? []
        let toMove = position.hand.map { "place \(Piece.name($0))" } ?? "choose a piece"
        var frames: [(caption: String, svg: String)] = [("start: \(toMove)", QuartoBoardDrawing.svg(position))]
        var current = position
        for (k, text) in line.enumerated() {
            guard let move = QuartoFormat.move(text), current.legalMoves.contains(move) else {
                return HTML.frames(frames) + HTML.cannotDraw("move \(k + 1) '\(text)' of the recorded line is not legal in the recorded position")
            }
            current = current.playing(move)
            let player = k % 2 == 0 ? "A" : "B"   // A is the side to move at the start
            var caption = "\(k + 1). \(player): \(text)"
            if current.board.winningLine(current.rules.lines) != nil { caption += ", Quarto!" }
            else if current.board.occupied == 0xFFFF { caption += ", board full" }
            frames.append((caption, QuartoBoardDrawing.svg(current, placed: move.square)))
        }
        var out = HTML.frames(frames)
        if let value = result.value {
            let distance = result.distance.map { " in \($0) plies" } ?? ""
            out += "<p>Value for the side to move (A): <b>\(HTML.escape(value))</b>\(distance), rules \(HTML.escape(position.rules.rawValue)).</p>"
        }
        if let moves = result.moves, !moves.isEmpty {
            out += "<table><tr><th>move</th><th>value</th><th>plies</th></tr>"
            for m in moves.prefix(60) {
                out += "<tr><td>\(HTML.escape(m.move))</td><td>\(HTML.escape(m.value))</td>"
                out += "<td class=\"n\">\(m.distance)</td></tr>"
            }
            out += "</table>"
            if moves.count > 60 { out += "<p class=\"muted\">\(moves.count) moves; the first 60 (best first) are listed.</p>" }
        }
        return out
    }

    public static func collectionHeadline(for records: [ResultRecord]) -> String {
        let results = records.map { QuartoResult(json: $0.result) }
        let values = zip(records, results).filter { $0.0.status == .solved }.compactMap { $0.1?.value }
        var parts: [String] = []
        if !values.isEmpty {
            let counts = ["win", "draw", "loss"].compactMap { v -> String? in
                let n = values.count { $0 == v }
                return n == 0 ? nil : "\(n) \(v == "loss" ? "loss" : v)\(n == 1 ? "" : v == "loss" ? "es" : "s")"
            }
            parts.append(counts.joined(separator: ", ") + " for the side to move")
        }
        if results.contains(where: { $0?.drawnFullBoards != nil }) { parts.append("drawn full boards counted") }
        return HeadlineParts.join(parts, records: records)
    }

    public static func reportCharts(for records: [ResultRecord]) -> [BarChart] {
        let results = records.map { QuartoResult(json: $0.result) }
        let values = results.compactMap { $0?.value }
        guard !values.isEmpty else { return [] }
        var tally: [(String, Double)] = [("win", 0), ("draw", 0), ("loss", 0)]
        for v in values {
            if let i = tally.firstIndex(where: { $0.0 == v }) { tally[i].1 += 1 }
        }
        var charts = [BarChart(title: "Values for the side to move across the collection", xLabel: "value", yLabel: "positions", bars: tally)]
        // Bars labelled by position number and value (names are too long to sit under a bar).
        let distances = results.enumerated().compactMap { i, r -> (String, Double)? in
            guard let r, let d = r.distance else { return nil }
            return ("#\(i + 1) \(r.value ?? "")", Double(d))
        }
        if distances.count > 1 {
            charts.append(BarChart(title: "Plies to the end with perfect play", xLabel: "position", yLabel: "plies", bars: distances))
        }
        return charts
    }
}

/// SVG of a Quarto position: the 4x4 board (the winning line marked, the last placed square
/// ringed) and the pieces still to place, the one in hand ringed.
enum QuartoBoardDrawing {
    static let cell = 40.0
    static let dark = "#6b3f1d", light = "#f0d9a8", boardColor = "#c9b79c"

    static func f(_ v: Double) -> String { fixedPoint(v, digits: 1) }

    /// One piece centred at (x, y) in a square of side `size`.
    static func piece(_ code: Int, x: Double, y: Double, size: Double, background: String) -> String {
        let tall = code & 1 != 0, isDark = code & 2 != 0, square = code & 4 != 0, hollow = code & 8 != 0
        let r = size * (tall ? 0.42 : 0.27)
        let fill = isDark ? dark : light
        var out = "<g><title>\(Piece.name(code)): \(tall ? "tall" : "short"), \(isDark ? "dark" : "light"), \(square ? "square" : "round"), \(hollow ? "hollow" : "solid")</title>"
        if square {
            out += "<rect x=\"\(f(x - r))\" y=\"\(f(y - r))\" width=\"\(f(2 * r))\" height=\"\(f(2 * r))\" rx=\"\(f(r * 0.12))\" fill=\"\(fill)\" stroke=\"#222\" stroke-width=\"1.2\"/>"
        } else {
            out += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(r))\" fill=\"\(fill)\" stroke=\"#222\" stroke-width=\"1.2\"/>"
        }
        if hollow {
            out += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(max(r * 0.38, 2)))\" fill=\"\(background)\" stroke=\"#222\" stroke-width=\"0.8\"/>"
        }
        return out + "</g>"
    }

    static func svg(_ p: Position, placed: Int? = nil) -> String {
        let margin = 14.0
        let boardSide = 4 * cell
        let small = 20.0
        let width = boardSide + 2 * margin
        let height = margin + boardSide + 10 + 2 * small + 8
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"\(f(width))\" height=\"\(f(height))\" role=\"img\" font-family=\"sans-serif\">"
        out += "<rect x=\"\(f(margin))\" y=\"\(f(margin))\" width=\"\(f(boardSide))\" height=\"\(f(boardSide))\" rx=\"6\" fill=\"\(boardColor)\" stroke=\"#555\"/>"
        for i in 0..<4 {
            out += "<text x=\"\(f(margin + (Double(i) + 0.5) * cell))\" y=\"10\" font-size=\"9\" text-anchor=\"middle\" fill=\"#555\">\(String(UnicodeScalar(UInt8(97 + i))))</text>"
            out += "<text x=\"6\" y=\"\(f(margin + (Double(i) + 0.5) * cell + 3))\" font-size=\"9\" text-anchor=\"middle\" fill=\"#555\">\(i + 1)</text>"
        }
        let win = p.board.winningLine(p.rules.lines) ?? 0
        for s in 0..<16 {
            let x = margin + (Double(s % 4) + 0.5) * cell, y = margin + (Double(s / 4) + 0.5) * cell
            let inWin = win >> s & 1 == 1
            out += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(cell * 0.46))\" fill=\"\(inWin ? "#f5e663" : "#b5a287")\" stroke=\"\(placed == s ? "#d0402b" : "none")\" stroke-width=\"2.5\"><title>\(Position.squareName(s))</title></circle>"
            if p.board.occupied >> s & 1 == 1 {
                out += piece(p.board.piece(at: s), x: x, y: y, size: cell, background: inWin ? "#f5e663" : "#b5a287")
            }
        }
        // The pieces not on the board, two rows of eight; the piece in hand ringed.
        let top = margin + boardSide + 10
        let left = (width - 8 * small) / 2
        let onBoard = p.placedPieces
        for code in 0..<16 {
            let x = left + (Double(code % 8) + 0.5) * small, y = top + (Double(code / 8) + 0.5) * small
            if onBoard >> code & 1 == 1 {
                out += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"1.5\" fill=\"#bbb\"/>"
                continue
            }
            if p.hand == code {
                out += "<rect x=\"\(f(x - small / 2))\" y=\"\(f(y - small / 2))\" width=\"\(f(small))\" height=\"\(f(small))\" fill=\"none\" stroke=\"#d0402b\" stroke-width=\"1.8\"><title>in hand</title></rect>"
            }
            out += piece(code, x: x, y: y, size: small, background: "#fafafa")
        }
        return out + "</svg>"
    }
}
