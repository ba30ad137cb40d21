// The pilot beam search of FewestMoves+Pilot.swift on a WideTriangle: from every one-vacancy
// start (up to symmetry) to one peg anywhere, an upper bound on the fewest moves of the board
// (OEIS A127500) past the 64 holes the rest of the module handles. The same ranking: per
// level, the children with the fewest pegs (`prefilter` times the width) are completed
// greedily, the `width` with the shortest completions (then fewest pegs) are kept, every
// child is tried for a finish one move on; the levels hold canonical positions and the
// completions run on them, as there (on the boards both handle, the two searches keep the same
// levels). The solution is rebuilt from its start through the symmetries and checked jump by jump.
import SolverKit

struct WideTriangleSolution: Sendable {
    /// Moves of the best solution found (nil: none).
    var moves: Int?
    var start: UInt128 = 0
    /// Each move a chain of holes.
    var chains: [[Int]] = []
    /// Positions kept per level; whether some level dropped a candidate (false: the search was
    /// the whole breadth-first search over moves, so `moves` is the fewest).
    var levels: [Int] = []
    var truncated = false
    /// Positions generated (every chain prefix), and greedy completions run.
    var children: UInt64 = 0
    var rollouts: UInt64 = 0
}

final class WideTrianglePilot {
    let board: WideTriangle
    let width: Int
    /// Candidates completed per level, as a multiple of the width (by fewest pegs first).
    var prefilter = 8
    /// Completions longer than this stop (scored as failed).
    var rolloutLimit = 60
    var moveLimit = 120
    var log: ((String) -> Void)? = nil
    var shouldStop: () -> Bool = { false }
    /// Mixed into every tie-break: each seed ranks equal keys differently, so beams of
    /// different seeds keep different positions (0: the ranking of `PilotBeamSearch`).
    var seed: UInt64 = 0

    init(board: WideTriangle, width: Int) {
        self.board = board
        self.width = max(1, width)
    }

    /// Mixes the bits of a position: the tie-break among equal keys.
    @inline(__always) func spread(_ p: UInt128) -> UInt64 {
        var x = (UInt64(truncatingIfNeeded: p) ^ UInt64(truncatingIfNeeded: p >> 64) &* 0xD6E8_FEB8_6659_FD93 ^ seed)
            &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return x &* 0xBF58_476D_1CE4_E5B9
    }

    /// The chain (holes) of a move from `p` that leaves one peg, if there is one: its peg must
    /// be alone in its class and take every other.
    func finishingChain(_ p: UInt128) -> [Int]? {
        guard p.nonzeroBitCount > 1 else { return nil }
        var found: [Int]? = nil
        func extend(_ q: UInt128, _ chain: inout [Int]) {
            let hole = chain[chain.count - 1]
            for j in board.firstJump[hole]..<board.firstJump[hole + 1] {
                let jump = board.jumps[j]
                guard q & jump.flip == jump.need else { continue }
                let child = q ^ jump.flip
                chain.append(jump.to)
                if child.nonzeroBitCount == 1 { found = chain; return }
                extend(child, &chain)
                if found != nil { return }
                chain.removeLast()
            }
        }
        for i in 0..<board.classes.count where (p & board.classes[i]).nonzeroBitCount == 1 {
            var chain = [(p & board.classes[i]).trailingZeroBitCount]
            extend(p, &chain)
            if found != nil { return found }
        }
        return nil
    }

    /// Whether one move from `p` leaves one peg (`finishingChain` without the chain: no
    /// allocation, for the hot loops).
    @inline(__always) func finishesNext(_ p: UInt128) -> Bool {
        guard p.nonzeroBitCount > 1 else { return false }
        for i in 0..<board.classes.count {
            let mine = p & board.classes[i]
            if mine.nonzeroBitCount == 1 && sweepsAll(p, from: mine.trailingZeroBitCount) { return true }
        }
        return false
    }

