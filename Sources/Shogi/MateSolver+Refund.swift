// The refund game: a lower bound on the composers' forced length W that plain df-pn can search.
// It is plain minimax but for one thing: at a defender node in check from one sliding piece not
// next to the king, an interposition (rule 2 of Puzzles/tsume/README.md) captured at once by the
// checking piece (promoting or not) costs no plies, the pair refunded. Searches are bounded and
// have no repetition rule (with the bound, a line's plies or, across refunds, the defender's
// pieces fall at every step, so no line is endless), and the table keeps exact hands.
//
// Why a refund disproof is a composer disproof: a composer mate within n is a refund mate within
// n. Play the composer proof in the refund game. A reply that is not futile is met as in the
// proof, its plies counted alike. A futile interposition r is met by the capture that makes it
// futile: D'' (rule 3, the piece given back to the defender) is composer-mated within L0, and
// L0 <= n at a node mated within n; refunded, the refund game stands at D' with n plies, D'
// being D'' with the piece in the attacker's hand instead, which takes nothing from the attacker
// and a piece from the defender, so D' is refund-mated within L0 <= n whenever D'' is. The
// induction is on (the bound, the squares between the king and the checking piece), as in
// MateSolver+PlainDisproof.swift: D'' has a bound no larger and the checker nearer. A defender
// node whose only replies are futile interpositions (mate by rule 3) is refund-mated in 0: each
// D'' is mated within L0 = 0. Repetitions: the composer proof's lines repeat nothing, and the
// refund game forbids no line, so nothing is lost in translation.
//
// The converse fails only where an effective interposition is captured profitably: the refund
// game does not count such a pair, so its length can fall short of W, never exceed it.
import SolverKit

extension MateSolver {
    /// What a capped refund search found.
    enum RefundOutcome: Equatable {
        /// No refund mate (so no composer mate) within this many plies (at least the bound).
        case noMate(Int)
        /// A refund mate within the bound: it says nothing of the composer's.
        case mate
        /// The cap, or the budget, stopped it.
        case open
    }

    /// Nodes of the composer search's first turn in `composerSearch` (the refund search's turns
    /// take half as many as the composer turn before them); each later turn twice as many. On
    /// zukou-007, 010, 029 and 060 together (bench tsume-composer): 6.40M nodes without refund
    /// turns, 6.82M with turns as long as the composer's, 6.25M with half, 6.51M with a quarter.
    static let refundFirstCap: UInt64 = 1_024

    /// The refund solver of this composer solver (same attacker, its own table), made on first use.
    func makeRefundSolver() -> MateSolver {
        if let r = refundSolver { return r }
        let r = MateSolver(position: pos, hashMB: refundMB, budget: nil, attacker: attacker, refund: true)
        refundSolver = r
        return r
    }

    /// The refund game on the current position (attacker or defender to move) within `bound`
    /// plies, stopped after `cap` nodes, counted in this solver's (the refund solver's table
    /// keeps its work for the next call).
    func refundSearch(within bound: Int, cap: UInt64) -> RefundOutcome {
        guard bound >= 0, bound < MateSolver.maxPly / 2 else { return .open }
        let r = makeRefundSolver()
        r.pos = pos
        let before = nodes
        guard let (v, finished) = searchCapped(by: r, remaining: bound, cap: cap) else { return .open }
        refundNodes &+= nodes &- before
        if !finished { return .open }
        if v.pn == 0 { return .mate }
        return v.dn == 0 ? .noMate(v.depth == noMateAtAll ? Int(noMateAtAll) : Int(v.depth)) : .open
    }

