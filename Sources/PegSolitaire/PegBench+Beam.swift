// `perfectplay bench peg-triangle-moves-beam`: fewest moves bounded from above by the beam
// search (FewestMoves+Beam), every solution replayed.
import SolverKit

extension PegBench {
    /// Positions kept per move level: at this width the beam finds the published fewest
    /// moves for every n = 4..10.
    static let triangleBeamWidth = 1 << 20

    static func triangleBeamRow(side n: Int, width: Int = triangleBeamWidth, log: @escaping (String) -> Void) -> BenchRow {
        let board = triangle(side: n, vacancy: 1).board
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let beam = MoveBeamSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: board.allHoles,
                                  symmetries: board.automorphisms(), width: width)
        beam.log = log
        let (r, wall, cpu) = timed { beam.solve() }
        let end = board.replay(r.jumps, from: r.start)
        let replayed = r.moves != nil && end?.nonzeroBitCount == 1 && (board.allHoles & ~r.start).nonzeroBitCount == 1
            && board.moveCount(r.jumps) == r.moves
        let published = triangleMoves[n]
        return BenchRow("triangle-\(n)-beam", [
            ("moves at most", r.moves.map { JSON.int($0) } ?? .null), ("published", published.map { JSON.int($0) } ?? .null),
            ("replayed", .bool(replayed)), ("equals published", .bool(replayed && r.moves == published)),
            ("vacancy", .string(replayed ? board.names[(board.allHoles & ~r.start).trailingZeroBitCount] : "-")),
            ("finish", .string(replayed ? end.map { board.names[$0.trailingZeroBitCount] } ?? "-" : "-")),
            ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("width", .int(width)), ("nodes", JSON(r.children)), ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    static var beamSuites: [BenchSuite] {
        [BenchSuite(name: "peg-triangle-moves-beam",
                    summary: "Triangles n = 4..10: fewest moves bounded from above by a beam search of width \(triangleBeamWidth) (OEIS A127500)") { context in
            (4...10).map { n in triangleBeamRow(side: n, log: { context.log($0) }) }
        }]
    }
}
