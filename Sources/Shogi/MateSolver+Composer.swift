// The composers' rules inside the mate search: a futile interposition (無駄合) is no defence.
// Rules 2-4 of Puzzles/tsume/README.md ("The composers' conventions"): at a defender node in check
// from one sliding piece not next to the king, a reply that puts a piece between them is an
// interposition; it is futile when, after the checking piece captures it and the piece goes back
// to the defender (tsume's rule: every piece off the board and out of the attacker's hand is the
// defender's), the position D'' is mated within L0, the length of the node over its other replies.
//
// In a search bounded by n plies (defender to move, every reply must be mated within n - 1):
// an interposition mated within n - 1 needs no judgement. One that is not is judged by bounded
// searches of D'' and of the node's other replies: with w the length of a mate of D'' found
// within n, it is futile when some reply that is not an interposition is not mated within
// w - 3 (then L0 >= w >= W(D'')); else L0 <= w - 2, and D'' is searched again within w - 2: no mate
// there means W(D'') > L0, effective; a mate gives a smaller w, and so on down. When D'' is not
// mated within n at all, the interposition is effective against this bound (L0 <= n whenever
// the node can still be proven); a disproof that rests on it claims no more than the bound.
//
// The rules are not monotone in the attacker's hand (a piece more can shorten the king's
// escape, lower L0 and make an interposition effective), so the composer's table keeps exact
// hands (`MateTable.exactHands`). Proof lengths are upper bounds here (an interposition proven
// within the bound is counted whether futile or not); the exact length comes from bounded
// searches, as for plain minimax.
//
// The searches of a judgement run to their end, not by df-pn's thresholds; one of them can take
// millions of nodes where another reply of the node would settle it cheaply. So the first
// judgement of a disproven interposition in a visit of its node stops after `judgeFirstCap`
// nodes; the interposition then stays an open child whose disproof number grows with the
// judgement's work so far, and when df-pn picks it, its judgement goes on with four times the
// cap (the searches' work is kept in the table). Only the order of the work changes.
//
// A judgement holds where the searches it used hold: when one of them rests on a repetition of
// an ancestor (a disproof for this path only), a proof that leaves the interposition out, or a
// disproof that escapes through it, holds on this path only too (`childJudgeRest`,
// `NodeValue.proofRest`; such proofs are stored per path, `MateTable.storeProvenPath`).
import SolverKit

/// What a composer defender node knows of each of its replies (`MateSolver.childState`).
enum ChildState {
    /// Not an interposition: a defence.
    static let counted: UInt8 = 0
    /// An interposition not judged yet.
    static let unresolved: UInt8 = 1
    /// A futile interposition: ignored.
    static let futile: UInt8 = 2
    /// An effective interposition: a defence.
    static let effective: UInt8 = 3
    /// An interposition effective against the node's bound (D'' not mated within it): a defence
    /// for this search; a disproof through it claims nothing beyond the bound.
    static let effectiveWithinBound: UInt8 = 4
    /// An interposition at a node whose other replies all leave slack (L0 <= bound - 2): searched
    /// as any reply, since a futile one is then mated within the bound anyway; judged only if
    /// it is disproven.
    static let slack: UInt8 = 5
}

extension MateSolver {
    /// The squares strictly between the defender's king and the one sliding piece checking it
    /// from afar (the current position, defender to move), 0 when the check is not such.
    @inline(__always)
    func interpositionSquares() -> (squares: UInt128, checker: Int) {
        let d = 1 - attacker
        let k = Int(pos.kingSquare[d])
        if k < 0 { return (0, -1) }
        let chk = pos.attackers(of: k, by: attacker)
        if chk.count != 1 || !Piece.slides(pos.piece(chk.first)) { return (0, -1) }
        return (Position.between(k, chk.first), chk.first)
    }

    /// Sets `childState` of the defender's replies at `moves[base..<base + n]`.
    @inline(__always)
    func markInterpositions(_ base: Int, _ n: Int) {
        let squares = interpositionSquares().squares
        for i in 0..<n {
            childState[base + i] = squares != 0 && Geometry.has(squares, moves[base + i].to) ? ChildState.unresolved : ChildState.counted
            childJudgeRest[base + i] = NodeValue.anyPath
            childJudgeCap[base + i] = 0
        }
    }

