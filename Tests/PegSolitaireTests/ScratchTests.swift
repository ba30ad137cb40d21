import Testing
import Foundation
@testable import PegSolitaire

@Test func scratch() {
    let e = Fixtures.puzzles("english.peg")[0]
    let t0 = Date()
    let c0 = processCPUSeconds()
    let r = FewestMoves.solve(e, threads: 2, shouldStop: { false })
    print("time", Date().timeIntervalSince(t0), processCPUSeconds() - c0, r.moves, r.visited, r.jumps.count, e.board.moveStrings(r.jumps))
    for v in [1, 2, 4, 5] {
        let r = FewestMoves.solve(Fixtures.triangle(side: 5, vacancy: v), threads: 2, shouldStop: { false })
        print(v, r.moves, r.jumps.count)
    }
}
