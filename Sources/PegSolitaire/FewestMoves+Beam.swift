// An upper bound on the fewest moves: a beam search over moves (Lowerre, "The Harpy speech
// recognition system", 1976) from single-vacancy starts to a one-peg finish. Each level
// keeps the `width` canonical positions of lowest rank, ties broken by a hash of the position
// for spread. The rank is the pegs left plus three for each move the Merson regions still
// require (`MoveSearch.movesToFinish`): fewer pegs after k moves leave fewer jumps for the
// rest, and each full region costs a move, which removes about three pegs (a shortest solution
// on the 55-hole triangle: 53 jumps in 18 moves). Fewest pegs alone favours lines that clear
// pegs early; the shortest known solutions first break the edge regions with short moves
// and end with long sweeps (at width 2^20 fewest pegs alone finds 17 and 19 moves on the
// 45- and 55-hole triangles, this rank 16 and 18). Every child generated, kept or not, is
// tested for a finish within `finishMoves` more moves (`FinishTest`, exhaustive from that
// child); the search ends when no deeper level can beat the best found, which is replayed from
// its start. With a width above every level's size the beam is the plain breadth-first search
// and the answer exact; narrower, it proves nothing about optimality: its solutions bound the
// fewest moves from above, the exhaustive searches (`MoveSearch`) from below.
import SolverKit

struct MoveBeamResult: Sendable {
    /// Moves of the solution found (nil: none within `moveLimit`).
    var moves: Int?
    var start: UInt64 = 0
    var jumps: [Int] = []
    /// Positions kept per level.
    var levels: [Int] = []
    /// Chain positions generated.
    var children: UInt64 = 0
    var seconds = 0.0
}

final class MoveBeamSearch {
    let board: Board
    let search: MoveSearch
    let finishTest: FinishTest
    let width: Int
    var moveLimit = 64
    /// Moves after each child tried exhaustively for a finish (1: one sweep; 2: two moves,
    /// for children of at most `finishPegLimit` pegs).
    var finishMoves = 1
    var finishPegLimit = 64
    /// Rank points for each move the Merson regions still require.
    static let rankPerRegion = 3
    /// A child's rank in the beams (this one, and `PilotBeam`'s plain mode): its pegs plus
    /// `rankPerRegion` for each of the `regionMoves` its Merson regions still require.
    @inline(__always) static func rank(pegs: Int, regionMoves: Int) -> Int { pegs + rankPerRegion * max(0, regionMoves) }
    /// How many ranks positions of `bits` holes can have (0 ..< this).
    static func rankCount(bits: Int) -> Int { bits * (1 + rankPerRegion) + 1 }
    var log: ((String) -> Void)? = nil

    /// `starts`: positions; `finishes`: holes allowed for the last peg; `symmetries` must map
    /// the set of starts and the set of finishes onto themselves.
    init(board: Board, starts: [UInt64], finishes: UInt64, symmetries: [[Int]], width: Int) {
        self.board = board
        var holes: [UInt64] = []
        var f = finishes
        while f != 0 { holes.append(f & (~f &+ 1)); f &= f - 1 }
        search = MoveSearch(board: board, starts: starts, finishes: holes, symmetries: symmetries)
        finishTest = FinishTest(board: board, finishes: finishes)
        self.width = max(1, width)
    }

    /// Mixes the bits of a position: the tie-break inside the last peg count kept.
    @inline(__always) static func spread(_ p: UInt64) -> UInt64 {
        var x = p &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return x &* 0xBF58_476D_1CE4_E5B9
    }

    /// Whether `p` finishes within `moves` moves (every chain tried; exact, no beam).
    func finishes(_ p: UInt64, within moves: Int) -> Bool {
        if finishTest.isFinished(p) { return true }
        if moves <= 0 { return false }
        if moves == 1 { return finishTest.mayFinish(p) && finishTest.finishingMove(p) != nil }
        var found = false
        search.forEachMove(from: p) { c in
            if !found && finishes(c, within: moves - 1) { found = true }
            return !found
        }
        return found
    }

    /// The jumps of a finish of `p` within `moves` moves (as `finishes` found it).
    func finishingJumps(_ p: UInt64, within moves: Int) -> [Int]? {
        if finishTest.isFinished(p) { return [] }
        if moves <= 0 { return nil }
        if moves == 1 { return finishTest.mayFinish(p) ? finishTest.finishingMove(p) : nil }
        var found: [Int]? = nil
        FewestMoves.forEachChainPosition(from: p, board: board) { c, chain in
            if found == nil, finishes(c, within: moves - 1), let rest = finishingJumps(c, within: moves - 1) { found = chain + rest }
            return found == nil
        }
        return found
    }

