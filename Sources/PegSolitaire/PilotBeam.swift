// The pilot beam search over moves, for any position width (the pilot method: Duin and Voss,
// "The Pilot Method: A Strategy for Heuristic Repetition with Application to the Steiner
// Problem in Graphs", Networks 34, 1999). Per level, the children of the kept positions with
// the fewest pegs (`prefilter` times the width) are each completed greedily (a move one move
// from a finish if there is one, else the move leaving the fewest pegs, until a finishing move
// exists or none is left; a completion that gets stuck counts its moves plus one a peg left
// past the first); the beam keeps the `width` whose completions are shortest, then fewest
// pegs. Every child, kept or not, is tried for a finish in one more move, and a completion
// that reaches a finish is a solution. The levels hold canonical positions and the
// completions run on them; the callers (PilotBeamSearch on `Board`, WideTrianglePilot on
// 128-bit triangles) turn the best path into jumps and replay it. Like `MoveBeamSearch`, it
// proves nothing about optimality, unless no level dropped a candidate.
import SolverKit

/// What the pilot beam needs of a board.
protocol PilotBoard {
    associatedtype Position: FixedWidthInteger & UnsignedInteger
    /// Calls `visit(child)` for every position one move from `p` (every chain prefix);
    /// `visit` returns whether to extend that chain.
    func forEachMove(from p: Position, _ visit: (Position) -> Bool)
    /// One representative a symmetry class.
    func canonical(_ p: Position) -> Position
    func isFinished(_ p: Position) -> Bool
    /// Whether one move from `p` finishes.
    func finishesNext(_ p: Position) -> Bool
    /// The plain beam's rank of `p`, lowest kept first (`MoveBeamSearch.rank`), at least its pegs.
    func beamRank(_ p: Position) -> Int
}

final class PilotBeam<Board: PilotBoard> {
    typealias Position = Board.Position
    let board: Board
    let width: Int
    /// Candidates completed per level, as a multiple of the width (by fewest pegs first).
    var prefilter = 8
    /// Completions longer than this stop (scored as failed).
    var rolloutLimit = 40
    var moveLimit = 64
    var log: ((String) -> Void)? = nil
    var shouldStop: () -> Bool = { false }
    /// Mixed into every tie-break: each seed ranks equal keys differently, so beams of
    /// different seeds keep different positions.
    var seed: UInt64 = 0
    /// false: the plain beam instead, each level the `width` children of lowest
    /// `Board.beamRank` (as `MoveBeamSearch` keeps them on 64-bit boards), no completions.
    var completions = true
    /// Children completed (the dominant cost), and positions generated.
    private(set) var rollouts: UInt64 = 0
    private(set) var children: UInt64 = 0
    /// Positions kept per level; whether some level dropped a candidate (false: the search
    /// was the whole breadth-first search over moves, so its answer is the fewest moves).
    private(set) var levelSizes: [Int] = []
    private(set) var truncated = false

    init(board: Board, width: Int) {
        self.board = board
        self.width = max(1, width)
    }

    /// Mixes the bits of a position: the tie-break among equal keys (on 64-bit positions and
    /// seed 0, `MoveBeamSearch.spread`).
    @inline(__always) func spread(_ p: Position) -> UInt64 {
        var x = UInt64(truncatingIfNeeded: p) ^ seed
        if Position.bitWidth > 64 { x ^= UInt64(truncatingIfNeeded: p >> 64) &* 0xD6E8_FEB8_6659_FD93 }
        x = x &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return x &* 0xBF58_476D_1CE4_E5B9
    }

    /// The greedy move from `p`: a child one move from a finish if there is one, else the
    /// child with the fewest pegs, ties by the spread hash (so that the choice does not depend
    /// on the order chains are generated in).
    @inline(__always) func greedyChild(_ p: Position) -> (child: Position, finishesNext: Bool)? {
        var best: Position = 0
        var bestKey = UInt64.max
        var finishing = false
        board.forEachMove(from: p) { c in
            if finishing { return false }
            if board.finishesNext(c) { best = c; finishing = true; return false }
            let key = UInt64(c.nonzeroBitCount) << 56 | (spread(c) >> 8)
            if key < bestKey { bestKey = key; best = c }
            return true
        }
        if finishing { return (best, true) }
        return bestKey == .max ? nil : (best, false)
    }

    /// Moves of the greedy completion of `p` (0: finished) and whether it finished; when it
    /// gets stuck, the moves made plus the pegs left past the first (each needs a move).
    func rollout(_ p: Position) -> (moves: Int, finished: Bool) {
        if board.isFinished(p) { return (0, true) }
        if board.finishesNext(p) { return (1, true) }
        var q = p
        var moves = 0
        while moves <= rolloutLimit {
            guard let (c, last) = greedyChild(q) else { break }
            if last { return (moves + 2, true) }
            q = c
            moves += 1
        }
        return (moves + q.nonzeroBitCount - 1, false)
    }

