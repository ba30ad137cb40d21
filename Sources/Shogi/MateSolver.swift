// df-pn mate search (Nagai 2002, "Df-pn algorithm for searching AND/OR trees and its
// applications"), with the 1+epsilon threshold trick (Pawlewicz & Lew 2007), proof and disproof
// numbers of new nodes initialised from their move counts (df-pn+, Nagai & Imai), proof and disproof
// pieces for hand superiority (Nagai), a mate-in-1 probe at every new defender node, and repetitions handled
// soundly across transpositions (the graph-history-interaction problem, Kishimoto & Müller 2004):
// a disproof that rests on a repetition of a strict ancestor is reused only on the same path, one
// whose repetitions all return into the node's own subtree on any path (see `mid`).
// Searches may be bounded by a number of plies: proofs then carry their length, disproofs the
// bound they hold for, which is what the exact shortest-mate search builds on.
import SolverKit
import Foundation

final class MateSolver {
    var pos: Position
    let attacker: Int
    let table: MateTable
    var nodes: UInt64 = 0
    var stopped = false
    let budget: SearchBudget?
    /// Nodes other searches of the same position spent before this one (the plain search
    /// before the composer's): the budget's node limit is for the position, not for each solver.
    var budgetNodeBase: UInt64 = 0
    /// This solver's node count at which the budget's node limit is reached (nil: no limit).
    var budgetNodeEnd: UInt64? { budget?.limits.nodeLimit.map { $0 &- min($0, budgetNodeBase) } }
    var maxPlyReached = 0
    /// Lazy interposition counts one drop for all the squares of a distant check's line, not one
    /// a square. Along a long open line (a dragon checking down a rank, a pawn droppable on each
    /// square between) every square would add to the check's proof number and df-pn would go
    /// after longer checks elsewhere. For first proofs only (`--mode mate`): the exact length
    /// starts better from the proof the per-square count finds (Microcosmos' shortening costs
    /// about twice the nodes after a one-drop-per-line first proof).
    var oneDropPerLine = false
    /// Set after the budget ran out with a mate proven: reading off its line may take this many
    /// more nodes (the budget is sticky, so it is bypassed for that short walk).
    var extractionNodeCap: UInt64? = nil
    /// Told the phase each long search enters (the bound searched, the part of the report), for
    /// the batch's progress line: a problem can take hours, most of them in one bound.
    var progress: (String) -> Void = { _ in }
    /// The composers' rules (futile interpositions are no defence; `MateSolver+Composer.swift`)
    /// instead of plain minimax. Its table keeps exact hands.
    let composer: Bool
    /// Composer mode: escapes through an effective interposition met by the horizon's tests
    /// (`MateSolver+CleanDisproof.swift`); only its changes count.
    var uncleanEscapes = 0
    /// Composer mode: what is known of each child in the arena (`ChildState`).
    let childState: UnsafeMutablePointer<UInt8>
    /// Composer mode: per judged interposition in the arena, the shallowest ply of the path its
    /// judgement rests on (`NodeValue.proofRest`; `NodeValue.anyPath`: none).
    let childJudgeRest: UnsafeMutablePointer<Int32>
    /// Composer mode: the same for the judgement under way (`noteJudged`).
    var judgeRest = NodeValue.anyPath
    /// Composer mode: per disproven interposition of the arena whose judgement ran into its node
    /// cap in the current visit of its node, that cap (0: none did); `judgeLimit`: the node count
    /// at which the innermost capped judgement under way stops (`resolveInterpositionCapped`).
    let childJudgeCap: UnsafeMutablePointer<UInt64>
    var judgeLimit = UInt64.max
    /// Composer mode: nodes the first judgement of a disproven interposition may take
    /// (`MateSolver.defaultJudgeCap`; the tests lower it to exercise the stops).
    var judgeFirstCap = MateSolver.defaultJudgeCap
    /// Judgements stopped at their cap (and taken up again later).
    var judgeStops: UInt64 = 0
    /// Composer mode: the plain solver whose proofs are composer proofs (`MateSolver+PlainGuide.swift`).
    var plainGuide: MateSolver? = nil
    var plainGuideMB = 64
    var plainProbeNodes: UInt64 = 0
    /// Composer mode: whether `search` asks the plain guide first (`composerSolve` sets it).
    var plainProbeEnabled = false
    /// Composer mode: search nodes the main-line walk may spend comparing alternatives
    /// (`MateSolver.composerWalkNodeCap` unless `--walk-nodes` says otherwise).
    var walkNodeCap = MateSolver.composerWalkNodeCap
    /// Called on the search thread every 4,096 nodes (the USI engine's progress lines).
    var onPoll: ((MateSolver) -> Void)? = nil
    /// The refund game (`MateSolver+Refund.swift`), whose disproofs are composer disproofs:
    /// bounded searches only, no repetition rule, exact hands.
    let refund: Bool
    /// Refund mode: per defender reply in the arena, where its refund children start and how many.
    let refundFirst: UnsafeMutablePointer<Int32>
    let refundCount: UnsafeMutablePointer<UInt8>
    /// Composer mode: the refund solver whose disproofs are composer disproofs, its table's
    /// size, and the nodes it took.
    var refundSolver: MateSolver? = nil
    var refundMB = 256
    var refundNodes: UInt64 = 0
    /// Whether `composerSearch` gives the refund search its turns (the tests of the composer
    /// search's own machinery turn them off).
    var refundTurns = true

