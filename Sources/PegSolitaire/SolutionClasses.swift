// Solutions counted up to symmetry. A solution is a jump sequence from the start to a finish;
// the group is the board's symmetries that fix the start and the target (as `count` uses).
// A symmetry g maps a sequence jump by jump, so two solutions are the same up to symmetry
// when one is the image of the other. The number of classes follows from Burnside's lemma:
//     classes = (1 / |G|) * sum over g of (solutions fixed by g),
// and a sequence is fixed by g exactly when every one of its jumps is (g maps `from` to `from`
// and `to` to `to`), so the solutions fixed by g are the solutions that use only g's fixed
// jumps: a small count (a memoised recursion over the few holes those jumps touch).

enum SolutionClasses {
    /// Jump sequences from `position` to a finish of `problem` using only `jumps` (all when
    /// nil), by a recursion memoised per position. For small positions (the generator's) or
    /// restricted jump sets; the full state space goes through `StateSpace`.
    static func sequences(_ problem: PegProblem, from position: UInt64, jumps: [Jump]? = nil) -> UInt128 {
        var counter = Counter(problem: problem, jumps: jumps ?? problem.board.jumps)
        return counter.count(position)
    }

    /// The memoised count; `memo` keeps the count of every position met (0: cannot finish).
    struct Counter {
        let problem: PegProblem
        let jumps: [Jump]
        let floor: Int
        var memo: [UInt64: UInt128] = [:]
        /// Positions expanded (the work done); the recursion stops adding past `limit`.
        var nodes = 0
        var limit = Int.max
        var stopped: Bool { nodes > limit }

        init(problem: PegProblem, jumps: [Jump]) {
            self.problem = problem
            self.jumps = jumps
            floor = problem.target.pegsLeft
        }

        mutating func count(_ p: UInt64) -> UInt128 {
            if problem.isFinish(p) { return 1 }
            if p.nonzeroBitCount <= floor { return 0 }
            if let known = memo[p] { return known }
            nodes += 1
            if stopped { return 0 }
            var total: UInt128 = 0
            for jump in jumps where p & jump.flip == jump.need { total &+= count(p ^ jump.flip) }
            memo[p] = total
            return total
        }
    }

    /// The jumps a symmetry (a hole permutation) leaves in place.
    static func fixedJumps(_ board: Board, _ permutation: [Int]) -> [Jump] {
        board.jumps.filter { permutation[$0.from] == $0.from && permutation[$0.to] == $0.to }
    }

    /// Solutions up to the symmetries in `group` (permutations fixing the start and the
    /// target; the identity among them), given the total number of solutions `total`.
    /// nil if Burnside's sum does not divide (which would be a bug).
    static func upToSymmetry(_ problem: PegProblem, group: [[Int]], total: UInt128) -> UInt128? {
        guard !group.isEmpty else { return total }
        var sum = UInt128(0)
        for permutation in group {
            if permutation.indices.allSatisfy({ permutation[$0] == $0 }) {
                sum &+= total
            } else {
                sum &+= sequences(problem, from: problem.start, jumps: fixedJumps(problem.board, permutation))
            }
        }
        let (classes, remainder) = sum.quotientAndRemainder(dividingBy: UInt128(group.count))
        return remainder == 0 ? classes : nil
    }

    /// The symmetries `count` identifies for this problem: those fixing the start and, when
    /// the target is a hole, the target.
    static func group(_ problem: PegProblem) -> [[Int]] {
        var fixed = [problem.start]
        if case .hole(let t) = problem.target { fixed.append(UInt64(1) << UInt64(t)) }
        return problem.board.symmetries(fixing: fixed)
    }
}
