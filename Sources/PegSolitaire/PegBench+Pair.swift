// The move searches with their levels on disk (MoveSearch+DiskLevels), the solution replayed:
// `perfectplay bench peg-triangle-moves-9-pair`, one start/finish pair of the 45-hole triangle
// within a move bound (with `peg-triangle-moves-9` showing no solution within 15 moves over
// every pair, a 16-move solution here makes 16 the fewest, OEIS A127500), and
// `peg-triangle-moves-disk`, every one-vacancy start and one-peg finish of a triangle at once,
// up to the board's symmetries, within a bound (the bidirectional row of
// `peg-triangle-moves-10` stops at its memory bound on n = 10, bound 17).
import Foundation
import SolverKit

extension PegBench {
    /// The pair and bound searched unless PERFECTPLAY_PEG_PAIR ("vacancy-finish", hole numbers)
    /// and PERFECTPLAY_PEG_BOUND say otherwise.
    static let trianglePair = (side: 9, vacancy: 1, finish: 1, bound: 16)
    /// The side and bound of `peg-triangle-moves-disk` unless PERFECTPLAY_PEG_SIDE and
    /// PERFECTPLAY_PEG_BOUND say otherwise: n = 10 within 17 moves (published: 18).
    static let triangleDisk = (side: 10, bound: 17)

    /// One row: `search` (its starts and finishes) within `bound` moves by the forward search on
    /// disk; the solution replayed from its start to one peg (on `finish` when given).
    static func diskLevelsRow(_ name: String, board: Board, search: MoveSearch, bound: Int, finish: Int? = nil,
                              place: DiskLevelsPlace, timeLimit: Double?, log: @escaping (String) -> Void) -> BenchRow {
        search.moveBound = bound
        search.log = log
        if let deadline = timeLimit.map({ monotonicSeconds() + $0 }) { search.shouldStop = { monotonicSeconds() > deadline } }
        let (r, wall, cpu) = timed {
            search.solveForwardOnDisk(directory: place.directory, maxBytes: place.maxBytes, keepLevels: place.keep, resume: place.resume)
        }
        if !place.keep { try? FileManager.default.removeItem(atPath: place.directory) }
        let end = board.replay(r.jumps, from: r.start)
        let replayed = replaysToOnePeg(board, r.jumps, from: r.start, moves: r.moves)
            && finish.map { end == UInt64(1) << UInt64($0) } != false
        let value: JSON = r.moves.map { .int($0) } ?? .string(">= \(r.movesAtLeast)")
        return BenchRow(name, [
            ("bound", .int(bound)), ("moves", value), ("replayed", .bool(replayed)),
            ("vacancy", .string(replayed ? board.names[(board.allHoles & ~r.start).trailingZeroBitCount] : "-")),
            ("finish", .string(replayed ? end.map { board.names[$0.trailingZeroBitCount] } ?? "-" : "-")),
            ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("levels", .string(r.forwardLevels.map(String.init).joined(separator: " "))),
            ("nodes", JSON(r.children)), ("largest level", JSON(r.forwardLevels.max() ?? 0)),
            ("peakMB", .int(r.peakBytes >> 20)), ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ])
    }

    /// Where a disk suite's levels go and the memory its sets may take.
    struct DiskLevelsPlace {
        var directory: String, maxBytes: Int
        /// Whether the level files stay after the run (PERFECTPLAY_PEG_LEVELS named the directory).
        var keep: Bool
        /// The last level kept by an earlier run to start from (PERFECTPLAY_PEG_RESUME).
        var resume: Int?
    }

    /// PERFECTPLAY_PEG_PAIR=v-f (holes 1-based) on a board of `holes` holes; with `anyFinish`,
    /// v-* too, which gives finish 0 (every one-peg finish).
    static func pairFromEnvironment(holes: Int, anyFinish: Bool = false) -> (vacancy: Int, finish: Int)? {
        guard let pair = ProcessInfo.processInfo.environment["PERFECTPLAY_PEG_PAIR"]?.split(separator: "-"), pair.count == 2,
              let v = Int(pair[0]), (1...holes).contains(v) else { return nil }
        if anyFinish && pair[1] == "*" { return (v, 0) }
        guard let f = Int(pair[1]), (1...holes).contains(f) else { return nil }
        return (v, f)
    }

