// `solve --fewest-moves` on one-peg targets: the bidirectional search over moves
// (`MoveSearch`), which needs no state-space sweep. Targets of several pegs keep the sweep.

extension FewestMoves {
    /// nil when the target is not a single peg (the caller falls back to the sweep).
    static func bidirectional(_ problem: PegProblem, threads: Int, byteLimit: Int, shouldStop: @escaping @Sendable () -> Bool) -> FewestMovesResult? {
        let board = problem.board
        let search: MoveSearch
        switch problem.target {
        case .hole(let t):
            search = MoveSearch(board: board, start: problem.start, finish: t, threads: threads)
        case .anyHole:
            // Every single peg is a finish; the set of finishes is fixed by every symmetry.
            let finishes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
            search = MoveSearch(board: board, starts: [problem.start], finishes: finishes,
                                symmetries: board.symmetries(fixing: [problem.start]), threads: threads)
        case .pegs:
            return nil
        }
        search.shouldStop = shouldStop
        search.byteLimit = byteLimit
        let r = search.solve()
        var space = StateSpaceResult()
        space.children = r.children
        space.complete = true
        let visited = r.forwardLevels.reduce(0, +) + r.backwardLevels.reduce(0, +)
        if let moves = r.moves, !r.jumps.isEmpty {
            return FewestMovesResult(solvable: true, jumps: r.jumps, moves: moves, visited: visited, space: space)
        }
        if r.impossible { return FewestMovesResult(solvable: false, jumps: [], moves: 0, visited: visited, space: space) }
        var stopped = FewestMovesResult(solvable: nil, jumps: [], moves: 0, visited: visited, space: space)
        stopped.movesAtLeast = r.movesAtLeast
        return stopped
    }
}
