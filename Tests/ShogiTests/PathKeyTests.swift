// Repetition entries of the mate table hold for one path only (the GHI problem): two paths that
// transpose through different ancestors must not share them, and a disproof resting on a strict
// ancestor is not reused where that ancestor is not on the path.
import Testing
import SolverKit
@testable import Shogi

/// The ancestors' path key of the last position of `moves` from `start` (as `mid` builds it), and
/// that position.
private func pathKey(_ start: Position, _ moves: [String]) -> (UInt64, Position) {
    var p = start
    var key: UInt64 = 0
    for u in moves {
        key = MateSolver.childPathKey(key, p.fullKey)
        _ = p.play(Move(usi: u)!)
    }
    return (key, p)
}

@Test func transposedPathsThroughOtherAncestorsHaveOtherPathKeys() throws {
    let start = try Position(sfen: Position.startSFEN[...], at: SourceLocation(file: "start", line: 1))
    // a, d, a' and a', d, a reach the same position through different ancestors (after 7g7f,
    // after 2g2f): Zobrist keys are linear, so the plain XOR of the ancestors' keys is the same.
    let (k1, p1) = pathKey(start, ["7g7f", "3c3d", "2g2f"])
    let (k2, p2) = pathKey(start, ["2g2f", "3c3d", "7g7f"])
    #expect(p1.fullKey == p2.fullKey)
    var a = start, b = start
    var xor1 = a.fullKey, xor2 = b.fullKey
    for u in ["7g7f", "3c3d"] { _ = a.play(Move(usi: u)!); xor1 ^= a.fullKey }
    for u in ["2g2f", "3c3d"] { _ = b.play(Move(usi: u)!); xor2 ^= b.fullKey }
    #expect(xor1 == xor2)
    #expect(k1 != k2)

    // a repetition entry stored on the first path answers there, and not on the second
    let solver = MateSolver(position: p1, hashMB: 1, budget: nil)
    let hand = p1.hands[solver.attacker]
    solver.table.storeRepetition(p1.boardKey, hand, pathKey: k1, depth: 99, restPly: 0, amount: 1)
    let own = solver.table.lookup(p1.boardKey, hand, remaining: 99, pathKey: k1)
    #expect(own.dn == 0 && own.repetition)
    let other = solver.table.lookup(p2.boardKey, hand, remaining: 99, pathKey: k2)
    #expect(other.dn != 0)
}

@Test func composerProofOnOnePathIsNotReusedOnAnother() throws {
    // A composer proof that leaves out an interposition judged futile through a disproof
    // resting on a repetition of an ancestor holds on that path only (`NodeValue.proofRest`):
    // stored for its path, it answers there, with its rest, and nowhere else, nor for another hand.
    let start = try Position(sfen: Position.startSFEN[...], at: SourceLocation(file: "start", line: 1))
    let (k1, p1) = pathKey(start, ["7g7f", "3c3d", "2g2f"])
    let (k2, _) = pathKey(start, ["2g2f", "3c3d", "7g7f"])
    let solver = MateSolver(position: p1, hashMB: 1, budget: nil, composer: true)
    let hand = p1.hands[solver.attacker]
    solver.table.storeProvenPath(p1.boardKey, hand, pathKey: k1, length: 7, restPly: 1, amount: 1)
    let own = solver.table.lookup(p1.boardKey, hand, remaining: 9, pathKey: k1)
    #expect(own.pn == 0 && own.length == 7 && own.proofRest == 1)
    let shorter = solver.table.lookup(p1.boardKey, hand, remaining: 5, pathKey: k1)
    #expect(shorter.pn != 0)
    let other = solver.table.lookup(p1.boardKey, hand, remaining: 9, pathKey: k2)
    #expect(other.pn != 0)
    var more = hand
    more.add(Piece.pawn)
    let otherHand = solver.table.lookup(p1.boardKey, more, remaining: 9, pathKey: k1)
    #expect(otherHand.pn != 0)
}

@Test func disproofRestingOnAStrictAncestorIsNotReusedOffItsPath() throws {
    // tanuki-03-0001, mate in 3 (published): 1d2c 1b1a 2c2b. With Q, the position after 1d2c
    // 1b1a, on the path as an ancestor (ply 0), the defender answers the mating check by moving
    // into Q, a repetition: at ply 1 the problem is disproven, resting on ply 0. Stored as an
    // ordinary (path-independent) disproof, it would answer the same position searched as a root.
    let n = try Position(sfen: "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1"[...], at: SourceLocation(file: "tanuki-03-0001", line: 1))
    var q = n
    for u in ["1d2c", "1b1a"] { _ = q.play(Move(usi: u)!) }
    let solver = MateSolver(position: n, hashMB: 4, budget: nil)
    solver.pushPath(q.fullKey)
    let underQ = solver.search(remaining: MateSolver.unbounded, pathKey: MateSolver.childPathKey(0, q.fullKey))
    #expect(underQ.dn == 0 && underQ.pn != 0)
    #expect(underQ.restPly == 0)
    solver.popPath()
    let asRoot = solver.search(remaining: MateSolver.unbounded)
    #expect(asRoot.pn == 0 && asRoot.length == 3)
    let exact = solver.solve(firstProofOnly: false, treeDepth: 0)
    #expect(exact.verdict == .mate && exact.exact && exact.length == 3)
    #expect(n.verifyMate(exact.line) == nil)
}

@Test func disproofRestingOnItsOwnSubtreeHoldsOnAnyPath() throws {
    // A lone dragon against the king in the corner (a white pawn on 3a): no mate, the checks
    // end in repetitions (+R1c K2a +R2c K1a comes back). Searched under an unrelated ancestor
    // (the start position, ply 0), every repetition returns into the node's own subtree (plies
    // >= 1), so the disproof is stored as an ordinary one and answers on any other path.
    let r = try Position(sfen: "6p1k/9/7+R1/9/9/9/9/9/9 b - 1"[...], at: SourceLocation(file: "dragon", line: 1))
    let start = try Position(sfen: Position.startSFEN[...], at: SourceLocation(file: "start", line: 1))
    var brute = r
    #expect(!bruteMate(&brute, 7))
    let solver = MateSolver(position: r, hashMB: 4, budget: nil)
    solver.pushPath(start.fullKey)
    let v = solver.search(remaining: MateSolver.unbounded, pathKey: MateSolver.childPathKey(0, start.fullKey))
    solver.popPath()
    #expect(v.dn == 0 && v.pn != 0 && !v.repetition)
    let elsewhere = solver.table.lookup(r.boardKey, r.hands[solver.attacker], remaining: MateSolver.unbounded, pathKey: 0x1234_5678)
    #expect(elsewhere.dn == 0 && elsewhere.pn != 0 && !elsewhere.repetition)
}
