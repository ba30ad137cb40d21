// Null-window tests at the ends of the score range ("does the side on top still win every
// disc?"), answered by depth-first proof-number search (df-pn: Nagai, "Df-pn algorithm for
// searching AND/OR trees and its applications", PhD thesis, University of Tokyo, 2002; with
// the 1+epsilon thresholds of Pawlewicz and Lew, "Improving depth-first PN-search: 1+epsilon
// trick", Computers and Games 2006) instead of alpha-beta. There the evaluation cannot rank
// the winner's moves (every one wins big), and alpha-beta pays for each wrong first try with
// a full proof that the loser keeps a disc; df-pn turns to another move as soon as the one it
// tries looks harder, and it starts with the moves that leave the loser fewest replies.

/// When the proof-number search answers a null-window test, and its limits.
package struct ProofNumberSettings: Sendable {
    /// Tests asking the mover for more than squareCount - window (or for less than
    /// window - squareCount) go to df-pn; 0: never.
    package var window: Int
    /// Only at nodes with at least this many empties; its own nodes with `leafEmpties` or
    /// fewer are answered by alpha-beta.
    package var minEmpties: Int
    package var leafEmpties: Int
    /// Nodes (its alpha-beta leaves included) before a test gives up and alpha-beta answers
    /// it instead, with no df-pn below: a disproof (the loser keeps a disc) is where df-pn
    /// does worse than alpha-beta (FFO #39 analyzed, every move, one thread: 215 M nodes
    /// without a budget, 116.5 M with this one, 116.2 M with no df-pn).
    package var budget: UInt64
    /// The table of each search thread, made when first needed.
    package var tableMegabytes: Int

    package init(window: Int, minEmpties: Int, leafEmpties: Int, budget: UInt64, tableMegabytes: Int) {
        self.window = window
        self.minEmpties = minEmpties
        self.leafEmpties = leafEmpties
        self.budget = budget
        self.tableMegabytes = tableMegabytes
    }

    /// Measured by one-thread node counts: FFO #59 (+64 at 34 empties) 389 M -> 3.0 M nodes
    /// with window 4 (2: 89 M; 8 and 16 as 4); FFO #20-#39 and #40-#49 unchanged; FFO #20-#39
    /// analyzed, every move exact, 717 M either way.
    nonisolated(unsafe) package static var standard =
        ProofNumberSettings(window: 4, minEmpties: 18, leafEmpties: 10, budget: 1 << 20, tableMegabytes: 32)
    package static let off = ProofNumberSettings(window: 0, minEmpties: 64, leafEmpties: 0, budget: 0, tableMegabytes: 1)
}

/// One child of a proof-number node (on the stack).
struct ProofNumberChild {
    var attacker: UInt64
    var defender: UInt64
    var proof: Int
    var disproof: Int
}

extension EndgameSearch {
    /// The null-window test (alpha, alpha + 1) of (p, o) by proof numbers, when the window is
    /// at an end of the score range; nil when it is not (or the search was stopped).
    mutating func proofNumberCut(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int) -> Int? {
        let attackerIsMover: Bool
        // (a window the table narrowed can still lie beyond the score range: alpha-beta's)
        if alpha >= squareCount - proofNumbers.window && alpha < squareCount {
            attackerIsMover = true
        } else if alpha + 1 <= proofNumbers.window - squareCount && alpha >= -squareCount {
            attackerIsMover = false
        } else {
            return nil
        }
        // The mover asks value >= alpha + 1; the opponent, as attacker, asks value <= alpha.
        let target = attackerIsMover ? alpha + 1 : -alpha
        if proofTable == nil { proofTable = ProofNumberTable(megabytes: proofNumbers.tableMegabytes) }
        let infinite = ProofNumberTable.infinite
        proofNumberLimit = nodes &+ proofNumbers.budget
        // Exact below, even in a selective pass: its answer and its own table are proofs.
        let margin = probCutMargin
        probCutMargin = 0
        defer { probCutMargin = margin }
        let (proof, _) = proofNumberSearch(attackerIsMover ? p : o, attackerIsMover ? o : p, attackerIsMover, n,
                                           target, infinite - 1, infinite - 1)
        if aborted || splitCutOff || proofNumberGaveUp { return nil }
        let high = attackerIsMover == (proof == 0)
        table.store(p, o, lower: high ? alpha + 1 : -100, upper: high ? 100 : alpha, move: 64, empties: n)
        return high ? alpha + 1 : alpha
    }

