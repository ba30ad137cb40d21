// The peg solitaire drawings of index.html, from the record alone: the board read from its own
// `.peg` block (`result.position`), the solution replayed move by move (the jumping peg's path
// drawn, the jumped pegs marked), and the chart of positions per jump count for `count` records.
import Foundation
import SolverKit

extension PegSolitaireGame {
    /// Boards drawn for one solution at most; longer solutions end with a note.
    static let reportFrameLimit = 40

    public static func reportFragment(for record: ResultRecord) -> String? {
        guard let text = record.position else { return HTML.cannotDraw("the record holds no position") }
        guard case .success(let problem)? = PegFile.parse(text: text, file: "position.peg").first else {
            return HTML.cannotDraw("the recorded position does not read as a .peg board")
        }
        let board = problem.board
        let drawing = PegBoardDrawing(board: board)
        let result = PegSolitaireResult(json: record.result)
        guard let moves = result?.moves, !moves.isEmpty else {
            var out = HTML.frames([("start, target \(problem.targetDescription)", drawing.svg(problem.start))])
            out += firstMovesTable(result?.firstMoves ?? [])
            return out
        }
        // Replay each move (a chain of jumps by one peg) with the board's own move code.
        var frames: [(caption: String, svg: String)] = [("start (\(problem.start.nonzeroBitCount) pegs)", drawing.svg(problem.start))]
        var position = problem.start
        for (k, move) in moves.enumerated() {
            guard case .success(let jumps) = board.parseMoves([move]), let next = board.replay(jumps, from: position) else {
                return HTML.frames(frames) + HTML.cannotDraw("move \(k + 1) '\(move)' of the recorded solution is not legal on the recorded board")
            }
            position = next
            if frames.count < reportFrameLimit || k == moves.count - 1 {
                let path = [board.jumps[jumps[0]].from] + jumps.map { board.jumps[$0].to }
                frames.append(("\(k + 1). \(move)", drawing.svg(position, path: path, jumped: jumps.map { board.jumps[$0].over })))
            }
        }
        var out = HTML.frames(frames)
        if moves.count >= reportFrameLimit {
            out += "<p class=\"muted\">\(moves.count) moves: the first \(reportFrameLimit - 1) and the last are drawn. Whole solution: \(HTML.escape(moves.joined(separator: " ")))</p>"
        } else {
            out += "<p class=\"muted\">Solution: \(HTML.escape(moves.joined(separator: " ")))</p>"
        }
        return out
    }

    /// `analyze` records: the solutions after each first move.
    static func firstMovesTable(_ rows: [PegSolitaireResult.FirstMove]) -> String {
        guard !rows.isEmpty else { return "" }
        var out = "<table><tr><th>first move</th><th>solutions</th><th>games</th></tr>"
        for row in rows {
            out += "<tr><td>\(HTML.escape(row.move))</td>"
            out += "<td class=\"n\">\(NumberFormat.grouped(row.solutions))</td>"
            out += "<td class=\"n\">\(NumberFormat.grouped(row.games))</td></tr>"
        }
        return out + "</table>"
    }

    public static func collectionHeadline(for records: [ResultRecord]) -> String {
        let done = records.filter { $0.status == .solved }.compactMap { PegSolitaireResult(json: $0.result) }
        let solvable = done.count { $0.solvable == true }
        let impossible = done.count { $0.solvable == false }
        let counted = done.count { $0.positions != nil }
        var parts: [String] = []
        if solvable + impossible > 0 {
            parts.append("\(solvable) solvable, \(impossible) impossible")
            if solvable > 0, done.allSatisfy({ $0.solvable != true || $0.verified == true }) {
                parts.append("every solution replayed")
            }
        }
        if counted > 0 { parts.append("\(counted) state space\(counted == 1 ? "" : "s") counted") }
        return HeadlineParts.join(parts, records: records)
    }

