// Ten tanuki problems where our shortest length differs from the published one. A plain
// brute-force minimax (no table, no proof numbers: every check, every legal reply), written
// here independently of the solver, decides them; cshogi 1.1.0's move generator in the same
// brute force agrees on all ten (see Puzzles/tsume/README.md).
import Testing
import SolverKit
@testable import Shogi

/// Attacker to move: is there a mate within `plies` plies (every reply counted)?
func bruteMate(_ p: inout Position, _ plies: Int) -> Bool {
    if plies < 1 { return false }
    let checks = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    let replies = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { checks.deallocate(); replies.deallocate() }
    let all = p.generateLegal(checks)
    for i in 0..<all {
        let m = checks[i]
        let cap = p.play(m)
        defer { p.undo(m, captured: cap) }
        if !p.inCheck { continue }
        let r = p.generateLegal(replies)
        if r == 0 { return true }
        if plies < 3 { continue }
        var allMated = true
        for j in 0..<r {
            let d = replies[j]
            let dcap = p.play(d)
            let mated = bruteMate(&p, plies - 2)
            p.undo(d, captured: dcap)
            if !mated { allMated = false; break }
        }
        if allMated { return true }
    }
    return false
}

@Test(arguments: [
    ("tanuki-07-0075", "7r1/6R2/6BPP/8k/9/7G1/9/9/9 b Lb3g4s4n3l16p 1", 5),
    ("tanuki-07-0112", "9/8R/6S1N/9/8k/9/8B/9/9 b GLrb3g3s3n3l18p 1", 5),
    ("tanuki-07-0113", "5rk2/6B2/9/5B3/9/9/9/9/9 b GPr3g4s4n4l17p 1", 5),
])
func publishedSevenIsFive(name: String, sfen: String, length: Int) throws {
    var p = try position(sfen)
    #expect(!bruteMate(&p, length - 2), "\(name)")
    #expect(bruteMate(&p, length), "\(name)")
    let answer = MateSolver(position: p, hashMB: 4, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
    #expect(answer.exact && answer.length == length, "\(name)")
}

@Test(arguments: [
    ("tanuki-07-0072", "9/6pL1/6pkp/5R3/7P1/9/9/9/9 b Sr2b4g3s4n3l14p 1"),
    ("tanuki-07-0129", "5pk2/9/9/4SB3/9/9/9/9/9 b GP2rb3g3s4n4l16p 1"),
])
func publishedFiveIsSeven(name: String, sfen: String) throws {
    var p = try position(sfen)
    #expect(!bruteMate(&p, 5), "\(name)")
    let answer = MateSolver(position: p, hashMB: 4, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
    #expect(answer.exact && answer.length == 7, "\(name)")
    #expect(p.verifyMate(answer.line) == nil, "\(name)")
}