    /// The composer search of the current position within `bound` plies, in turns with the
    /// refund search, each turn twice as long as the last of the same search, until either
    /// settles it (a refund mate ends the refund's turns). The composer search goes first, so
    /// that the many small searches (a futility judgement's) pay nothing for the refund game. A
    /// refund disproof comes back as a disproof of its depth; the composer table does not hold
    /// it. Where the composer search's disproof is out of reach (zukou-006 within 79: 4.49G
    /// composer nodes left it open) the refund game's takes a minute (42M nodes).
    func composerSearch(within bound: Int, pathKey: UInt64 = 0) -> NodeValue {
        if !refundTurns { return search(remaining: bound, pathKey: pathKey) }
        var cap = MateSolver.refundFirstCap
        while true {
            if let v = withJudgeCap(cap, { search(remaining: bound, pathKey: pathKey) }) { return v }
            switch refundSearch(within: bound, cap: cap / 2) {
            case .noMate(let depth):
                return NodeValue(pn: infinitePN, dn: 0, depth: UInt16(min(depth, Int(noMateAtAll))), hand: attackerHand)
            case .mate:
                return search(remaining: bound, pathKey: pathKey)
            case .open:
                if stopped { return NodeValue(pn: 1, dn: 1) }
            }
            cap = min(cap &* 2, 1 << 40)
        }
    }

    /// Refund mode, a defender node with no ply left: true when every reply is an interposition
    /// (each may still be refunded into a mate), so the node is searched instead of disproven.
    func refundMayMate(_ replies: UnsafeMutablePointer<Move>, _ n: Int) -> Bool {
        let squares = interpositionSquares().squares
        if squares == 0 { return false }
        for i in 0..<n where !Geometry.has(squares, replies[i].to) { return false }
        return true
    }

