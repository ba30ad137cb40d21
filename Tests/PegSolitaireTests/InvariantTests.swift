// Solves on small boards with the depth-first solver, whose every node asserts (in a debug
// build) that the position has its pegs on the board's holes, as many as counted, and that its
// canonical form is one of its images; the same checks are made here along each solution.

import SolverKit
import Testing
@testable import PegSolitaire

@Test func invariantsHoldAlongSolvesOnSmallBoards() {
    // Every start of the 15-hole triangle is solvable, and so is every 1924 problem (published).
    let problems = [Fixtures.triangle(side: 5, vacancy: 1), Fixtures.triangle(side: 5, vacancy: 4)]
        + Fixtures.puzzles("puzzle-peg-1924.peg").prefix(5)
    for problem in problems {
        let tables = SymmetryTables(permutations: problem.board.symmetries(for: problem.target), holes: problem.board.holeCount)
        let r = PegSolver(problem: problem, hashMB: 4, shouldStop: { _ in false }).solve()
        #expect(r.solvable == true, "\(problem.name)")
        var p = problem.start
        for (k, j) in r.jumps.enumerated() {
            let jump = problem.board.jumps[j]
            #expect(p & jump.flip == jump.need)
            p ^= jump.flip
            #expect(problem.board.holds(p, pegs: problem.start.nonzeroBitCount - k - 1) && tables.canonicalIsAnImage(of: p))
        }
        #expect(problem.isFinish(p))
    }
}
