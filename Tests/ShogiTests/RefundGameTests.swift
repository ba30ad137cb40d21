// The refund game (MateSolver+Refund.swift) against a brute force of its own rules and of the
// composers' rules: the solver's answers are the refund game's, and no composer mate is ever
// missing from the refund game (so a refund disproof is a composer disproof).
import Testing
@testable import Shogi
import SolverKit

/// A brute-force transcription of the refund game, independent of the solver: plain minimax, but
/// an interposition against one distant sliding check, taken at once by the checking piece
/// (with check), costs no plies.
enum RefundBrute {
    static func attackerMated(_ p: inout Position, _ n: Int) -> Bool {
        if n < 1 { return false }
        for c in ComposerBrute.checks(&p) {
            let cap = p.play(c)
            let mated = defenderMated(&p, n - 1)
            p.undo(c, captured: cap)
            if mated { return true }
        }
        return false
    }

    static func defenderMated(_ p: inout Position, _ n: Int) -> Bool {
        let (between, checker) = ComposerBrute.interposition(p)
        for r in ComposerBrute.legal(&p) {
            let cap = p.play(r)
            var mated = attackerMated(&p, n - 1)
            if !mated, Geometry.has(between, r.to) {
                for c in ComposerBrute.legal(&p) where !c.isDrop && c.from == checker && c.to == r.to {
                    let taken = p.play(c)
                    mated = p.inCheck && defenderMated(&p, n)
                    p.undo(c, captured: taken)
                    if mated { break }
                }
            }
            p.undo(r, captured: cap)
            if !mated { return false }
        }
        return true
    }
}

/// The tanuki problems of 3 plies and the positions the redundant-piece test makes from them (an
/// attacker piece lifted to the defender's hand): for bounds 1 and 3 (5 for the first ones), the
/// refund solver answers as the brute force of the refund game, and every position the brute
/// force of the composers' rules mates within the bound is refund-mated within it. Refunds must
/// make a difference somewhere: some positions are refund-mated within a bound that plain
/// minimax is not.
@Test func refundGameAgreesWithBruteForceAndBoundsTheComposers() throws {
    var compared = 0, refundOnly = 0, composerMates = 0, futileMates = 0
    for (cols, length) in try tanukiRows() where length == 3 || length == 5 {
        let p = try position(cols[2])
        let attacker = p.sideToMove
        let positions = [p] + (length == 3 ? liftedPiecePositions(p).map(\.position) : [])
        for q in positions {
            for bound in length == 5 ? [3, 5] : compared < 400 ? [1, 3, 5] : [1, 3] {
                let solver = MateSolver(position: q, hashMB: 4, budget: nil, attacker: attacker, refund: true)
                solver.extractionNodeCap = 200_000
                let v = solver.search(remaining: bound)
                if solver.stopped { continue }
                var b = q
                let brute = RefundBrute.attackerMated(&b, bound)
                #expect((v.pn == 0) == brute && (v.pn == 0 || v.dn == 0), "\(cols[0]) \(q.sfen) within \(bound)")
                var c = q
                if ComposerBrute.attackerMated(&c, bound) {
                    composerMates += 1
                    #expect(brute, "\(cols[0]) \(q.sfen): a composer mate within \(bound), no refund mate")
                }
                if brute {
                    let plain = MateSolver(position: q, hashMB: 4, budget: nil, attacker: attacker)
                    if plain.search(remaining: bound).pn != 0 {
                        refundOnly += 1
                        var d = q
                        if ComposerBrute.attackerMated(&d, bound) { futileMates += 1 }
                    }
                }
                compared += 1
            }
        }
    }
    #expect(compared > 1000 && composerMates > 200 && refundOnly > 10,
            "\(compared) compared, \(composerMates) composer mates, \(refundOnly) refund mates plain minimax lacks")
}
