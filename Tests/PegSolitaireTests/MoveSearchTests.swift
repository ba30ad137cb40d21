// The bidirectional search over moves and the meet-in-the-middle decider against brute force:
// a plain breadth-first search over moves (every chain prefix), without symmetry or pruning,
// on small boards, for every single-vacancy start and every one-peg finish.
import Foundation
import Testing
@testable import PegSolitaire

/// Fewest moves from `start` to every position, by plain BFS over chains (positions as keys,
/// no symmetry); shared by the move-search tests. `reversed`: over reversed chains instead (a
/// peg on `to` with `from` and `over` empty goes back to `from`, refilling `over`, and the
/// chain goes on from `from`), which gives the fewest moves from every position to `start`.
func bruteForceMoves(_ board: Board, from start: UInt64, reversed: Bool = false) -> [UInt64: Int] {
    var dist: [UInt64: Int] = [start: 0]
    var frontier = [start]
    var depth = 0
    while !frontier.isEmpty {
        depth += 1
        var next: [UInt64] = []
        func chain(_ q: UInt64, at hole: Int?) {
            for jump in board.jumps {
                let (first, last) = reversed ? (jump.to, jump.from) : (jump.from, jump.to)
                guard hole == nil || first == hole!, q & jump.flip == (reversed ? UInt64(1) << UInt64(jump.to) : jump.need) else { continue }
                let c = q ^ jump.flip
                if dist[c] == nil { dist[c] = depth; next.append(c) }
                chain(c, at: last)
            }
        }
        for p in frontier { chain(p, at: nil) }
        frontier = next
    }
    return dist
}

/// Fewest moves from every position to one peg on `finish` (reversed brute force).
func bruteForceMoves(_ board: Board, to finish: Int) -> [UInt64: Int] {
    bruteForceMoves(board, from: UInt64(1) << UInt64(finish), reversed: true)
}

/// Every solvable pair (vacancy s, finish f) of `board` with its fewest moves by brute force,
/// at the bounds `expected` and `expected - 1`.
func forEachSolvablePair(_ board: Board, _ body: (_ s: Int, _ f: Int, _ start: UInt64, _ expected: Int, _ bound: Int) -> Void) {
    for s in 0..<board.holeCount {
        let start = board.allHoles & ~(UInt64(1) << UInt64(s))
        let dist = bruteForceMoves(board, from: start)
        for f in 0..<board.holeCount {
            guard let expected = dist[UInt64(1) << UInt64(f)] else { continue }
            for bound in [expected, expected - 1] { body(s, f, start, expected, bound) }
        }
    }
}

/// A stop condition that turns true on its `after`-th check.
final class StopCounter: @unchecked Sendable {
    private var calls = 0
    private let after: Int
    init(after: Int) { self.after = after }
    func tick() -> Bool { calls += 1; return calls >= after }
}

private let smallBoards: [(String, String)] = [
    ("triangle-5", PegFile.triangle(side: 5, vacancy: 1)),
    ("4x4", "target: any\noooo\noooo\noooo\n.ooo"),
    ("3x5", "target: any\nooooo\nooooo\n.oooo"),
    ("3x4", "target: any\noooo\noooo\n.ooo"),
    ("4x4-diagonal", "target: any\ndiagonal: yes\noooo\noooo\noooo\n.ooo"),
]

@Suite struct MoveSearchTests {
    @Test(arguments: smallBoards.map(\.0))
    func everyPairMatchesBruteForce(_ name: String) {
        let board = Fixtures.problem(smallBoards.first { $0.0 == name }!.1).board
        var pairs = 0, solvable = 0
        for s in 0..<board.holeCount {
            let start = board.allHoles & ~(UInt64(1) << UInt64(s))
            let dist = bruteForceMoves(board, from: start)
            for f in 0..<board.holeCount {
                let expected = dist[UInt64(1) << UInt64(f)]
                let r = MoveSearch(board: board, start: start, finish: f).solve()
                pairs += 1
                #expect(r.moves == expected, "\(name) \(board.names[s]) -> \(board.names[f])")
                if let moves = expected {
                    solvable += 1
                    #expect(r.start == start)
                    #expect(board.replay(r.jumps, from: start) == UInt64(1) << UInt64(f))
                    #expect(board.moveCount(r.jumps) == moves)
                } else {
                    #expect(r.impossible)
                }
            }
        }
        #expect(solvable > 0 && pairs == board.holeCount * board.holeCount)
    }

