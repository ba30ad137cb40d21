// The beam searches of PilotBeam.swift on a WideTriangle, the pilot or the plain one ranked by
// Merson regions: from every one-vacancy start (up to symmetry) to one peg anywhere, an upper
// bound on the fewest moves of the board (OEIS A127500) past the 64 holes the rest of the
// module handles. On the boards both handle the pilot keeps the same levels as
// PilotBeamSearch. The solution is rebuilt from its start through the symmetries and checked
// jump by jump.
import SolverKit

/// The finish of a triangle: one peg anywhere.
extension WideTriangle: PilotBoard {
    @inline(__always) func isFinished(_ p: UInt128) -> Bool { p.nonzeroBitCount == 1 }
    /// The finish (one peg anywhere) may lie in one full region: one less.
    @inline(__always) func beamRank(_ p: UInt128) -> Int {
        MoveBeamSearch.rank(pegs: p.nonzeroBitCount, regionMoves: mersonFullCount(p) - 1)
    }

    /// The chain (holes) of a move from `p` that leaves one peg, if there is one: its peg must
    /// be alone in its class and take every other.
    func finishingChain(_ p: UInt128) -> [Int]? {
        guard p.nonzeroBitCount > 1 else { return nil }
        var found: [Int]? = nil
        func extend(_ q: UInt128, _ chain: inout [Int]) {
            let hole = chain[chain.count - 1]
            for j in firstJump[hole]..<firstJump[hole + 1] {
                let jump = jumps[j]
                guard q & jump.flip == jump.need else { continue }
                let child = q ^ jump.flip
                chain.append(jump.to)
                if child.nonzeroBitCount == 1 { found = chain; return }
                extend(child, &chain)
                if found != nil { return }
                chain.removeLast()
            }
        }
        for i in 0..<classes.count where (p & classes[i]).nonzeroBitCount == 1 {
            var chain = [(p & classes[i]).trailingZeroBitCount]
            extend(p, &chain)
            if found != nil { return found }
        }
        return nil
    }

    /// Whether one move from `p` leaves one peg (`finishingChain` without the chain: no
    /// allocation, for the hot loops).
    @inline(__always) func finishesNext(_ p: UInt128) -> Bool {
        guard p.nonzeroBitCount > 1 else { return false }
        for i in 0..<classes.count {
            let mine = p & classes[i]
            if mine.nonzeroBitCount == 1 && sweepsAll(p, from: mine.trailingZeroBitCount) { return true }
        }
        return false
    }

    /// Whether the peg on `hole` can take every other peg of `q` in one chain.
    func sweepsAll(_ q: UInt128, from hole: Int) -> Bool {
        for j in firstJump[hole]..<firstJump[hole + 1] {
            let jump = jumps[j]
            guard q & jump.flip == jump.need else { continue }
            let child = q ^ jump.flip
            if child.nonzeroBitCount == 1 || sweepsAll(child, from: jump.to) { return true }
        }
        return false
    }
}

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
    let beam: PilotBeam<WideTriangle>
    /// Candidates completed per level, as a multiple of the width (by fewest pegs first).
    var prefilter: Int { get { beam.prefilter } set { beam.prefilter = newValue } }
    var log: ((String) -> Void)? { get { beam.log } set { beam.log = newValue } }
    var shouldStop: () -> Bool { get { beam.shouldStop } set { beam.shouldStop = newValue } }
    /// The tie-break seed (0: the ranking of `PilotBeamSearch`).
    var seed: UInt64 { get { beam.seed } set { beam.seed = newValue } }
    /// false: the plain beam ranked by Merson regions (`PilotBeam.completions`).
    var completions: Bool { get { beam.completions } set { beam.completions = newValue } }

    init(board: WideTriangle, width: Int) {
        self.board = board
        beam = PilotBeam(board: board, width: width)
        // Up to 120 holes: longer completions and more levels than on 64.
        beam.rolloutLimit = 60
        beam.moveLimit = 120
    }

    /// The chains of the greedy completion of `p`, as the beam's `rollout` plays it (nil if it
    /// gets stuck).
    func rolloutChains(_ p: UInt128) -> [[Int]]? {
        var q = p
        var chains: [[Int]] = []
        while q.nonzeroBitCount > 1 {
            if let last = board.finishingChain(q) { return chains + [last] }
            guard let (c, _) = beam.greedyChild(q), let chain = board.move(from: q, to: c) else { return nil }
            chains.append(chain)
            q = c
        }
        return chains
    }

    func solve() -> WideTriangleSolution {
        var result = WideTriangleSolution()
        let starts = (0..<board.holeCount).map { board.allHoles & ~(UInt128(1) << $0) }
        let found = beam.solve(starts: starts)
        result.levels = beam.levelSizes
        result.truncated = beam.truncated
        result.children = beam.children
        result.rollouts = beam.rollouts
        // Replay from the start a move to each next canonical position, then the completion
        // of the last, made on its canonical image and carried back.
        guard let path = found?.path else { return result }
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
