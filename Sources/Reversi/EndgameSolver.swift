// The solver the game runs: exact score, best moves, principal variation and per-move scores of a
// position, using all threads. The calling thread searches; helper threads (one per extra
// thread) wait in a pool and join nodes that split under young brothers wait
// (SplitPoint.swift), all sharing one transposition table.
import Dispatch
import Foundation
import Synchronization

/// The result of a solve or an analysis. Scores are from the side to move's view.
package struct EndgameResult: Sendable {
    package var score: Int
    /// Every move reaching `score` (square indices; -1 = pass). Empty when the game is over.
    package var bestMoves: [Int]
    /// A principal variation to the end of the game (-1 = pass).
    package var pv: [Int]
    /// Exact score of every legal move (analyze only), best first.
    package var moveScores: [(square: Int, score: Int)]
    package var nodes: UInt64
    /// true when the budget stopped the search before it finished (the values are then void).
    package var stopped: Bool
    /// When stopped: the best exact move value proven so far (a lower bound on the score) and
    /// its move; nil when no root move was finished.
    package var lowerBound: (score: Int, move: Int)? = nil
    /// When an analysis is stopped: what its null-window tests had proven of the move in
    /// progress (mover's view, inclusive), so that a resumed run does not test it again.
    package var moveInProgress: (square: Int, lower: Int, upper: Int)? = nil
}

/// A raw pointer handed to the threads of a split; they touch disjoint parts (or only read).
struct SharedPointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

