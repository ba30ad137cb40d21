// The composers' rules (Puzzles/tsume/README.md): small constructed positions whose values are
// worked out by hand (in the comments) and by the brute force of ComposerBruteForce.swift, never
// copied from the solver's output.
import Foundation
import Testing
import SolverKit
@testable import Shogi

/// The composer solver's exact forced length from a plain upper bound, and its main line.
func composerAnswer(_ p: Position, upper: Int) -> ComposerAnswer {
    MateSolver(position: p, hashMB: 8, budget: nil, composer: true).composerSolve(upperBound: upper)
}

/// Is the defender node `p` (defender to move, `attacker` mating) mated within `plies`?
func composerDefenderMated(_ p: Position, attacker: Int, within plies: Int) -> Bool? {
    MateSolver(position: p, hashMB: 8, budget: nil, composer: true, attacker: attacker).composerMated(within: plies, pathKey: 0)
}

// After the example of Wikipedia's 合駒 article (無駄合): white king 1a, black gold 2c (guards
// 1b and 2b), black pawn 3c in front of a black bishop on 9i. 3c3b+ opens the bishop's check
// along 9i-1a, and the tokin on 3b guards 2a and 2b (no other first move mates: the gold on 2b
// or 1b is taken, 3c3b unpromoted leaves 2a). Every interposition (2b ... 8h, seven squares) is
// taken by the bishop; on 2b the bishop is guarded by the tokin: mate. Plain minimax counts each
// interposition (a pawn each time: a captured pawn cannot be dropped on 1b, it would be a
// pawn-drop mate): 1 + 7 x 2 = 15 plies. By the composers' rules each one is futile (after the
// capture, the bishop one square nearer, the position is mated within L0 = 0, recursively down to
// 2b): mate in 1.
let futileExample = "8k/9/6PG1/9/9/9/9/9/B8 b 2rb3g4s4n4l17p 1"

@Test func futileInterpositionsAreNotCounted() throws {
    let p = try position(futileExample)
    let plain = MateSolver(position: p, hashMB: 8, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
    #expect(plain.exact && plain.length == 15)
    let answer = composerAnswer(p, upper: plain.length)
    #expect(answer.exact && answer.forcedLength == 1)
    #expect(answer.line?.moves.map(\.usi) == ["3c3b+"])
    var q = p
    #expect(ComposerBrute.attackerValue(&q, limit: 3) == 1)
    // the plain line's seven interpositions are the ones not counted
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let uncounted = solver.uncountedInterpositions(plain.line)
    #expect(uncounted?.count == 7)
    #expect(uncounted?.map(\.0) == [2, 4, 6, 8, 10, 12, 14])
    #expect(solver.replayComposerLine(["3c3b+"].compactMap(Move.init(usi:))) == nil)
}

// A defender node (white to move) in check from a black rook on 1i: white king 1a, black gold
// 3a (guards 2a), black lance 2i (guards 2b up its file). With a black knight on 2d guarding 1b,
// every interposition on 1b ... 1h is futile (the rook takes it and ends on 1b guarded by the
// knight: mate), so the node is mate; plain minimax counts 7 interpositions (pawns, as above):
// 14 more plies. Without the knight, the interposition on 1b is effective: the rook takes it,
// unguarded, and the king takes the rook (after which black has no check left but a pawn drop
// on 1c, which the king takes): no mate at all, under either rules.
let guardedByKnight = "6G1k/9/9/7N1/9/9/9/9/7LR b r2b3g4s3n3l18p 1"
let unguarded = "6G1k/9/9/9/9/9/9/9/7LR b r2b3g4s4n3l18p 1"

/// The position of `sfen` (black to move, as tsume files have it) with white to move instead:
/// a defender node, which the SFEN reader does not take (black, not to move, has no king).
func defenderNode(_ sfen: String) throws -> Position {
    var p = try position(sfen)
    p.sideToMove = 1
    p.boardKey ^= Zobrist.shared.side
    return p
}

@Test func futileAndEffectiveInterpositionsAtOneNode() throws {
    let futile = try defenderNode(guardedByKnight)
    #expect(composerDefenderMated(futile, attacker: 0, within: 0) == true)
    var q = futile
    #expect(ComposerBrute.defenderMated(&q, 0))
    let plain = MateSolver(position: futile, hashMB: 8, budget: nil, attacker: 0)
    #expect(plain.mateWithin(14, pathKey: 0) == true)
    #expect(plain.mateWithin(12, pathKey: 0) == false)

    let effective = try defenderNode(unguarded)
    #expect(composerDefenderMated(effective, attacker: 0, within: 0) == false)
    #expect(composerDefenderMated(effective, attacker: 0, within: 20) == false)
    var r = effective
    #expect(!ComposerBrute.defenderMated(&r, 0))
    #expect(!ComposerBrute.defenderMated(&r, 4))
}

/// Tanuki problems of 1 and 3 plies (every one) and the first 40 of 5 plies: the composer
/// solver's forced length, main line length and end hand against the brute force.
@Test func composerAgreesWithBruteForceOnTanuki() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Puzzles/tsume/tanuki_public.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    var fives = 0, checked = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let cols = line.split(separator: "\t").map(String.init)
        guard cols.count >= 3, let length = Int(cols[1]) else { continue }
        if length > 5 { continue }
        if length == 5 { fives += 1; if fives > 40 { continue } }
        let p = try position(cols[2])
        let plain = MateSolver(position: p, hashMB: 4, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
        let answer = composerAnswer(p, upper: plain.length)
        var q = p
        let brute = ComposerBrute.attackerValue(&q, limit: plain.length)
        #expect(answer.exact && answer.forcedLength == brute, "\(cols[0])")
        if let brute, let line = answer.line {
            let main = ComposerBrute.mainLine(&q, value: brute)
            #expect(line.moves.count == main.moves.count, "\(cols[0])")
            #expect(line.endHand == main.end, "\(cols[0])")
        }
        checked += 1
    }
    #expect(checked > 100)
}
