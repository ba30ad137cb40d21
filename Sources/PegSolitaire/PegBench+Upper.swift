// `perfectplay bench peg-triangle-moves-upper`: fewest moves on the triangles of side 4..10
// bounded from above by the pilot beam search (FewestMoves+Pilot), every solution replayed.
import SolverKit
import Foundation

extension PegBench {
    /// Positions kept per move level by the pilot beam, and candidates completed per kept one.
    static let trianglePilotWidth = 20_000
    static let trianglePilotPrefilter = 8

    /// The pilot beam from every single vacancy of `board` to one peg anywhere.
    static func trianglePilot(_ board: Board, width: Int = trianglePilotWidth, log: @escaping (String) -> Void) -> PilotBeamSearch {
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let pilot = PilotBeamSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: board.allHoles,
                                    symmetries: board.automorphisms(), width: width)
        pilot.prefilter = trianglePilotPrefilter
        pilot.log = log
        return pilot
    }

    /// `jumps` from the one-vacancy `start` replay to one peg in exactly `moves` moves.
    static func replaysToOnePeg(_ board: Board, _ jumps: [Int], from start: UInt64, moves: Int?) -> Bool {
        moves != nil && board.replay(jumps, from: start)?.nonzeroBitCount == 1
            && (board.allHoles & ~start).nonzeroBitCount == 1 && board.moveCount(jumps) == moves
    }

    static func trianglePilotRow(side n: Int, width: Int = trianglePilotWidth, log: @escaping (String) -> Void) -> BenchRow {
        let board = triangle(side: n, vacancy: 1).board
        let pilot = trianglePilot(board, width: width, log: log)
        let (r, wall, cpu) = timed { pilot.solve() }
        let end = board.replay(r.jumps, from: r.start)
        let replayed = replaysToOnePeg(board, r.jumps, from: r.start, moves: r.moves)
        let published = triangleMoves[n]
        return BenchRow("triangle-\(n)-pilot", [
            ("moves at most", r.moves.map { JSON.int($0) } ?? .null), ("published", published.map { JSON.int($0) } ?? .null),
            ("replayed", .bool(replayed)), ("equals published", .bool(replayed && r.moves == published)),
            ("vacancy", .string(replayed ? board.names[(board.allHoles & ~r.start).trailingZeroBitCount] : "-")),
            ("finish", .string(replayed ? end.map { board.names[$0.trailingZeroBitCount] } ?? "-" : "-")),
            ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("width", .int(width)), ("completions", JSON(pilot.rollouts)), ("nodes", JSON(r.children)),
            ("peakRSSMB", .int(peakResidentBytes() >> 20)),
            ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    /// The process's peak resident memory (Linux `VmHWM`; 0 where it cannot be read).
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kB << 10
    }

    static var upperSuites: [BenchSuite] {
        [BenchSuite(name: "peg-triangle-moves-upper",
                    summary: "Triangles n = 4..10: fewest moves bounded from above by the pilot beam search of width \(trianglePilotWidth) (OEIS A127500)") { context in
            (4...10).map { n in trianglePilotRow(side: n, log: { context.log($0) }) }
        }]
    }
}
