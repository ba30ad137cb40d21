// The exact endgame search of one thread: negamax alpha-beta with null-window principal
// variation search (Marsland and Campbell, "Parallel search of strongly ordered game trees",
// 1982; Reinefeld's NegaScout, 1983), a shared transposition table, fastest-first move
// ordering (opponent mobility, Buro's "Experiments with Multi-ProbCut and a new high-quality
// evaluation function for Othello", 1997, and Edax), parity of empty quadrants (Thompson),
// and stability cut-offs. Near the end it hands over to the shallow search and the
// hand-specialised last-empties solvers (EndgameSearch+LastEmpties.swift). The same search,
// with ProbCut on, is the selective pass that orders it (EndgameSearch+ProbCut.swift).
import Synchronization

/// What all threads of one solve share: the table, the stop flag, the node total, the budget.
final class SearchControl: @unchecked Sendable {
    let table: TranspositionTable
    let stopped = Atomic<Bool>(false)
    let totalNodes = Atomic<UInt64>(0)
    /// Asked every so often with the total node count; true stops the search.
    let shouldStop: @Sendable (UInt64) -> Bool

    init(table: TranspositionTable, shouldStop: @escaping @Sendable (UInt64) -> Bool) {
        self.table = table
        self.shouldStop = shouldStop
    }
}

/// One move of a node's ordered move list (on the stack).
struct OrderedMove {
    var flips: UInt64
    var square: Int
    var key: Int   // lower sorts first
}

struct EndgameSearch {
    let control: SearchControl
    let table: TranspositionTable
    let mask: UInt64
    let squareCount: Int
    let geometry: BoardGeometry
    /// Stability: the board's edges, and how much lower the thresholds sit on a smaller board.
    let edgeColumns: UInt64
    let edgeRows: UInt64
    let stabilityOffset: Int
    /// Nodes searched by this thread.
    var nodes: UInt64 = 0
    var nodesReported: UInt64 = 0
    var nextPoll: UInt64 = 1 << 14
    var aborted = false
    /// Young-brothers-wait splitting (nil with one thread).
    let pool: SplitPool?
    /// Split only nodes with at least this many empties.
    let splitMinEmpties: Int
    /// The split point this thread is searching a move of (nil outside any).
    /// Unmanaged (no reference counting per node; see SplitPoint.parent).
    var currentSplit: Unmanaged<SplitPoint>? = nil
    /// The proof-number search's table (EndgameSearch+ProofNumber.swift), made on first use.
    var proofTable: ProofNumberTable? = nil
    let proofNumbers: ProofNumberSettings
    /// df-pn is not tried below a node where it gave up; `proofNumberLimit`: the node count at
    /// which the current try gives up.
    var proofNumberOff = false
    var proofNumberGaveUp = false
    var proofNumberLimit: UInt64 = 0
    /// The margin of the selective pass under way, in discs (0: the exact search), and
    /// where ProbCut is tried (EndgameSearch+ProbCut.swift).
    var probCutMargin = 0
    let selective: SelectiveSettings
    /// In a selective pass the table's selective entries are read as bounds too.
    var inSelectivePass: Bool { probCutMargin > 0 }

    /// true when the split point this thread works for, or one above it, was cut off.
    @inline(__always)
    var splitCutOff: Bool {
        guard let sp = currentSplit else { return false }
        return sp._withUnsafeGuaranteedRef { $0.isCutOff }
    }

    /// At or below this many empties: no table, no mobility ordering (search_shallow).
    nonisolated(unsafe) static var defaultShallowEmpties = 8
    let shallowEmpties: Int
    /// Enhanced transposition cut-offs above this many empties: wherever the children are
    /// table nodes (more than `shallowEmpties`), since their probes now overlap.
    nonisolated(unsafe) static var defaultETCMinEmpties = 9
    let etcMinEmpties: Int
    /// Evaluation-search ordering from this many empties, one ply more every `sortStep`.
    nonisolated(unsafe) static var defaultSortMinEmpties = 12
    nonisolated(unsafe) static var defaultSortStep = 3
    nonisolated(unsafe) static var defaultSortMaxDepth = 5
    let sortMinEmpties: Int
    /// From this many empties the shallow search sorts its moves by opponent mobility
    /// (EndgameSearch+ShallowOrdering.swift); below, parity order only.
    let shallowSortMinEmpties = 7
    let sortStep: Int
    let sortMaxDepth: Int
    /// Null-window stability cut-off thresholds by empties (Edax's NWS_STABILITY_THRESHOLD).
    static let stabilityThreshold: [Int] = [
        99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
        48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
        64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
    ]

