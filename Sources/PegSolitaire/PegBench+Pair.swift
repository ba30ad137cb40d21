// `perfectplay bench peg-triangle-moves-9-pair`: one start/finish pair of the 45-hole triangle
// within a move bound, by the forward search with its levels on disk (MoveSearch+DiskLevels),
// the solution replayed. With `peg-triangle-moves-9` showing no solution within 15 moves over
// every pair, a 16-move solution here makes 16 the fewest (OEIS A127500).
import Foundation
import SolverKit

extension PegBench {
    /// The pair and bound searched unless PERFECTPLAY_PEG_PAIR ("vacancy-finish", hole numbers)
    /// and PERFECTPLAY_PEG_BOUND say otherwise.
    static let trianglePair = (side: 9, vacancy: 1, finish: 1, bound: 16)

    static func trianglePairRow(side n: Int, vacancy: Int, finish: Int, bound: Int, threads: Int, maxBytes: Int,
                                directory: String, log: @escaping (String) -> Void) -> BenchRow {
        let board = triangle(side: n, vacancy: 1).board
        let start = board.allHoles & ~(UInt64(1) << UInt64(vacancy - 1))
        let search = MoveSearch(board: board, start: start, finish: finish - 1, threads: threads)
        search.moveBound = bound
        search.log = log
        let (r, wall, cpu) = timed { search.solveForwardOnDisk(directory: directory, maxBytes: maxBytes) }
        let replayed = r.moves != nil && board.replay(r.jumps, from: start) == UInt64(1) << UInt64(finish - 1)
            && board.moveCount(r.jumps) == r.moves
        let value: JSON = r.moves.map { .int($0) } ?? .string(">= \(r.movesAtLeast)")
        return BenchRow("triangle-\(n) \(vacancy) -> \(finish)", [
            ("bound", .int(bound)), ("moves", value), ("replayed", .bool(replayed)),
            ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("levels", .string(r.forwardLevels.map(String.init).joined(separator: " "))),
            ("nodes", JSON(r.children)), ("largest level", JSON(r.forwardLevels.max() ?? 0)),
            ("peakMB", .int(r.peakBytes >> 20)), ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    static var pairSuites: [BenchSuite] {
        let p = trianglePair
        return [BenchSuite(name: "peg-triangle-moves-9-pair",
                           summary: "Triangle n = 9, vacancy \(p.vacancy) -> one peg on \(p.finish) within \(p.bound) moves (or PERFECTPLAY_PEG_PAIR=v-f, PERFECTPLAY_PEG_BOUND=D): the forward search, one level in memory at a time and the levels on disk (TMPDIR), sets up to --hash-mb or 3/4 of the memory") { context in
            let env = ProcessInfo.processInfo.environment
            var (vacancy, finish, bound) = (p.vacancy, p.finish, p.bound)
            if let pair = env["PERFECTPLAY_PEG_PAIR"]?.split(separator: "-").compactMap({ Int($0) }), pair.count == 2,
               (1...45).contains(pair[0]), (1...45).contains(pair[1]) {
                (vacancy, finish) = (pair[0], pair[1])
            }
            if let b = env["PERFECTPLAY_PEG_BOUND"].flatMap({ Int($0) }), b >= 0 { bound = b }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perfectplay-levels-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            return [trianglePairRow(side: p.side, vacancy: vacancy, finish: finish, bound: bound, threads: context.threads,
                                    maxBytes: max(context.hashMB << 20, physicalMemoryBytes() / 4 * 3),
                                    directory: directory, log: { context.log($0) })]
        }]
    }
}