    // move arena: each frame takes its moves and the children's keys from the top
    static let arenaSize = 1 << 21
    let moves: UnsafeMutablePointer<Move>
    let childKey: UnsafeMutablePointer<UInt64>
    let childFull: UnsafeMutablePointer<UInt64>
    let childHand: UnsafeMutablePointer<Hand>
    let childCache: UnsafeMutablePointer<NodeValue>
    var top = 0

    // current path (for repetitions): keys and a counting filter
    static let maxPly = 3000
    let pathKeys: UnsafeMutablePointer<UInt64>
    var pathLength = 0
    let filter: UnsafeMutablePointer<UInt16>

    /// `attacker`: the mating side, when the position has the defender to move (tests of one
    /// defender node); the side to move otherwise.
    init(position: Position, hashMB: Int, budget: SearchBudget?, composer: Bool = false, attacker: Int? = nil,
         refund: Bool = false) {
        pos = position
        self.attacker = attacker ?? position.sideToMove
        table = MateTable.take(megabytes: hashMB)
        table.exactHands = composer || refund
        self.composer = composer
        self.refund = refund
        refundFirst = .allocate(capacity: refund ? MateSolver.arenaSize : 1)
        refundCount = .allocate(capacity: refund ? MateSolver.arenaSize : 1)
        childState = .allocate(capacity: composer ? MateSolver.arenaSize : 1)
        childJudgeRest = .allocate(capacity: composer ? MateSolver.arenaSize : 1)
        childJudgeCap = .allocate(capacity: composer ? MateSolver.arenaSize : 1)
        self.budget = budget
        moves = .allocate(capacity: MateSolver.arenaSize)
        childKey = .allocate(capacity: MateSolver.arenaSize)
        childFull = .allocate(capacity: MateSolver.arenaSize)
        childHand = .allocate(capacity: MateSolver.arenaSize)
        childCache = .allocate(capacity: MateSolver.arenaSize)
        pathKeys = .allocate(capacity: MateSolver.maxPly + 8)
        filter = .allocate(capacity: 65536)
        filter.initialize(repeating: 0, count: 65536)
    }
    deinit {
        MateTable.give(table)
        moves.deallocate(); childKey.deallocate(); childFull.deallocate(); childHand.deallocate()
        pathKeys.deallocate(); filter.deallocate(); childCache.deallocate(); childState.deallocate()
        childJudgeRest.deallocate(); childJudgeCap.deallocate(); refundFirst.deallocate(); refundCount.deallocate()
    }

    @inline(__always) func pushPath(_ k: UInt64) {
        pathKeys[pathLength] = k; pathLength += 1
        filter[Int(truncatingIfNeeded: k) & 0xFFFF] &+= 1
    }
    @inline(__always) func popPath() {
        pathLength -= 1
        filter[Int(truncatingIfNeeded: pathKeys[pathLength]) & 0xFFFF] &-= 1
    }
    /// The ply of the path (the root is 0) whose position has full key `k`, -1 when none.
    @inline(__always) func pathIndex(_ k: UInt64) -> Int {
        if filter[Int(truncatingIfNeeded: k) & 0xFFFF] == 0 { return -1 }
        var i = pathLength - 1
        while i >= 0 { if pathKeys[i] == k { return i }; i -= 1 }
        return -1
    }
    @inline(__always) func pathContains(_ k: UInt64) -> Bool { pathIndex(k) >= 0 }

