// The public solver: exact score, best moves, principal variation and per-move scores of a
// position, using all threads. Parallelism is principal variation splitting (Marsland and
// Popowich, "Parallel game-tree search", 1985): along the leftmost path, the first move is
// searched first (recursively split), then the remaining moves are shared out to the
// threads, which pull them one by one and search them with their own stacks against the
// shared transposition table, narrowing a shared alpha as results come in.
import Dispatch
import Synchronization

/// The result of a solve or an analysis. Scores are from the side to move's view.
public struct EndgameResult: Sendable {
    public var score: Int
    /// Every move reaching `score` (square indices; -1 = pass). Empty when the game is over.
    public var bestMoves: [Int]
    /// A principal variation to the end of the game (-1 = pass).
    public var pv: [Int]
    /// Exact score of every legal move (analyze only), best first.
    public var moveScores: [(square: Int, score: Int)]
    public var nodes: UInt64
    /// true when the budget stopped the search before it finished (the values are then void).
    public var stopped: Bool
}

/// A raw pointer handed to the threads of a split; they touch disjoint parts (or only read).
struct SharedPointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

/// Mutable state of one split point, behind a lock.
struct SplitState {
    var alpha: Int
    var best: Int
    var bestMove: Int
}

public final class EndgameSolver: @unchecked Sendable {
    public let geometry: BoardGeometry
    public let threads: Int
    let control: SearchControl
    let workers: UnsafeMutablePointer<EndgameSearch>
    /// Split only at nodes with at least this many empties (below, one thread searches).
    public var splitMinEmpties = 13

    /// - Parameters:
    ///   - hashMB: transposition table size.
    ///   - shouldStop: asked every few thousand nodes with the total node count.
    public init(geometry: BoardGeometry, threads: Int, hashMB: Int,
                shouldStop: @escaping @Sendable (UInt64) -> Bool = { _ in false }) {
        self.geometry = geometry
        self.threads = max(1, threads)
        control = SearchControl(table: TranspositionTable(megabytes: hashMB), shouldStop: shouldStop)
        workers = UnsafeMutablePointer<EndgameSearch>.allocate(capacity: self.threads)
        for t in 0..<self.threads {
            (workers + t).initialize(to: EndgameSearch(control: control, geometry: geometry))
        }
    }

    deinit {
        workers.deinitialize(count: threads)
        workers.deallocate()
    }

    var stopped: Bool { control.stopped.load(ordering: .relaxed) }

    var nodes: UInt64 {
        var total: UInt64 = 0
        for t in 0..<threads { total &+= workers[t].nodes }
        return total
    }

