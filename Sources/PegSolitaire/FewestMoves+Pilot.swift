// An upper bound on the fewest moves: a beam search over moves whose positions are ranked by
// a greedy completion (the pilot method: Duin and Voss, "The Pilot Method: A Strategy for
// Heuristic Repetition with Application to the Steiner Problem in Graphs", Networks 34,
// 1999). Per level, the children of the kept positions with the fewest pegs (`prefilter`
// times the width) are each completed greedily (a move one move from a finish if there is
// one, else the move leaving the fewest pegs, until a finishing move exists or none is left;
// a completion that gets stuck counts its moves plus one a peg left past the first); the beam
// keeps the `width` whose completions are shortest, then fewest pegs. Every child, kept or
// not, is tried for a finish in one more move (`FinishTest`), and a completion that reaches a
// finish is a solution: the best found is replayed from its start. Like `MoveBeamSearch`, it
// proves nothing about optimality.
import SolverKit

final class PilotBeamSearch {
    let board: Board
    let search: MoveSearch
    let finishTest: FinishTest
    let width: Int
    /// Candidates completed per level, as a multiple of the width (by fewest pegs first).
    var prefilter = 8
    /// Completions longer than this stop (scored as failed).
    var rolloutLimit = 40
    var moveLimit = 64
    var log: ((String) -> Void)? = nil
    /// Children completed (the dominant cost).
    private(set) var rollouts: UInt64 = 0

    init(board: Board, starts: [UInt64], finishes: UInt64, symmetries: [[Int]], width: Int) {
        self.board = board
        var holes: [UInt64] = []
        var f = finishes
        while f != 0 { holes.append(f & (~f &+ 1)); f &= f - 1 }
        search = MoveSearch(board: board, starts: starts, finishes: holes, symmetries: symmetries)
        finishTest = FinishTest(board: board, finishes: finishes)
        self.width = max(1, width)
    }

    /// The greedy move from `p`: a child one move from a finish if there is one, else the
    /// child with the fewest pegs, ties by the spread hash (so that the choice does not depend
    /// on the order chains are generated in).
    @inline(__always) func greedyChild(_ p: UInt64) -> (child: UInt64, finishesNext: Bool)? {
        var best: UInt64 = 0
        var bestKey = UInt64.max
        var finishing = false
        search.forEachMove(from: p) { c in
            if finishing { return false }
            if finishTest.mayFinish(c) && finishTest.finishingMove(c) != nil {
                best = c
                finishing = true
                return false
            }
            let key = UInt64(c.nonzeroBitCount) << 56 | (MoveBeamSearch.spread(c) >> 8)
            if key < bestKey { bestKey = key; best = c }
            return true
        }
        if finishing { return (best, true) }
        return bestKey == .max ? nil : (best, false)
    }

    /// Moves of the greedy completion of `p` (0: finished) and whether it finished; when it
    /// gets stuck, the moves made plus the pegs left past the first (each needs a move).
    func rollout(_ p: UInt64) -> (moves: Int, finished: Bool) {
        var q = p
        var moves = 0
        if finishTest.isFinished(q) { return (0, true) }
        if finishTest.mayFinish(q) && finishTest.finishingMove(q) != nil { return (1, true) }
        while moves <= rolloutLimit {
            guard let (c, last) = greedyChild(q) else { break }
            if last { return (moves + 2, true) }
            q = c
            moves += 1
        }
        return (moves + q.nonzeroBitCount - 1, false)
    }

    /// The jumps of the greedy completion of `p` (as `rollout` made it).
    func rolloutJumps(_ p: UInt64) -> [Int]? {
        var q = p
        var jumps: [Int] = []
        while true {
            if finishTest.isFinished(q) { return jumps }
            if finishTest.mayFinish(q), let last = finishTest.finishingMove(q) { return jumps + last }
            guard let (c, _) = greedyChild(q) else { return nil }
            var chain: [Int]? = nil
            FewestMoves.forEachChainPosition(from: q, board: board) { child, jumpsSoFar in
                if chain == nil && child == c { chain = jumpsSoFar }
                return chain == nil
            }
            guard let found = chain else { return nil }
            jumps += found
            q = c
        }
    }

