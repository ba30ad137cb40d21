// `perfectplay bench peg-triangle-moves-pairs`: every start/finish pair of a triangle, one
// bidirectional move search each, bounded by the published fewest moves. Over all pairs at once
// the reverse moves from one peg are past counting, so the all-pairs searches grow the forward
// side alone; one pair at a time, the backward side is pruned by its start's pagodas and
// Merson bound, so it can grow (on n = 9 within 16, one reverse move deep). Pairs come up to
// the board's symmetries, those of different position classes or whose Merson bound exceeds
// the move bound left out. The complement problems (finish on the vacancy) come first: the
// shortest solutions published for n = 5, 6 and 8 (Bell) are complement problems, and so are
// the two 16-move ones this sweep found on n = 9 (4 -> 4 and 11 -> 11). Then the least slack
// (bound minus Merson bound) first: the cheapest searches first. Two pairs run at once with
// --threads 2, and the sweep stops at the first solution (the fewest moves, when a search with
// one move fewer over every pair found none), replayed. One search a start toward every finish
// is the other way to cut the same work.
import Foundation
import Synchronization
import Dispatch
import SolverKit

extension PegBench {
    /// One search of a sweep: a start and its finish (holes, 0-based; nil: every one-peg finish
    /// at once), the Merson bound at the start.
    struct TrianglePair: Sendable {
        var vacancy: Int, finish: Int?, merson: Int
        var name: String { "\(vacancy + 1) -> \(finish.map { String($0 + 1) } ?? "any")" }
        /// As PERFECTPLAY_PEG_PAIRS names it: "v-f" (1-based), "v-any".
        var spec: String { "\(vacancy + 1)-\(finish.map { String($0 + 1) } ?? "any")" }
    }

    /// The start/finish pairs of the triangle of side n up to symmetry that a solution within
    /// `bound` moves may join: same position class, Merson bound at most `bound`; complement
    /// problems first, then least slack first.
    /// `byStart`: one search a start instead, toward every finish at once: the forward side is
    /// grown once a start, but without the finish's pagodas to prune it (on n = 8 within 13
    /// about as much work as the start's pairs one by one).
    static func trianglePairs(_ board: Board, bound: Int, byStart: Bool = false) -> [TrianglePair] {
        let all = board.automorphisms()
        let classes = PositionClass(board: board)
        var pairs: [TrianglePair] = []
        var seenStarts = Set<UInt64>()
        for v in 0..<board.holeCount {
            let start = board.allHoles & ~(UInt64(1) << UInt64(v))
            let orbit = all.map { Board.apply($0, start) }
            guard seenStarts.insert(orbit.min()!).inserted else { continue }
            let fixing = board.symmetries(fixing: [start])
            if byStart {
                let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
                let merson = MoveSearch(board: board, starts: [start], finishes: holes, symmetries: fixing).startBound
                if merson <= bound { pairs.append(TrianglePair(vacancy: v, finish: nil, merson: merson)) }
                continue
            }
            var seenFinishes = Set<UInt64>()
            for f in 0..<board.holeCount {
                let finish = UInt64(1) << UInt64(f)
                guard classes.of(start) == classes.of(finish),
                      seenFinishes.insert(fixing.map { Board.apply($0, finish) }.min()!).inserted else { continue }
                let search = MoveSearch(board: board, start: start, finish: f)
                let merson = search.startBound
                if merson <= bound { pairs.append(TrianglePair(vacancy: v, finish: f, merson: merson)) }
            }
        }
        func key(_ p: TrianglePair) -> (Int, Int, Int, Int) { (p.finish == p.vacancy ? 1 : 0, p.merson, -p.vacancy, -(p.finish ?? 0)) }
        return pairs.sorted { key($0) > key($1) }
    }

