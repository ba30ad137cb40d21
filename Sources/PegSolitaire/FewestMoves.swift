// `solve --fewest-moves`: a solution with the fewest moves, a move being a chain of jumps by
// one peg. One-peg targets go to the bidirectional search (FewestMoves+Bidirectional); for a
// target of several pegs: breadth-first search by move count over canonical positions, where the edges are
// all chains from a position; only positions that can still reach the target (from the
// backward sweep of `StateSpace`) are entered, since every position on a solution can.
// Every prefix of a chain is an edge too, so the BFS depth is the fewest moves exactly: a
// path of m chains is a jump sequence of at most m moves, and every solution of m moves is
// such a path. (Beasley, "The Ins and Outs of Peg Solitaire", ch. 6: the English central
// game needs 18 moves; Bergholt found an 18-move solution in 1912.)

struct FewestMovesResult: Sendable {
    var solvable: Bool?
    var jumps: [Int]
    var moves: Int
    /// Canonical positions entered by the BFS.
    var visited: Int
    var space: StateSpaceResult
    /// When stopped: no solution has fewer moves.
    var movesAtLeast = 0
}

enum FewestMoves {
    /// `byteLimit`: the bidirectional search's tables stop there (status limit, with a bound).
    static func solve(_ problem: PegProblem, threads: Int, byteLimit: Int = 8 << 30,
                             shouldStop: @escaping @Sendable () -> Bool) -> FewestMovesResult {
        if let r = bidirectional(problem, threads: threads, byteLimit: byteLimit, shouldStop: shouldStop) { return r }
        let space = StateSpace(problem: problem, threads: threads, shouldStop: shouldStop)
        var result = space.run(keepWinnable: true)
        let winnableLevels = result.winnable
        result.winnable = []
        guard result.complete else { return FewestMovesResult(solvable: nil, jumps: [], moves: 0, visited: 0, space: result) }
        var winnable = PositionSet(capacity: winnableLevels.reduce(0) { $0 + $1.count })
        for level in winnableLevels { for key in level { winnable.insert(key) } }
        defer { winnable.free() }
        let tables = space.tables
        let board = problem.board
        let start = tables.canonical(problem.start)
        guard winnable.contains(start) else {
            return FewestMovesResult(solvable: false, jumps: [], moves: 0, visited: 0, space: result)
        }
        var parent: [UInt64: UInt64] = [start: start]
        var frontier = [start]
        var finish: UInt64? = problem.isFinish(start) ? start : nil
        var depth = 0
        while finish == nil && !frontier.isEmpty {
            // Solvable is known here; no finish within `depth` moves bounds the fewest below.
            if shouldStop() {
                var stopped = FewestMovesResult(solvable: true, jumps: [], moves: 0, visited: parent.count, space: result)
                stopped.solvable = nil
                stopped.movesAtLeast = depth + 1
                return stopped
            }
            depth += 1
            var next: [UInt64] = []
            for p in frontier {
                forEachChainPosition(from: p, board: board) { child, _ in
                    let c = tables.canonical(child)
                    guard winnable.contains(c) else { return false }
                    if parent[c] == nil {
                        parent[c] = p
                        next.append(c)
                        if finish == nil && problem.isFinish(c) { finish = c }
                    }
                    return true
                }
            }
            frontier = next
        }
        guard let end = finish else {
            return FewestMovesResult(solvable: false, jumps: [], moves: 0, visited: parent.count, space: result)
        }
        // Canonical path back to the start, then the actual chains, carried through the
        // symmetries that relate each representative to the position actually reached.
        var path = [end]
        while path.last! != start { path.append(parent[path.last!]!) }
        path.reverse()
        // Every step is one move by construction, so the walk does not fail.
        let jumps = FewestMoves.jumps(along: [problem.start] + path.dropFirst(), board: board, tables: tables)?.jumps ?? []
        return FewestMovesResult(solvable: true, jumps: jumps, moves: board.moveCount(jumps), visited: parent.count, space: result)
    }

    /// The jumps that play `path`, canonical positions each one move after the one before (up to
    /// the symmetries of `tables`), from its first position, an actual one; with the position
    /// they reach. nil when some step is not one move.
    static func jumps(along path: [UInt64], board: Board, tables: SymmetryTables) -> (jumps: [Int], end: UInt64)? {
        guard var position = path.first else { return nil }
        var jumps: [Int] = []
        for target in path.dropFirst() {
            var chain: [Int]? = nil
            forEachChainPosition(from: position, board: board) { child, jumpsSoFar in
                if chain == nil && tables.canonical(child) == target { chain = jumpsSoFar }
                return chain == nil
            }
            guard let c = chain, let next = board.replay(c, from: position) else { return nil }
            jumps += c
            position = next
        }
        return (jumps, position)
    }

    /// Calls `visit(position, chain)` for every position reached by a chain of jumps by one
    /// peg from `p` (every prefix included); `visit` returns whether to extend that chain.
    static func forEachChainPosition(from p: UInt64, board: Board, _ visit: (UInt64, [Int]) -> Bool) {
        var chain: [Int] = []
        func extend(_ q: UInt64, from hole: Int) {
            for j in board.jumpsFrom[hole] {
                let jump = board.jumps[j]
                guard q & jump.flip == jump.need else { continue }
                let child = q ^ jump.flip
                chain.append(j)
                if visit(child, chain) { extend(child, from: jump.to) }
                chain.removeLast()
            }
        }
        for j in board.jumps.indices {
            let jump = board.jumps[j]
            guard p & jump.flip == jump.need else { continue }
            let child = p ^ jump.flip
            chain = [j]
            if visit(child, chain) { extend(child, from: jump.to) }
        }
    }
}
