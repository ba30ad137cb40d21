// An upper bound on the fewest moves on a `Board`: the pilot beam search (PilotBeam.swift)
// from the given starts to one peg on one of the finishes, its best path turned into jumps
// and replayed from its start. It proves nothing about optimality.
import SolverKit

/// A `Board`'s moves (MoveSearch: chains, symmetries) and finishes, as the pilot beam sees them.
struct MovePilotBoard: PilotBoard {
    let search: MoveSearch
    let finishTest: FinishTest
    @inline(__always) func forEachMove(from p: UInt64, _ visit: (UInt64) -> Bool) { search.forEachMove(from: p, visit) }
    @inline(__always) func canonical(_ p: UInt64) -> UInt64 { search.tables.canonical(p) }
    @inline(__always) func isFinished(_ p: UInt64) -> Bool { finishTest.isFinished(p) }
    @inline(__always) func finishesNext(_ p: UInt64) -> Bool { finishTest.mayFinish(p) && finishTest.finishingMove(p) != nil }
    @inline(__always) func beamRank(_ p: UInt64) -> Int {
        MoveBeamSearch.rank(pegs: p.nonzeroBitCount, regionMoves: search.movesToFinish(p))
    }
}

final class PilotBeamSearch {
    let board: Board
    let search: MoveSearch
    let finishTest: FinishTest
    let beam: PilotBeam<MovePilotBoard>
    /// Candidates completed per level, as a multiple of the width (by fewest pegs first).
    var prefilter: Int { get { beam.prefilter } set { beam.prefilter = newValue } }
    var log: ((String) -> Void)? { get { beam.log } set { beam.log = newValue } }
    /// Children completed (the dominant cost).
    var rollouts: UInt64 { beam.rollouts }

    init(board: Board, starts: [UInt64], finishes: UInt64, symmetries: [[Int]], width: Int) {
        self.board = board
        var holes: [UInt64] = []
        var f = finishes
        while f != 0 { holes.append(f & (~f &+ 1)); f &= f - 1 }
        search = MoveSearch(board: board, starts: starts, finishes: holes, symmetries: symmetries)
        finishTest = FinishTest(board: board, finishes: finishes)
        beam = PilotBeam(board: MovePilotBoard(search: search, finishTest: finishTest), width: width)
    }

    /// The jumps of the greedy completion of `p` (as `rollout` made it).
    func rolloutJumps(_ p: UInt64) -> [Int]? {
        var q = p
        var jumps: [Int] = []
        while true {
            if finishTest.isFinished(q) { return jumps }
            if finishTest.mayFinish(q), let last = finishTest.finishingMove(q) { return jumps + last }
            guard let (c, _) = beam.greedyChild(q) else { return nil }
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
        let found = beam.solve(starts: search.starts)
        result.levels = beam.levelSizes
        result.children = beam.children
        guard let path = found?.path else { return result }
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