    /// The sweep: each pair searched within `bound` moves (`byteLimit` a search), `atOnce`
    /// pairs at a time (default `threads`, each search the threads left), until one meets (or
    /// every pair, `all`). One row a pair searched, then the solution's row.
    static func trianglePairSweep(side n: Int, bound: Int, byteLimit: Int, threads: Int, atOnce: Int? = nil, all: Bool,
                                  byStart: Bool = false, only: [String]?, deadline: Double?, log: @escaping @Sendable (String) -> Void) -> [BenchRow] {
        let board = triangle(side: n, vacancy: 1).board
        let pairs = trianglePairs(board, bound: bound, byStart: byStart).filter { p in
            only.map { $0.contains(p.spec) } ?? true
        }
        log("triangle \(n) within \(bound) moves: \(pairs.count) start/finish pairs up to symmetry, in order (Merson bound): \(pairs.map { "\($0.spec) (\($0.merson))" }.joined(separator: ", "))")
        struct Outcome: Sendable {
            var index: Int, result: MoveSearchResult, wall: Double
        }
        let outcomes = Mutex<[Outcome]>([])
        let next = Mutex(0)
        let found = Atomic<Bool>(false)
        let concurrent = max(1, min(atOnce ?? threads, threads, pairs.count))
        let (_, wall, cpu) = timed {
            DispatchQueue.concurrentPerform(iterations: concurrent) { _ in
                while true {
                    let k = next.withLock { v -> Int in defer { v += 1 }; return v }
                    if k >= pairs.count || (!all && found.load(ordering: .relaxed)) { return }
                    if let deadline, monotonicSeconds() > deadline { return }
                    let p = pairs[k]
                    let start = board.allHoles & ~(UInt64(1) << UInt64(p.vacancy))
                    let each = max(1, threads / concurrent)
                    let search = p.finish.map { MoveSearch(board: board, start: start, finish: $0, threads: each) }
                        ?? MoveSearch(board: board, starts: [start], finishes: (0..<board.holeCount).map { UInt64(1) << UInt64($0) },
                                      symmetries: board.symmetries(fixing: [start]), threads: each)
                    search.moveBound = bound
                    search.moveLimit = bound
                    search.byteLimit = byteLimit
                    search.log = { log("pair \(k + 1) (\(p.name)): \($0)") }
                    search.shouldStop = { (!all && found.load(ordering: .relaxed)) || deadline.map { monotonicSeconds() > $0 } == true }
                    let t0 = monotonicSeconds()
                    let r = search.solve()
                    let t = monotonicSeconds() - t0
                    if r.moves != nil { found.store(true, ordering: .relaxed) }
                    log("pair \(k + 1)/\(pairs.count): \(p.name) (Merson \(p.merson)): "
                        + (r.moves.map { "\($0) moves" } ?? (r.movesAtLeast > bound ? "none within \(bound)" : "stopped"))
                        + ", \(r.children) chain positions, \(String(format: "%.0f", t)) s")
                    outcomes.withLock { $0.append(Outcome(index: k, result: r, wall: t)) }
                }
            }
        }
        let done = outcomes.withLock { $0 }.sorted { $0.index < $1.index }
        var rows = done.map { o -> BenchRow in
            let p = pairs[o.index], r = o.result
            let verdict: String = r.moves.map { "\($0) moves" } ?? (r.movesAtLeast > bound ? "none within \(bound)" : "stopped")
            return BenchRow("\(n): \(p.name)", [
                ("Merson bound", .int(p.merson)), ("verdict", .string(verdict)),
                ("levels", .string("\(r.forwardLevels.count - 1) + \(r.backwardLevels.count - 1)")),
                ("nodes", JSON(r.children)), ("peakMB", .int(r.peakBytes >> 20)), ("seconds", JSON(o.wall)),
            ])
        }
        let best = done.filter { $0.result.moves != nil }.min { ($0.result.moves!, $0.index) < ($1.result.moves!, $1.index) }
        let r = best?.result ?? MoveSearchResult()
        let end = board.replay(r.jumps, from: r.start)
        let replayed = best != nil && replaysToOnePeg(board, r.jumps, from: r.start, moves: r.moves)
            && pairs[best!.index].finish.map { end == UInt64(1) << UInt64($0) } != false
        rows.append(BenchRow("triangle-\(n)", [
            ("bound", .int(bound)), ("pairs", .int(pairs.count)), ("searched", .int(done.count)),
            ("none within bound", .int(done.filter { $0.result.moves == nil && $0.result.movesAtLeast > bound }.count)),
            ("moves", r.moves.map { .int($0) } ?? .null), ("published", triangleMoves[n].map { .int($0) } ?? .null),
            ("replayed", .bool(replayed)),
            ("vacancy", .string(replayed ? board.names[(board.allHoles & ~r.start).trailingZeroBitCount] : "-")),
            ("finish", .string(replayed ? end.map { board.names[$0.trailingZeroBitCount] } ?? "-" : "-")),
            ("solution", .string(board.moveStrings(r.jumps).joined(separator: " "))),
            ("nodes", JSON(done.reduce(UInt64(0)) { $0 &+ $1.result.children })),
            ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
        ]))
        return rows
    }

    static var pairSweepSuites: [BenchSuite] {
        [BenchSuite(name: "peg-triangle-moves-pairs",
                    summary: "Triangle n = 9 (or PERFECTPLAY_PEG_SIDE=n, 5...10): one bidirectional move search a start/finish pair up to symmetry (PERFECTPLAY_PEG_BY=start: one a start, toward every one-peg finish at once), complement problems first, then least Merson slack first, within the published fewest moves (or PERFECTPLAY_PEG_BOUND=D), --threads searches at a time (PERFECTPLAY_PEG_AT_ONCE=k: k at a time, --threads shared among them), up to --hash-mb (default 6 GB) each; stops at the first solution, replayed (PERFECTPLAY_PEG_ALL=1: runs every search; PERFECTPLAY_PEG_PAIRS=v-f,v-any,...: those only)") { context in
            let env = ProcessInfo.processInfo.environment
            var side = 9
            if let n = env["PERFECTPLAY_PEG_SIDE"].flatMap({ Int($0) }), (5...10).contains(n) { side = n }
            let bound = env["PERFECTPLAY_PEG_BOUND"].flatMap { Int($0) } ?? triangleMoves[side]!
            let only = env["PERFECTPLAY_PEG_PAIRS"].map { $0.split(separator: ",").map(String.init) }
            let byteLimit = max(6 << 30, context.hashMB << 20)
            return trianglePairSweep(side: side, bound: bound, byteLimit: byteLimit, threads: context.threads,
                                     atOnce: env["PERFECTPLAY_PEG_AT_ONCE"].flatMap { Int($0) },
                                     all: env["PERFECTPLAY_PEG_ALL"] == "1", byStart: env["PERFECTPLAY_PEG_BY"] == "start", only: only,
                                     deadline: context.timeLimit.map { monotonicSeconds() + $0 }, log: { context.log($0) })
        }]
    }
}
