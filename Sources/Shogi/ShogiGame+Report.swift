// The tsume shogi drawings of index.html, from the record alone: the problem read from its own
// SFEN (`result.position`), the 9x9 board with both hands, the mating line replayed move by move with the engine's own legal
// move generation (at most `frameLimit` boards, with a note), and the mate-length histogram.
import Foundation
import SolverKit

extension ShogiGame {
    public static func reportFragment(for record: ResultRecord) -> String? { ShogiReport.fragment(for: record) }
    public static func collectionHeadline(for records: [ResultRecord]) -> String {
        let results = records.map { ($0.status, ShogiResult(json: $0.result)) }
        let mates = results.filter { $0.0 == .solved && $0.1.isSolve && $0.1.mate == true }.map(\.1)
        let noMate = results.count { $0.0 == .solved && $0.1.isSolve && $0.1.mate == false }
        var parts: [String] = []
        let lengths = mates.compactMap(\.length)
        if let low = lengths.min(), let high = lengths.max() {
            parts.append("\(NumberFormat.grouped(mates.count)) mates in \(low == high ? "\(low)" : "\(low)-\(high)") plies")
            if mates.allSatisfy({ $0.verified == true }) { parts.append("every line verified") }
        }
        if noMate > 0 { parts.append("\(noMate) without mate") }
        let expected = results.compactMap(\.1.lengthMatches)
        if !expected.isEmpty {
            parts.append("\(NumberFormat.grouped(expected.count { $0 })) of \(NumberFormat.grouped(expected.count)) = the expected length")
        }
        if results.contains(where: { $0.1.perft != nil }) { parts.append("perft counted") }
        return HeadlineParts.join(parts, records: records)
    }
    public static func reportCharts(for records: [ResultRecord]) -> [BarChart] { ShogiReport.charts(for: records) }
}

enum ShogiReport {
    /// Boards drawn for one mating line at most (the start, the first moves, and the mate).
    static let frameLimit = 30

    static func fragment(for record: ResultRecord) -> String? {
        guard let text = record.position else { return HTML.cannotDraw("the record holds no position") }
        guard case .success(let problem)? = TsumeInput.load(text: text, file: "position.sfen").first else {
            return HTML.cannotDraw("the recorded position '\(text)' does not read as an SFEN")
        }
        var position = problem.position
        let composers = ShogiSoundnessReport.html(record, start: position)
        let result = ShogiResult(json: record.result)
        let pv = result.pv ?? []
        var frames: [(caption: String, svg: String)] = [("problem: \(position.sideToMove == 0 ? "sente (black)" : "gote (white)") to move", ShogiBoardDrawing.svg(position))]
        let buffer = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buffer.deallocate() }
        for (k, usi) in pv.enumerated() {
            let n = position.generateLegal(buffer)
            guard let parsed = Move(usi: usi), (0..<n).contains(where: { buffer[$0] == parsed }) else {
                return HTML.frames(frames) + HTML.cannotDraw("move \(k + 1) '\(usi)' of the recorded mate is not legal in the recorded position")
            }
            let mover = position.sideToMove
            position.play(parsed)
            // Keep the first frames and always the final (mate) position.
            if frames.count < frameLimit - 1 || k == pv.count - 1 {
                let mark = mover == 0 ? "\u{25B2}" : "\u{25B3}"
                frames.append(("\(k + 1). \(mark)\(usi)\(k == pv.count - 1 ? " mate" : "")", ShogiBoardDrawing.svg(position, last: parsed.to)))
            }
        }
        var out = HTML.frames(frames)
        if pv.count >= frameLimit {
            out += "<p class=\"muted\">A mate in \(pv.count): the first \(frameLimit - 2) moves and the mating position are drawn; the whole line is below.</p>"
        }
        if !pv.isEmpty {
            out += "<p>Mating line (USI): \(HTML.escape(pv.joined(separator: " ")))</p>"
        }
        if let kif = result.kif, !kif.isEmpty {
            out += "<p>KIF: \(HTML.escape(kif))</p>"
        }
        return out + composers
    }

    static func charts(for records: [ResultRecord]) -> [BarChart] {
        var lengths: [Int: Int] = [:]
        var noMate = 0
        for record in records {
            let r = ShogiResult(json: record.result)
            guard r.isSolve else { continue }
            if r.mate == true, let n = r.length { lengths[n, default: 0] += 1 }
            if r.mate == false { noMate += 1 }
        }
        guard let longest = lengths.keys.max() else { return [] }
        // Odd lengths (the attacker gives the last move); past 61 plies, buckets of 8 plies.
        let width = longest > 61 ? 8 : 2
        var bars: [(String, Double)] = []
        var low = 1
        while low <= longest {
            let high = low + width - 1
            let count = (low...high).reduce(0) { $0 + (lengths[$1] ?? 0) }
            bars.append((width == 2 ? String(low) : "\(low)-\(high)", Double(count)))
            low += width
        }
        if noMate > 0 { bars.append(("no mate", Double(noMate))) }
        return [BarChart(title: "Mate lengths across the collection", xLabel: width == 2 ? "mate length (plies)" : "mate length (plies, buckets of 8)",
                         yLabel: "problems", bars: bars)]
    }
}