    func solve() -> MoveBeamResult {
        let t0 = monotonicSeconds()
        var result = MoveBeamResult()
        defer { result.seconds = monotonicSeconds() - t0 }
        let tables = search.tables
        var levels: [[(UInt64, Int32)]] = [Array(Set(search.starts.map { tables.canonical($0) })).sorted().map { ($0, -1) }]
        result.levels = [levels[0].count]
        // The best solution: levels[level][index] (canonical), then its greedy completion.
        var best: (moves: Int, level: Int, index: Int)? = nil
        for (i, s) in levels[0].enumerated() {
            let r = rollout(s.0)
            if r.finished, r.moves < (best?.moves ?? Int.max) { best = (r.moves, 0, i) }
        }
        while levels.count <= moveLimit && levels.count < (best?.moves ?? Int.max) {
            let level = levels.count - 1
            let parents = levels[level]
            if parents.isEmpty { break }
            // Candidates by peg count, as `MoveBeamSearch` keeps them, `prefilter` times wider.
            let room = width * prefilter
            var buckets = [[(UInt64, Int32)]](repeating: [], count: 65)
            var seen = Set<UInt64>()
            var cutoff = buckets.count - 1
            var kept = 0
            var generated: UInt64 = 0
            var finishing: (moves: Int, parent: Int, child: UInt64)? = nil
            for (index, parent) in parents.enumerated() {
                search.forEachMove(from: parent.0) { c in
                    generated &+= 1
                    let pegs = c.nonzeroBitCount
                    // Every child, kept or not, is tried for a finish in one more move.
                    if level + 2 < (best?.moves ?? Int.max), finishTest.mayFinish(c), finishTest.finishingMove(c) != nil {
                        finishing = (level + 2, index, tables.canonical(c))
                        best = (level + 2, level + 1, Int.min)
                    }
                    guard pegs <= cutoff else { return true }
                    let key = tables.canonical(c)
                    guard seen.insert(key).inserted else { return true }
                    buckets[pegs].append((key, Int32(index)))
                    kept += 1
                    while cutoff > 0 && kept - buckets[cutoff].count >= room {
                        kept -= buckets[cutoff].count
                        buckets[cutoff] = []
                        cutoff -= 1
                    }
                    return true
                }
            }
            seen = []
            result.children &+= generated
            var candidates: [(UInt64, Int32)] = []
            for pegs in buckets.indices where !buckets[pegs].isEmpty {
                let left = room - candidates.count
                if left <= 0 { break }
                if buckets[pegs].count <= left { candidates += buckets[pegs] } else {
                    candidates += buckets[pegs].sorted { MoveBeamSearch.spread($0.0) < MoveBeamSearch.spread($1.0) }.prefix(left)
                }
                buckets[pegs] = []
            }
            // Rank by the greedy completion's moves, then pegs, then the spread hash.
            var scored: [(key: UInt64, entry: Int)] = []
            scored.reserveCapacity(candidates.count)
            var finishedCount = 0, estimateLow = Int.max
            for (i, cand) in candidates.enumerated() {
                rollouts &+= 1
                let r = rollout(cand.0)
                if r.finished { finishedCount += 1 }
                estimateLow = min(estimateLow, r.moves)
                if r.finished, level + 1 + r.moves < (best?.moves ?? Int.max) { best = (level + 1 + r.moves, level + 1, -1 - i) }
                let key = UInt64(min(r.moves, 255)) << 56 | UInt64(cand.0.nonzeroBitCount) << 48
                    | (MoveBeamSearch.spread(cand.0) >> 16)
                scored.append((key, i))
            }
            scored.sort { $0.key < $1.key }
            var next: [(UInt64, Int32)] = []
            next.reserveCapacity(min(width, scored.count))
            var bestIndex = -1
            for (k, s) in scored.prefix(width).enumerated() {
                next.append(candidates[s.entry])
                if let b = best, b.level == level + 1, b.index == -1 - s.entry { bestIndex = k }
            }
            // A child one move from a finish: it joins the level (as the best's position).
            if let f = finishing, let b = best, b.index == Int.min {
                next.append((f.child, Int32(f.parent)))
                best = (b.moves, level + 1, next.count - 1)
            }
            // Keep the best solution's position even when the width cut it.
            if let b = best, b.level == level + 1, b.index < 0 {
                if bestIndex < 0 { bestIndex = next.count; next.append(candidates[-1 - b.index]) }
                best = (b.moves, b.level, bestIndex)
            }
            levels.append(next)
            result.levels.append(next.count)
            let fewest = next.map { $0.0.nonzeroBitCount }.min() ?? 0
            log?("pilot level \(level + 1): \(next.count) kept of \(candidates.count), fewest pegs \(fewest), \(finishedCount) completions finish, lowest estimate \(estimateLow), best \(best.map { String($0.moves) } ?? "-"), \(generated) children, \(Int(monotonicSeconds() - t0)) s")
        }
        guard let b = best else { return result }
        var path: [UInt64] = []
        var k = b.level, i = b.index
        while k >= 0 {
            path.append(levels[k][i].0)
            i = Int(levels[k][i].1)
            k -= 1
        }
        path.reverse()
        let start = path[0]
        guard let walked = FewestMoves.jumps(along: path, board: board, tables: tables) else { return result }
        var jumps = walked.jumps
        let position = walked.end
        // The completion was scored on the canonical position: make it there, then carry its
        // jumps back through the symmetry that maps `position` onto it.
        let canonical = tables.canonical(position)
        guard let s = (0..<tables.order).first(where: { tables.image(position, $0) == canonical }),
              let last = rolloutJumps(canonical) else { return result }
        let perm = tables.permutations[s]
        var inverse = [Int](repeating: 0, count: perm.count)
        for (h, image) in perm.enumerated() { inverse[image] = h }
        var jumpIndex: [Int: Int] = [:]
        for (j, jump) in board.jumps.enumerated() { jumpIndex[jump.from * 64 + jump.to] = j }
        for j in last {
            guard let mapped = jumpIndex[inverse[board.jumps[j].from] * 64 + inverse[board.jumps[j].to]] else { return result }
            jumps.append(mapped)
        }
        guard let end = board.replay(jumps, from: start), finishTest.isFinished(end) else { return result }
        result.start = start
        result.jumps = jumps
        result.moves = board.moveCount(jumps)
        return result
    }
}