    public static func reportCharts(for records: [ResultRecord]) -> [BarChart] {
        var charts: [BarChart] = []
        for record in records {
            guard let levels = PegSolitaireResult(json: record.result)?.perLevel, !levels.isEmpty else { continue }
            let bars: [(String, Double)] = levels.map { (String($0.jumps), Double($0.positions)) }
            let title = "\(record.name.isEmpty ? record.source : record.name): positions per jump count"
            charts.append(BarChart(title: title, xLabel: "jumps made", yLabel: "positions", bars: bars, logarithmic: true))
        }
        // Solve runs: solution lengths across the collection.
        let solved = records.compactMap { r -> (String, Double)? in
            guard let jumps = PegSolitaireResult(json: r.result)?.jumps else { return nil }
            return (r.name.isEmpty ? r.source : r.name, Double(jumps))
        }
        if solved.count > 1 {
            charts.append(BarChart(title: "Jumps in each solution", xLabel: "position", yLabel: "jumps", bars: solved))
        }
        return charts
    }
}

/// SVG of a board: holes as rings, pegs as discs; the last move's path and jumped holes marked.
struct PegBoardDrawing {
    let board: Board
    let step = 22.0
    let minRow: Int, minCol: Int
    let width: Double, height: Double

    init(board: Board) {
        self.board = board
        minRow = board.rows.min() ?? 0
        minCol = board.cols.min() ?? 0
        let maxRow = board.rows.max() ?? 0, maxCol = board.cols.max() ?? 0
        let xs = board.lattice == .triangular ? step / 2 : step
        let ys = board.lattice == .triangular ? step * 0.87 : step
        width = Double(maxCol - minCol) * xs + step + 8
        height = Double(maxRow - minRow) * ys + step + 8
    }

    func center(_ hole: Int) -> (x: Double, y: Double) {
        let xs = board.lattice == .triangular ? step / 2 : step
        let ys = board.lattice == .triangular ? step * 0.87 : step
        return (Double(board.cols[hole] - minCol) * xs + step / 2 + 4, Double(board.rows[hole] - minRow) * ys + step / 2 + 4)
    }

    func svg(_ position: UInt64, path: [Int] = [], jumped: [Int] = []) -> String {
        func f(_ v: Double) -> String { fixedPoint(v, digits: 1) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"\(f(width))\" height=\"\(f(height))\" role=\"img\">"
        out += "<rect width=\"100%\" height=\"100%\" rx=\"6\" fill=\"#e9d8b4\"/>"
        for hole in board.rows.indices {
            let c = center(hole)
            let peg = position >> UInt64(hole) & 1 == 1
            let landed = path.last == hole
            let removed = jumped.contains(hole)
            out += "<circle cx=\"\(f(c.x))\" cy=\"\(f(c.y))\" r=\"\(f(step * 0.16))\" fill=\"#8a6d3b\"><title>\(board.names[hole])</title></circle>"
            if peg {
                out += "<circle cx=\"\(f(c.x))\" cy=\"\(f(c.y))\" r=\"\(f(step * 0.36))\" fill=\"\(landed ? "#d0402b" : "#2f5d8a")\" stroke=\"#1b1b1b\" stroke-width=\"0.8\"><title>\(board.names[hole])</title></circle>"
            } else if removed {
                out += "<circle cx=\"\(f(c.x))\" cy=\"\(f(c.y))\" r=\"\(f(step * 0.34))\" fill=\"none\" stroke=\"#d0402b\" stroke-width=\"1.4\" stroke-dasharray=\"2 2\"><title>\(board.names[hole]) jumped</title></circle>"
            }
        }
        if path.count > 1 {
            let points = path.map { h -> String in let c = center(h); return "\(f(c.x)),\(f(c.y))" }.joined(separator: " ")
            out += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"#d0402b\" stroke-width=\"2\" stroke-opacity=\"0.75\"/>"
            let s = center(path[0])
            out += "<circle cx=\"\(f(s.x))\" cy=\"\(f(s.y))\" r=\"\(f(step * 0.2))\" fill=\"none\" stroke=\"#d0402b\" stroke-width=\"1.5\"/>"
        }
        return out + "</svg>"
    }
}