    /// Exact value of (p, o) in (alpha, beta), fail-soft, splitting along the leftmost path.
    func splitSearch(_ p: UInt64, _ o: UInt64, _ alphaIn: Int, _ betaIn: Int, _ n: Int) -> Int {
        if threads == 1 || n < splitMinEmpties { return workers[0].search(p, o, alphaIn, betaIn, n) }
        let mask = geometry.mask
        workers[0].nodes &+= 1
        var alpha = alphaIn, beta = betaIn
        var hashMove = 64
        let table = control.table
        if let e = table.probe(p, o) {
            if e.lower >= beta { return e.lower }
            if e.upper <= alpha { return e.upper }
            if e.lower == e.upper { return e.lower }
            alpha = max(alpha, e.lower)
            beta = min(beta, e.upper)
            hashMove = e.move
        }
        let moves = Bitboard.moves(p, o) & mask
        if moves == 0 {
            if Bitboard.moves(o, p) & mask == 0 { return Position.finalScore(p, o, empties: n) }
            return -splitSearch(o, p, -beta, -alpha, n)
        }
        let list = UnsafeMutablePointer<OrderedMove>.allocate(capacity: 40)
        defer { list.deallocate() }
        var noCutoff: Int? = nil
        let count = workers[0].orderMoves(p, o, moves, hashMove: hashMove, list, cutoff: &noCutoff)
        let alphaStart = alpha

        let first = list[0]
        let firstScore = -splitSearch(o ^ first.flips, p ^ first.flips ^ (UInt64(1) << UInt64(first.square)),
                                      -beta, -alpha, n - 1)
        if stopped { return 0 }
        var state = SplitState(alpha: max(alpha, firstScore), best: firstScore, bestMove: first.square)
        if state.alpha < beta && count > 1 {
            let shared = Mutex(state)
            let next = Atomic<Int>(1)
            let workerBox = SharedPointer(workers), listBox = SharedPointer(list)
            let control = self.control
            let frozenBeta = beta
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                let w = workerBox.pointer + t
                let list = listBox.pointer
                while !control.stopped.load(ordering: .relaxed) {
                    let i = next.add(1, ordering: .relaxed).oldValue
                    if i >= count { break }
                    let a = shared.withLock { $0.alpha }
                    if a >= frozenBeta { break }
                    let mv = list[i]
                    let np = o ^ mv.flips, no = p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square))
                    var score = -w.pointee.search(np, no, -a - 1, -a, n - 1)
                    if score > a && score < frozenBeta {
                        let current = shared.withLock { $0.alpha }
                        score = -w.pointee.search(np, no, -frozenBeta, -current, n - 1)
                    }
                    if w.pointee.aborted { break }
                    shared.withLock { s in
                        if score > s.best { s.best = score; s.bestMove = mv.square }
                        if score > s.alpha { s.alpha = score }
                    }
                }
            }
            state = shared.withLock { $0 }
        }
        if stopped { return 0 }
        let best = state.best
        table.store(p, o, lower: best > alphaStart ? best : -100, upper: best < beta ? best : 100,
                    move: state.bestMove, empties: n)
        return best
    }

    /// Exact value of (p, o) with the full window.
    func exactValue(_ p: UInt64, _ o: UInt64, _ n: Int) -> Int {
        splitSearch(p, o, -squareCountBound, squareCountBound, n)
    }

    var squareCountBound: Int { geometry.squareCount }

    /// Legal moves in the solver's search order (table move first).
    func orderedMoves(_ p: UInt64, _ o: UInt64) -> [OrderedMove] {
        let moves = Bitboard.moves(p, o) & geometry.mask
        let hashMove = control.table.probe(p, o)?.move ?? 64
        let list = UnsafeMutablePointer<OrderedMove>.allocate(capacity: 40)
        defer { list.deallocate() }
        var noCutoff: Int? = nil
        let count = workers[0].orderMoves(p, o, moves, hashMove: hashMove, list, cutoff: &noCutoff)
        return Array(UnsafeBufferPointer(start: list, count: count))
    }

    /// Solves the position: exact score, every best move, and a principal variation.
    public func solve(_ position: Position) -> EndgameResult {
        run(position, everyMove: false)
    }

    /// Like solve, plus the exact score of every legal move.
    public func analyze(_ position: Position) -> EndgameResult {
        run(position, everyMove: true)
    }

    func run(_ position: Position, everyMove: Bool) -> EndgameResult {
        let p = position.player, o = position.opponent, n = position.emptyCount
        var result = EndgameResult(score: 0, bestMoves: [], pv: [], moveScores: [], nodes: 0, stopped: false)
        defer { for t in 0..<threads { workers[t].flushNodes() } }
        if position.isGameOver {
            result.score = position.finalScore
            return result
        }
        if position.legalMoves == 0 {
            // Forced pass: solve for the opponent.
            let inner = run(position.passing(), everyMove: false)
            result.score = -inner.score
            result.bestMoves = [-1]
            result.pv = [-1] + inner.pv
            result.moveScores = everyMove ? [(-1, -inner.score)] : []
            result.nodes = nodes
            result.stopped = inner.stopped
            return result
        }
        let moves = orderedMoves(p, o)
        let bound = squareCountBound
        var score: Int
        var ties: [Int] = []
        if everyMove {
            score = Int.min
            for mv in moves {
                let s = -exactValue(o ^ mv.flips, p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square)), n - 1)
                if stopped { break }
                result.moveScores.append((mv.square, s))
                score = max(score, s)
            }
            ties = result.moveScores.filter { $0.score == score }.map { $0.square }
            result.moveScores.sort { $0.score > $1.score }
        } else {
            score = splitSearch(p, o, -bound, bound, n)
            if !stopped {
                // Every move that reaches the score: a null window just below it.
                for mv in moves {
                    let s = -splitSearch(o ^ mv.flips, p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square)),
                                         -score, -score + 1, n - 1)
                    if stopped { break }
                    if s >= score { ties.append(mv.square) }
                }
            }
        }
        result.score = score
        result.bestMoves = ties.sorted()
        if !stopped, let first = ties.first {
            result.pv = principalVariation(position, score: score, firstMove: first)
        }
        result.nodes = nodes
        result.stopped = stopped
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
