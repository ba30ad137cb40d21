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
// along 9i-1a, and the tokin on 3b guards 2a and 2b; the king has no step and nothing takes the
// bishop. Every interposition (2b ... 8h) is futile: the bishop takes it, one square nearer, and
// the position is again mate by these rules, down to 2b, where the bishop is guarded by the
// tokin (L0 = 0, D'' mate). So 3c3b+ is a composer mate in 1. Plain minimax counts an
// interposition: after most of them 2c2b (guarded by the tokin) mates, but a silver dropped on 3c
// guards 2b, takes the gold there and is taken by the tokin: 5 plies, a silver left in hand. No
// other first move mates at once (the gold on 2b or 1b is taken, 3c3b unpromoted leaves 2a).
let futileExample = "8k/9/6PG1/9/9/9/9/9/B8 b 2rb3g4s4n4l17p 1"

@Test func futileInterpositionsAreNotCounted() throws {
    let p = try position(futileExample)
    var q = p
    let plainThree = bruteMate(&q, 3)
    #expect(!plainThree)
    let plain = MateSolver(position: p, hashMB: 8, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
    #expect(plain.exact && plain.length == 5)
    #expect(plain.line.map(\.usi).prefix(2) == ["3c3b+", "S*3c"])
    let answer = composerAnswer(p, upper: plain.length)
    #expect(answer.exact && answer.forcedLength == 1)
    #expect(answer.line?.moves.map(\.usi) == ["3c3b+"])
    let bruteValue = ComposerBrute.attackerValue(&q, limit: 3)
    #expect(bruteValue == 1)
    // the plain line's interposition (ply 2) is the one not counted
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let uncounted = solver.uncountedInterpositions(plain.line)
    #expect(uncounted?.map(\.0) == [2])
    #expect(solver.replayComposerLine(["3c3b+"].compactMap(Move.init(usi:))) == nil)
}

// A defender node: white king 1a, black lance 2i (guards 2a and 2b up its file), black rook just
// dropped on 1i (check along the file). The king cannot step; only interpositions on 1b ... 1h
// remain, so it is no plain mate. With a black bishop on 3d guarding 1b, every interposition is
// futile (the rook takes it, one square nearer, down to 1b, where it is guarded: mate), so the
// node is a composer mate. Without the bishop, an interposition on 1b is effective (the rook takes
// it unguarded and the king takes the rook: D'' is no mate, L0 = 0), and so is every farther one
// (after its capture the defender interposes on 1b again): not a mate.
let guardedByBishop = "8k/9/9/6B2/9/9/9/9/7L1 b Rrb4g4s4n3l18p 1"
let unguarded = "8k/9/9/9/9/9/9/9/7L1 b Rr2b4g4s4n3l18p 1"

/// The position of `sfen` after the attacker's rook drop on 1i: a defender node.
func afterRookDrop(_ sfen: String) throws -> Position {
    var p = try position(sfen)
    p.play(try #require(Move(usi: "R*1i")))
    return p
}

@Test func futileAndEffectiveInterpositionsAtOneNode() throws {
    var futile = try afterRookDrop(guardedByBishop)
    let hasReply = futile.hasLegalMove()
    #expect(hasReply)
    #expect(composerDefenderMated(futile, attacker: 0, within: 0) == true)
    #expect(ComposerBrute.defenderMated(&futile, 0))

    var effective = try afterRookDrop(unguarded)
    #expect(composerDefenderMated(effective, attacker: 0, within: 0) == false)
    #expect(!ComposerBrute.defenderMated(&effective, 0))
    // every interposition judged: effective without the bishop, futile with it
    for (node, futileExpected) in [(effective, false), (futile, true)] {
        let solver = MateSolver(position: node, hashMB: 8, budget: nil, composer: true, attacker: 0)
        let n = solver.pos.generateLegal(solver.moves)
        solver.top = n
        #expect(n > 0 && solver.judgeReplies(base: 0, count: n, bound: 0, childPath: 0))
        #expect((0..<n).allSatisfy { (solver.childState[$0] == ChildState.futile) == futileExpected })
    }
}

/// The tanuki set's rows (id, published length, SFEN, ...), comments left out.
func tanukiRows() throws -> [(cols: [String], length: Int)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Puzzles/tsume/tour/tanuki_public.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
        let cols = line.split(separator: "\t").map(String.init)
        guard cols.count >= 3, let length = Int(cols[1]) else { return nil }
        return (cols, length)
    }
}

/// Tanuki problems of 1 and 3 plies (every one) and the first 40 of 5 plies: the composer
/// solver's forced length, main line length and end hand against the brute force.
@Test func composerAgreesWithBruteForceOnTanuki() throws {
    var fives = 0, checked = 0
    for (cols, length) in try tanukiRows() {
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

/// tanuki-03-0150 (published 3: P*1b 1a1b 1d2c+): 1d2c+ at once opens the lance on 1e, whose
/// check along 1d-1c-1b the defender can only block; the lance takes any piece on 1b, 1c or 1d
/// and stands guarded by the horse on 2c, while 2a (silver on 3b) and 2b (horse) are covered:
/// by hand, every such drop is futile and 1d2c+ is a composer mate in 1 (with the pawn left).
/// The record names those drops: all on 1b, 1c, 1d.
@Test func uncountedInterpositionsOfATanukiProblem() throws {
    let p = try position("8k/6S2/9/8B/8L/9/9/9/9 b P2rb4g3s4n3l17p 1")
    let answer = composerAnswer(p, upper: 3)
    #expect(answer.forcedLength == 1)
    guard let line = answer.line else { Issue.record("no line"); return }
    #expect(line.moves.map(\.usi) == ["1d2c+"])
    #expect(line.endHand.count(Piece.pawn) == 1)
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let found = try #require(solver.futileInterpositions(on: line))
    #expect(found.count == 1 && found[0].0 == 2)
    let squares = Set(found[0].1.map { Move.squareName($0.to) })
    #expect(squares == ["1b", "1c", "1d"])
    #expect(found[0].1.allSatisfy { $0.isDrop })
    var q = p
    #expect(ComposerBrute.attackerValue(&q, limit: 3) == 1)
}

/// The same listing as a record's fields; when the budget has run out in that phase (the
/// solver stopped), the listing says it is not complete, so that the record is not called solved
/// without it (`TsumeComposerRun.augment`).
@Test func uncountedListingSaysWhenTheBudgetStoppedIt() throws {
    let p = try position("8k/6S2/9/8B/8L/9/9/9/9 b P2rb4g3s4n3l17p 1")
    guard let line = composerAnswer(p, upper: 3).line else { Issue.record("no line"); return }
    let full = TsumeComposerRun.uncountedFields(line, plainLine: [], solver: MateSolver(position: p, hashMB: 8, budget: nil, composer: true))
    #expect(full.complete)
    let named = full.fields.first { $0.0 == "uncountedInterpositions" }?.1.arrayValue ?? []
    #expect(named.count == 1 && named[0]["ply"]?.intValue == 2)
    let drops = named.first?["moves"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(Set(drops.map { String($0.suffix(2)) }) == ["1b", "1c", "1d"] && drops.allSatisfy { $0.contains("*") })
    let ranOut = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    ranOut.stopped = true
    let cut = TsumeComposerRun.uncountedFields(line, plainLine: [], solver: ranOut)
    #expect(!cut.complete && cut.fields.isEmpty)
}

/// tanuki-03-0130 (2b2a+ then 1a1b 1c2b+ or 1a2a G*2b, both mate in 3): after 1a1b every mate
/// leaves the gold in hand, after 1a2a the gold is dropped; the main line takes 1a2a (rule 5),
/// where the plain line takes 1a1b. Checked by the brute force.
@Test func leftoverRuleChoosesTheMainLine() throws {
    let p = try position("7gk/7L1/8B/9/9/9/9/9/9 b 2rb3g4s3n3l18p 1")
    let plain = MateSolver(position: p, hashMB: 8, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
    let answer = composerAnswer(p, upper: plain.length)
    guard let line = answer.line else { Issue.record("no line"); return }
    #expect(line.moves.map(\.usi) == ["2b2a+", "1a2a", "G*2b"])
    #expect(line.endHand.isEmpty)
    var q = p
    let first = try #require(Move(usi: "2b2a+"))
    let cap = q.play(first)
    for (reply, leaves) in [("1a1b", true), ("1a2a", false)] {
        let r = try #require(Move(usi: reply))
        let rc = q.play(r)
        #expect(ComposerBrute.attackerValue(&q, limit: 1) == 1)
        // every mating move leaves a piece in hand, or none does
        var ends: [Bool] = []
        for c in ComposerBrute.checks(&q) {
            let cc = q.play(c)
            if ComposerBrute.defenderMated(&q, 0) { ends.append(!q.hands[0].isEmpty) }
            q.undo(c, captured: cc)
        }
        #expect(!ends.isEmpty && ends.allSatisfy { $0 == leaves }, "\(reply)")
        q.undo(r, captured: rc)
    }
    q.undo(first, captured: cap)
    let brute = ComposerBrute.mainLine(&q, value: 3)
    #expect(brute.moves.map(\.usi) == line.moves.map(\.usi))
}

let exemptionExample = "6bpk/6G1l/6L1G/5G3/9/8N/9/9/9 b G2rb4s3n2l17p 1"

/// tanuki-09-0027: the forced length is 7 plies (3b2a 1a2a P*2b, then 3a2b lasts to ply 7 and
/// leaves a piece in hand), but 2a1a, two plies shorter, ends with the hand empty (G*2a): by
/// the 2手長駒余り exemption the main line is the 5-ply one. Checked by the brute force at the
/// node where the lines part (three plies left) and on the forced length.
@Test func twoPlyLeftoverExemption() throws {
    let p = try position(exemptionExample)
    let answer = composerAnswer(p, upper: 7)
    #expect(answer.forcedLength == 7)
    guard let line = answer.line else { Issue.record("no line"); return }
    #expect(line.moves.map(\.usi) == ["3b2a", "1a2a", "P*2b", "2a1a", "G*2a"])
    #expect(line.endHand.isEmpty && line.exemptions == [3])
    var q = p
    let prefix = ["3b2a", "1a2a", "P*2b"].compactMap(Move.init(usi:))
    var caps: [Int] = []
    for m in prefix { caps.append(q.play(m)) }
    // at ply 4: 3a2b keeps the forced length (3 more plies), its line ends with pieces; 2a1a
    // is mated in 1 with the hand empty
    let longer = try #require(Move(usi: "3a2b")), shorter = try #require(Move(usi: "2a1a"))
    var c = q.play(longer)
    #expect(ComposerBrute.attackerValue(&q, limit: 3) == 3)
    #expect(!ComposerBrute.mainLine(&q, value: 3).end.isEmpty)
    q.undo(longer, captured: c)
    c = q.play(shorter)
    #expect(ComposerBrute.attackerValue(&q, limit: 3) == 1)
    #expect(ComposerBrute.mainLine(&q, value: 1).end.isEmpty)
    q.undo(shorter, captured: c)
    #expect(ComposerBrute.defenderLine(&q, value: 4).moves.map(\.usi) == ["2a1a", "G*2a"])
}

/// tanuki-03-0043: 3b2a+ 1a1b 2d2b+ (the published line) and 3e4d (the bishop checks along
/// 4d-1a) both mate in 3: a cook at ply 1; and the silver on 3b is not needed (without it the
/// bishop's line still mates in 3). Both checked against the brute force: every first move that
/// mates within 3, and every attacker piece whose removal keeps the length.
@Test func cookAndRedundantPieceFound() throws {
    let p = try position("8k/6S2/9/7L1/6B2/9/9/9/9 b 2rb4g3s4n3l18p 1")
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let answer = solver.composerSolve(upperBound: 3)
    guard let line = answer.line else { Issue.record("no line"); return }
    let report = solver.soundness(line: line, expected: nil, plainLength: 3, scope: .pieces)
    var q = p
    var bruteMating: Set<String> = []
    for c in ComposerBrute.checks(&q) {
        let cap = q.play(c)
        if ComposerBrute.defenderMated(&q, 2) { bruteMating.insert(c.usi) }
        q.undo(c, captured: cap)
    }
    #expect(bruteMating == Set([line.moves[0].usi] + report.cooks.filter { $0.ply == 1 }.map(\.move.usi)))
    #expect(report.cooks.map(\.move.usi).contains("3e4d"))
    var bruteRedundant: Set<String> = []
    for sq in 0..<81 {
        let piece = p.piece(sq)
        guard piece != 0, Piece.color(piece) == 0 else { continue }
        var r = p
        r.lift(sq)
        r.addHand(1, Piece.base(Piece.type(piece)))
        if ComposerBrute.attackerValue(&r, limit: 3) == 3 { bruteRedundant.insert(Move.squareName(sq)) }
    }
    #expect(bruteRedundant == ["3b"])
    #expect(report.redundantPieces.map { Set($0.map { Move.squareName($0.square) }) } == bruteRedundant)
    #expect(!report.flaws.isEmpty)
}

/// The positions the redundant-piece test makes from `p`: each attacker piece but the king lifted
/// to the defender's hand (tsume's rule 1), with its square, where that leaves the defender not in
/// check.
func liftedPiecePositions(_ p: Position) -> [(square: Int, position: Position)] {
    let attacker = p.sideToMove
    var out: [(square: Int, position: Position)] = []
    for sq in 0..<81 {
        let piece = p.piece(sq)
        guard piece != 0, Piece.color(piece) == attacker, Piece.type(piece) != Piece.king else { continue }
        var r = p
        r.lift(sq)
        r.addHand(1 - attacker, Piece.base(Piece.type(piece)))
        let k = Int(r.kingSquare[1 - attacker])
        if k >= 0, r.isAttacked(k, by: attacker) { continue }
        out.append((sq, r))
    }
    return out
}

/// No plain mate means no composer mate (MateSolver+PlainDisproof.swift): the positions the
/// redundant-piece test makes from the tanuki problems of 3 plies (an attacker piece lifted to
/// the defender's hand) that the plain search shows to have no mate at all, each checked by the
/// brute force of the composers' rules: none is mated within 5 plies; the solver's
/// `plainMateAtAll` never contradicts a plain solver of its own.
@Test func noPlainMateMeansNoComposerMate() throws {
    var noMate = 0, mate = 0
    for (cols, length) in try tanukiRows() where length == 3 {
        let p = try position(cols[2])
        let composer = MateSolver(position: p, hashMB: 4, budget: nil, composer: true)
        for (sq, r) in liftedPiecePositions(p) {
            let plain = MateSolver(position: r, hashMB: 4, budget: SearchBudget(limits: Limits(nodeLimit: 200_000)))
            let v = plain.search(remaining: MateSolver.unbounded)
            if plain.stopped { continue }
            composer.pos = r
            let probe = composer.plainMateAtAll(cap: 200_000)
            // the same answer where both finish (the probe's table, shared across calls, can
            // take it past its cap where a fresh one does not)
            #expect(!probe.noMate || v.dn == 0, "\(cols[0]) without \(Move.squareName(sq))")
            #expect(probe.upper == nil || v.pn == 0, "\(cols[0]) without \(Move.squareName(sq))")
            if v.pn == 0 { mate += 1; continue }
            noMate += 1
            var b = r
            #expect(!ComposerBrute.attackerMated(&b, 5), "\(cols[0]) without \(Move.squareName(sq)): no plain mate, a composer mate within 5")
        }
    }
    #expect(noMate > 500 && mate > 50, "\(noMate) without a mate, \(mate) with one")
}

/// tanuki-05-0001 (mate in 5) read against an expected length of 3: the defender's replies at
/// ply 2 that make the mate longer than 3 plies in all are the ones after which the attacker
/// needs more than one ply, by the brute force.
@Test func longerDefenceFound() throws {
    let p = try position("9/9/8k/7R1/7G1/9/9/9/9 b r2b3g4s4n4l18p 1")
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let answer = solver.composerSolve(upperBound: 5)
    guard let line = answer.line else { Issue.record("no line"); return }
    #expect(line.moves.count == 5)
    let report = solver.soundness(line: line, expected: 3, plainLength: 5, scope: .line)
    var q = p
    let first = line.moves[0]
    let cap = q.play(first)
    var bruteLonger: Set<String> = []
    for r in ComposerBrute.defences(&q, limit: 4) {
        let rc = q.play(r)
        if !ComposerBrute.attackerMated(&q, 1) { bruteLonger.insert(r.usi) }
        q.undo(r, captured: rc)
    }
    q.undo(first, captured: cap)
    #expect(!bruteLonger.isEmpty)
    #expect(Set(report.longerDefences.filter { $0.ply == 2 }.map(\.move.usi)) == bruteLonger)
    #expect(report.longerDefences.allSatisfy { $0.length == 5 && p.verifyMate($0.line) == nil })
    #expect(report.flaws.contains { $0.hasPrefix("longer defence") })
}

/// tanuki-09-0027 against an expected length of 7 (its forced length, which
/// `twoPlyLeftoverExemption` checks by brute force): the 5-ply main line comes from the 2-ply
/// exemption, so the report names the exemption and no shorter mate; against 9, a 7-ply forced
/// mate is a shorter mate.
@Test func exemptionIsNotAShorterMate() throws {
    let p = try position(exemptionExample)
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let answer = solver.composerSolve(upperBound: 7)
    let line = try #require(answer.line)
    #expect(line.moves.count == 5 && answer.forcedLength == 7)
    let atForced = solver.soundness(line: line, expected: 7, plainLength: 7, scope: .line)
    #expect(atForced.shorterMate == nil)
    #expect(atForced.exemptionShorter?.length == 5 && atForced.exemptionShorter?.forced == 7)
    let atNine = solver.soundness(line: line, expected: 9, plainLength: 7, scope: .line)
    #expect(atNine.shorterMate?.count == 5 && atNine.exemptionShorter == nil)
}

/// tanuki-09-0027 against an expected length of 3: at ply 2 the main line's reply 1a2a lasts
/// 5 more plies (forced, by the brute force), 7 in all, a longer defence. Its line must last
/// that forced length: the walk for it takes no 2-ply exemption. With the exemption, its sub-line
/// would end at ply 5 (2a1a G*2a at plies 4-5, the exemption `twoPlyLeftoverExemption` checks),
/// a 5-ply line reported for a 7-ply defence.
@Test func longerDefenceLineLastsItsForcedLength() throws {
    let p = try position(exemptionExample)
    let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
    let answer = solver.composerSolve(upperBound: 7)
    let line = try #require(answer.line)
    #expect(line.moves.map(\.usi) == ["3b2a", "1a2a", "P*2b", "2a1a", "G*2a"])
    // the brute force: after 3b2a 1a2a the attacker needs 5 plies
    var q = p
    let prefix = ["3b2a", "1a2a"].compactMap(Move.init(usi:))
    var caps: [Int] = []
    for m in prefix { caps.append(q.play(m)) }
    #expect(ComposerBrute.attackerValue(&q, limit: 5) == 5)
    for (m, c) in zip(prefix, caps).reversed() { q.undo(m, captured: c) }
    let report = solver.soundness(line: line, expected: 3, plainLength: 7, scope: .line)
    let atTwo = try #require(report.longerDefences.first { $0.ply == 2 && $0.move.usi == "1a2a" })
    #expect(atTwo.length == 7)
    #expect(atTwo.line.count == 7)
    #expect(Array(atTwo.line.prefix(3).map(\.usi)) == ["3b2a", "1a2a", "P*2b"])
    #expect(solver.replayComposerLine(atTwo.line) == nil)
}

/// Clean composer disproofs (no escape through an interposition under them) are stored for every
/// attacker hand the node's hand covers (`MateSolver+CleanDisproof.swift`). One table is filled by
/// searches with the problem's full hand, then asked about the same board with one piece of each
/// kind moved to the defender: every answer must equal the brute force's for that smaller hand
/// (about 1,300 of the smaller hands' lookups are answered by a larger hand's clean disproof),
/// and with one more of a kind it holds; then the full hand again. Tanuki problems of 3 and 5
/// plies with pieces in the attacker's hand (630).
@Test func cleanDisproofsHoldForOtherHands() throws {
    var problems = 0, asked = 0
    for (cols, length) in try tanukiRows() where length == 3 || length == 5 {
        let p = try position(cols[2])
        let attacker = p.sideToMove
        let kinds = (1...7).filter { p.hands[attacker].count($0) > 0 }
        if kinds.isEmpty { continue }
        problems += 1
        let solver = MateSolver(position: p, hashMB: 4, budget: nil, composer: true)
        for bound in [1, 3, 5] { _ = solver.search(remaining: bound) }
        for t in kinds {
            var q = p
            q.removeHand(attacker, t); q.addHand(1 - attacker, t)
            for bound in [1, 3, 5] {
                solver.pos = q
                let v = solver.search(remaining: bound)
                var r = q
                let brute = ComposerBrute.attackerMated(&r, bound)
                #expect((v.pn == 0) == brute, "\(cols[0]) without one of kind \(t), within \(bound)")
                #expect(v.pn == 0 || v.dn == 0, "\(cols[0])")
                asked += 1
            }
        }
        // one more of a kind already held (from the defender's hand), which no entry of the
        // smaller hands may answer
        for t in kinds where p.hands[1 - attacker].count(t) > 0 {
            var q = p
            q.removeHand(1 - attacker, t); q.addHand(attacker, t)
            for bound in [1, 3, 5] {
                solver.pos = q
                var r = q
                #expect((solver.search(remaining: bound).pn == 0) == ComposerBrute.attackerMated(&r, bound), "\(cols[0]) with one more of kind \(t), within \(bound)")
                asked += 1
            }
        }
        for bound in [1, 3, 5] {
            solver.pos = p
            var r = p
            #expect((solver.search(remaining: bound).pn == 0) == ComposerBrute.attackerMated(&r, bound), "\(cols[0]) within \(bound)")
        }
    }
    #expect(problems > 500 && asked > 2000)
}

/// The judgement cap (`MateSolver.judgeFirstCap`) only reorders the work: with a cap of one
/// node, every judgement that reaches the solver's next 4,096-node check stops there and is taken
/// up again later, and the answers are still the brute force's (tanuki, 1 to 5 plies) and the
/// book's (Shogi Zuko problems whose composer length equals it: 2, 5, 18, 85, 92).
@Test func cappedJudgementsGiveTheSameAnswers() throws {
    var stops: UInt64 = 0
    func capped(_ p: Position, upper: Int) -> ComposerAnswer {
        let solver = MateSolver(position: p, hashMB: 8, budget: nil, composer: true)
        solver.judgeFirstCap = 1
        // the refund game's disproofs would settle the bounds before any judgement
        solver.refundTurns = false
        defer { stops += solver.judgeStops }
        return solver.composerSolve(upperBound: upper)
    }
    var fives = 0
    for (cols, length) in try tanukiRows() where length <= 5 {
        if length == 5 { fives += 1; if fives > 40 { continue } }
        let p = try position(cols[2])
        var q = p
        let brute = ComposerBrute.attackerValue(&q, limit: length)
        let answer = capped(p, upper: length)
        #expect(answer.exact && answer.forcedLength == brute, "\(cols[0])")
    }
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Puzzles/tsume/bench/zukou.tsv")
    let zuko = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    for name in ["zukou-002", "zukou-005", "zukou-018", "zukou-085", "zukou-092"] {
        let cols = try #require(zuko.first { $0.first == name })
        let book = try #require(Int(cols[1]))
        let p = try position(cols[2])
        let plain = MateSolver(position: p, hashMB: 16, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
        let answer = capped(p, upper: plain.length)
        #expect(answer.exact && answer.length == book, "\(name)")
    }
    // the stopped judgements were met, and taken up again
    #expect(stops > 0)
}

/// `--walk-nodes`: the walk's budget for comparing leftovers. tanuki-09-0027 (above: forced
/// length 7, the exemption's no-leftover line 5 plies) needs the walk to compare its lines;
/// with no budget it keeps the first longest line, 7 plies with a piece in hand, and says so.
/// A value that is not a count is an error, not a default.
@Test func walkNodesBudgetsTheLeftoverComparison() throws {
    let problem = try exemptionProblem()
    func run(_ flags: [String: String]) -> Outcome {
        TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 16, treeDepth: 0, flags: flags))
    }
    let full = run([:]), none = run(["walk-nodes": "0"])
    #expect(full.result["composerLength"]?.intValue == 5 && full.result["composerWalkCapped"] == nil)
    #expect(none.result["composerLength"]?.intValue == 7 && none.result["composerWalkCapped"]?.boolValue == true)
    #expect(full.result["length"]?.intValue == 7 && none.result["length"]?.intValue == 7)
    let bad = run(["walk-nodes": "lots"])
    #expect(bad.status == .error && bad.error?.contains("--walk-nodes") == true)
}

/// `--resume` from a record that stopped after its exact lengths (in the soundness report, say):
/// the shortest mate (7, so nothing within 5) and the composer bound its shortening disproved
/// (5, the forced length being 7) are taken over, and the lengths come out the same.
@Test func resumeTakesOverAnExactRecordsBounds() throws {
    let problem = try exemptionProblem()
    let earlier = JSON.object([("position", .string(problem.recordText)), ("mate", true), ("length", 7), ("shortest", true),
                               ("composerIterations", .array([.object([("bound", 5), ("proven", .null)])]))])
    let resumed = TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 16, treeDepth: 0, earlier: earlier))
    #expect(resumed.continuedEarlier)
    #expect(resumed.result["resumedFrom"]?["lengthAtLeast"]?.intValue == 7)
    #expect(resumed.result["resumedFrom"]?["composerLengthAtLeast"]?.intValue == 7)
    #expect(resumed.result["length"]?.intValue == 7 && resumed.result["shortest"]?.boolValue == true)
    #expect(resumed.result["composerLength"]?.intValue == 5)
    let composerBounds = (resumed.result["composerIterations"]?.arrayValue ?? []).compactMap { $0["bound"]?.intValue }
    #expect(composerBounds.allSatisfy { $0 > 5 }, "\(composerBounds)")
}

/// The progress line follows the phases of a run: the first proof, the shortening's bounds, the
/// composer's bounds and walk, the soundness report (what a user watching a long run sees).
@Test func progressNamesEachPhase() throws {
    final class Lines: @unchecked Sendable {
        let lock = NSLock()
        var all: [String] = []
        func add(_ s: String) { lock.lock(); all.append(s); lock.unlock() }
    }
    let lines = Lines()
    let outcome = TsumeRun.run(try exemptionProblem(),
                               context: SolveContext(verb: .solve, hashMB: 16, treeDepth: 0, progress: { lines.add($0) }))
    #expect(outcome.result["composerLength"]?.intValue == 5)
    let phases = lines.all.map { $0.split(separator: ":").first.map(String.init) ?? $0 }
    // the first proof (7 plies) is shortened by searching within 5, then the composer's W within 5
    #expect(lines.all.first == "proving mate")
    #expect(lines.all.contains("shortest: mate in 7 proven, searching within 5"))
    #expect(lines.all.contains("composer: forced length at most 7, searching within 5"))
    #expect(lines.all.contains("composer: forced length 7, walking the main line"))
    #expect(lines.all.contains("soundness: cooks") && lines.all.contains("soundness: redundant pieces"))
    #expect(phases.firstIndex(of: "shortest")! < phases.firstIndex(of: "composer")!)
    #expect(phases.lastIndex(of: "composer")! < phases.firstIndex(of: "soundness")!)
    // composer 5 < plain 7: the record lists the interpositions the rules did not count, last
    #expect(lines.all.last == "the interpositions the composers' rules do not count")
}

/// `--node-limit` is the position's: the composer search after the plain one gets what the plain
/// search left, not a limit of its own (tanuki-09-0016, whose composer part takes several times
/// the plain one's nodes). The budget is polled every 4,096 nodes, hence the slack.
@Test func nodeLimitCoversThePlainAndTheComposerSearch() throws {
    let problem = TsumeProblem(name: "tanuki-09-0016", location: SourceLocation(file: "t.sfen", line: 1),
                               position: try position("5S2p/7L1/5RP1P/7Sk/9/9/9/9/9 b RS2b4gs4n3l15p 1"))
    func run(_ limit: UInt64?) -> Outcome {
        TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 16, treeDepth: 0,
                                                    budget: SearchBudget(limits: Limits(nodeLimit: limit))))
    }
    func stat(_ o: Outcome, _ name: String) -> UInt64 { UInt64(o.stats.first { $0.0 == name }?.1.intValue ?? 0) }
    let free = run(nil)
    #expect(free.status == .solved && free.result["length"]?.intValue == 9)
    let composer = stat(free, "composerNodes"), plain = stat(free, "nodes") - composer
    #expect(composer > 4 * 4096, "the composer part must outlast the limit for the test to say anything")
    let limit = plain + 2 * 4096
    let limited = run(limit)
    #expect(limited.status == .limit)
    #expect(stat(limited, "nodes") <= limit + 4096, "\(stat(limited, "nodes")) nodes against a limit of \(limit)")
}

/// tanuki-09-0027 (`exemptionExample`) as a problem of a file, for the runs above.
func exemptionProblem() throws -> TsumeProblem {
    TsumeProblem(name: "tanuki-09-0027", location: SourceLocation(file: "t.sfen", line: 1), position: try position(exemptionExample))
}