    /// Nodes the first judgement of a disproven interposition may take in a visit of its node
    /// (`judgeFirstCap`; each later try four times the last). With 50k the 8M-node suite decides
    /// the same 64 problems as with no cap, in 0.7% fewer nodes; zukou-060 takes half (2.8M).
    static let defaultJudgeCap: UInt64 = 50_000

    /// `resolveInterposition` stopped after `cap` more nodes: false when it stopped there (the
    /// interposition left unresolved, its searches' work kept in the table), true when it
    /// finished or the budget stopped it.
    func resolveInterpositionCapped(_ base: Int, _ n: Int, _ i: Int, remaining: Int, childPath: UInt64, cap: UInt64) -> Bool {
        if withJudgeCap(cap, { resolveInterposition(base, n, i, remaining: remaining, childPath: childPath) }) == nil {
            judgeStops &+= 1
            return false
        }
        return true
    }

    /// Runs `body` with at most `cap` more nodes, capped as a judgement is (`judgeLimit`, so the
    /// budget is still polled): nil when it stopped at the cap (`stopped` cleared, the work kept
    /// in the table: the solver can go on), else its value (`stopped` still set when the budget
    /// or an outer cap stopped it).
    func withJudgeCap<T>(_ cap: UInt64, _ body: () -> T) -> T? {
        let outer = judgeLimit
        let limit = min(outer, nodes &+ cap)
        judgeLimit = limit
        let value = body()
        judgeLimit = outer
        if stopped, nodes >= limit, nodes < outer, !(budget?.isStopped ?? false), extractionNodeCap == nil {
            stopped = false
            return nil
        }
        return value
    }

    /// Records that the judgement under way used the value `v` (a search of D'' or of one of the
    /// node's other replies): the judgement holds only where `v` does (`NodeValue.proofRest`).
    @inline(__always)
    func noteJudged(_ v: NodeValue) {
        if v.pn == 0 { judgeRest = min(judgeRest, v.proofRest) }
        else if v.dn == 0 { judgeRest = min(judgeRest, v.restPly) }
    }

    /// A defender node at the horizon (no plies left): mate under the composers' rules when it has
    /// replies and every one is a futile interposition. The proven value, or nil when it is not
    /// a mate (the caller stores the disproof), or an unknown value when the budget ran out.
    func composerHorizon(_ replies: UnsafeMutablePointer<Move>, _ n: Int, key: UInt64, pathKey: UInt64) -> NodeValue? {
        let base = replies - moves
        markInterpositions(base, n)
        for i in 0..<n where childState[base + i] == ChildState.counted { return nil }
        let full = pos.fullKey
        let ply = Int32(pathLength)
        top = base + n
        defer { top = base }
        pushPath(full)
        defer { popPath() }
        let childPath = MateSolver.childPathKey(pathKey, full)
        var rest = NodeValue.anyPath
        for i in 0..<n {
            resolveInterposition(base, n, i, remaining: 0, childPath: childPath)
            if stopped { return NodeValue(pn: 1, dn: 1) }
            if childState[base + i] != ChildState.futile { return nil }
            rest = min(rest, childJudgeRest[base + i])
        }
        let hand = attackerHand
        if rest < ply { return storeProvenPath(key, hand, pathKey: pathKey, length: 0, rest: rest, startNodes: nodes) }
        table.storeProven(key, current: hand, proofHand: hand, length: 0, amount: 1)
        return NodeValue(pn: 0, dn: infinitePN, length: 0, hand: hand)
    }