    /// Last-flip tables (Bitboard.lineFlipTable, Bitboard.squareDiagonals).
    let lastFlipLines: UnsafeMutablePointer<UInt8>
    let squareDiagonals: UnsafeMutablePointer<UInt64>
    /// The (up to 8) squares around each square (Bitboard.neighbourTable).
    let neighbours: UnsafeMutablePointer<UInt64>
    /// [square]: the parity quadrant holding it (BoardGeometry.quadrantTable).
    let quadrantOf: UnsafeMutablePointer<UInt64>
    /// Stability thresholds by empties, likewise.
    let stabilityThresholds: UnsafeMutablePointer<Int>
    /// The learned pattern weights (PatternEvaluation) on 8x8; nil: the hand evaluation
    /// (4x4, 6x6). They order moves better than the hand evaluation, so fewer nodes.
    let patternWeights: UnsafeMutablePointer<Int16>?
    /// Ordering key points per evaluation unit, as a shift (one weighted reply = 128 points).
    let evalShift: Int
    /// How much worse than the best sibling a child's evaluation search still resolves
    /// exactly (orderMoves): 6 discs with the patterns (FFO #20-#39: 86.2 M nodes and 20.9 G
    /// instructions unbounded, 85.2 M and 20.3 G at 6 discs, flat from 5 to 7, 94.3 M at 0);
    /// unbounded with the hand evaluation, whose scale differs.
    let siblingMargin: Int
    /// PatternEvaluation's tables, held here so the hot path reads no global.
    let gather: PatternEvaluation.GatherTables
    let stageTable: UnsafeMutablePointer<Int>

    /// 8x8: stability with exact edges (Bitboard+EdgeStability.swift) and its tables.
    let isFullBoard: Bool
    let edgeStability: UnsafeMutablePointer<UInt8>
    let byteToFileA: UnsafeMutablePointer<UInt64>
    /// Per-square ray masks of the vector flip (Bitboard.rayMasks).
    let rayMasks: UnsafeMutablePointer<SIMD4<UInt64>>

    /// Discs flipped when `p` plays `square` (0 when illegal): the vector form from ray
    /// masks (Bitboard+MaskedFlip.swift).
    @_transparent
    func flips(_ square: Int, _ p: UInt64, _ o: UInt64) -> UInt64 {
        Bitboard.flipsMasked(square, p, o, masks: rayMasks)
    }

    nonisolated(unsafe) static let thresholdTable: UnsafeMutablePointer<Int> = {
        let t = UnsafeMutablePointer<Int>.allocate(capacity: stabilityThreshold.count)
        for (i, v) in stabilityThreshold.enumerated() { t[i] = v }
        return t
    }()

    init(control: SearchControl, geometry: BoardGeometry, pool: SplitPool? = nil, splitMinEmpties: Int = 64,
         proofNumbers: ProofNumberSettings = .standard, selective: SelectiveSettings = .standard) {
        self.control = control
        self.proofNumbers = proofNumbers
        self.selective = selective
        self.lastFlipLines = Bitboard.lineFlipTable
        self.rayMasks = Bitboard.rayMasks
        self.isFullBoard = geometry.size == 8
        self.edgeStability = Bitboard.edgeStability
        self.byteToFileA = Bitboard.byteToFileA
        self.squareDiagonals = Bitboard.squareDiagonals
        self.neighbours = Bitboard.neighbourTable
        self.quadrantOf = geometry.quadrantTable
        self.stabilityThresholds = EndgameSearch.thresholdTable
        self.pool = pool
        self.splitMinEmpties = splitMinEmpties
        self.table = control.table
        self.geometry = geometry
        self.mask = geometry.mask
        self.squareCount = geometry.squareCount
        (self.edgeColumns, self.edgeRows) = Bitboard.edges(of: geometry)
        self.stabilityOffset = 64 - geometry.squareCount
        self.shallowEmpties = EndgameSearch.defaultShallowEmpties
        self.etcMinEmpties = EndgameSearch.defaultETCMinEmpties
        self.sortMinEmpties = EndgameSearch.defaultSortMinEmpties
        self.sortStep = EndgameSearch.defaultSortStep
        self.sortMaxDepth = EndgameSearch.defaultSortMaxDepth
        let usePatterns = geometry.size == 8 && PatternEvaluation.hasWeights
        self.patternWeights = usePatterns ? PatternEvaluation.weights : nil
        // 16 units a disc << 2: one disc weighs half a weighted reply (FFO #20-#39 nodes with
        // an earlier fit: 308 M at << 2, 335 M at << 1, 346 M at << 3)
        self.evalShift = usePatterns ? 2 : 4
        self.siblingMargin = usePatterns ? 6 * PatternEvaluation.unitsPerDisc : 1_000_000
        self.gather = PatternEvaluation.gather
        self.stageTable = PatternEvaluation.stageOf
    }