    /// The levels go to PERFECTPLAY_PEG_LEVELS, kept, so that a run stopped by --time-limit (or
    /// killed) can go on later from its last whole level (PERFECTPLAY_PEG_RESUME=g, the last
    /// "level g:" line it logged); else to TMPDIR, removed. Sets take up to --hash-mb, or 3/4 of
    /// the machine's memory when that is more.
    static func diskLevelsPlace(_ context: BenchContext) -> DiskLevelsPlace {
        let env = ProcessInfo.processInfo.environment
        let maxBytes = max(context.hashMB << 20, physicalMemoryBytes() / 4 * 3)
        if let kept = env["PERFECTPLAY_PEG_LEVELS"], !kept.isEmpty {
            return DiskLevelsPlace(directory: kept, maxBytes: maxBytes, keep: true,
                                   resume: env["PERFECTPLAY_PEG_RESUME"].flatMap { Int($0) })
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perfectplay-levels-\(getpid())").path
        return DiskLevelsPlace(directory: directory, maxBytes: maxBytes, keep: false, resume: nil)
    }

    static var pairSuites: [BenchSuite] {
        let p = trianglePair, d = triangleDisk
        return [
            BenchSuite(name: "peg-triangle-moves-9-pair",
                       summary: "Triangle n = 9, vacancy \(p.vacancy) -> one peg on \(p.finish) within \(p.bound) moves (or PERFECTPLAY_PEG_PAIR=v-f, PERFECTPLAY_PEG_BOUND=D): the forward search, one level in memory at a time and the levels on disk (TMPDIR; PERFECTPLAY_PEG_LEVELS=dir keeps them there, PERFECTPLAY_PEG_RESUME=g goes on from their level g), sets up to --hash-mb or 3/4 of the memory; --time-limit stops it") { context in
                let env = ProcessInfo.processInfo.environment
                var (vacancy, finish, bound) = (p.vacancy, p.finish, p.bound)
                if let pair = pairFromEnvironment(holes: 45) { (vacancy, finish) = pair }
                if let b = env["PERFECTPLAY_PEG_BOUND"].flatMap({ Int($0) }), b >= 0 { bound = b }
                let place = diskLevelsPlace(context)
                let board = triangle(side: p.side, vacancy: 1).board
                let start = board.allHoles & ~(UInt64(1) << UInt64(vacancy - 1))
                let search = MoveSearch(board: board, start: start, finish: finish - 1, threads: context.threads)
                return [diskLevelsRow("triangle-\(p.side) \(vacancy) -> \(finish)", board: board, search: search, bound: bound,
                                      finish: finish - 1, place: place, timeLimit: context.timeLimit,
                                      log: { context.log($0) })]
            },
            BenchSuite(name: "peg-triangle-moves-disk",
                       summary: "Triangle n = \(d.side), every one-vacancy start and one-peg finish, within \(d.bound) moves (or PERFECTPLAY_PEG_SIDE=n, 4...10, PERFECTPLAY_PEG_BOUND=D): the forward search up to the board's symmetries, one level in memory at a time and the levels on disk (TMPDIR; PERFECTPLAY_PEG_LEVELS=dir keeps them there, PERFECTPLAY_PEG_RESUME=g goes on from their level g), sets up to --hash-mb or 3/4 of the memory; --time-limit stops it") { context in
                let env = ProcessInfo.processInfo.environment
                var (side, bound) = (d.side, d.bound)
                if let n = env["PERFECTPLAY_PEG_SIDE"].flatMap({ Int($0) }), (4...10).contains(n) { side = n }
                if let b = env["PERFECTPLAY_PEG_BOUND"].flatMap({ Int($0) }), b >= 0 { bound = b }
                let place = diskLevelsPlace(context)
                let board = triangle(side: side, vacancy: 1).board
                let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
                let search = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                                        symmetries: board.automorphisms(), threads: context.threads)
                return [diskLevelsRow("triangle-\(side)", board: board, search: search, bound: bound,
                                      place: place, timeLimit: context.timeLimit,
                                      log: { context.log($0) })]
            },
        ]
    }
}