    /// The best solution's canonical positions from its start (level 0) to the position whose
    /// greedy completion finishes it, and its moves; nil when none was found.
    func solve(starts: [Position]) -> (path: [Position], moves: Int)? {
        let t0 = monotonicSeconds()
        var levels: [[(position: Position, parent: Int32)]] = [Set(starts.map(board.canonical)).sorted().map { ($0, -1) }]
        levelSizes = [levels[0].count]
        // The best solution: levels[level][index], then its greedy completion.
        var best: (moves: Int, level: Int, index: Int)? = nil
        for (i, s) in levels[0].enumerated() {
            let r = rollout(s.position)
            if r.finished, r.moves < (best?.moves ?? Int.max) { best = (r.moves, 0, i) }
        }
        while levels.count <= moveLimit && levels.count < (best?.moves ?? Int.max) && !shouldStop() {
            let level = levels.count - 1
            let parents = levels[level]
            if parents.isEmpty { break }
            // Candidates by peg count, `prefilter` times wider (the plain beam: by rank, the width).
            let room = completions ? width * prefilter : width
            var buckets = RankBuckets<Position>(room: room, ranks: completions ? Position.bitWidth + 1
                                                    : MoveBeamSearch.rankCount(bits: Position.bitWidth))
            var generated: UInt64 = 0
            var finishing: (parent: Int32, child: Position)? = nil
            for (index, parent) in parents.enumerated() {
                board.forEachMove(from: parent.position) { c in
                    generated &+= 1
                    let pegs = c.nonzeroBitCount
                    // Every child, kept or not, is tried for a finish in one more move.
                    if level + 2 < (best?.moves ?? Int.max), board.finishesNext(c) {
                        finishing = (Int32(index), board.canonical(c))
                        best = (level + 2, level + 1, Int.min)
                    }
                    // a rank is at least the pegs: past the cutoff, no rank is needed
                    if pegs <= buckets.cutoff {
                        let rank = completions ? pegs : board.beamRank(c)
                        if rank <= buckets.cutoff { buckets.insert(board.canonical(c), rank: rank, parent: Int32(index)) }
                    }
                    return true
                }
            }
            children &+= generated
            var candidates = buckets.take(spread: spread)
            if buckets.truncated { truncated = true }
            if !completions {
                // A child one move from a finish joins the level (as the best's position).
                if let f = finishing, let b = best, b.index == Int.min {
                    candidates.append((f.child, f.parent))
                    best = (b.moves, level + 1, candidates.count - 1)
                }
                levels.append(candidates)
                levelSizes.append(candidates.count)
                log?("beam level \(level + 1): \(candidates.count) kept, best \(best.map { String($0.moves) } ?? "-"), \(generated) children, \(Int(monotonicSeconds() - t0)) s")
                continue
            }
            // Rank by the greedy completion's moves, then pegs, then the spread hash.
            var scored: [(key: UInt64, entry: Int)] = []
            scored.reserveCapacity(candidates.count)
            var finishedCount = 0, estimateLow = Int.max
            for (i, cand) in candidates.enumerated() {
                rollouts &+= 1
                let r = rollout(cand.position)
                if r.finished { finishedCount += 1 }
                estimateLow = min(estimateLow, r.moves)
                if r.finished, level + 1 + r.moves < (best?.moves ?? Int.max) { best = (level + 1 + r.moves, level + 1, -1 - i) }
                let key = UInt64(min(r.moves, 255)) << 56 | UInt64(cand.position.nonzeroBitCount) << 48
                    | (spread(cand.position) >> 16)
                scored.append((key, i))
            }
            scored.sort { $0.key < $1.key }
            if scored.count > width { truncated = true }
            var next: [(position: Position, parent: Int32)] = []
            next.reserveCapacity(min(width, scored.count) + 2)
            var bestIndex = -1
            for (k, s) in scored.prefix(width).enumerated() {
                next.append(candidates[s.entry])
                if let b = best, b.level == level + 1, b.index == -1 - s.entry { bestIndex = k }
            }
            // A child one move from a finish joins the level (as the best's position).
            if let f = finishing, let b = best, b.index == Int.min {
                next.append((f.child, f.parent))
                best = (b.moves, level + 1, next.count - 1)
            }
            // Keep the best solution's position even when the width cut it.
            if let b = best, b.level == level + 1, b.index < 0 {
                if bestIndex < 0 { bestIndex = next.count; next.append(candidates[-1 - b.index]) }
                best = (b.moves, b.level, bestIndex)
            }
            levels.append(next)
            levelSizes.append(next.count)
            let fewest = next.map { $0.position.nonzeroBitCount }.min() ?? 0
            log?("pilot level \(level + 1): \(next.count) kept of \(candidates.count), fewest pegs \(fewest), \(finishedCount) completions finish, lowest estimate \(estimateLow), best \(best.map { String($0.moves) } ?? "-"), \(generated) children, \(Int(monotonicSeconds() - t0)) s")
        }
        guard let b = best else { return nil }
        var path: [Position] = []
        var k = b.level, i = b.index
        while k >= 0 {
            path.append(levels[k][i].position)
            i = Int(levels[k][i].parent)
            k -= 1
        }
        return (path.reversed(), b.moves)
    }
}
