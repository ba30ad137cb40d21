// The Reversi drawings of index.html, from the record alone: the position read from its own
// `.obf` line (`result.position`), the principal variation numbered on the board (replayed with
// the engine's own move code), the exact score of every move for `analyze`, the final position,
// and the score chart of a collection.
import Foundation
import SolverKit

extension ReversiGame {
    public static func reportFragment(for record: ResultRecord) -> String? {
        guard let result = ReversiResult(json: record.result) else { return HTML.cannotDraw("the record holds no Reversi result") }
        guard case .success(let parsed)? = ObfRecord.parseFile(result.position, file: "position.obf").first else {
            return HTML.cannotDraw("the recorded position '\(result.position)' does not read as an .obf line")
        }
        let position = parsed.position
        let side = position.blackToMove ? "black" : "white"
        var frames: [(caption: String, svg: String)] = []
        let pvNames = result.pv
        // Replay the PV: each move must be legal (or a pass when there is none).
        var numbered: [Int: (number: Int, black: Bool)] = [:]
        var current = position
        for (k, name) in pvNames.enumerated() {
            if name == "pass" {
                guard current.legalMoves == 0 else {
                    return HTML.cannotDraw("the recorded line passes at move \(k + 1) although a move is legal")
                }
                current = current.passing()
                continue
            }
            guard let square = current.geometry.square(named: Substring(name)),
                  current.legalMoves >> UInt64(square) & 1 == 1 else {
                return HTML.cannotDraw("move \(k + 1) '\(name)' of the recorded line is not legal in the recorded position")
            }
            numbered[square] = (k + 1, current.blackToMove)
            current = current.playing(square)
        }
        let drawing = OthelloBoardDrawing(size: position.geometry.size)
        frames.append(("\(side) to move, \(position.emptyCount) empties", drawing.svg(position)))
        if !pvNames.isEmpty {
            frames.append(("principal variation (\(pvNames.count) plies)", drawing.svg(position, numbers: numbered)))
        }
        if let moves = result.moves, !moves.isEmpty {
            var scores: [Int: Int] = [:]
            for (name, value) in moves {
                if let sq = position.geometry.square(named: Substring(name)) { scores[sq] = value }
            }
            frames.append(("exact score of each move", drawing.svg(position, scores: scores)))
        }
        if !pvNames.isEmpty {
            let b = current.blackDiscs.nonzeroBitCount, w = current.whiteDiscs.nonzeroBitCount
            frames.append(("after the line: \(b)-\(w)\(current.isGameOver ? ", game over" : "")", drawing.svg(current)))
        }
        var out = HTML.frames(frames)
        if let score = result.score {
            let best = result.bestMoves
            out += "<p>Score \(signed(score)) for \(side); best \(HTML.escape(best.joined(separator: " "))). Line: \(HTML.escape(pvNames.joined(separator: " ")))</p>"
        }
        return out
    }

    public static func collectionHeadline(for records: [ResultRecord]) -> String {
        let results = records.filter { $0.status == .solved }.compactMap { ReversiResult(json: $0.result) }
        let scored = results.filter { $0.score != nil }
        var parts: [String] = []
        if !scored.isEmpty {
            parts.append("\(scored.count) exact score\(scored.count == 1 ? "" : "s")"
                         + (scored.contains { $0.moves != nil } ? " with every move's value" : ""))
            let annotated = scored.compactMap(\.annotationsMatch)
            if !annotated.isEmpty {
                parts.append("\(annotated.count { $0 }) of \(annotated.count) match the annotations")
            }
        }
        if results.contains(where: { $0.perft != nil }) { parts.append("perft counted") }
        return HeadlineParts.join(parts, records: records)
    }

    public static func reportCharts(for records: [ResultRecord]) -> [BarChart] {
        let scored = records.compactMap { r -> (String, Double)? in
            guard let score = ReversiResult(json: r.result)?.score else { return nil }
            return (r.name.isEmpty ? r.source : r.name.replacingOccurrences(of: "FFO ", with: ""), Double(score))
        }
        guard !scored.isEmpty else { return [] }
        // The bar chart has no negative axis: plot the score's size and say whose it is in the label.
        let negative = scored.contains { $0.1 < 0 }
        let bars = scored.map { ($0.0, abs($0.1)) }
        let title = negative ? "Exact scores, size only (signs in the table)"
                             : "Exact score per position (side to move)"
        var charts = [BarChart(title: title, xLabel: "position", yLabel: negative ? "|score|" : "score", bars: bars)]
        let searched = records.compactMap { r -> (String, Double)? in
            guard ReversiResult(json: r.result)?.score != nil else { return nil }
            return (r.name.isEmpty ? r.source : r.name.replacingOccurrences(of: "FFO ", with: ""), r.nodes)
        }
        if searched.count > 1 {
            charts.append(BarChart(title: "Nodes searched per position", xLabel: "position", yLabel: "nodes",
                                   bars: searched))
        }
        return charts
    }
}