    /// Judges the interpositions of the current defender node (on the path, its replies at
    /// `moves[base..<base + n]`, searched with `remaining` plies, its other replies all mated
    /// within remaining - 1, so L0 <= remaining) before they are searched. When some other reply
    /// is not mated within remaining - 3, L0 = remaining exactly, and an interposition is futile
    /// exactly when D'' is mated within `remaining`. Else L0 <= remaining - 2 and a futile
    /// interposition is mated within the bound like any reply (capture, then as D'' with a piece
    /// more): they are left to the search (`slack`). May leave them unresolved when the budget
    /// runs out (`stopped`).
    /// Only the interposition `only` is judged when given (df-pn's choice: when it turns out
    /// effective and its search disproves the node, the others need no judgement).
    func judgeInterpositions(_ base: Int, _ n: Int, remaining: Int, childPath: UInt64, only: Int? = nil) {
        let tight: Bool
        let outer = judgeRest
        defer { judgeRest = outer }
        judgeRest = NodeValue.anyPath
        if (0..<n).contains(where: { childState[base + $0] == ChildState.counted }) {
            guard let lasts = otherReplyLasts(base, n, atLeast: remaining, childPath: childPath) else { return }
            tight = lasts
        } else {
            tight = remaining == 0
        }
        let tightRest = judgeRest
        for i in 0..<n where childState[base + i] == ChildState.unresolved && (only == nil || only == i) {
            if !tight { childState[base + i] = ChildState.slack; continue }
            judgeRest = tightRest
            let mated = capturedInterpositionMate(moves[base + i], within: remaining, childPath: childPath) != nil
            if stopped { return }
            childState[base + i] = mated ? ChildState.futile : ChildState.effective
            childJudgeRest[base + i] = judgeRest
        }
    }

    /// Judges the interposition `moves[base + i]` of the current defender node (on the path;
    /// its replies at `moves[base..<base + n]`, `childPath` their path key), searched with
    /// `remaining` plies: sets `childState[base + i]`. May leave it unresolved when the budget
    /// runs out (`stopped`).
    func resolveInterposition(_ base: Int, _ n: Int, _ i: Int, remaining: Int, childPath: UInt64) {
        let m = moves[base + i]
        let outer = judgeRest
        judgeRest = NodeValue.anyPath
        defer { childJudgeRest[base + i] = judgeRest; judgeRest = outer }
        guard var w = capturedInterpositionMate(m, within: remaining, childPath: childPath) else {
            if !stopped { childState[base + i] = ChildState.effectiveWithinBound }
            return
        }
        while true {
            if stopped { return }
            // L0 >= w (some other reply lasts w plies or more): W(D'') <= w <= L0, futile
            if w == 0 { childState[base + i] = ChildState.futile; return }
            guard let longer = otherReplyLasts(base, n, atLeast: w, childPath: childPath) else { return }
            if longer { childState[base + i] = ChildState.futile; return }
            // L0 <= w - 2: futile only if D'' is mated within that
            guard let shorter = capturedInterpositionMate(m, within: w - 2, childPath: childPath) else {
                if !stopped { childState[base + i] = ChildState.effective }
                return
            }
            w = shorter
        }
    }

    /// The shortest mate found within `bound` plies of D'' (the interposition `m` played, the
    /// checking piece capturing it, promoting or not, the piece back in the defender's hand), over
    /// the captures that are legal checks; nil when none is mated within the bound (or the
    /// budget ran out). The current position is the defender node, on the path.
    func capturedInterpositionMate(_ m: Move, within bound: Int, childPath: UInt64) -> Int? {
        let (squares, checker) = interpositionSquares()
        if squares == 0 || bound < 0 { return nil }
        let defender = pos.sideToMove
        let dcap = pos.play(m)
        defer { pos.undo(m, captured: dcap) }
        let scratch = moves + top
        let count = pos.generateLegal(scratch)
        top += count
        defer { top -= count }
        var best: Int? = nil
        for j in 0..<count {
            let c = scratch[j]
            if c.isDrop || c.from != checker || c.to != m.to { continue }
            let ccap = pos.play(c)
            if pos.inCheck {
                let t = Piece.base(Piece.type(ccap))
                pos.removeHand(attacker, t); pos.addHand(defender, t)
                let v = composerSearch(within: bound, pathKey: childPath)
                pos.removeHand(defender, t); pos.addHand(attacker, t)
                noteJudged(v)
                if v.pn == 0 { best = min(best ?? Int.max, Int(v.length)) }
            }
            pos.undo(c, captured: ccap)
            if stopped { return nil }
        }
        return best
    }

    /// Does some reply of the current defender node that is not an interposition (childState
    /// `counted`) keep the mate at `plies` plies or more (the reply included): is it not mated
    /// within plies - 3? nil when the budget ran out.
    func otherReplyLasts(_ base: Int, _ n: Int, atLeast plies: Int, childPath: UInt64) -> Bool? {
        for j in 0..<n where childState[base + j] == ChildState.counted {
            if plies - 3 < 0 { return true }
            let m = moves[base + j]
            let cap = pos.play(m)
            let v = composerSearch(within: plies - 3, pathKey: childPath)
            pos.undo(m, captured: cap)
            if stopped { return nil }
            noteJudged(v)
            if v.dn == 0 { return true }
        }
        return false
    }
}

