import Testing
import Foundation
@testable import PegSolitaire

@Test func scratch() {
    let e = Fixtures.puzzles("english.peg")[0]
    print(e.board.names, e.board.jumps.count, e.board.automorphisms().count)
    let t0 = Date()
    let r = PegSolver(problem: e).solve()
    print(r.solvable as Any, r.jumps.count, r.nodes, e.board.moveStrings(r.jumps), Date().timeIntervalSince(t0))
    for f in ["french.peg", "triangle-5.peg", "wiegleb.peg", "diamond.peg", "triangle-6.peg"] {
        for p in Fixtures.puzzles(f) {
            let t0 = Date()
            let r = PegSolver(problem: p, shouldStop: { $0 > 20_000_000 }).solve()
            print(f, p.name, p.board.holeCount, p.board.automorphisms().count, PositionClass(board: p.board).classCount, r.solvable as Any, r.proof ?? "", r.nodes, p.board.moveStrings(r.jumps).joined(separator: " "), Date().timeIntervalSince(t0))
        }
    }
}