/// SVG of an Othello board: green squares, black and white discs, optional numbers (the PV)
/// or move scores on the squares.
struct OthelloBoardDrawing {
    let size: Int
    let cell = 30.0
    let margin = 16.0

    func svg(_ p: Position, numbers: [Int: (number: Int, black: Bool)] = [:], scores: [Int: Int] = [:]) -> String {
        func f(_ v: Double) -> String { fixedPoint(v, digits: 1) }
        let side = Double(size) * cell + margin + 4
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(side)) \(f(side))\" width=\"\(f(side))\" height=\"\(f(side))\" role=\"img\" font-family=\"sans-serif\">"
        out += "<rect x=\"\(f(margin))\" y=\"\(f(margin))\" width=\"\(f(Double(size) * cell))\" height=\"\(f(Double(size) * cell))\" fill=\"#2e7d4f\" stroke=\"#123\"/>"
        for i in 0..<size {
            let letter = String(UnicodeScalar(UInt8(97 + i)))
            out += "<text x=\"\(f(margin + (Double(i) + 0.5) * cell))\" y=\"11\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">\(letter)</text>"
            out += "<text x=\"7\" y=\"\(f(margin + (Double(i) + 0.5) * cell + 3))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">\(i + 1)</text>"
        }
        for k in 1..<size {
            let o = margin + Double(k) * cell, end = margin + Double(size) * cell
            out += "<line x1=\"\(f(o))\" y1=\"\(f(margin))\" x2=\"\(f(o))\" y2=\"\(f(end))\" stroke=\"#174d2e\"/>"
            out += "<line x1=\"\(f(margin))\" y1=\"\(f(o))\" x2=\"\(f(end))\" y2=\"\(f(o))\" stroke=\"#174d2e\"/>"
        }
        let maxScore = scores.values.max()
        for r in 0..<size {
            for c in 0..<size {
                let sq = r * 8 + c, bit = UInt64(1) << UInt64(sq)
                let x = margin + (Double(c) + 0.5) * cell, y = margin + (Double(r) + 0.5) * cell
                let name = BoardGeometry.name(of: sq)
                if p.blackDiscs & bit != 0 || p.whiteDiscs & bit != 0 {
                    let black = p.blackDiscs & bit != 0
                    out += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(cell * 0.4))\" fill=\"\(black ? "#111" : "#f4f4f4")\" stroke=\"#000\" stroke-width=\"0.8\"><title>\(name)</title></circle>"
                } else if let n = numbers[sq] {
                    out += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(cell * 0.4))\" fill=\"\(n.black ? "#111" : "#f4f4f4")\" fill-opacity=\"0.85\" stroke=\"#000\" stroke-width=\"0.8\"><title>\(name): move \(n.number) (\(n.black ? "black" : "white"))</title></circle>"
                    out += "<text x=\"\(f(x))\" y=\"\(f(y + 4))\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"\(n.black ? "#fff" : "#000")\">\(n.number)</text>"
                } else if let s = scores[sq] {
                    let best = s == maxScore
                    out += "<rect x=\"\(f(x - cell / 2 + 1))\" y=\"\(f(y - cell / 2 + 1))\" width=\"\(f(cell - 2))\" height=\"\(f(cell - 2))\" fill=\"\(best ? "#f2c230" : "#4f9d6f")\"><title>\(name): \(ReversiGame.signed(s))</title></rect>"
                    out += "<text x=\"\(f(x))\" y=\"\(f(y + 4))\" font-size=\"11\" font-weight=\"\(best ? "bold" : "normal")\" text-anchor=\"middle\" fill=\"#000\">\(ReversiGame.signed(s))</text>"
                }
            }
        }
        return out + "</svg>"
    }
}
