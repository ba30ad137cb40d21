// A plain-minimax search as a guide for the composer's main-line walk: a plain mate within n plies is a
// composer mate within n (rule 4 of Puzzles/tsume/README.md: the composer's defender has a subset
// of the plain defender's replies, the futile interpositions left out, at every node, so by
// induction on n every plain proof tree is a composer proof tree of the same bound; repetitions
// are judged alike). Plain proofs are cheap where composer proofs are not: the plain table keeps
// hand superiority (the composer's cannot, the futility rule not being monotone in the
// attacker's hand) and judges no interposition. When the forced length W comes from the plain
// upper bound (the composer search disproved W - 2 and never proved W), the composer table holds
// no proof tree to walk; then each top-level composer search of the walk and the soundness
// report first asks a plain search of the same bound, with a node cap; only a disproof, or a
// proof not found within the cap, falls through to the composer search. A plain disproof says
// nothing here. In the shortening the probes cost more than they save: below the plain length
// they all fail (zukou-013: 6.05M -> 7.39M nodes with them).
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
        guard composer, remaining >= 1 else { return nil }
        let known = table.lookup(pos.boardKey, attackerHand, remaining: remaining, pathKey: pathKey)
        if known.pn == 0 || known.dn == 0 { return nil }
        let g = makePlainGuide()
        g.pos = pos
        for i in 0..<pathLength { g.pushPath(pathKeys[i]) }
        defer { while g.pathLength > 0 { g.popPath() } }
        var cap = nodes + MateSolver.plainProbeCap
        if let end = budgetNodeEnd { cap = min(cap, max(end, nodes)) }
        g.nodes = nodes
        g.extractionNodeCap = cap
        g.stopped = false
        let v = g.search(remaining: remaining, pathKey: pathKey)
        g.stopped = false
        plainProbeNodes &+= g.nodes &- nodes
        nodes = g.nodes
        if let b = budget, b.shouldStop(nodes: nodes &+ budgetNodeBase) { stopped = true }
        guard v.pn == 0 else { return nil }
        let hand = attackerHand
        table.storeProven(pos.boardKey, current: hand, proofHand: hand, length: v.length, amount: 1)
        return NodeValue(pn: 0, dn: infinitePN, length: v.length, hand: hand)
    }
}
