// A plain-minimax search as a guide for the composer search: a plain mate within n plies is a
// composer mate within n (rule 4 of Puzzles/tsume/README.md: the composer's defender has a subset
// of the plain defender's replies, the futile interpositions left out, at every node, so by
// induction on n every plain proof tree is a composer proof tree of the same bound; repetitions
// are judged alike). Plain proofs are cheap where composer proofs are not: the plain table keeps
// hand superiority (the composer's cannot, the futility rule not being monotone in the
// attacker's hand) and judges no interposition. So each top-level composer search first asks a
// plain search of the same bound, with a node cap; only a disproof, or a proof not found within
// the cap, falls through to the composer search. A plain disproof says nothing here.
import SolverKit

extension MateSolver {
    /// Nodes one plain probe may take before the composer search takes over.
    static let plainProbeCap: UInt64 = 200_000

    /// The plain solver that guides this composer solver (same attacker, its own table with
    /// hand superiority), made on first use.
    func makePlainGuide() -> MateSolver {
        if let g = plainGuide { return g }
        let g = MateSolver(position: pos, hashMB: plainGuideMB, budget: nil, attacker: attacker)
        plainGuide = g
        return g
    }

    /// A plain mate of the current position within `remaining` plies (`pathKey` and this solver's
    /// path: its ancestors), found within `plainProbeCap` nodes: stored in the composer table as
    /// a composer mate of that length (an upper bound, as every composer proof length) and
    /// returned; nil when the plain search disproves or runs out of its cap. The probe's nodes
    /// count against this solver's budget.
    func plainProbe(remaining: Int, pathKey: UInt64) -> NodeValue? {
        guard composer, remaining >= 1, !plainProbeRootOnly || pathLength == 0 else { return nil }
        let known = table.lookup(pos.boardKey, attackerHand, remaining: remaining, pathKey: pathKey)
        if known.pn == 0 || known.dn == 0 { return nil }
        let g = makePlainGuide()
        g.pos = pos
        for i in 0..<pathLength { g.pushPath(pathKeys[i]) }
        defer { while g.pathLength > 0 { g.popPath() } }
        // in the shortening, at the root only and for a tenth: below the plain length it fails
        var cap = nodes + (plainProbeRootOnly ? MateSolver.plainProbeCap / 10 : MateSolver.plainProbeCap)
        if let limit = budget?.limits.nodeLimit { cap = min(cap, max(limit, nodes)) }
        g.nodes = nodes
        g.extractionNodeCap = cap
        g.stopped = false
        let v = g.search(remaining: remaining, pathKey: pathKey)
        g.stopped = false
        plainProbeNodes &+= g.nodes &- nodes
        nodes = g.nodes
        if let b = budget, b.shouldStop(nodes: nodes) { stopped = true }
        guard v.pn == 0 else { if pathLength == 0 { lastProbeFailed = true }; return nil }
        let hand = attackerHand
        table.storeProven(pos.boardKey, current: hand, proofHand: hand, length: v.length, amount: 1)
        return NodeValue(pn: 0, dn: infinitePN, length: v.length, hand: hand)
    }
}
