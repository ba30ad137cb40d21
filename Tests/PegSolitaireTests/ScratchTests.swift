import Testing
import Foundation
@testable import PegSolitaire

@Test func scratch() {
    let e = Fixtures.puzzles("english.peg")[0]
    let t0 = Date()
    let r = StateSpace(problem: e, threads: 2).run()
    print("time", Date().timeIntervalSince(t0), "children", r.children, r.generateSeconds, r.sortSeconds, r.backwardSeconds, r.generateCPU, r.sortCPU, r.backwardCPU)
    print(r.positions, r.canonicalPositions, r.canSolveCanonical, r.solutions, r.games, r.solutionsOverflowed)
}