    /// Plies of the evaluation search ordering a node's moves (-1: mobility only).
    @inline(__always)
    func orderingDepth(_ n: Int) -> Int {
        n < sortMinEmpties ? -1 : min(sortMaxDepth, (n - sortMinEmpties) / sortStep)
    }

    /// Reports nodes and asks the budget whether to go on.
    mutating func poll() {
        nextPoll = nodes &+ (1 << 14)
        let delta = nodes &- nodesReported
        nodesReported = nodes
        let total = control.totalNodes.add(delta, ordering: .relaxed).newValue
        if control.stopped.load(ordering: .relaxed) || control.shouldStop(total) {
            control.stopped.store(true, ordering: .relaxed)
            aborted = true
        }
    }

    /// Flushes the node count into the shared total.
    mutating func flushNodes() {
        let delta = nodes &- nodesReported
        nodesReported = nodes
        control.totalNodes.add(delta, ordering: .relaxed)
    }

    /// Exact value (fail-soft) of the position within (alpha, beta); `n` = empty squares.
    @inline(__always)
    mutating func search(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ beta: Int, _ n: Int) -> Int {
        // A window beyond the score range fails at once (near a wipe-out the search asks them).
        if alpha >= squareCount { return squareCount }
        if beta <= -squareCount { return -squareCount }
        if n > shallowEmpties { return deep(p, o, alpha, beta, n) }
        if beta != alpha &+ 1 { return byNullWindows(p, o, alpha, beta, n) }
        return nullWindow(p, o, alpha, n)
    }

    /// Upper bound on the score from the opponent's stable discs, when it may cut.
    @inline(__always)
    func stabilityBound(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int) -> Int? {
        guard alpha >= stabilityThresholds[n] - stabilityOffset else { return nil }
        let stable = isFullBoard ? Bitboard.stableDiscs8x8(o, p, table: edgeStability, files: byteToFileA)
            : Bitboard.stableDiscs(o, p, outside: ~mask, edgeColumns: edgeColumns, edgeRows: edgeRows)
        let bound = squareCount - 2 * stable.nonzeroBitCount
        return bound <= alpha ? bound : nil
    }