    /// df-pn's loop at a defender node in refund mode (the replies at `moves[base..<base + n]`,
    /// their children's keys and values set by `mid`). A reply that is an interposition is an OR
    /// of its child (the attacker to move, `remaining - 1` plies) and of the positions after the
    /// checking piece takes it (the defender to move, `remaining` plies: the pair refunded).
    func refundDefenderNode(_ base: Int, _ n: Int, key: UInt64, hand: Hand, thpn: UInt32, thdn: UInt32,
                            remaining: Int, childPath: UInt64, startNodes: UInt64) -> NodeValue {
        // The refund children, after the replies in the arena.
        let (squares, checker) = interpositionSquares()
        var extra = 0
        for i in 0..<n {
            refundCount[base + i] = 0
            let r = moves[base + i]
            guard squares != 0, Geometry.has(squares, r.to) else { continue }
            let at = base + n + extra
            let capR = pos.play(r)
            let checks = pos.generateChecks(moves + at)
            var kept = 0
            for j in 0..<checks {
                let c = moves[at + j]
                if !c.isDrop, c.from == checker, c.to == r.to { moves[at + kept] = c; kept += 1 }
            }
            for j in at..<(at + kept) {
                let k = pos.keysAfter(moves[j], handOf: attacker)
                childKey[j] = k.boardKey; childFull[j] = k.fullKey; childHand[j] = k.hand
                var v = table.lookup(k.boardKey, k.hand, remaining: remaining, pathKey: childPath)
                v.isNew = false
                childCache[j] = v
            }
            pos.undo(r, captured: capR)
            refundFirst[base + i] = Int32(at)
            refundCount[base + i] = UInt8(kept)
            extra += kept
        }
        top = base + n + extra
        let defenderKing = Int(pos.kingSquare[1 - attacker])
        while true {
            var pnSum: UInt64 = 0
            var best = -1, bestPn: UInt32 = infinitePN, bestDn: UInt32 = infinitePN, second: UInt32 = infinitePN
            var longest = 0, escape = -1
            var waitingSquares: UInt128 = 0
            for i in 0..<n {
                let v = childCache[base + i]
                // the reply's value: the attacker takes the shortest of its routes
                var proven = v.pn == 0 ? Int(v.length) + 1 : Int.max
                var disproven = v.dn == 0
                var depth = v.dn == 0 ? (v.depth == noMateAtAll ? Int(noMateAtAll) : Int(v.depth) + 1) : 0
                var pn = v.pn, dn = UInt64(v.dn)
                let first = Int(refundFirst[base + i])
                for j in first..<(first + Int(refundCount[base + i])) {
                    let w = childCache[j]
                    if w.pn == 0 { proven = min(proven, Int(w.length)) }
                    if w.dn == 0 { depth = min(depth, Int(w.depth)) } else { disproven = false }
                    pn = min(pn, w.pn)
                    dn += UInt64(w.dn)
                }
                if proven != Int.max { longest = max(longest, proven); continue }
                if disproven { escape = max(escape, depth); continue }
                let m = moves[base + i]
                if m.isDrop, !Position.adjacent(m.to, defenderKing) {
                    // lazy interposition, as in `mid`
                    let bit = UInt128(1) << UInt128(m.to)
                    if waitingSquares & bit != 0 { continue }
                    waitingSquares |= bit
                }
                pnSum += UInt64(pn)
                let d = UInt32(min(dn, UInt64(MateSolver.saturated)))
                if d < bestDn { second = bestDn; bestDn = d; bestPn = pn; best = i }
                else if d < second { second = d }
            }
            let amount = UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF))
            if escape >= 0 {
                let depth = UInt16(min(escape, Int(noMateAtAll)))
                table.storeDisproven(key, current: hand, disproofHand: hand, depth: depth, amount: amount)
                return NodeValue(pn: infinitePN, dn: 0, depth: depth, hand: hand)
            }
            if best < 0 {
                let length = UInt16(longest)
                table.storeProven(key, current: hand, proofHand: hand, length: length, amount: amount)
                return NodeValue(pn: 0, dn: infinitePN, length: length, hand: hand)
            }
            let pn = UInt32(min(pnSum, UInt64(MateSolver.saturated)))
            if pn >= thpn || bestDn >= thdn || stopped {
                table.storeUnknown(key, hand, pn: pn, dn: bestDn, amount: amount)
                return NodeValue(pn: pn, dn: bestDn)
            }
            let cthdn = min(thdn, MateSolver.epsilonThreshold(second))
            let cthpn = MateSolver.summedSideThreshold(thpn, sum: pn, child: bestPn)
            // Within the reply: an OR node of its child and its refund children.
            let first = Int(refundFirst[base + best]), count = Int(refundCount[base + best])
            var pick = base + best, pickPn = childCache[base + best].pn, secondPn = infinitePN
            var dnSum = UInt64(childCache[base + best].dn)
            for j in first..<(first + count) {
                let w = childCache[j]
                dnSum += UInt64(w.dn)
                if w.pn < pickPn { secondPn = pickPn; pickPn = w.pn; pick = j }
                else if w.pn < secondPn { secondPn = w.pn }
            }
            let r = moves[base + best]
            let capR = pos.play(r)
            if pick == base + best {
                let gthdn = count == 0 ? cthdn : MateSolver.summedSideThreshold(cthdn, sum: UInt32(min(dnSum, UInt64(MateSolver.saturated))), child: childCache[pick].dn)
                childCache[pick] = mid(min(cthpn, MateSolver.epsilonThreshold(secondPn)), gthdn, remaining: remaining - 1, pathKey: childPath)
            } else {
                let gthdn = MateSolver.summedSideThreshold(cthdn, sum: UInt32(min(dnSum, UInt64(MateSolver.saturated))), child: childCache[pick].dn)
                let c = moves[pick]
                let capC = pos.play(c)
                childCache[pick] = mid(min(cthpn, MateSolver.epsilonThreshold(secondPn)), gthdn, remaining: remaining, pathKey: childPath)
                pos.undo(c, captured: capC)
            }
            pos.undo(r, captured: capR)
        }
    }

    /// The 1 + epsilon threshold (Pawlewicz and Lew 2007) from the second-best child's number.
    @inline(__always)
    static func epsilonThreshold(_ second: UInt32) -> UInt32 {
        second >= infinitePN - 1 ? infinitePN - 1 : UInt32(min(UInt64(second) + UInt64(second / 4) + 1, UInt64(infinitePN - 1)))
    }
}
