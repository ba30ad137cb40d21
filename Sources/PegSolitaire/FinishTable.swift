// `analyze` on a board with `target: any`: for every single-vacancy start, the holes where
// one last peg can finish. Pairs in different position classes are ruled out at once; the
// others are searched (one dead-position set per finish hole, shared by all starts), one
// pair per orbit of the board's symmetries: a result holds for all its images (a search
// stopped by its node limit decides nothing, so the images are still tried). A
// solution from vacancy s to a peg on f, played backwards on the complement, is a solution
// from vacancy f to a peg on s (the complements of its positions in reverse order are linked
// by the same jumps), so each unordered pair is searched once.

struct FinishTable: Sendable {
    enum Entry: Sendable, Equatable { case solvable([Int]), impossible, unknown }
    /// `entries[s][f]`: start with only hole s empty, finish with one peg on f.
    var entries: [[Entry]]
    var nodes: UInt64

    /// `pairNodeLimit`: nodes allowed to one (start, finish) search before it is left
    /// undecided (64M decides every start of the French board: d3 -> d2 needs 30M); `shouldStop(total nodes)` stops the whole table.
    static func compute(board: Board, pairNodeLimit: UInt64 = 64_000_000, shouldStop: @escaping (UInt64) -> Bool) -> FinishTable {
        let n = board.holeCount
        let classes = PositionClass(board: board)
        let perms = board.automorphisms()
        var entries = [[Entry]](repeating: [Entry](repeating: .impossible, count: n), count: n)
        var decided = [[Bool]](repeating: [Bool](repeating: false, count: n), count: n)
        var nodes: UInt64 = 0
        let full = board.allHoles
        for s in 0..<n {
            for f in 0..<n where classes.of(full & ~(UInt64(1) << UInt64(s))) != classes.of(UInt64(1) << UInt64(f)) {
                decided[s][f] = true   // different position classes
            }
        }
        /// Records a result for (s, f) and for every pair it decides too: its images under
        /// the board's symmetries, and their duals.
        func record(_ s: Int, _ f: Int, _ entry: Entry) {
            for perm in perms {
                var image = entry
                if case .solvable(let jumps) = entry {
                    image = .solvable(jumps.map { j in board.jump(from: perm[board.jumps[j].from], to: perm[board.jumps[j].to])! })
                }
                let (a, b) = (perm[s], perm[f])
                if !decided[a][b] { entries[a][b] = image; decided[a][b] = true }
                if !decided[b][a] {
                    if case .solvable(let jumps) = image { entries[b][a] = .solvable(jumps.reversed()) } else { entries[b][a] = image }
                    decided[b][a] = true
                }
            }
        }
        for f in 0..<n {
            var dead: PositionSet? = nil
            for s in 0..<n where !decided[s][f] {
                let start = full & ~(UInt64(1) << UInt64(s))
                let problem = PegProblem(name: "", location: .init(file: "", line: 1), board: board, start: start, target: .hole(f))
                let base = nodes
                let solver = PegSolver(problem: problem, shouldStop: { $0 >= pairNodeLimit || shouldStop(base &+ $0) })
                if let d = dead { solver.dead.free(); solver.dead = d }
                let r = solver.solve()
                dead = solver.dead
                solver.dead = PositionSet(capacity: 1)
                nodes &+= r.nodes
                switch r.solvable {
                case true?: record(s, f, .solvable(r.jumps))
                case false?: record(s, f, .impossible)
                case nil: entries[s][f] = .unknown   // its images get their own searches
                }
            }
            dead?.free()
        }
        return FinishTable(entries: entries, nodes: nodes)
    }

    /// The holes one peg can finish on from vacancy s.
    func finishes(from s: Int) -> [Int] {
        entries[s].indices.filter { if case .solvable = entries[s][$0] { return true }; return false }
    }
}