/// SVG of a shogi position: the 9x9 board (files 9..1 left to right, ranks a..i top to bottom,
/// gote's pieces upside down), gote's hand above and sente's below, the last move's square marked.
enum ShogiBoardDrawing {
    static let cell = 26.0
    /// Letters drawn on the pieces (the kanji go in the tooltip: fonts with kanji are not everywhere).
    static let letters = ["", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"]
    static let kanji = ["", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"]
    static let handOrder = [6, 5, 7, 4, 3, 2, 1]   // R B G S N L P, as hands are written

    static func f(_ v: Double) -> String { fixedPoint(v, digits: 1) }

    static func pieceShape(x: Double, y: Double, size: Double, gote: Bool, type: Int, title: String) -> String {
        // A pentagon pointing at the opponent.
        let w = size * 0.42, h = size * 0.46
        let pts = [(0.0, -h), (w * 0.8, -h * 0.55), (w, h), (-w, h), (-w * 0.8, -h * 0.55)]
        let points = pts.map { f(x + (gote ? -$0.0 : $0.0)) + "," + f(y + (gote ? -$0.1 : $0.1)) }.joined(separator: " ")
        let promoted = type > 8
        let label = letters[type]
        var out = "<g><title>\(title)</title><polygon points=\"\(points)\" fill=\"#f6e3b4\" stroke=\"#5a4420\" stroke-width=\"0.8\"/>"
        let fontSize = label.count > 1 ? size * 0.36 : size * 0.46
        let ty = y + fontSize * 0.36 + (gote ? -size * 0.02 : size * 0.06)
        out += "<text x=\"\(f(x))\" y=\"\(f(ty))\" font-size=\"\(f(fontSize))\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"\(promoted ? "#c0201a" : "#222")\"\(gote ? " transform=\"rotate(180 \(f(x)) \(f(y)))\"" : "")>\(label)</text>"
        return out + "</g>"
    }

    static func hand(_ p: Position, color: Int, y: Double, left: Double) -> String {
        var out = "<text x=\"\(f(left))\" y=\"\(f(y + 4))\" font-size=\"11\" fill=\"#333\">\(color == 0 ? "\u{25B2} sente hand:" : "\u{25B3} gote hand:")</text>"
        var x = left + 84
        var any = false
        for t in handOrder {
            let n = p.hands[color].count(t)
            guard n > 0 else { continue }
            any = true
            out += pieceShape(x: x, y: y, size: cell * 0.8, gote: false, type: t, title: "\(kanji[t]) x\(n) in hand")
            if n > 1 { out += "<text x=\"\(f(x + 11))\" y=\"\(f(y + 8))\" font-size=\"10\" fill=\"#333\">\(n)</text>" }
            x += n > 1 ? 30 : 24
        }
        if !any { out += "<text x=\"\(f(x - 4))\" y=\"\(f(y + 4))\" font-size=\"11\" fill=\"#888\">none</text>" }
        return out
    }

    static func svg(_ p: Position, last: Int? = nil) -> String {
        let margin = 14.0, top = 34.0
        let side = 9 * cell
        let width = margin + side + 18, height = top + side + 34
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"\(f(width))\" height=\"\(f(height))\" role=\"img\" font-family=\"sans-serif\">"
        out += hand(p, color: 1, y: 10, left: margin)
        out += "<rect x=\"\(f(margin))\" y=\"\(f(top))\" width=\"\(f(side))\" height=\"\(f(side))\" fill=\"#e8c77d\" stroke=\"#333\" stroke-width=\"1.2\"/>"
        for k in 1..<9 {
            let o = Double(k) * cell
            out += "<line x1=\"\(f(margin + o))\" y1=\"\(f(top))\" x2=\"\(f(margin + o))\" y2=\"\(f(top + side))\" stroke=\"#6b5326\" stroke-width=\"0.6\"/>"
            out += "<line x1=\"\(f(margin))\" y1=\"\(f(top + o))\" x2=\"\(f(margin + side))\" y2=\"\(f(top + o))\" stroke=\"#6b5326\" stroke-width=\"0.6\"/>"
        }
        for i in 0..<9 {
            out += "<text x=\"\(f(margin + (Double(i) + 0.5) * cell))\" y=\"\(f(top - 3))\" font-size=\"9\" text-anchor=\"middle\" fill=\"#555\">\(9 - i)</text>"
            out += "<text x=\"\(f(margin + side + 8))\" y=\"\(f(top + (Double(i) + 0.5) * cell + 3))\" font-size=\"9\" text-anchor=\"middle\" fill=\"#555\">\(String(UnicodeScalar(UInt8(97 + i))))</text>"
        }
        for sq in 0..<81 {
            let file = sq / 9, rank = sq % 9
            let x = margin + (Double(8 - file) + 0.5) * cell, y = top + (Double(rank) + 0.5) * cell
            if sq == last {
                out += "<rect x=\"\(f(x - cell / 2))\" y=\"\(f(y - cell / 2))\" width=\"\(f(cell))\" height=\"\(f(cell))\" fill=\"#f2a65a\" stroke=\"#d0402b\" stroke-width=\"2\"/>"
            }
            let code = Int(p.board[sq])
            guard code != 0 else { continue }
            let type = code & 15, gote = code >> 4 == 1
            guard type >= 1, type < letters.count else { continue }
            let name = "\(file + 1)\(String(UnicodeScalar(UInt8(97 + rank)))) \(gote ? "gote" : "sente") \(kanji[type]) (\(letters[type]))"
            out += pieceShape(x: x, y: y, size: cell, gote: gote, type: type, title: name)
        }
        out += hand(p, color: 0, y: top + side + 18, left: margin)
        return out + "</svg>"
    }
}