    func solve() -> MoveBeamResult {
        let t0 = monotonicSeconds()
        var result = MoveBeamResult()
        defer { result.seconds = monotonicSeconds() - t0 }
        let tables = search.tables
        // levels[k]: (canonical position, index of its parent in levels[k - 1]).
        var levels: [[RankBuckets<UInt64>.Entry]] = [Array(Set(search.starts.map { tables.canonical($0) })).sorted().map { ($0, -1) }]
        result.levels = [levels[0].count]
        // The best solution: a child (canonical) of levels[level][parent] and the moves after it.
        var best: (moves: Int, level: Int, parent: Int, child: UInt64, after: Int)? = nil
        // Children at depth L + 1 finish at best in L + 1 moves: grow while that beats the best.
        while levels.count <= moveLimit && levels.count < (best?.moves ?? Int.max) {
            let level = levels.count - 1
            let parents = levels[level]
            if parents.isEmpty { break }
            var buckets = RankBuckets<UInt64>(room: width, ranks: MoveBeamSearch.rankCount(bits: 64))
            var generated: UInt64 = 0
            for (index, parent) in parents.enumerated() {
                search.forEachMove(from: parent.0) { c in
                    generated &+= 1
                    let pegs = c.nonzeroBitCount
                    // Every child, kept or not, is tried for a finish in up to `finishMoves` moves.
                    for after in 0...finishMoves where level + 1 + after < (best?.moves ?? Int.max) {
                        if after >= 2 && pegs > finishPegLimit { break }
                        if finishes(c, within: after) {
                            best = (level + 1 + after, level, index, tables.canonical(c), after)
                            break
                        }
                    }
                    // A longer chain only removes more pegs: extend it even when this one is cut.
                    // the rank is at least the pegs: past the cutoff, no region count is needed
                    if pegs <= buckets.cutoff {
                        let rank = MoveBeamSearch.rank(pegs: pegs, regionMoves: search.movesToFinish(c))
                        if rank <= buckets.cutoff { buckets.insert(tables.canonical(c), rank: rank, parent: Int32(index)) }
                    }
                    return true
                }
            }
            result.children &+= generated
            let next = buckets.take(spread: MoveBeamSearch.spread)
            levels.append(next)
            result.levels.append(next.count)
            let firstPegs = next.first.map { $0.0.nonzeroBitCount } ?? 0
            log?("beam level \(level + 1): \(next.count) kept, the first of lowest rank \(firstPegs) pegs, best \(best.map { String($0.moves) } ?? "-"), \(generated) children, \(Int(monotonicSeconds() - t0)) s")
        }
        guard let b = best else { return result }
        // The canonical path, then the actual chains from the actual start.
        var path: [UInt64] = [b.child]
        var k = b.level, i = b.parent
        while k >= 0 {
            path.append(levels[k][i].0)
            i = Int(levels[k][i].1)
            k -= 1
        }
        path.reverse()
        let start = path[0]
        guard let walked = FewestMoves.jumps(along: path, board: board, tables: tables),
              let last = finishingJumps(walked.end, within: b.after) else { return result }
        var jumps = walked.jumps
        jumps += last
        guard let end = board.replay(jumps, from: start), finishTest.isFinished(end) else { return result }
        result.start = start
        result.jumps = jumps
        result.moves = board.moveCount(jumps)
        return result
    }
}

/// Whether a position is one move from a single peg on an allowed finish, and that move.
/// A peg only ever lands on holes of its jump component (the holes linked to its own by
/// from -> to steps); the holes it jumps over lie outside it (on lattice boards the
/// components are cosets of twice the lattice, and an over hole is one step off). So the
/// last mover is the only peg of its component: most positions fail that at once.
struct FinishTest: Sendable {
    let board: Board
    let finishes: UInt64
    /// `component[h]`: the holes of h's jump component.
    let component: [UInt64]
    /// The distinct components that hold a finish.
    let finishComponents: [UInt64]

    init(board: Board, finishes: UInt64) {
        self.board = board
        self.finishes = finishes
        var parent = Array(0..<board.holeCount)
        func root(_ x: Int) -> Int { var x = x; while parent[x] != x { x = parent[x] }; return x }
        for jump in board.jumps { parent[root(jump.from)] = root(jump.to) }
        var masks = [UInt64](repeating: 0, count: board.holeCount)
        for h in 0..<board.holeCount { masks[root(h)] |= UInt64(1) << UInt64(h) }
        component = (0..<board.holeCount).map { masks[root($0)] }
        finishComponents = Array(Set(component.filter { $0 & finishes != 0 })).sorted()
    }

    @inline(__always) func isFinished(_ p: UInt64) -> Bool { p.nonzeroBitCount == 1 && p & finishes != 0 }

    /// The quick necessary condition: some component holding a finish has exactly one peg.
    @inline(__always) func mayFinish(_ p: UInt64) -> Bool {
        for m in finishComponents where (p & m).nonzeroBitCount == 1 { return true }
        return false
    }

    /// The jumps of one chain from `p` that leaves one peg on a finish, if there is one.
    func finishingMove(_ p: UInt64) -> [Int]? {
        guard p.nonzeroBitCount > 1 else { return nil }
        var pegs = p
        while pegs != 0 {
            let h = pegs.trailingZeroBitCount
            pegs &= pegs - 1
            // The mover must be alone in its component and able to reach a finish there.
            guard p & component[h] == UInt64(1) << UInt64(h), component[h] & finishes != 0 else { continue }
            var chain: [Int] = []
            if sweep(p, from: h, chain: &chain) { return chain }
        }
        return nil
    }

    /// Depth-first over the chains of the peg on `hole`: true when one clears every other peg.
    private func sweep(_ q: UInt64, from hole: Int, chain: inout [Int]) -> Bool {
        if q.nonzeroBitCount == 1 { return q & finishes != 0 }
        for j in board.jumpsFrom[hole] {
            let jump = board.jumps[j]
            guard q & jump.flip == jump.need else { continue }
            chain.append(j)
            if sweep(q ^ jump.flip, from: jump.to, chain: &chain) { return true }
            chain.removeLast()
        }
        return false
    }
}