// The horizon of a composer search: an attacker node with four plies or fewer left is decided by
// direct mate-in-1 and mate-in-3 tests that know futile interpositions, as the plain search's
// horizon (MateSolver+Horizon.swift) does for plain minimax. A plain "no mate" says nothing
// here, and expanding those nodes by df-pn cost ten times the nodes (zukou-007).
extension MateSolver {
    /// Is the current defender node mate under the composers' rules: no reply, or only
    /// interpositions, each futile with L0 = 0 (D'' mate in turn)? `scratch`: free arena space.
    func composerIsMate(_ scratch: UnsafeMutablePointer<Move>) -> Bool {
        let (squares, checker) = interpositionSquares()
        // not a distant check by one slider: plain mate (the fast test, king steps first)
        if squares == 0 { return !pos.hasLegalMove() }
        if kingCanStep() { return false }
        let n = pos.generateLegal(scratch)
        if n == 0 { return true }
        for i in 0..<n where !Geometry.has(squares, scratch[i].to) { return false }
        var droppedOn: UInt128 = 0
        for i in 0..<n {
            let m = scratch[i]
            if m.isDrop {
                // D'' is the same whatever piece is dropped (it goes back to the defender)
                if Geometry.has(droppedOn, m.to) { continue }
                droppedOn |= Geometry.bit(m.to)
            }
            let saved = uncleanEscapes
            let futile = capturedInterposition(m, checker: checker, scratch + n, { s, buf in s.composerIsMate(buf) })
            uncleanEscapes = saved
            // the escape is an effective interposition
            if !futile { uncleanEscapes &+= 1; return false }
        }
        return true
    }

    /// Can the defender's king (to move, in check) step to a square not attacked?
    @inline(__always)
    func kingCanStep() -> Bool {
        let us = pos.sideToMove
        let k = Int(pos.kingSquare[us])
        let g = Geometry.shared
        for d in 0..<8 {
            let to = Int(g.neighbor[k * 8 + d])
            if to < 0 { continue }
            let q = pos.piece(to)
            if q != 0, Piece.color(q) == us { continue }
            if !pos.isAttacked(to, by: 1 - us, vacated: k) { return true }
        }
        return false
    }

    /// Plays the interposition `m`, then each capture of it by the checking piece (at `checker`)
    /// that gives check, with the piece back in the defender's hand (D''), and returns whether
    /// `test` holds in one of them.
    @inline(__always)
    func capturedInterposition(_ m: Move, checker: Int, _ scratch: UnsafeMutablePointer<Move>,
                               _ test: (MateSolver, UnsafeMutablePointer<Move>) -> Bool) -> Bool {
        let defender = pos.sideToMove
        let dcap = pos.play(m)
        defer { pos.undo(m, captured: dcap) }
        let count = pos.generateLegal(scratch)
        for j in 0..<count {
            let c = scratch[j]
            if c.isDrop || c.from != checker || c.to != m.to { continue }
            let ccap = pos.play(c)
            var holds = false
            if pos.inCheck {
                let t = Piece.base(Piece.type(ccap))
                pos.removeHand(attacker, t); pos.addHand(defender, t)
                holds = test(self, scratch + count)
                pos.removeHand(defender, t); pos.addHand(attacker, t)
            }
            pos.undo(c, captured: ccap)
            if holds { return true }
        }
        return false
    }

    /// A composer mate in 1 from the current attacker node.
    func composerMateInOne(_ scratch: UnsafeMutablePointer<Move>) -> Bool {
        let saved = uncleanEscapes
        let n = pos.generateChecks(scratch)
        for i in 0..<n {
            let m = scratch[i]
            let cap = pos.play(m)
            let mate = composerIsMate(scratch + n)
            pos.undo(m, captured: cap)
            if mate { uncleanEscapes = saved; return true }
        }
        return false
    }