    /// Many starts and finishes in one search: the minimum over the pairs (OEIS A127500 for
    /// the triangles: 5 for side 4, 9 for side 5), and the brute-force minimum.
    @Test func allPairsAtOnce() {
        for (side, published) in [(4, 5), (5, 9)] {
            let board = Fixtures.triangle(side: side, vacancy: 1).board
            let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
            let r = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                               symmetries: board.automorphisms()).solve()
            var best = Int.max
            for h in holes {
                let dist = bruteForceMoves(board, from: board.allHoles & ~h)
                for f in holes { if let d = dist[f] { best = min(best, d) } }
            }
            #expect(r.moves == published)
            #expect(best == published)
            #expect((board.allHoles & ~r.start).nonzeroBitCount == 1)
            #expect(board.replay(r.jumps, from: r.start)?.nonzeroBitCount == 1)
            #expect(board.moveCount(r.jumps) == published)
        }
    }

    /// The Merson bound never exceeds the moves: for every start and every position it reaches,
    /// the regions full at the start and not at the position, and those broken at the position
    /// and not at the start, are at most the fewest moves between them (brute force).
    @Test(arguments: smallBoards.map(\.0))
    func mersonBoundIsAdmissible(_ name: String) {
        let board = Fixtures.problem(smallBoards.first { $0.0 == name }!.1).board
        let regions = MersonRegions(board: board)
        defer { regions.free() }
        var tight = 0, checked = 0
        for s in 0..<board.holeCount {
            let start = board.allHoles & ~(UInt64(1) << UInt64(s))
            for (p, moves) in bruteForceMoves(board, from: start) {
                let forward = regions.fullCount(start) - regions.mostRegions(p, full: true, holes: board.allHoles)
                let backward = regions.brokenCount(p, holes: board.allHoles) - regions.mostRegions(start, full: false, holes: board.allHoles)
                #expect(forward <= moves && backward <= moves, "\(name) vacancy \(board.names[s])")
                if forward == moves || backward == moves { tight += 1 }
                checked += 1
            }
        }
        // The bound is not vacuous: it is reached on some positions of every board.
        #expect(checked > 0 && tight > 0)
        if name.hasPrefix("triangle") {
            #expect(regions.singletons.nonzeroBitCount == 3)   // the corners
        }
    }

    /// The search's own bounds never exceed the moves: `movesToFinish` at most the fewest moves
    /// from a position to its finish (reversed brute force), `movesFromStart` at most those
    /// from the start to it, for single pairs and for all pairs in one search. A corner finish
    /// (or vacancy) is subtracted only where the position holds (or empties) it, which bounds
    /// some positions one move higher than subtracting it always.
    @Test(arguments: smallBoards.map(\.0))
    func searchBoundsAreAdmissible(_ name: String) {
        let board = Fixtures.problem(smallBoards.first { $0.0 == name }!.1).board
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let all = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                             symmetries: board.automorphisms())
        var raised = 0, checked = 0
        let identity = [Array(0..<board.holeCount)]
        for h in 0..<board.holeCount {
            // One finish (the starts of its class), and one start (the finishes of its class).
            let to = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: [holes[h]], symmetries: identity)
            let from = MoveSearch(board: board, starts: [board.allHoles & ~holes[h]], finishes: holes, symmetries: identity)
            // A hole no start (finish) shares a position class with is searched for by nobody.
            if to.finishes.isEmpty || from.starts.isEmpty { continue }
            for (p, moves) in bruteForceMoves(board, to: h) {
                #expect(to.movesToFinish(p) <= moves && all.movesToFinish(p) <= moves, "\(name) to \(board.names[h])")
                if to.movesToFinish(p) > to.merson.fullCount(p) - to.finishesFull { raised += 1 }
                checked += 1
            }
            for (p, moves) in bruteForceMoves(board, from: board.allHoles & ~holes[h]) {
                #expect(from.movesFromStart(p) <= moves && all.movesFromStart(p) <= moves, "\(name) from \(board.names[h])")
                if from.movesFromStart(p) > from.merson.brokenCount(p, holes: board.allHoles) - from.startsBroken { raised += 1 }
                checked += 1
            }
        }
        #expect(checked > 0)
        // The triangle's corners are finishes and vacancies of solvable problems.
        if name.hasPrefix("triangle") { #expect(raised > 0) }
    }

    /// With a move bound D the search decides the same fewest moves when they are at most D,
    /// and only "more than D" when they are not (brute force, every pair).
    @Test(arguments: smallBoards.map(\.0))
    func moveBoundKeepsEverySolution(_ name: String) {
        let board = Fixtures.problem(smallBoards.first { $0.0 == name }!.1).board
        var below = 0
        forEachSolvablePair(board) { s, f, start, expected, bound in
            let search = MoveSearch(board: board, start: start, finish: f)
            search.moveBound = bound; search.moveLimit = bound
            let r = search.solve()
            if bound == expected {
                #expect(r.moves == expected, "\(name) \(board.names[s]) -> \(board.names[f]) within \(bound)")
                #expect(board.replay(r.jumps, from: start) == UInt64(1) << UInt64(f))
            } else {
                #expect(r.moves == nil && !r.impossible && r.movesAtLeast == expected, "\(name) \(board.names[s]) -> \(board.names[f]) within \(bound)")
                below += 1
            }
        }
        #expect(below > 0)
    }

    /// The forward search with its levels on disk decides every pair as brute force does: within
    /// the fewest moves a solution of exactly that many (replayed), within one less none.
    @Test(arguments: smallBoards.map(\.0))
    func forwardOnDiskMatchesBruteForce(_ name: String) {
        let board = Fixtures.problem(smallBoards.first { $0.0 == name }!.1).board
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perfectplay-levels-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var decided = 0, resumes = 0
        var variantStart: Int? = nil
        forEachSolvablePair(board) { s, f, start, expected, bound in
            let search = MoveSearch(board: board, start: start, finish: f)
            search.moveBound = bound
            let r = search.solveForwardOnDisk(directory: directory, maxBytes: 1 << 28)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty ?? true)
            if bound == expected {
                #expect(r.moves == expected, "\(name) \(board.names[s]) -> \(board.names[f]) within \(bound)")
                #expect(board.replay(r.jumps, from: start) == UInt64(1) << UInt64(f))
                #expect(board.moveCount(r.jumps) == expected)
            } else {
                #expect(r.moves == nil && r.movesAtLeast == expected, "\(name) \(board.names[s]) -> \(board.names[f]) within \(bound)")
            }
            decided += 1
            // From the first vacancy with a solvable finish: levels in several passes (a set of at
            // most 256 slots), and resumed from kept files.
            if variantStart == nil { variantStart = s }
            guard s == variantStart else { return }
            let passes = MoveSearch(board: board, start: start, finish: f)
            passes.moveBound = bound
            let p = passes.solveForwardOnDisk(directory: directory, maxBytes: 1 << 11, keepLevels: true)
            // (A level that reaches a finish stops there: its count depends on the passes.)
            #expect(p.moves == r.moves && p.movesAtLeast == r.movesAtLeast && p.forwardLevels.dropLast() == r.forwardLevels.dropLast())
            if p.forwardLevels.count > 2 {
                let resumed = MoveSearch(board: board, start: start, finish: f)
                resumed.moveBound = bound
                // (walked back by forward moves from each level's members)
                let q = resumed.solveForwardOnDisk(directory: directory, maxBytes: 1 << 28, resume: 2, reverseBudget: 0)
                #expect(q.moves == r.moves && q.movesAtLeast == r.movesAtLeast && q.forwardLevels.dropLast() == r.forwardLevels.dropLast())
                if q.moves != nil { #expect(board.replay(q.jumps, from: start) == UInt64(1) << UInt64(f)) }
                resumes += 1
            }
            // Stopped after k checks: never more claimed than holds.
            for k in [1, 3, 10, 30] {
                let stopped = MoveSearch(board: board, start: start, finish: f)
                stopped.moveBound = bound
                let calls = StopCounter(after: k)
                stopped.shouldStop = { calls.tick() }
                let t = stopped.solveForwardOnDisk(directory: directory, maxBytes: 1 << 11)
                #expect(t.moves == nil || t.moves == expected)
                #expect(t.movesAtLeast <= expected)
            }
            try? FileManager.default.removeItem(atPath: directory)
        }
        #expect(decided > 0 && resumes > 0)
    }

    /// Triangles of side 4-6 over every pair at once: within the published fewest (OEIS A127500)
    /// a solution of exactly that many moves, within one less none (the bidirectional search,
    /// its deepening, and the forward search on disk).
    @Test func moveBoundOnTriangles() {
        for (side, published) in [(4, 5), (5, 9), (6, 9)] {
            let board = Fixtures.triangle(side: side, vacancy: 1).board
            let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
            for bound in [published, published - 1] {
                let search = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                                        symmetries: board.automorphisms())
                search.moveBound = bound; search.moveLimit = bound
                let r = search.solve()
                if bound == published {
                    #expect(r.moves == published && board.moveCount(r.jumps) == published)
                    #expect(board.replay(r.jumps, from: r.start)?.nonzeroBitCount == 1)
                } else {
                    #expect(r.moves == nil && r.movesAtLeast == published)
                }
                // Deepening from the Merson bound at the starts decides the same.
                let deepening = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                                           symmetries: board.automorphisms())
                #expect(deepening.startBound <= published)
                let d = deepening.solveDeepening(through: bound)
                if bound == published {
                    #expect(d.moves == published && board.moveCount(d.jumps) == published)
                    #expect(board.replay(d.jumps, from: d.start)?.nonzeroBitCount == 1)
                } else {
                    #expect(d.moves == nil && d.movesAtLeast == published)
                }
                // The forward search with its levels on disk, every start at once up to symmetry.
                let onDisk = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                                        symmetries: board.automorphisms())
                onDisk.moveBound = bound
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perfectplay-levels-\(UUID().uuidString)").path
                defer { try? FileManager.default.removeItem(atPath: directory) }
                let k = onDisk.solveForwardOnDisk(directory: directory, maxBytes: 1 << 28)
                if bound == published {
                    #expect(k.moves == published && board.moveCount(k.jumps) == published)
                    #expect(board.replay(k.jumps, from: k.start)?.nonzeroBitCount == 1)
                    #expect((board.allHoles & ~k.start).nonzeroBitCount == 1)
                } else {
                    #expect(k.moves == nil && k.movesAtLeast == published)
                }
            }
        }
    }

    /// Two threads find the same fewest moves (the search is exact either way).
    @Test func threadsAgree() {
        let p = Fixtures.problem(Fixtures.english)
        let d4 = p.board.hole(named: "d4")!
        let problem = p.board.allHoles & ~(UInt64(1) << UInt64(p.board.hole(named: "c1")!))
        let one = MoveSearch(board: p.board, start: problem, finish: d4, threads: 1)
        let two = MoveSearch(board: p.board, start: problem, finish: d4, threads: 2)
        one.moveLimit = 6; two.moveLimit = 6
        let a = one.solve(), b = two.solve()
        #expect(a.movesAtLeast == b.movesAtLeast && a.moves == b.moves)
        #expect(a.forwardLevels == b.forwardLevels && a.backwardLevels == b.backwardLevels)
    }

    /// Meet in the middle decides the same pairs as brute force, and its solutions replay.
    @Test(arguments: smallBoards.map(\.0))
    func meetInTheMiddleMatchesBruteForce(_ name: String) {
        let board = Fixtures.problem(smallBoards.first { $0.0 == name }!.1).board
        for s in 0..<board.holeCount {
            let start = board.allHoles & ~(UInt64(1) << UInt64(s))
            let dist = bruteForceMoves(board, from: start)
            for f in 0..<board.holeCount {
                let r = MeetInTheMiddle(board: board, start: s, finish: f).solve()
                #expect(r.solvable == (dist[UInt64(1) << UInt64(f)] != nil), "\(name) \(board.names[s]) -> \(board.names[f])")
                if r.solvable == true { #expect(board.replay(r.jumps, from: start) == UInt64(1) << UInt64(f)) }
            }
        }
    }
    /// The pair sweep (`peg-triangle-moves-pairs`) on the triangles of side 5 and 6: its pairs
    /// are distinct orbits under the board's symmetries and hold every pair brute force solves;
    /// within the fewest moves (brute force, and OEIS A127500: 9 and 9) it finds a solution
    /// that replays, and within one move fewer none over every pair; the same one search a start.
    @Test(arguments: [5, 6])
    func triangleSweepMatchesBruteForce(_ n: Int) {
        let board = PegBench.triangle(side: n, vacancy: 1).board
        let published = PegBench.triangleMoves[n]!
        var fewest = Int.max
        var orbits = Set<[UInt64]>()
        for s in 0..<board.holeCount {
            let start = board.allHoles & ~(UInt64(1) << UInt64(s))
            let dist = bruteForceMoves(board, from: start)
            for f in 0..<board.holeCount {
                guard let moves = dist[UInt64(1) << UInt64(f)] else { continue }
                fewest = min(fewest, moves)
                let images = board.automorphisms().map { [Board.apply($0, start), Board.apply($0, UInt64(1) << UInt64(f))] }
                orbits.insert(images.min { $0.lexicographicallyPrecedes($1) }!)
            }
        }
        #expect(fewest == published)
        let pairs = PegBench.trianglePairs(board, bound: board.holeCount).map { p in
            board.automorphisms().map {
                [Board.apply($0, board.allHoles & ~(UInt64(1) << UInt64(p.vacancy))), Board.apply($0, UInt64(1) << UInt64(p.finish!))]
            }.min { $0.lexicographicallyPrecedes($1) }!
        }
        #expect(Set(pairs).count == pairs.count)
        #expect(orbits.isSubset(of: Set(pairs)))
        for byStart in [false, true] {
            let rows = PegBench.trianglePairSweep(side: n, bound: published, byteLimit: 1 << 30, threads: 2, all: false,
                                                  byStart: byStart, only: nil, deadline: nil, log: { _ in })
            let last = rows.last!.columns
            #expect(last.first { $0.0 == "moves" }?.1 == .int(published))
            #expect(last.first { $0.0 == "replayed" }?.1 == .bool(true))
            let none = PegBench.trianglePairSweep(side: n, bound: published - 1, byteLimit: 1 << 30, threads: 2, all: true,
                                                  byStart: byStart, only: nil, deadline: nil, log: { _ in })
            let summary = none.last!.columns
            #expect(summary.first { $0.0 == "moves" }?.1 == .null)
            #expect(summary.first { $0.0 == "none within bound" }?.1 == summary.first { $0.0 == "pairs" }?.1)
        }
    }
}
