// `perfectplay bench peg-french-count`: the positions reachable from the French board's c1
// vacancy, per jump, and the (position, last-moved peg) pairs, the states of a fewest-moves
// search, which J.-C. Meyrignac enumerated in 2003 (published per level, 22,920,760,254 in
// all, at euler.free.fr/PegInfos.htm, where they are called positions); by the positions-only
// count (ReachableLevels: three level bitmaps, 6.4 GB); `peg-french-count-starts`: the positions
// from the other solvable single-vacancy starts up to symmetry (d2, d3; a3 is c1's mirror image
// in the diagonal), unpublished.
// Each keeps a checkpoint in work/peg-french-count/<vacancy>/ (up to 4.4 GB; delete it to start over).
import SolverKit

extension PegBench {
    /// Published (position, last-moved peg) pairs per jump from a start (Meyrignac 2003: c1).
    static let frenchLastPegStates: [String: [UInt64]] = ["c1": [
        1, 2, 6, 38, 247, 1_567, 9_447, 52_619, 266_503, 1_222_832, 5_045_205, 18_529_153, 60_017_521, 169_761_224,
        415_258_622, 871_660_237, 1_562_039_335, 2_386_129_986, 3_114_294_699, 3_489_271_180, 3_373_298_887,
        2_826_004_451, 2_057_204_360, 1_302_499_674, 716_618_159, 341_762_350, 140_698_472, 49_626_092, 14_851_056,
        3_725_988, 767_077, 125_736, 16_010, 1_444, 70, 4,
    ]]

    static func frenchCountRow(vacancy: String, context: BenchContext) -> BenchRow {
        let board = problem(french).board
        let v = board.hole(named: vacancy)!
        let start = board.allHoles & ~(UInt64(1) << UInt64(v))
        let p = PegProblem(name: "French \(vacancy)", location: SourceLocation(file: "bench", line: 1), board: board, start: start, target: .anyHole)
        let space = ReachableLevels(problem: p, threads: context.threads)
        // The pairs where a published table checks them (c1); positions only elsewhere (half the time).
        space.countsLastPeg = frenchLastPegStates[vacancy] != nil
        space.log = { context.log("\(vacancy): \($0)") }
        // Hours on a shared machine: a stopped run goes on from its last level.
        space.checkpoint = "work/peg-french-count/\(vacancy)"
        let r = space.run()
        let widest = r.levels.max { $0.positions < $1.positions }
        let states = r.levels.map(\.lastPegStates)
        let published = frenchLastPegStates[vacancy]
        return BenchRow("vacancy-\(vacancy)", [
            ("positions", JSON(r.positions)), ("lastPegStates", space.countsLastPeg ? JSON(states.reduce(0, +)) : .null),
            ("published", published.map { JSON($0.reduce(0, +)) } ?? .null),
            ("ok", published.map { .bool(r.complete && $0 == states) } ?? .null),
            ("upToSymmetry", JSON(r.canonicalPositions)), ("symmetries", .int(r.groupOrder)),
            ("levels", .int(r.levels.count)), ("widestLevel", .string(widest.map { "\($0.jumps): \(NumberFormat.grouped($0.positions))" } ?? "-")),
            ("deadEnds", JSON(r.levels.reduce(UInt64(0)) { $0 + $1.deadEnds })),
            ("perLevel", .string(r.levels.map { String($0.positions) }.joined(separator: " "))),
            ("lastPegPerLevel", .string(space.countsLastPeg ? states.map(String.init).joined(separator: " ") : "-")),
            ("children", JSON(r.children)), ("bitmapMB", .int(ReachableLevels.bytesNeeded(p, countsLastPeg: space.countsLastPeg) >> 20)),
            // the levels' time, with that of an earlier run this one resumed from its checkpoint
            ("seconds", JSON(r.generateSeconds)), ("cpuSeconds", JSON(r.generateCPU)),
        ])
    }

    static var frenchCountSuites: [BenchSuite] {
        [
            BenchSuite(name: "peg-french-count", summary: "French 37: positions reachable from the c1 vacancy, and (position, last-moved peg) pairs per jump (published: 22,920,760,254 pairs)") { context in
                [frenchCountRow(vacancy: "c1", context: context)]
            },
            BenchSuite(name: "peg-french-count-starts", summary: "French 37: positions reachable from the d2 and d3 vacancies, per jump and up to symmetry") { context in
                ["d2", "d3"].map { frenchCountRow(vacancy: $0, context: context) }
            },
        ]
    }
}
