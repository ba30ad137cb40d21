// No plain-minimax mate means no composer mate: where the soundness report must show that a
// position has no mate under the composers' rules (a lifted piece, a check that might be a cook,
// a check at the root), a plain search for no mate at all can settle it (with hand superiority,
// judging no interposition) before the composer search.
//
// Why it holds. Take a composer proof (rules 1-4 of Puzzles/tsume/README.md) and play it under
// plain minimax: the attacker plays the proof's checks; a defender reply that is not futile is
// met as in the proof; a futile interposition is met by the capture that makes it futile, which
// leaves the position D'' (mated under the composers' rules) except that the captured piece is
// in the attacker's hand instead of the defender's, and under plain minimax a piece more for the
// attacker and one fewer for the defender never turns a mate into no mate (the monotonicity the
// plain table's hand superiority rests on). By induction, every position in the proof is a plain
// mate. The induction is on (the defender node's bound, the squares between the king and the
// checking piece): a reply that is no interposition leads to a node of a smaller bound; D''
// has a bound no larger (L0 is at most the node's) and fewer squares between, the checking
// piece having moved closer on its line (or a double check, which no piece can block). A plain
// strategy built this way is finite, and a finite one can drop any repetition it meets by
// playing on from the later occurrence. So a plain disproof of the root (one that does not rest on
// the search's ply limit) is a composer disproof, for every bound.
//
// zukou-060's dragon on 5g, lifted for the redundant-piece test: no plain mate after 10,021
// nodes, where the composer search took 125.7M nodes to show none within 29.
import SolverKit

extension MateSolver {
    /// Is the current position mated within `bound` plies under the composers' rules (`pathKey`
    /// its ancestors)? First a composer search of at most `quickCap` nodes, which settles the
    /// easy cases (in a mate in 5 an unbounded plain search can take its whole cap where the
    /// bounded one takes a few hundred nodes); then a plain search of at most `plainCap` for no
    /// mate at all; then the composer search to its end. nil when the budget ran out.
    func composerMatedOrNoMate(within bound: Int, pathKey: UInt64, quickCap: UInt64, plainCap: UInt64) -> Bool? {
        // nil from composerMated: the budget ran out
        if let quick = withJudgeCap(quickCap, { composerMated(within: bound, pathKey: pathKey) }) { return quick }
        if plainMateAtAll(cap: plainCap).noMate { return false }
        return composerMated(within: bound, pathKey: pathKey)
    }

    /// A plain-minimax search of the current position without a bound, by the plain guide
    /// (`MateSolver+PlainGuide.swift`: its table, with hand superiority, serves every call),
    /// with nothing on its path, stopped after `cap` nodes; its nodes count in this solver's.
    /// `noMate` when it disproved the position (no mate under plain minimax, so none under the
    /// composers' rules either; not resting on the ply limit); `upper` the length of the mate it
    /// found, if it found one (a bound only where the path holds no repetition of it).
    func plainMateAtAll(cap: UInt64) -> (noMate: Bool, upper: Int?) {
        let g = makePlainGuide()
        g.pos = pos
        guard let (v, finished) = searchCapped(by: g, remaining: MateSolver.unbounded, cap: cap) else { return (false, nil) }
        if !finished { return (false, nil) }
        if v.pn == 0 { return (false, Int(v.length)) }
        return (v.dn == 0 && v.restPly >= 0, nil)
    }

    /// `helper` (a solver of its own, set on the current position) searched within `remaining`
    /// plies for at most `cap` nodes, and no further than this solver's budget, extraction cap or
    /// judgement cap allow; its nodes count in this solver's. The value, and whether it finished;
    /// nil when no node was left to spend.
    func searchCapped(by helper: MateSolver, remaining: Int, cap: UInt64) -> (value: NodeValue, finished: Bool)? {
        var allowed = cap
        for end in [budgetNodeEnd, extractionNodeCap, judgeLimit].compactMap({ $0 }) { allowed = min(allowed, end &- min(end, nodes)) }
        if allowed == 0 { return nil }
        // a solver tests its caps every 4,096 nodes (`countNode`), so the count starts `allowed`
        // under such a multiple: the search stops after exactly `allowed` nodes
        let end: UInt64 = 1 << 40
        helper.nodes = end - allowed
        helper.extractionNodeCap = end
        helper.stopped = false
        let v = helper.search(remaining: remaining)
        let finished = !helper.stopped
        helper.stopped = false
        nodes &+= helper.nodes &- (end - allowed)
        if let b = budget, b.shouldStop(nodes: nodes &+ budgetNodeBase) { stopped = true }
        return (v, finished)
    }
}
