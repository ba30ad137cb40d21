// `perfectplay bench peg-triangle-moves`, `peg-english-moves`, `peg-french-moves`: fewest
// moves by the bidirectional search over moves, every solution replayed.
import SolverKit

extension PegBench {
    /// Fewest moves over every problem "one vacancy -> one peg" of the triangle of side n:
    /// all single vacancies are starts and all single pegs finishes of one search (published:
    /// OEIS A127500, Bell, JIS 11, 2008).
    static let triangleMoves: [Int: Int] = [4: 5, 5: 9, 6: 9, 7: 12, 8: 13, 9: 16, 10: 18]

    /// Both sides' tables stop at `byteLimit` (the row then gives the lower bound reached).
    static let moveSearchByteLimit = 6 << 30

    static func triangleRow(side n: Int, threads: Int, byteLimit: Int = moveSearchByteLimit, log: @escaping (String) -> Void) -> BenchRow {
        let board = triangle(side: n, vacancy: 1).board
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let search = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                                symmetries: board.automorphisms(), threads: threads)
        search.log = log
        search.byteLimit = byteLimit
        let (r, wall, cpu) = timed { search.solve() }
        let end = board.replay(r.jumps, from: r.start)
        let replayed = r.moves != nil && end?.nonzeroBitCount == 1 && (board.allHoles & ~r.start).nonzeroBitCount == 1
            && board.moveCount(r.jumps) == r.moves
        let published: JSON = triangleMoves[n].map { .int($0) } ?? .null
        let start = board.names[(board.allHoles & ~r.start).trailingZeroBitCount]
        let finish = end.map { board.names[$0.trailingZeroBitCount] } ?? "-"
        return BenchRow("triangle-\(n)", [
            ("moves", r.moves.map { JSON.int($0) } ?? JSON.string(">= \(r.movesAtLeast) (memory bound)")), ("published", published),
            ("ok", .bool(replayed && r.moves == triangleMoves[n])), ("vacancy", .string(start)), ("finish", .string(finish)),
            ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("nodes", JSON(r.children)), ("peakMB", .int(r.peakBytes >> 20)), ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    static var moveSuites: [BenchSuite] {
        [
            BenchSuite(name: "peg-triangle-moves", summary: "Triangles n = 4..10: fewest moves over all one-vacancy -> one-peg problems (OEIS A127500)") { context in
                (4...10).map { n in triangleRow(side: n, threads: context.threads, log: { context.log($0) }) }
            },
        ]
    }
}
