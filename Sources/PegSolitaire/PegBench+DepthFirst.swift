// `perfectplay bench peg-triangle-moves-dfs`: one start/finish pair of a triangle searched
// depth first within a move bound (MoveSearch+DepthFirst), the solution replayed.
import Foundation
import SolverKit

extension PegBench {
    /// The default: n = 9, vacancy 4 -> one peg on 4 within 16 moves (Bell's a3-complement,
    /// whose 16 moves make the published fewest, OEIS A127500).
    static let depthFirstPair = (side: 9, vacancy: 4, finish: 4, bound: 16)

    static var depthFirstSuites: [BenchSuite] {
        let d = depthFirstPair
        return [BenchSuite(name: "peg-triangle-moves-dfs",
                           summary: "Triangle n = \(d.side), vacancy \(d.vacancy) -> one peg on \(d.finish) within \(d.bound) moves (or PERFECTPLAY_PEG_SIDE=n, 4...10, PERFECTPLAY_PEG_PAIR=v-f, or v-* for every finish at once, PERFECTPLAY_PEG_BOUND=D): the depth-first search, shortest moves first, its table of entered positions 4 GB or --hash-mb; the first solution found, replayed, or none within the bound; --time-limit stops it") { context in
            let env = ProcessInfo.processInfo.environment
            var (side, vacancy, finish, bound) = d
            if let n = env["PERFECTPLAY_PEG_SIDE"].flatMap({ Int($0) }), (4...10).contains(n) { side = n }
            let holes = side * (side + 1) / 2
            if let pair = pairFromEnvironment(holes: holes, anyFinish: true) { (vacancy, finish) = pair }
            if let b = env["PERFECTPLAY_PEG_BOUND"].flatMap({ Int($0) }), (0...60).contains(b) { bound = b }
            return [depthFirstRow(side: side, vacancy: vacancy, finish: finish, bound: bound,
                                  // the default --hash-mb is far too small for n = 9
                                  tableMB: context.hashMB == Limits().hashMB ? 4096 : context.hashMB, timeLimit: context.timeLimit, log: { context.log($0) })]
        }]
    }

    /// One pair (holes 1-based; finish 0: every one-peg finish of the start's class) searched
    /// depth first within `bound` moves.
    static func depthFirstRow(side: Int, vacancy: Int, finish: Int, bound: Int, tableMB: Int, timeLimit: Double?,
                              log: @escaping (String) -> Void) -> BenchRow {
        let board = triangle(side: side, vacancy: 1).board
        let start = board.allHoles & ~(UInt64(1) << UInt64(vacancy - 1))
        let search = finish > 0 ? MoveSearch(board: board, start: start, finish: finish - 1)
            : MoveSearch(board: board, starts: [start], finishes: (0..<board.holeCount).map { UInt64(1) << UInt64($0) },
                         symmetries: board.symmetries(fixing: [start]))
        let name = "triangle-\(side) \(vacancy) -> \(finish > 0 ? String(finish) : "any") within \(bound)"
        if search.starts.isEmpty {
            return BenchRow(name, [("verdict", .string("impossible: different position classes"))])
        }
        search.log = log
        if let deadline = timeLimit.map({ monotonicSeconds() + $0 }) { search.shouldStop = { monotonicSeconds() > deadline } }
        var bits = 10
        while (8 << (bits + 1)) <= tableMB << 20 { bits += 1 }
        let (r, wall, cpu) = timed { search.depthFirst(bound: bound, tableBits: bits) }
        let end = board.replay(r.jumps, from: start)
        let replayed = !r.jumps.isEmpty && end.map(search.finishes.contains) == true
        let moves = replayed ? board.moveCount(r.jumps) : nil
        let verdict = replayed ? "\(moves!) moves" : r.exhausted ? "none within \(bound)" : "stopped"
        return BenchRow(name, [
            ("verdict", .string(verdict)), ("moves", moves.map { JSON.int($0) } ?? .null), ("replayed", .bool(replayed)),
            ("finish", replayed ? .int(end!.trailingZeroBitCount + 1) : .null), ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("positions", JSON(r.positions)), ("chain positions", JSON(r.children)), ("table MB", .int((8 << bits) >> 20)),
            ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }
}