    var attackerHand: Hand { pos.hands[attacker] }

    /// The path key of a node's children: `pathKey` (its ancestors, in order) followed by the
    /// node's full key. A hash of the sequence, not of the set: a repetition entry records the
    /// *ply* of the ancestor it rests on, which only the same sequence keeps. Mixed by
    /// SplitMix64's finalizer (Steele et al. 2014): Zobrist keys are linear, and a plain XOR of a
    /// path's keys telescoped into its moves' keys, so that two paths through different ancestors
    /// playing the same moves in another order (a, d, a' and a', d, a) got the same path key, and
    /// a repetition entry stored on one answered on the other, where its repeated ancestor is not
    /// on the path: a false disproof (Microcosmos, 320 MB table: "no mate within 1535" with a
    /// mate in 1525).
    @inline(__always) static func childPathKey(_ pathKey: UInt64, _ full: UInt64) -> UInt64 {
        @inline(__always) func mix(_ x: UInt64) -> UInt64 {
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return mix((pathKey &+ 0x9E37_79B9_7F4A_7C15) ^ mix(full))
    }

    /// Pieces the defender could interpose by a drop: when the check can be blocked on an empty
    /// square, a proof must keep every piece type the defender lacks out of its hand.
    @inline(__always)
    func interposableCheck() -> Bool {
        let d = 1 - attacker
        let k = Int(pos.kingSquare[d])
        let chk = pos.attackers(of: k, by: attacker)
        if chk.count != 1 { return false }
        return Position.between(k, chk.first) != 0
    }

    @inline(__always)
    func extendForInterposition(_ ph: Hand) -> Hand {
        if !interposableCheck() { return ph }
        var r = ph
        let defenderHand = pos.hands[1 - attacker], hand = attackerHand
        for t in 1...7 where defenderHand.count(t) == 0 { r.set(t, hand.count(t)) }
        return r
    }

    /// The attacker's check `m` (played, `captured` taken) left no legal reply: takes it back,
    /// stores the mate in 1 under the node's key and returns the proven value.
    @inline(__always)
    func storeMateInOne(_ m: Move, captured: Int, key: UInt64, hand: Hand) -> NodeValue {
        let ph = proofHandBefore(m, childProof: extendForInterposition(Hand()), captured: captured, hand: hand)
        pos.undo(m, captured: captured)
        table.storeProven(key, current: hand, proofHand: ph, length: 1, amount: 1)
        return NodeValue(pn: 0, dn: infinitePN, length: 1, hand: ph)
    }

    /// Proof hand of the parent of a child proven with `ph`, reached by the attacker's move m.
    @inline(__always)
    func proofHandBefore(_ m: Move, childProof ph: Hand, captured: Int, hand: Hand) -> Hand {
        var r = ph
        if m.isDrop { r.add(m.dropType) }
        else if captured != 0 {
            let q = Piece.base(Piece.type(captured))
            if r.count(q) > 0 { r.remove(q) }
        }
        return r.intersection(hand)
    }

    /// Disproof hand of an OR node from a child disproven with `dh`, reached by move m.
    @inline(__always)
    func disproofHandBefore(_ m: Move, childDisproof dh: Hand, captured: Int) -> Hand {
        var r = dh
        if m.isDrop {
            let t = m.dropType
            if r.count(t) < Hand.maximum[t] { r.add(t) }
        } else if captured != 0 {
            let q = Piece.base(Piece.type(captured))
            if r.count(q) > 0 { r.remove(q) }
        }
        return r
    }

    /// The value of child `i` of the arena from the table (and the path), also kept in the cache
    /// for the later passes of the same node (the path above the node does not change meanwhile).
    @inline(__always)
    func childValue(_ i: Int, remaining: Int, pathKey: UInt64) -> NodeValue {
        let v: NodeValue
        let repeated = refund ? -1 : pathIndex(childFull[i])
        if repeated >= 0 {
            v = NodeValue(pn: infinitePN, dn: 0, depth: noMateAtAll, hand: childHand[i], restPly: Int32(repeated))
        } else {
            v = table.lookup(childKey[i], childHand[i], remaining: remaining, pathKey: pathKey)
        }
        childCache[i] = v
        return v
    }

    /// Initial proof number of a new defender node (the current position, defender to move, in
    /// check): its legal replies, counted as df-pn counts them once expanded (drops away from the
    /// king one per square, as lazy interposition searches them). 0: mate.
    @inline(__always)
    func evasionEstimate() -> Int {
        let k = Int(pos.kingSquare[1 - attacker])
        return pos.evasionCount(checkers: pos.attackers(of: k, by: attacker))
    }

    @inline(__always) func countNode() {
        nodes &+= 1
        if nodes & 4095 == 0 {
            if nodes >= judgeLimit { stopped = true }
            if let cap = extractionNodeCap { if nodes >= cap { stopped = true } }
            else if let b = budget, b.shouldStop(nodes: nodes &+ budgetNodeBase) { stopped = true }
            if let poll = onPoll { poll(self) }
        }
    }

    /// The multiple-iterative-deepening step of df-pn on the current position, at ply
    /// `pathLength` of the path (`pathKey` its ancestors).
    /// `remaining`: plies the attacker may still use (a huge value when unbounded).
    ///
    /// Repetitions (GHI, Kishimoto & Müller 2004; the "repetition start ply" of tsume solvers
    /// such as KomoringHeights): a repetition of the ancestor at ply a is a disproof resting on
    /// ply a (in tsume a repetition only ever helps the defender; proofs never rest on one).
    /// A disproof rests on the smallest such ply among the children it uses: all of them at an
    /// attacker node, the one chosen at a defender node. At ply d, one resting only on plies >= d
    /// holds on any path to the node: every repetition it uses returns to the node or to a
    /// position below it on its own line, which is on the path whatever path led to the node,
    /// and more ancestors only add repetitions, which only disprove more. So it is stored as an
    /// ordinary disproof, with the bound and the disproof hand derived as for any other (a
    /// repetition leaf holds at every bound; its hand is exact, so the hand stored is the node's,
    /// and a smaller attacker hand replays the same line into the same repetition, the defender
    /// holding the difference). One resting on a strict ancestor (ply < d) is stored for this
    /// path only (`storeRepetition`, keyed by the path's hash, which fixes every ply).
    func mid(_ thpn: UInt32, _ thdn: UInt32, remaining: Int, pathKey: UInt64) -> NodeValue {
        countNode()
        let isOr = pos.sideToMove == attacker
        let key = pos.boardKey, full = pos.fullKey
        let hand = attackerHand
        let startNodes = nodes
        let ply = Int32(pathLength)
        let repeated = refund ? -1 : pathIndex(full)
        if repeated >= 0 || pathLength >= MateSolver.maxPly {
            // the ply limit rests on the whole path's length: -1, never reused on another path
            let rest = repeated >= 0 ? Int32(repeated) : -1
            table.storeRepetition(key, hand, pathKey: pathKey, depth: noMateAtAll, restPly: rest, amount: 1)
            return NodeValue(pn: infinitePN, dn: 0, depth: noMateAtAll, hand: hand, restPly: rest)
        }
        if pathLength > maxPlyReached { maxPlyReached = pathLength }
        var entry = table.lookup(key, hand, remaining: remaining, pathKey: pathKey)
        if entry.pn == 0 || entry.dn == 0 { return entry }
        let base = top
        let n = isOr ? pos.generateChecks(moves + base) : pos.generateLegal(moves + base)
        if isOr {
            if n == 0 || remaining < 1 {
                var dh = Hand.full
                if n == 0 { for t in 1...7 where hand.count(t) == 0 { dh.set(t, 0) } }
                let depth = n == 0 ? noMateAtAll : UInt16(max(0, remaining))
                // no check, or no ply left: so with any smaller hand
                table.storeDisproven(key, current: hand, disproofHand: dh, depth: depth, amount: 1, clean: true)
                return NodeValue(pn: infinitePN, dn: 0, depth: depth, hand: dh, clean: true)
            }
        } else {
            if n == 0 {
                let ph = extendForInterposition(Hand())
                table.storeProven(key, current: hand, proofHand: ph, length: 0, amount: 1)
                return NodeValue(pn: 0, dn: infinitePN, length: 0, hand: ph)
            }
            if remaining < 1, !(refund && refundMayMate(moves + base, n)) {
                // composer: mate when every reply is a futile interposition
                if composer, let v = composerHorizon(moves + base, n, key: key, pathKey: pathKey) { return v }
                // a reply that is no interposition escapes whatever the attacker holds
                let clean = composer && (0..<n).contains { childState[base + $0] == ChildState.counted }
                table.storeDisproven(key, current: hand, disproofHand: hand, depth: 0, amount: 1, clean: clean)
                return NodeValue(pn: infinitePN, dn: 0, depth: 0, hand: hand, clean: clean)
            }
        }
        if isOr, remaining <= 4, composer, pathLength + remaining < MateSolver.maxPly {
            if let v = composerHorizonAttacker(moves + base, n, remaining: remaining, key: key) { return v }
        } else if isOr, remaining <= 4 {
            // Horizon of a bounded search: only mates in 1 and 3 fit, so they are searched
            // directly instead of expanding (and storing) every check's defender node; most
            // bounded nodes are here.
            let i = mateInOneIndex(moves + base, n)
            if i >= 0 {
                let m = moves[base + i]
                return storeMateInOne(m, captured: pos.play(m), key: key, hand: hand)
            }
            let mates = remaining < 3 ? false : pathLength + remaining < MateSolver.maxPly ? mateInThree(checks: moves + base, n) : nil
            if let mates {
                // stored for the node's own hand: the nodes under it are not kept to derive a smaller one
                let amount = UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF))
                if mates {
                    table.storeProven(key, current: hand, proofHand: hand, length: 3, amount: amount)
                    return NodeValue(pn: 0, dn: infinitePN, length: 3, hand: hand)
                }
                // refund mode: no plain mate in 3 is no proof of no refund mate in 3
                if !refund {
                    let depth = UInt16(remaining)
                    table.storeDisproven(key, current: hand, disproofHand: hand, depth: depth, amount: amount)
                    return NodeValue(pn: infinitePN, dn: 0, depth: depth, hand: hand)
                }
            }
        }
        top += n
        defer { top = base }
        pushPath(full)
        defer { popPath() }
        let childPath = MateSolver.childPathKey(pathKey, full)
        let childRemaining = remaining - 1
        // children keys and values, computed once: the values are read from the table on this
        // pass only; afterwards only the child just searched changes (its search returns its new
        // value), which saves re-reading every sibling's bucket (cache misses) on every pass.
        // A child the table does not know gets its proof / disproof number from its move count
        // (df-pn+ style initialisation, Nagai & Imai; Kaneko et al. 2005): `evasionEstimate` for a check, the attacker's checks for a defence.
        // The keys come first, without playing the moves, and every child's bucket is asked for
        // (prefetched) before the first is read: the misses overlap, instead of one miss at a
        // time (the table lookups were half the search's time).
        for i in 0..<n {
            let k = pos.keysAfter(moves[base + i], handOf: attacker)
            childKey[base + i] = k.boardKey
            childFull[base + i] = k.fullKey
            childHand[base + i] = k.hand
            table.prefetch(k.boardKey)
        }
        for i in 0..<n {
            var v = childValue(base + i, remaining: childRemaining, pathKey: childPath)
            if v.isNew {
                let m = moves[base + i]
                let cap = pos.play(m)
                if isOr {
                    // also the mate-in-1 probe: a check with no legal reply
                    let c = evasionEstimate()
                    if c == 0 { return storeMateInOne(m, captured: cap, key: key, hand: hand) }
                    v.pn = UInt32(c)
                } else if childRemaining > 2 {
                    v.dn = UInt32(max(1, pos.checkCount(scratch: moves + base + n)))
                }
                v.isNew = false
                childCache[base + i] = v
                // kept (as the least-worked entry, the first replaced) so that later passes
                // through this node do not count the same moves again
                table.storeUnknown(childKey[base + i], childHand[base + i], pn: v.pn, dn: v.dn, amount: 0)
                pos.undo(m, captured: cap)
            }
        }
        if refund, !isOr {
            return refundDefenderNode(base, n, key: key, hand: hand, thpn: thpn, thdn: thdn, remaining: remaining,
                                      childPath: childPath, startNodes: startNodes)
        }
        if composer, !isOr { markInterpositions(base, n) }
        while true {
            var pn: UInt32, dn: UInt32
            var best = -1
            var bestPn: UInt32 = infinitePN, bestDn: UInt32 = infinitePN, second: UInt32 = infinitePN
            if isOr {
                pn = infinitePN; var dnSum: UInt64 = 0
                var provenIndex = -1, provenLength = UInt16.max, provenHand = Hand(), provenRest = NodeValue.anyPath
                var disproof = Hand.full, minDepth = noMateAtAll, minRest = NodeValue.anyPath
                var allClean = true
                for i in 0..<n {
                    let v = childCache[base + i]
                    if v.pn == 0 {
                        // the shortest, then one that holds on any path
                        if v.length < provenLength || (v.length == provenLength && v.proofRest > provenRest) {
                            provenLength = v.length; provenIndex = i; provenHand = v.hand; provenRest = v.proofRest
                        }
                        continue
                    }
                    if v.dn == 0 {
                        minRest = min(minRest, v.restPly)
                        allClean = allClean && v.clean
                        let m = moves[base + i]
                        let cap = m.isDrop ? 0 : pos.piece(m.to)
                        disproof = disproof.intersection(disproofHandBefore(m, childDisproof: v.hand, captured: cap))
                        minDepth = min(minDepth, v.depth == noMateAtAll ? noMateAtAll : v.depth &+ 1)
                        continue
                    }
                    dnSum += UInt64(v.dn)
                    if v.pn < bestPn { second = bestPn; bestPn = v.pn; bestDn = v.dn; best = i }
                    else if v.pn < second { second = v.pn }
                }
                if provenIndex >= 0 {
                    let m = moves[base + provenIndex]
                    let cap = m.isDrop ? 0 : pos.piece(m.to)
                    let ph = proofHandBefore(m, childProof: provenHand, captured: cap, hand: hand)
                    let len = provenLength &+ 1
                    if provenRest < ply { return storeProvenPath(key, hand, pathKey: pathKey, length: len, rest: provenRest, startNodes: startNodes) }
                    table.storeProven(key, current: hand, proofHand: ph, length: len, amount: UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF)))
                    return NodeValue(pn: 0, dn: infinitePN, length: len, hand: ph)
                }
                if best < 0 {
                    for t in 1...7 where hand.count(t) == 0 { disproof.set(t, 0) }
                    if !disproof.covers(hand) { disproof = hand }
                    // every check fails within its child's bound, so no mate within min(bound + 1)
                    if minRest < ply {
                        table.storeRepetition(key, hand, pathKey: pathKey, depth: minDepth, restPly: minRest, amount: UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF)))
                        return NodeValue(pn: infinitePN, dn: 0, depth: minDepth, hand: hand, restPly: minRest)
                    }
                    // composer: every check clean, so with a smaller hand (a subset of the checks)
                    let clean = composer && allClean
                    table.storeDisproven(key, current: hand, disproofHand: disproof, depth: minDepth, amount: UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF)), clean: clean)
                    return NodeValue(pn: infinitePN, dn: 0, depth: minDepth, hand: disproof, clean: clean)
                }
                pn = bestPn
                dn = UInt32(min(dnSum, UInt64(MateSolver.saturated)))
            } else {
                dn = infinitePN; var pnSum: UInt64 = 0
                var proof = Hand(), maxLength: UInt16 = 0, counted = false, proofRest = NodeValue.anyPath
                var disprovenIndex = -1, disproven = NodeValue(pn: infinitePN, dn: 0)
                var waitingSquares: UInt128 = 0
                let defenderKing = Int(pos.kingSquare[1 - attacker])
                // composer: interpositions wait while a real defence is open (its disproof
                // settles the node; judging an interposition costs searches)
                let interpositionsWait = composer && (0..<n).contains { childState[base + $0] == ChildState.counted && childCache[base + $0].pn != 0 && childCache[base + $0].dn != 0 }
                for i in 0..<n {
                    let v = childCache[base + i]
                    if composer, childState[base + i] != ChildState.counted {
                        // a futile interposition is no defence; one disproven must be judged first
                        if childState[base + i] == ChildState.unresolved || childState[base + i] == ChildState.slack, v.dn == 0 {
                            if childJudgeCap[base + i] == 0 {
                                let cap = judgeFirstCap
                                if !resolveInterpositionCapped(base, n, i, remaining: remaining, childPath: childPath, cap: cap) { childJudgeCap[base + i] = cap }
                                if stopped { return NodeValue(pn: 1, dn: 1) }
                            }
                            if childJudgeCap[base + i] != 0 {
                                // its judgement stopped at the cap: an open child whose disproof
                                // number grows with the work its judgement has taken so far
                                pnSum += 1
                                if interpositionsWait { continue }
                                let jdn = UInt32(min(childJudgeCap[base + i] >> 12, UInt64(infinitePN - 2))) + 1
                                if jdn < bestDn { second = bestDn; bestDn = jdn; bestPn = 1; best = i }
                                else if jdn < second { second = jdn }
                                continue
                            }
                        }
                        if childState[base + i] == ChildState.futile {
                            proofRest = min(proofRest, childJudgeRest[base + i])
                            continue
                        }
                    }
                    if v.dn == 0 {
                        // prefer a disproof that holds on any path, then the deepest, then the one
                        // resting on the deepest ancestor
                        // composer: a clean escape by a reply that is no interposition holds for
                        // every smaller hand; kept clean only then
                        var cv = v
                        cv.clean = cleanEscape(v, child: base + i)
                        // an escape through an interposition holds only where its judgement does
                        if composer, childState[base + i] != ChildState.counted { cv.restPly = min(cv.restPly, childJudgeRest[base + i]) }
                        let anyPath = cv.restPly >= ply, wasAnyPath = disproven.restPly >= ply
                        if disprovenIndex < 0 || (anyPath && !wasAnyPath)
                            || (anyPath == wasAnyPath && (cv.depth > disproven.depth
                                || (cv.depth == disproven.depth && (cv.restPly > disproven.restPly
                                    || (cv.restPly == disproven.restPly && cv.clean && !disproven.clean))))) {
                            disprovenIndex = i; disproven = cv
                        }
                        continue
                    }
                    if v.pn == 0 {
                        proof = proof.union(v.hand)
                        maxLength = max(maxLength, v.length)
                        counted = true
                        proofRest = min(proofRest, v.proofRest)
                        continue
                    }
                    let m = moves[base + i]
                    if m.isDrop, !Position.adjacent(m.to, defenderKing) {
                        // lazy interposition: of the drops on one square only the first one not
                        // yet proven counts and is searched; the next waits until it is proven
                        // (usually cheaply: the same capture, one piece more in hand), so futile
                        // interpositions do not inflate the proof number of a distant check.
                        // With `oneDropPerLine` (`--mode mate`), one drop for all the squares.
                        // Not next to the king: a piece there is guarded by the king, and
                        // delaying those made df-pn wander into mates of 2,000 plies (a mate in 5)
                        let bit = UInt128(1) << UInt128(m.to)
                        if waitingSquares & bit != 0 || (oneDropPerLine && waitingSquares != 0) { continue }
                        waitingSquares |= bit
                    }
                    pnSum += UInt64(v.pn)
                    if interpositionsWait, childState[base + i] != ChildState.counted { continue }
                    if v.dn < bestDn { second = bestDn; bestDn = v.dn; bestPn = v.pn; best = i }
                    else if v.dn < second { second = v.dn }
                }
                if disprovenIndex >= 0 {
                    let amount = UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF))
                    var depth = disproven.depth == noMateAtAll ? noMateAtAll : disproven.depth &+ 1
                    // an interposition judged effective against this bound only: no claim beyond it
                    if composer, childState[base + disprovenIndex] == ChildState.effectiveWithinBound { depth = min(depth, UInt16(remaining)) }
                    if disproven.restPly < ply {
                        table.storeRepetition(key, hand, pathKey: pathKey, depth: depth, restPly: disproven.restPly, amount: amount)
                        return NodeValue(pn: infinitePN, dn: 0, depth: depth, hand: hand, restPly: disproven.restPly)
                    }
                    var dh = disproven.hand
                    let m = moves[base + disprovenIndex]
                    if m.isDrop { dh.set(m.dropType, min(dh.count(m.dropType), hand.count(m.dropType))) }
                    if !dh.covers(hand) { dh = hand }
                    let clean = composer && disproven.clean
                    table.storeDisproven(key, current: hand, disproofHand: dh, depth: depth, amount: amount, clean: clean)
                    return NodeValue(pn: infinitePN, dn: 0, depth: depth, hand: dh, clean: clean)
                }
                if best < 0 {
                    let ph = extendForInterposition(proof).intersection(hand)
                    // composer: only futile interpositions left, a mate (length 0)
                    let len = composer && !counted ? 0 : maxLength &+ 1
                    if proofRest < ply { return storeProvenPath(key, hand, pathKey: pathKey, length: len, rest: proofRest, startNodes: startNodes) }
                    table.storeProven(key, current: hand, proofHand: ph, length: len, amount: UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF)))
                    return NodeValue(pn: 0, dn: infinitePN, length: len, hand: ph)
                }
                dn = bestDn
                pn = UInt32(min(pnSum, UInt64(MateSolver.saturated)))
            }
            if pn >= thpn || dn >= thdn || stopped {
                table.storeUnknown(key, hand, pn: pn, dn: dn, amount: UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF)))
                entry.pn = pn; entry.dn = dn
                return NodeValue(pn: pn, dn: dn)
            }
            // thresholds for the most promising child
            var cthpn: UInt32, cthdn: UInt32
            if isOr {
                let eps = MateSolver.epsilonThreshold(second)
                cthpn = min(thpn, eps)
                cthdn = MateSolver.summedSideThreshold(thdn, sum: dn, child: bestDn)
            } else {
                let eps = MateSolver.epsilonThreshold(second)
                cthdn = min(thdn, eps)
                cthpn = MateSolver.summedSideThreshold(thpn, sum: pn, child: bestPn)
            }
            if composer, !isOr, childJudgeCap[base + best] != 0 {
                // a judgement stopped at its cap before: on, with four times the cap
                let cap = childJudgeCap[base + best] &* 4
                childJudgeCap[base + best] = resolveInterpositionCapped(base, n, best, remaining: remaining, childPath: childPath, cap: cap) ? 0 : cap
                if stopped { return NodeValue(pn: 1, dn: 1) }
                continue
            }
            if composer, !isOr, childState[base + best] == ChildState.unresolved {
                // judged before they are searched (the node's other replies are all proven by
                // now): df-pn would otherwise spend its work disproving futile interpositions
                judgeInterpositions(base, n, remaining: remaining, childPath: childPath, only: best)
                if stopped { return NodeValue(pn: 1, dn: 1) }
                continue
            }
            let m = moves[base + best]
            let cap = pos.play(m)
            childCache[base + best] = mid(cthpn, cthdn, remaining: childRemaining, pathKey: childPath)
            pos.undo(m, captured: cap)
        }
    }

    /// Stores and returns a composer proof that holds on the current path only (`NodeValue.proofRest`).
    func storeProvenPath(_ key: UInt64, _ hand: Hand, pathKey: UInt64, length: UInt16, rest: Int32, startNodes: UInt64) -> NodeValue {
        table.storeProvenPath(key, hand, pathKey: pathKey, length: length, restPly: rest,
                              amount: UInt32(truncatingIfNeeded: min(nodes - startNodes + 1, 0xFFFF_FFFF)))
        return NodeValue(pn: 0, dn: infinitePN, length: length, hand: hand, proofRest: rest)
    }

    /// Where the sums of proof (disproof) numbers stop: one under the largest threshold
    /// (infinitePN - 1), so that a node whose sum saturated still ranks below every threshold and
    /// is searched. Sums capped at the threshold itself stopped the root at once on every call:
    /// in deep bounded searches (proof numbers grow as the replies' product: 10^9 by about 19
    /// plies) the root's best child reached it and `search` looped, one node a call, without
    /// progress until the budget ran out (zukou-044, 057, 078, 083).
    static let saturated = infinitePN - 2

    /// The best child's threshold on the side whose numbers the node sums (disproof numbers at
    /// an attacker node, proof numbers at a defender node): the node's threshold less its
    /// other children's sum, or the largest threshold once the sum saturated (`saturated`).
    /// A saturated sum sits one under the largest threshold, so the difference would be the
    /// child's own number plus one: the child would return after raising it by one, some twenty
    /// nodes a call, for as long as the other side's threshold held (zukou-024, composer bound
    /// 29: 900,000 such calls at one defender node 19 plies deep). With the largest threshold
    /// the child returns when the other side's threshold is reached, as df-pn intends.
    @inline(__always)
    static func summedSideThreshold(_ threshold: UInt32, sum: UInt32, child: UInt32) -> UInt32 {
        if sum >= saturated { return infinitePN - 1 }
        return UInt32(min(Int64(threshold) - Int64(sum) + Int64(child), Int64(infinitePN - 1)))
    }

    /// Runs df-pn on the current position until it is proven, disproven, or the budget stops it.
    func search(remaining: Int, pathKey: UInt64 = 0) -> NodeValue {
        if composer, plainProbeEnabled, let v = plainProbe(remaining: remaining, pathKey: pathKey) { return v }
        while true {
            let v = mid(infinitePN - 1, infinitePN - 1, remaining: remaining, pathKey: pathKey)
            if v.pn == 0 || v.dn == 0 || stopped { return v }
            debugLog("search loop rem=\(remaining) pn=\(v.pn) dn=\(v.dn) nodes=\(nodes) \(pos.sfen)")
        }
    }
}
