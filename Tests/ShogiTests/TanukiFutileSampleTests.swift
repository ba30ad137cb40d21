// A sample of the tanuki problems whose composer length is shorter than the published
// (plain-minimax) one, each reasoned by hand in its comment: which interpositions are futile and
// why, so that the solver's naming of them is checked against an argument, not its own output.
import Foundation
import Testing
import SolverKit
@testable import Shogi

/// The drops of every piece type the defender holds, on `squares`, as the set of USI moves.
private func drops(_ pieces: String, on squares: [String]) -> Set<String> {
    Set(pieces.flatMap { p in squares.map { "\(p)*\($0)" } })
}

/// tanuki-03-0465 (published 3). Black rook 6a, bishop 4a, lance 3c; white king 2a; white holds
/// b 4g 4s 4n 3l 18p (no rook: black has the other one in hand). 4a2c+ makes a horse on 2c and
/// opens the rook's check along 5a-4a-3a. The king cannot step: 1a lies beyond it on the rook's
/// line, 1b, 2b, 3b are the horse's, 3a the rook's and the lance's. Nothing takes the rook. So
/// the only replies are drops on 3a, 4a, 5a. The rook takes a piece on 3a and stands there
/// guarded by the lance (3b empty): mate again (L0 = 0, D'' mate); on 4a or 5a it takes and
/// checks from one square nearer, with the same replies. Every drop is futile: 4a2c+ is a
/// composer mate in 1. Six piece types (P L N S B G) on three squares: 18 drops.
@Test func tanukiRookDiscoveredCheckDropsAreFutile() throws {
    let p = try position("3R1B1k1/9/6L2/9/9/9/9/9/9 b Rb4g4s4n3l18p 1")
    let answer = composerAnswer(p, upper: 3)
    #expect(answer.forcedLength == 1)
    let line = try #require(answer.line)
    #expect(line.moves.map(\.usi) == ["4a2c+"])
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let found = try #require(solver.futileInterpositions(on: line))
    #expect(found.count == 1 && found.first?.0 == 2)
    #expect(Set(found.first?.1.map(\.usi) ?? []) == drops("PLNSBG", on: ["3a", "4a", "5a"]))
}

/// tanuki-05-0040 (published 5). Black golds 3a and 2c, silver 1d, lance 1e; white king 1a;
/// black holds nothing. 1d2e opens the lance's check along 1d-1c-1b. The king cannot step: 2a is
/// the gold 3a's, 2b and 1b the gold 2c's. Only drops on 1b, 1c, 1d remain: the lance takes on
/// 1b guarded by the gold 2c (mate), or on 1c / 1d and checks again from nearer. All 21 drops
/// (seven piece types, three squares) are futile; 1d2e is a composer mate in 1, with the hand
/// empty.
@Test func tanukiLanceDiscoveredCheckDropsAreFutile() throws {
    let p = try position("6G1k/9/7G1/8S/8L/9/9/9/9 b 2r2b2g3s4n3l18p 1")
    let answer = composerAnswer(p, upper: 5)
    #expect(answer.forcedLength == 1)
    let line = try #require(answer.line)
    #expect(line.moves.map(\.usi) == ["1d2e"])
    #expect(line.endHand.isEmpty)
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let found = try #require(solver.futileInterpositions(on: line))
    #expect(found.count == 1 && found.first?.0 == 2)
    #expect(Set(found.first?.1.map(\.usi) ?? []) == drops("PLNSBGR", on: ["1b", "1c", "1d"]))
}

/// tanuki-05-0084 (published 5: 2c3b 2a1a P*1b 1a1b 1d2c+). Black silver 2c, bishop 1d, lance 1e,
/// a pawn in hand; white king 2a. P*2b checks (the silver guards the pawn, 1b and 3b); the king
/// goes to 3a or 1a. After 2a3a, 2c3b+ mates (the gold covers 2a 4a 4b, the bishop on 1d guards
/// it through the empty 2c; 2b is the pawn's). After 2a1a, the bishop leaves 1d and opens the
/// lance: 2a is the pawn's, 2b and 1b the silver's, so only drops on 1b, 1c, 1d remain, futile as
/// in tanuki-05-0040. So the composer length is 3, while the main line (2a3a) meets no
/// interposition: the futile ones are in the variation 2a1a, and the record names them there.
@Test func tanukiFutileDropsInAVariationAreNamed() throws {
    let p = try position("7k1/9/7S1/8B/8L/9/9/9/9 b P2rb4g3s4n3l17p 1")
    let answer = composerAnswer(p, upper: 5)
    #expect(answer.forcedLength == 3)
    let line = try #require(answer.line)
    #expect(line.moves.map(\.usi) == ["P*2b", "2a3a", "2c3b+"])
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let onLine = try #require(solver.futileInterpositions(on: line))
    #expect(onLine.isEmpty)
    let tree = try #require(solver.futileInterpositionsInTree(line: line.moves, value: 3))
    #expect(!tree.capped)
    #expect(tree.found.count == 1)
    let v = try #require(tree.found.first)
    #expect(v.path.count == 3 && v.path.prefix(2).map(\.usi) == ["P*2b", "2a1a"])
    #expect(v.path.last.map { !$0.isDrop && Move.squareName($0.from) == "1d" } == true)
    #expect(Set(v.moves.map(\.usi)) == drops("PLNSBGR", on: ["1b", "1c", "1d"]))
}