    /// df-pn's multiple iterative deepening: expands (a, d) until its proof number reaches
    /// `thpn` or its disproof number `thdn`; returns both. The attacker proves "final score
    /// (attacker's view) >= target"; `attackerToMove` says whose move it is.
    mutating func proofNumberSearch(_ a: UInt64, _ d: UInt64, _ attackerToMove: Bool, _ n: Int, _ target: Int,
                                    _ thpn: Int, _ thdn: Int) -> (Int, Int) {
        nodes &+= 1
        if nodes >= nextPoll { poll() }
        let infinite = ProofNumberTable.infinite
        if nodes > proofNumberLimit { proofNumberGaveUp = true }
        if aborted || splitCutOff || proofNumberGaveUp { return (infinite, infinite) }
        let start = nodes
        let question = ProofNumberTable.question(attackerToMove: attackerToMove, target: target)
        if n <= proofNumbers.leafEmpties {
            // (no df-pn inside: it would take over this search's budget and table)
            let wasOff = proofNumberOff
            proofNumberOff = true
            let proven = attackerToMove ? search(a, d, target - 1, target, n) >= target
                : search(d, a, -target, -target + 1, n) <= -target
            proofNumberOff = wasOff
            if aborted || splitCutOff || proofNumberGaveUp { return (infinite, infinite) }
            let result = proven ? (0, infinite) : (infinite, 0)
            proofTable!.store(a, d, question, proof: result.0, disproof: result.1, work: nodes &- start)
            return result
        }
        let mover = attackerToMove ? a : d, other = attackerToMove ? d : a
        let moves = Bitboard.moves(mover, other) & mask
        if moves == 0 {
            let result: (Int, Int)
            if Bitboard.moves(other, mover) & mask == 0 {
                result = Position.finalScore(a, d, empties: n) >= target ? (0, infinite) : (infinite, 0)
            } else {
                result = proofNumberSearch(a, d, !attackerToMove, n, target, thpn, thdn)
                if aborted || splitCutOff || proofNumberGaveUp { return result }
            }
            proofTable!.store(a, d, question, proof: result.0, disproof: result.1, work: nodes &- start)
            return result
        }
        return withUnsafeTemporaryAllocation(of: ProofNumberChild.self, capacity: 40) { buffer in
            let children = buffer.baseAddress!
            var count = 0
            var m = moves
            while m != 0 {
                let sq = m.trailingZeroBitCount
                m &= m &- 1
                let f = flips(sq, mover, other)
                let bit = UInt64(1) << UInt64(sq)
                let (ca, cd) = attackerToMove ? (a ^ f ^ bit, d ^ f) : (a ^ f, d ^ f ^ bit)
                let (proof, disproof) = proofNumberStart(ca, cd, !attackerToMove, n - 1, target)
                children[count] = ProofNumberChild(attacker: ca, defender: cd, proof: proof, disproof: disproof)
                count += 1
            }
            var proof = 0, disproof = 0
            while true {
                // OR node (attacker to move): one child proven proves it, all disproven disprove it.
                var best = 0, second = infinite
                if attackerToMove {
                    proof = infinite; disproof = 0
                    for i in 0..<count {
                        disproof = min(infinite, disproof + children[i].disproof)
                        let pn = children[i].proof
                        if pn < proof { second = proof; proof = pn; best = i } else if pn < second { second = pn }
                    }
                } else {
                    proof = 0; disproof = infinite
                    for i in 0..<count {
                        proof = min(infinite, proof + children[i].proof)
                        let dn = children[i].disproof
                        if dn < disproof { second = disproof; disproof = dn; best = i } else if dn < second { second = dn }
                    }
                }
                if proof >= thpn || disproof >= thdn || aborted || splitCutOff || proofNumberGaveUp { break }
                let child = children[best]
                // 1 + epsilon: stay below a quarter more than the second best before switching.
                let bound = second >= infinite ? infinite - 1 : max(second + 1, second + second / 4)
                let (cthpn, cthdn) = attackerToMove
                    ? (min(thpn, bound), min(infinite - 1, thdn - disproof + child.disproof))
                    : (min(infinite - 1, thpn - proof + child.proof), min(thdn, bound))
                let (pn, dn) = proofNumberSearch(child.attacker, child.defender, !attackerToMove, n - 1, target, cthpn, cthdn)
                children[best].proof = pn
                children[best].disproof = dn
            }
            if !(aborted || splitCutOff || proofNumberGaveUp) {
                proofTable!.store(a, d, question, proof: proof, disproof: disproof, work: nodes &- start)
            }
            return (proof, disproof)
        }
    }

    /// The numbers of a node not yet expanded: the table's, or proven or disproven outright
    /// (the defender wiped out; the defender's stable discs keep the attacker below target),
    /// or else one against the mover's number of moves (the attacker needs one good move, so
    /// a defender with fewer replies is nearer a proof).
    @inline(__always)
    mutating func proofNumberStart(_ a: UInt64, _ d: UInt64, _ attackerToMove: Bool, _ n: Int, _ target: Int) -> (Int, Int) {
        let infinite = ProofNumberTable.infinite
        if let e = proofTable!.probe(a, d, ProofNumberTable.question(attackerToMove: attackerToMove, target: target)) {
            return e
        }
        if d == 0 { return squareCount >= target ? (0, infinite) : (infinite, 0) }
        let stable = isFullBoard ? Bitboard.stableDiscs8x8(d, a, table: edgeStability, files: byteToFileA)
            : Bitboard.stableDiscs(d, a, outside: ~mask, edgeColumns: edgeColumns, edgeRows: edgeRows)
        if squareCount - 2 * stable.nonzeroBitCount < target { return (infinite, 0) }
        let mover = attackerToMove ? a : d, other = attackerToMove ? d : a
        let mobility = max(1, (Bitboard.moves(mover, other) & mask).nonzeroBitCount)
        return attackerToMove ? (1, mobility) : (mobility, 1)
    }
}
