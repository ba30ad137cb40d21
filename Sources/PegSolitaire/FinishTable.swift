// `analyze` on a board with `target: any`: for every single-vacancy start, the holes where
// one last peg can finish. Pairs in different position classes are ruled out at once; the
// others are searched (one dead-position set per finish hole, shared by all starts). A
// solution from vacancy s to a peg on f, played backwards on the complement, is a solution
// from vacancy f to a peg on s (the complements of its positions in reverse order are linked
// by the same jumps), so each unordered pair is searched once.

public struct FinishTable: Sendable {
    public enum Entry: Sendable, Equatable { case solvable([Int]), impossible, unknown }
    /// `entries[s][f]`: start with only hole s empty, finish with one peg on f.
    public var entries: [[Entry]]
    public var nodes: UInt64

    /// `pairNodeLimit`: nodes allowed to one (start, finish) search before it is left
    /// undecided; `shouldStop(total nodes)` stops the whole table.
    public static func compute(board: Board, pairNodeLimit: UInt64 = 4_000_000, shouldStop: @escaping (UInt64) -> Bool) -> FinishTable {
        let n = board.holeCount
        let classes = PositionClass(board: board)
        var entries = [[Entry]](repeating: [Entry](repeating: .impossible, count: n), count: n)
        var nodes: UInt64 = 0
        let full = board.allHoles
        for f in 0..<n {
            var dead: PositionSet? = nil
            for s in 0..<n {
                let start = full & ~(UInt64(1) << UInt64(s))
                let finish = UInt64(1) << UInt64(f)
                guard classes.of(start) == classes.of(finish) else { continue }
                if s < f {
                    // Its dual (start f, finish s) is already decided: the complements of its
                    // positions, in reverse order, are linked by the same jumps.
                    switch entries[f][s] {
                    case .solvable(let jumps): entries[s][f] = .solvable(jumps.reversed())
                    case .impossible: entries[s][f] = .impossible
                    case .unknown: entries[s][f] = .unknown
                    }
                    continue
                }
                let problem = PegProblem(name: "", location: .init(file: "", line: 1), board: board, start: start, target: .hole(f))
                let base = nodes
                let solver = PegSolver(problem: problem, shouldStop: { $0 >= pairNodeLimit || shouldStop(base &+ $0) })
                if let d = dead { solver.dead = d }
                let r = solver.solve()
                dead = solver.dead
                solver.dead = PositionSet(capacity: 1)
                nodes &+= r.nodes
                switch r.solvable {
                case true?: entries[s][f] = .solvable(r.jumps)
                case false?: entries[s][f] = .impossible
                case nil: entries[s][f] = .unknown
                }
            }
            dead?.free()
        }
        return FinishTable(entries: entries, nodes: nodes)
    }

    /// The holes one peg can finish on from vacancy s.
    public func finishes(from s: Int) -> [Int] {
        entries[s].indices.filter { if case .solvable = entries[s][$0] { return true }; return false }
    }
}