    /// Whether the peg on `hole` can take every other peg of `q` in one chain.
    func sweepsAll(_ q: UInt128, from hole: Int) -> Bool {
        for j in board.firstJump[hole]..<board.firstJump[hole + 1] {
            let jump = board.jumps[j]
            guard q & jump.flip == jump.need else { continue }
            let child = q ^ jump.flip
            if child.nonzeroBitCount == 1 || sweepsAll(child, from: jump.to) { return true }
        }
        return false
    }

    /// The greedy move from `p`: a child one move from a finish if there is one, else the
    /// child with the fewest pegs, ties by the spread hash.
    @inline(__always) func greedyChild(_ p: UInt128) -> (child: UInt128, finishesNext: Bool)? {
        var best: UInt128 = 0
        var bestKey = UInt64.max
        var finishing = false
        board.forEachMove(from: p) { c in
            if finishing { return false }
            if finishesNext(c) { best = c; finishing = true; return false }
            let key = UInt64(c.nonzeroBitCount) << 56 | (spread(c) >> 8)
            if key < bestKey { bestKey = key; best = c }
            return true
        }
        if finishing { return (best, true) }
        return bestKey == .max ? nil : (best, false)
    }

    /// Moves of the greedy completion of `p` (0: finished) and whether it finished; when it
    /// gets stuck, the moves made plus the pegs left past the first (each needs a move).
    func rollout(_ p: UInt128) -> (moves: Int, finished: Bool) {
        if p.nonzeroBitCount == 1 { return (0, true) }
        if finishesNext(p) { return (1, true) }
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

    /// The chains of the greedy completion of `p`, as `rollout` plays it (nil if it gets stuck).
    func rolloutChains(_ p: UInt128) -> [[Int]]? {
        var q = p
        var chains: [[Int]] = []
        while q.nonzeroBitCount > 1 {
            if let last = finishingChain(q) { return chains + [last] }
            guard let (c, _) = greedyChild(q), let chain = board.move(from: q, to: c) else { return nil }
            chains.append(chain)
            q = c
        }
        return chains
    }

    func solve() -> WideTriangleSolution {
        let t0 = monotonicSeconds()
        var result = WideTriangleSolution()
        // One start a symmetry class.
        var startKeys = Set<UInt128>()
        for h in 0..<board.holeCount { startKeys.insert(board.canonical(board.allHoles & ~(UInt128(1) << h))) }
        let firstLevel: [(position: UInt128, parent: Int32)] = startKeys.sorted().map { ($0, -1) }
        var levels = [firstLevel]
        result.levels = [firstLevel.count]
        // The best solution: levels[level][index], then its greedy completion.
        var best: (moves: Int, level: Int, index: Int)? = nil
        for (i, s) in firstLevel.enumerated() {
            let r = rollout(s.position)
            if r.finished, r.moves < (best?.moves ?? Int.max) { best = (r.moves, 0, i) }
        }
        while levels.count <= moveLimit && levels.count < (best?.moves ?? Int.max) && !shouldStop() {
            let level = levels.count - 1
            let parents = levels[level]
            if parents.isEmpty { break }
            let room = width * prefilter
            var buckets = [[(position: UInt128, parent: Int32)]](repeating: [], count: board.holeCount + 1)
            var seen = Set<UInt128>()
            var cutoff = buckets.count - 1
            var kept = 0
            var generated: UInt64 = 0
            var finishing: (parent: Int32, child: UInt128)? = nil
            for (index, parent) in parents.enumerated() {
                board.forEachMove(from: parent.position) { c in
                    generated &+= 1
                    let pegs = c.nonzeroBitCount
                    // Every child, kept or not, is tried for a finish in one more move.
                    if level + 2 < (best?.moves ?? Int.max), finishesNext(c) {
                        finishing = (Int32(index), board.canonical(c))
                        best = (level + 2, level + 1, Int.min)
                    }
                    guard pegs <= cutoff else { result.truncated = true; return true }
                    let key = board.canonical(c)
                    guard seen.insert(key).inserted else { return true }
                    buckets[pegs].append((key, Int32(index)))
                    kept += 1
                    while cutoff > 0 && kept - buckets[cutoff].count >= room {
                        kept -= buckets[cutoff].count
                        buckets[cutoff] = []
                        cutoff -= 1
                        result.truncated = true
                    }
                    return true
                }
            }
            seen = []
            result.children &+= generated
            var candidates: [(position: UInt128, parent: Int32)] = []
            for pegs in buckets.indices where !buckets[pegs].isEmpty {
                let left = room - candidates.count
                if left <= 0 { result.truncated = true; break }
                if buckets[pegs].count <= left { candidates += buckets[pegs] } else {
                    result.truncated = true
                    candidates += buckets[pegs].sorted { spread($0.position) < spread($1.position) }
                        .prefix(left)
                }
                buckets[pegs] = []
            }
            // Rank by the greedy completion's moves, then pegs, then the spread hash.
            var scored: [(key: UInt64, entry: Int)] = []
            scored.reserveCapacity(candidates.count)
            var finishedCount = 0, estimateLow = Int.max
            for (i, cand) in candidates.enumerated() {
                result.rollouts &+= 1
                let r = rollout(cand.position)
                if r.finished { finishedCount += 1 }
                estimateLow = min(estimateLow, r.moves)
                if r.finished, level + 1 + r.moves < (best?.moves ?? Int.max) { best = (level + 1 + r.moves, level + 1, -1 - i) }
                let key = UInt64(min(r.moves, 255)) << 56 | UInt64(cand.position.nonzeroBitCount) << 48
                    | (spread(cand.position) >> 16)
                scored.append((key, i))
            }
            scored.sort { $0.key < $1.key }
            if scored.count > width { result.truncated = true }
            var next: [(position: UInt128, parent: Int32)] = []
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
                if bestIndex < 0 {
                    bestIndex = next.count
                    next.append(candidates[-1 - b.index])
                }
                best = (b.moves, b.level, bestIndex)
            }
            levels.append(next)
            result.levels.append(next.count)
            let fewest = next.map { $0.position.nonzeroBitCount }.min() ?? 0
            log?("wide pilot level \(level + 1): \(next.count) kept of \(candidates.count), fewest pegs \(fewest), \(finishedCount) completions finish, lowest estimate \(estimateLow), best \(best.map { String($0.moves) } ?? "-"), \(generated) children, \(Int(monotonicSeconds() - t0)) s")
        }
        guard let b = best else { return result }
        // Walk back to the start; replay from it a move to each next canonical position, then
        // the completion of the last, made on its canonical image and carried back.
        var path: [UInt128] = []
        var k = b.level, i = b.index
        while k >= 0 {
            path.append(levels[k][i].position)
            i = Int(levels[k][i].parent)
            k -= 1
        }
        path.reverse()
        guard let start = path.first else { return result }
        var chains: [[Int]] = []
        var position = start
        for target in path.dropFirst() {
            guard let chain = board.move(from: position, to: target, upToSymmetry: true),
                  let next = board.replay([chain], from: position) else { return result }
            chains.append(chain)
            position = next
        }
        guard let s = (0..<6).first(where: { board.image(position, $0) == path.last }),
              let completion = rolloutChains(path.last!) else { return result }
        var inverse = [Int](repeating: 0, count: board.holeCount)
        for (h, image) in board.permutations[s].enumerated() { inverse[image] = h }
        chains += completion.map { $0.map { inverse[$0] } }
        guard let end = board.replay(chains, from: start), end.nonzeroBitCount == 1 else { return result }
        result.start = start
        result.chains = chains
        result.moves = WideTriangle.moveCount(chains)
        return result
    }
}