    /// Is the current defender node mated within 2 plies (composer rules)? nil when a position
    /// of the path comes up (df-pn must handle that repetition).
    func composerMatedWithinTwo(_ scratch: UnsafeMutablePointer<Move>) -> Bool? {
        let saved = uncleanEscapes
        let mateNow = composerIsMate(scratch)
        // its escapes are looked at reply by reply below
        uncleanEscapes = saved
        if mateNow { return true }
        let n = pos.generateLegal(scratch)
        let (squares, checker) = interpositionSquares()
        var others = false
        for i in 0..<n where !Geometry.has(squares, scratch[i].to) {
            others = true
            let r = scratch[i]
            let cap = pos.play(r)
            defer { pos.undo(r, captured: cap) }
            countNode()
            if pathContains(pos.fullKey) { return nil }
            if !composerMateInOne(scratch + n) { return false }
        }
        var droppedOn: UInt128 = 0
        for i in 0..<n where Geometry.has(squares, scratch[i].to) {
            let m = scratch[i]
            let before = uncleanEscapes
            let cap = pos.play(m)
            countNode()
            let repeated = pathContains(pos.fullKey)
            let mated = !repeated && composerMateInOne(scratch + n)
            pos.undo(m, captured: cap)
            if repeated { return nil }
            if mated { continue }
            if m.isDrop {
                if Geometry.has(droppedOn, m.to) { continue }
                droppedOn |= Geometry.bit(m.to)
            }
            // futile: D'' mated within L0 (2 when another reply exists, all of them mated in 1; else 0)
            var unknown = false
            let futile = capturedInterposition(m, checker: checker, scratch + n) { s, buf in
                if !others { return s.composerIsMate(buf) }
                guard let r = s.composerMatedWithinTwo(buf) else { unknown = true; return false }
                return r
            }
            if unknown { return nil }
            // the escape is this interposition, effective
            uncleanEscapes = before
            if !futile { uncleanEscapes &+= 1; return false }
        }
        uncleanEscapes = saved
        return true
    }

    /// Composer mate within 3 plies from the current attacker node, whose `n` checks are at
    /// `checks` (none mates at once): true, false, or nil when a position of the path comes up.
    func composerMateInThree(checks: UnsafeMutablePointer<Move>, _ n: Int) -> Bool? {
        let saved = uncleanEscapes
        let scratch = checks + n
        pushPath(pos.fullKey)
        defer { popPath() }
        for i in 0..<n {
            let m = checks[i]
            let cap = pos.play(m)
            defer { pos.undo(m, captured: cap) }
            countNode()
            if pathContains(pos.fullKey) { return nil }
            pushPath(pos.fullKey)
            defer { popPath() }
            guard let mated = composerMatedWithinTwo(scratch) else { return nil }
            if mated { uncleanEscapes = saved; return true }
        }
        return false
    }

    /// The horizon of a composer attacker node with `remaining` <= 4 plies, its `n` checks at
    /// `checks`: the proven or disproven value (stored), or nil to expand it by df-pn.
    func composerHorizonAttacker(_ checks: UnsafeMutablePointer<Move>, _ n: Int, remaining: Int, key: UInt64) -> NodeValue? {
        let hand = attackerHand
        let scratch = checks + n
        let saved = uncleanEscapes
        for i in 0..<n {
            let m = checks[i]
            let cap = pos.play(m)
            let mate = composerIsMate(scratch)
            pos.undo(m, captured: cap)
            if mate {
                table.storeProven(key, current: hand, proofHand: hand, length: 1, amount: 1)
                return NodeValue(pn: 0, dn: infinitePN, length: 1, hand: hand)
            }
        }
        var mated = false
        if remaining >= 3 {
            // the mate-in-3 test's escapes decide, not those of the mate-in-1 test
            uncleanEscapes = saved
            guard let m3 = composerMateInThree(checks: checks, n) else { return nil }
            mated = m3
        }
        if mated {
            table.storeProven(key, current: hand, proofHand: hand, length: 3, amount: 1)
            return NodeValue(pn: 0, dn: infinitePN, length: 3, hand: hand)
        }
        let depth = UInt16(remaining)
        let clean = uncleanEscapes == saved
        table.storeDisproven(key, current: hand, disproofHand: hand, depth: depth, amount: 1, clean: clean)
        return NodeValue(pn: infinitePN, dn: 0, depth: depth, hand: hand, clean: clean)
    }
}
