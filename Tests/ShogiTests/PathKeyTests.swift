// Repetition entries of the mate table hold for one set of ancestors only (the GHI problem):
// two paths that transpose through different ancestors must not share them.
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
    solver.table.storeRepetition(p1.boardKey, hand, pathKey: k1, remaining: 99, amount: 1)
    let own = solver.table.lookup(p1.boardKey, hand, remaining: 99, pathKey: k1)
    #expect(own.dn == 0 && own.repetition)
    let other = solver.table.lookup(p2.boardKey, hand, remaining: 99, pathKey: k2)
    #expect(other.dn != 0)
}