package final class EndgameSolver: @unchecked Sendable {
    package let geometry: BoardGeometry
    package let threads: Int
    let control: SearchControl
    let workers: UnsafeMutablePointer<EndgameSearch>
    /// Table size for a position: `--hash-mb` at most, but small positions get a small table
    /// (a big one costs more in page faults than the search itself: 2 MB at 12 empties,
    /// doubling with each empty).
    package static func tableMegabytes(empties: Int, limit: Int) -> Int {
        max(1, min(limit, 1 << min(20, max(1, empties - 11))))
    }

    /// Split only at nodes with at least this many empties (below, one thread searches).
    nonisolated(unsafe) package static var splitMinEmpties = 12
    let pool: SplitPool?
    let helpersDone = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - hashMB: transposition table size.
    ///   - shouldStop: asked every few thousand nodes with the total node count.
    ///   - proofNumbers: where df-pn answers the tests at the ends of the score range.
    ///   - selective: the selective passes before an exact search.
    package init(geometry: BoardGeometry, threads: Int, hashMB: Int,
                shouldStop: @escaping @Sendable (UInt64) -> Bool = { _ in false },
                proofNumbers: ProofNumberSettings = .standard, selective: SelectiveSettings = .standard) {
        self.geometry = geometry
        self.threads = max(1, threads)
        control = SearchControl(table: TranspositionTable(megabytes: hashMB), shouldStop: shouldStop)
        workers = UnsafeMutablePointer<EndgameSearch>.allocate(capacity: self.threads)
        pool = self.threads > 1 ? SplitPool() : nil
        for t in 0..<self.threads {
            (workers + t).initialize(to: EndgameSearch(control: control, geometry: geometry, pool: pool,
                                                       splitMinEmpties: EndgameSolver.splitMinEmpties,
                                                       proofNumbers: proofNumbers, selective: selective))
        }
        if let pool {
            for t in 1..<self.threads {
                let worker = SharedPointer(workers + t)
                let done = helpersDone
                let thread = Thread {
                    while let sp = pool.join(below: nil, keepWaiting: { true }) {
                        worker.pointer.pointee.work(on: sp, pool: pool)
                    }
                    done.signal()
                }
                thread.stackSize = 16 << 20
                thread.start()
            }
        }
    }

    deinit {
        if let pool {
            pool.condition.lock()
            pool.shutdown = true
            pool.condition.broadcast()
            pool.condition.unlock()
            for _ in 1..<threads { helpersDone.wait() }
        }
        for t in 0..<threads { workers[t].proofTable?.deallocate() }
        workers.deinitialize(count: threads)
        workers.deallocate()
    }

    var stopped: Bool { control.stopped.load(ordering: .relaxed) }

    var nodes: UInt64 {
        var total: UInt64 = 0
        for t in 0..<threads { total &+= workers[t].nodes }
        return total
    }

    /// Exact value of (p, o) in (alpha, beta), fail-soft; the helpers join where it splits.
    func splitSearch(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ beta: Int, _ n: Int) -> Int {
        workers[0].search(p, o, alpha, beta, n)
    }

    /// Exact value of (p, o) by a sequence of null-window tests starting at `guess`
    /// (MTD(f), Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth minimax
    /// algorithms", 1996): each test proves a bound, the table keeps the work of the earlier
    /// ones. Each test starts at the bound the last one returned (MTD(f) proper: one disc
    /// pair at a time, since tests far from the value are cheap and the ones next to it are
    /// the expensive ones, which bigger steps overshoot and then repeat: FFO #49 794 M nodes
    /// with steps of 2, 987 M when they doubled); only after 12 tests failing the same way do
    /// the steps double. `upper`: a bound already proven (value <= upper).
    func exactValue(_ p: UInt64, _ o: UInt64, _ n: Int, guess: Int = 0, upper known: Int? = nil) -> Int {
        var bounds = (lower: -squareCountBound, upper: known ?? squareCountBound)
        return exactValue(p, o, n, guess: guess, bounds: &bounds)
    }

    /// `exactValue` from bounds already proven (`lower <= value <= upper`), which it narrows as
    /// its tests finish: when the search is stopped they hold what the finished tests proved.
    /// `testDone` hears the bounds after each finished test.
    func exactValue(_ p: UInt64, _ o: UInt64, _ n: Int, guess: Int, bounds: inout (lower: Int, upper: Int),
                    testDone: (_ lower: Int, _ upper: Int) -> Void = { _, _ in }) -> Int {
        var lower = bounds.lower, upper = bounds.upper
        defer { bounds = (lower, upper) }
        var probe = guess
        // Consecutive tests failing the same way; the step grows only after `patience` of them.
        var run = 0, step = 2, lastUp: Bool? = nil
        let patience = 12
        while lower < upper {
            let b = min(max(probe, lower + 1), upper)  // test: value >= b
            let v = splitSearch(p, o, b - 1, b, n)
            if stopped { return v }
            let up = v >= b
            if up { lower = v } else { upper = v }
            testDone(lower, upper)
            run = lastUp == up ? run + 1 : 0
            step = run >= patience ? step * 2 : 2
            lastUp = up
            probe = up ? lower + step - 1 : upper - step + 2
        }
        return lower
    }

    var squareCountBound: Int { geometry.squareCount }

    /// A first guess at the exact value of (p, o), where MTD(f) starts its tests: a shallow
    /// search of the learned evaluation (8x8 only; nil elsewhere), in discs, rounded to even.
    /// `analyze` needs every move's exact value, and a move far below the best used to start
    /// at the best score and walk down one disc pair a test (Edax seeds its exact searches
    /// with its midgame search the same way).
    func valueGuess(_ p: UInt64, _ o: UInt64) -> Int? {
        guard workers[0].patternWeights != nil else { return nil }
        let units = workers[0].evalSearch(p, o, -1_000_000, 1_000_000, 6)
        let pairs = (Double(units) / Double(2 * PatternEvaluation.unitsPerDisc)).rounded()
        return 2 * Int(max(-32, min(32, pairs)))
    }

    /// The value of (p, o) by the selective passes (EndgameSearch+ProbCut.swift), which run
    /// before an exact search of `rootMinEmpties` or more on 8x8: they leave a best move in
    /// the table at the nodes the exact search will meet, and their value is where its
    /// null-window tests start. nil when no pass runs.
    func selectiveValue(_ p: UInt64, _ o: UInt64, _ n: Int) -> Int? {
        let settings = workers[0].selective
        guard n >= settings.rootMinEmpties, workers[0].patternWeights != nil else { return nil }
        var value: Int? = nil
        for margin in settings.margins where !stopped {
            // (the helper threads take the margin from the split points they join)
            workers[0].probCutMargin = margin
            value = exactValue(p, o, n, guess: value ?? valueGuess(p, o) ?? 0)
        }
        workers[0].probCutMargin = 0
        return stopped ? nil : value
    }

    /// Legal moves in the solver's search order (table move first).
    func orderedMoves(_ p: UInt64, _ o: UInt64, evalDepth: Int = -1) -> [OrderedMove] {
        let moves = Bitboard.moves(p, o) & geometry.mask
        let hashMove = control.table.probe(p, o)?.move ?? 64
        let list = UnsafeMutablePointer<OrderedMove>.allocate(capacity: 40)
        defer { list.deallocate() }
        var noCutoff: Int? = nil
        let count = workers[0].orderMoves(p, o, moves, hashMove: hashMove, list, evalDepth: evalDepth, cutoff: &noCutoff)
        return Array(UnsafeBufferPointer(start: list, count: count))
    }

    /// Solves the position: exact score, every best move (`everyBestMove`; else one best move,
    /// as the engines' published node counts are for), and a principal variation.
    package func solve(_ position: Position, everyBestMove: Bool = true) -> EndgameResult {
        run(position, everyMove: false, everyBestMove: everyBestMove) { _, _, _, _ in }
    }

    /// Like solve, plus the exact score of every legal move. `moveDone` hears of each move as
    /// its score is proven (square, score, moves done, moves in all): one move of a 30-empty
    /// position can take many minutes. `known`: moves whose exact scores an earlier run proved
    /// (square -> score, e.g. a stopped run's `movesSoFar`); they are taken as they are.
    /// `knownBounds`: bounds an earlier run proved of a move it did not finish (`boundsSoFar`);
    /// that move's tests start from them. `testDone` hears what each finished null-window test
    /// proved of the move being searched (square, lower, upper: a move can take an hour).
    package func analyze(_ position: Position, known: [Int: Int] = [:], knownBounds: [Int: (lower: Int, upper: Int)] = [:],
                        moveDone: (_ square: Int, _ score: Int, _ done: Int, _ total: Int) -> Void = { _, _, _, _ in },
                        testDone: (_ square: Int, _ lower: Int, _ upper: Int) -> Void = { _, _, _ in })
        -> EndgameResult {
        run(position, everyMove: true, known: known, knownBounds: knownBounds, testDone: testDone, moveDone: moveDone)
    }

    func run(_ position: Position, everyMove: Bool, everyBestMove: Bool = true,
             known: [Int: Int] = [:], knownBounds: [Int: (lower: Int, upper: Int)] = [:],
             testDone: (Int, Int, Int) -> Void = { _, _, _ in },
             moveDone: (Int, Int, Int, Int) -> Void) -> EndgameResult {
        let p = position.player, o = position.opponent, n = position.emptyCount
        var result = EndgameResult(score: 0, bestMoves: [], pv: [], moveScores: [], nodes: 0, stopped: false)
        defer { for t in 0..<threads { workers[t].flushNodes() } }
        if position.isGameOver {
            result.score = position.finalScore
            return result
        }
        if position.legalMoves == 0 {
            // Forced pass: solve for the opponent.
            let inner = run(position.passing(), everyMove: false, everyBestMove: everyBestMove) { _, _, _, _ in }
            result.score = -inner.score
            result.bestMoves = [-1]
            result.pv = [-1] + inner.pv
            result.moveScores = everyMove ? [(-1, -inner.score)] : []
            if everyMove && !inner.stopped { moveDone(-1, -inner.score, 1, 1) }
            result.nodes = nodes
            result.stopped = inner.stopped
            return result
        }
        let selectiveScore = everyMove ? nil : selectiveValue(p, o, n)
        let moves = orderedMoves(p, o, evalDepth: workers[0].orderingDepth(n))
        var score: Int
        var ties: [Int] = []
        // Moves reaching the same position up to a symmetry of the board share one search:
        // `twin[i]` = the earlier move with the same canonical child, if any.
        let children = moves.map { mv in
            Position.canonical(o ^ mv.flips, p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square)), size: geometry.size)
        }
        let twin: [Int?] = children.indices.map { i in children[..<i].firstIndex { $0 == children[i] } }
        var scores = [Int?](repeating: nil, count: moves.count)
        if everyMove {
            score = Int.min
            for (i, mv) in moves.enumerated() {
                let s: Int
                if let j = twin[i], let twinScore = scores[j] {
                    s = twinScore
                } else if let earlier = known[mv.square] {
                    s = earlier
                } else {
                    let np = o ^ mv.flips, no = p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square))
                    // the child's bounds (its view) from what an earlier run proved of the move
                    let most = squareCountBound
                    let earlier = knownBounds[mv.square] ?? (lower: -most, upper: most)
                    var bounds = (lower: -earlier.upper, upper: -earlier.lower)
                    let guess = selectiveValue(np, no, n - 1) ?? valueGuess(np, no) ?? (score == Int.min ? 0 : -score)
                    s = -exactValue(np, no, n - 1, guess: guess,
                                    bounds: &bounds) { lower, upper in testDone(mv.square, -upper, -lower) }
                    if stopped {
                        if bounds.lower > -most || bounds.upper < most {
                            result.moveInProgress = (mv.square, -bounds.upper, -bounds.lower)
                        }
                        break
                    }
                }
                scores[i] = s
                result.moveScores.append((mv.square, s))
                moveDone(mv.square, s, i + 1, moves.count)
                score = max(score, s)
            }
            ties = result.moveScores.filter { $0.score == score }.map { $0.square }
            result.moveScores.sort { $0.score > $1.score }
        } else {
            // Root search that also finds ties: each later move is tested against "at least
            // the best so far" (window best-1, best); only moves passing it are re-searched.
            // `scores[i]` holds what is known of move i: exact, or "below the best" (Int.min).
            score = Int.min
            for (i, mv) in moves.enumerated() {
                let np = o ^ mv.flips, no = p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square))
                if let j = twin[i] {
                    // Same value as move j: a tie exactly when j is one.
                    if everyBestMove && ties.contains(moves[j].square) { ties.append(mv.square) }
                    continue
                }
                if i == 0 {
                    let first = -exactValue(np, no, n - 1, guess: selectiveScore.map { -$0 } ?? 0)
                    if stopped { break }
                    score = first
                    ties = [mv.square]
                } else if !everyBestMove {
                    // One best move: a later move is only asked "better?" (window best, best+1),
                    // never "as good?": no move beats a wipe-out, and proving that another
                    // move falls short of one is the costliest tie test there is (FFO #59).
                    if score >= squareCountBound { break }
                    let s = -splitSearch(np, no, -score - 1, -score, n - 1)
                    if stopped { break }
                    if s > score {
                        let exact = -exactValue(np, no, n - 1, guess: -s, upper: -s)
                        if stopped { break }
                        score = exact
                        ties = [mv.square]
                    }
                } else {
                    let s = -splitSearch(np, no, -score, -score + 1, n - 1)
                    if stopped { break }
                    if s >= score {
                        // At least the best: the exact value by null-window tests from the
                        // bound just proven, the first asking "exactly the best?" (a tie).
                        let exact = -exactValue(np, no, n - 1, guess: -score, upper: -s)
                        if stopped { break }
                        if exact > score { score = exact; ties = [mv.square] } else if exact == score { ties.append(mv.square) }
                    }
                }
                if stopped { break }
            }
        }
        result.score = score
        result.bestMoves = ties.sorted()
        if !stopped, let first = ties.first {
            result.pv = principalVariation(position, score: score, firstMove: first)
        }
        result.nodes = nodes
        result.stopped = stopped
        if stopped, let first = ties.first, score != Int.min { result.lowerBound = (score, first) }
        return result
    }

    /// Follows moves that keep the exact value to the end of the game (each checked by a
    /// window of width two around the known value, cheap with the table filled).
    func principalVariation(_ start: Position, score: Int, firstMove: Int) -> [Int] {
        var line: [Int] = [firstMove]
        var position = start.playing(firstMove)
        var value = -score
        while !stopped {
            if position.isGameOver { break }
            if position.legalMoves == 0 {
                line.append(-1)
                position = position.passing()
                value = -value
                continue
            }
            let n = position.emptyCount
            var chosen: Int? = nil
            for mv in orderedMoves(position.player, position.opponent) {
                let child = position.playing(mv.square)
                let s = -splitSearch(child.player, child.opponent, -value - 1, -value + 1, n - 1)
                if s == value { chosen = mv.square; break }
            }
            guard let square = chosen else { break }  // cannot happen unless stopped
            line.append(square)
            position = position.playing(square)
            value = -value
        }
        return line
    }
}
