// `perfectplay bench peg-french-count`: the positions reachable from the French board's c1
// vacancy, per jump (published in all: 22,920,760,254, J.-C. Meyrignac 2003), by the
// positions-only count (ReachableLevels: two level bitmaps, 4.4 GB); `peg-french-count-starts`:
// the same for the other solvable single-vacancy starts up to symmetry (d2, a3, d3), unpublished.
// Each keeps a checkpoint in work/peg-french-count/<vacancy>/ (2.2 GB; delete it to start over).
import SolverKit

extension PegBench {
    /// Published totals of positions reachable from a start (Meyrignac 2003: from c1).
    static let frenchReachable: [String: UInt64] = ["c1": 22_920_760_254]

    static func frenchCountRow(vacancy: String, context: BenchContext) -> BenchRow {
        let board = problem(french).board
        let v = board.hole(named: vacancy)!
        let start = board.allHoles & ~(UInt64(1) << UInt64(v))
        let p = PegProblem(name: "French \(vacancy)", location: SourceLocation(file: "bench", line: 1), board: board, start: start, target: .anyHole)
        let space = ReachableLevels(problem: p, threads: context.threads)
        space.log = { context.log("\(vacancy): \($0)") }
        // Hours on a shared machine: a stopped run goes on from its last level.
        space.checkpoint = "work/peg-french-count/\(vacancy)"
        let (r, wall, cpu) = timed { space.run() }
        let widest = r.levels.max { $0.positions < $1.positions }
        let published: JSON = frenchReachable[vacancy].map { JSON($0) } ?? .null
        return BenchRow("vacancy-\(vacancy)", [
            ("positions", JSON(r.positions)), ("published", published),
            ("ok", frenchReachable[vacancy].map { .bool(r.complete && $0 == r.positions) } ?? .null),
            ("upToSymmetry", JSON(r.canonicalPositions)), ("symmetries", .int(r.groupOrder)),
            ("levels", .int(r.levels.count)), ("widestLevel", .string(widest.map { "\($0.jumps): \(NumberFormat.grouped($0.positions))" } ?? "-")),
            ("deadEnds", JSON(r.levels.reduce(UInt64(0)) { $0 + $1.deadEnds })),
            ("perLevel", .string(r.levels.map { String($0.positions) }.joined(separator: " "))),
            ("children", JSON(r.children)), ("bitmapMB", .int(ReachableLevels.bytesNeeded(p) >> 20)),
            ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    static var frenchCountSuites: [BenchSuite] {
        [
            BenchSuite(name: "peg-french-count", summary: "French 37: positions reachable from the c1 vacancy, per jump (published: 22,920,760,254)") { context in
                [frenchCountRow(vacancy: "c1", context: context)]
            },
            BenchSuite(name: "peg-french-count-starts", summary: "French 37: positions reachable from the d2, a3 and d3 vacancies, per jump") { context in
                ["d2", "a3", "d3"].map { frenchCountRow(vacancy: $0, context: context) }
            },
        ]
    }
}