    /// Orders the moves of (p, o) into `list`; returns the count. Hash move first, then
    /// fewest weighted opponent replies (corners count double), odd-parity quadrants, corners,
    /// our corner stability.
    ///
    /// With `etcBeta`, children already in the table are looked up before any evaluation
    /// search (enhanced transposition cut-off, Plaat, Schaeffer, Pijls and de Bruin 1996): a
    /// child whose stored upper bound already gives us `etcBeta` or more ends the node; its
    /// value is returned in `cutoff`. Each child's bucket is prefetched as soon as its flips
    /// are known and read after the cheap keys, so that the cache misses overlap that work
    /// (FFO #40-#49 in 5% less time; read at once, they had stalled a fifth of #48's time).
    ///
    /// With `evalDepth` >= 0 the main key is the child's value by a shallow search of the
    /// heuristic evaluation (EndgameSearch+Evaluation.swift), mobility only breaking ties.
    @inline(__always)
    mutating func orderMoves(_ p: UInt64, _ o: UInt64, _ moves: UInt64, hashMove: Int,
                             _ list: UnsafeMutablePointer<OrderedMove>, etcBeta: Int? = nil, evalDepth: Int = -1,
                             cutoff: inout Int?) -> Int {
        // Every move's flips first, into the list, each child's table bucket asked for.
        var count = 0
        var m = moves
        while m != 0 {
            let sq = m.trailingZeroBitCount
            m &= m &- 1
            let f = Bitboard.flipsNotInlined(sq, p, o, masks: rayMasks)
            if etcBeta != nil { table.prefetch(o ^ f, p ^ f ^ (UInt64(1) << UInt64(sq))) }
            list[count] = OrderedMove(flips: f, square: sq, key: 0)
            count += 1
        }
        // The cheap keys of every move while the buckets arrive (the replies kept for the
        // evaluation search).
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 40) { replyBuffer -> Int in
            let replyList = replyBuffer.baseAddress!
            let empties = mask & ~(p | o)
            let odd = geometry.oddQuadrants(empties)
            let corners = geometry.corners
            for j in 0..<count {
                let sq = list[j].square
                let f = list[j].flips
                let bit = UInt64(1) << UInt64(sq)
                let np = o ^ f, no = p ^ f ^ bit
                let replies = Bitboard.movesNotInlined(np, no) & mask
                replyList[j] = replies
                // Fastest first: one weighted reply weighs as much as 8 points of the evaluation.
                var key = (replies.nonzeroBitCount + (replies & corners).nonzeroBitCount) << 7
                if odd & bit == 0 { key += 3 }
                if corners & bit != 0 { key -= 4 }
                // Potential mobility of the reply: our discs next to empties.
                key += (Bitboard.frontier(no, empties & ~bit)).nonzeroBitCount >> 1
                key -= cornerStability(no) << 4
                list[j].key = key
            }
            if let b = etcBeta {
                // Every child's table entry, now mostly in cache: a child whose stored upper
                // bound already gives us `etcBeta` or more ends the node.
                for i in 0..<count {
                    let f = list[i].flips
                    if let e = table.probe(o ^ f, p ^ f ^ (UInt64(1) << UInt64(list[i].square)), selective: inSelectivePass),
                       -e.upper >= b {
                        cutoff = -e.upper
                        return 0
                    }
                }
            }
            // With a hash move the others matter less: one ply less (as Edax).
            let depth = hashMove == 64 ? evalDepth : evalDepth - 1
            // The evaluation searches of the children share a bound: a child more than
            // `siblingMargin` worse for us than the best one so far is only shown to be
            // worse than that (fail-soft), which prunes its search; it sorts after the best
            // either way. (Edax narrows them by the node's alpha instead; here that saved no
            // time.) The least value from the child's side is the best for us.
            var bestChild = 1_000_000 - siblingMargin
            for j in 0..<count {
                let sq = list[j].square
                let f = list[j].flips
                var key = list[j].key
                if sq == hashMove {
                    key = Int.min
                } else if depth >= 0 {
                    let np = o ^ f, no = p ^ f ^ (UInt64(1) << UInt64(sq))
                    let value = evalSearch(np, no, -1_000_000, bestChild + siblingMargin, depth, moves: replyList[j])
                    bestChild = min(bestChild, value)
                    key += value << evalShift
                }
                // Insertion sort of the first j + 1 entries: lists are short.
                let moved = OrderedMove(flips: f, square: sq, key: key)
                var i = j
                while i > 0 && list[i - 1].key > key {
                    list[i] = list[i - 1]
                    i -= 1
                }
                list[i] = moved
            }
            return count
        }
    }

    /// Principal variation search with the table, for positions with many empties.
    mutating func deep(_ p: UInt64, _ o: UInt64, _ alphaIn: Int, _ betaIn: Int, _ n: Int) -> Int {
        nodes &+= 1
        if nodes >= nextPoll { poll() }
        if aborted { return 0 }
        if splitCutOff { return 0 }
        var alpha = alphaIn, beta = betaIn
        if let bound = stabilityBound(p, o, alpha, n) { return bound }

        var hashMove = 64
        if let e = table.probe(p, o, selective: inSelectivePass) {
            if e.lower >= beta { return e.lower }
            if e.upper <= alpha { return e.upper }
            if e.lower == e.upper { return e.lower }
            if e.lower > alpha { alpha = e.lower }
            if e.upper < beta { beta = e.upper }
            hashMove = e.move
        }
        if inSelectivePass && n >= selective.probCutMinEmpties && beta == alpha &+ 1,
           let v = probCut(p, o, alpha, n) { return v }
        if n >= proofNumbers.minEmpties && beta == alpha &+ 1 && !proofNumberOff {
            if let v = proofNumberCut(p, o, alpha, n) { return v }
            if aborted || splitCutOff { return 0 }
            if proofNumberGaveUp {
                // Past its budget (a disproof, most likely): alpha-beta, with no df-pn below.
                proofNumberGaveUp = false
                proofNumberOff = true
                let v = deepMoves(p, o, alpha, beta, n, hashMove: hashMove)
                proofNumberOff = false
                return v
            }
        }
        return deepMoves(p, o, alpha, beta, n, hashMove: hashMove)
    }

    /// `deep` once the table has had its say: the moves, table move first.
    mutating func deepMoves(_ p: UInt64, _ o: UInt64, _ alphaIn: Int, _ beta: Int, _ n: Int, hashMove: Int) -> Int {
        var alpha = alphaIn
        let moves = Bitboard.moves(p, o) & mask
        if moves == 0 {
            if Bitboard.moves(o, p) & mask == 0 {
                return Position.finalScore(p, o, empties: n)
            }
            return -deep(o, p, -beta, -alpha, n)
        }

        let alphaStart = alpha
        var best = Int.min
        var bestMove = 64
        // The table's move first, before the others are ordered: when it cuts (as it mostly
        // does on a node searched before), their ordering searches are never paid for.
        var rest = moves
        if hashMove != 64, moves & (UInt64(1) << UInt64(hashMove)) != 0 {
            let f = Bitboard.flipsNotInlined(hashMove, p, o, masks: rayMasks)
            best = -search(o ^ f, p ^ f ^ (UInt64(1) << UInt64(hashMove)), -beta, -alpha, n - 1)
            if aborted { return 0 }
            bestMove = hashMove
            if best > alpha { alpha = best }
            rest &= ~(UInt64(1) << UInt64(hashMove))
        }
        if alpha < beta && rest != 0 {
            withUnsafeTemporaryAllocation(of: OrderedMove.self, capacity: 40) { buffer in
                let list = buffer.baseAddress!
                var cutoff: Int? = nil
                let count = orderMoves(p, o, rest, hashMove: hashMove, list,
                                       etcBeta: n > etcMinEmpties ? beta : nil, evalDepth: orderingDepth(n), cutoff: &cutoff)
                if let c = cutoff { best = c; bestMove = 64; return }
                for i in 0..<count {
                    // Young brothers wait: once the eldest is searched, share the rest.
                    if best != Int.min, n >= splitMinEmpties, let pool, pool.idle.load(ordering: .relaxed) > 0 {
                        if splitCutOff { return }
                        let shared = split(p, o, n, alpha: alpha, beta: beta, best: best, bestMove: bestMove,
                                           list, from: i, count: count, pool: pool)
                        best = shared.best
                        bestMove = shared.bestMove
                        break
                    }
                    let mv = list[i]
                    let np = o ^ mv.flips, no = p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square))
                    var score: Int
                    if best == Int.min {
                        score = -search(np, no, -beta, -alpha, n - 1)
                    } else {
                        score = -search(np, no, -alpha - 1, -alpha, n - 1)
                        if score > alpha && score < beta {
                            score = -search(np, no, -beta, -score, n - 1)
                        }
                    }
                    if aborted { return }
                    if score > best {
                        best = score
                        bestMove = mv.square
                        if score > alpha {
                            alpha = score
                            if alpha >= beta { break }
                        }
                    }
                }
            }
        }
        if aborted { return 0 }
        if splitCutOff { return 0 }
        if best >= beta && bestMove == 64 { return best }  // enhanced transposition cut-off
        table.store(p, o, lower: best > alphaStart ? best : -100, upper: best < beta ? best : 100,
                    move: bestMove, empties: n, selective: inSelectivePass && n >= selective.probCutMinEmpties)
        return best
    }
}

extension Bitboard {
    /// Discs of `d` next to at least one of `empties` (frontier discs).
    @inline(__always)
    static func frontier(_ d: UInt64, _ empties: UInt64) -> UInt64 {
        let l = empties & ~Bitboard.fileH, r = empties & ~Bitboard.fileA
        let around = (empties << 8) | (empties >> 8) | (l << 1) | (l << 9) | (l >> 7)
            | (r >> 1) | (r >> 9) | (r << 7)
        return d & around
    }
}
