// The search core: one thread's negamax alpha-beta over the two-part moves (place the piece in
// hand, hand a piece over) on raw bitboards, with a transposition table keyed by the canonical
// form, move ordering and pruning of handed pieces. `QuartoSolver` drives it.

/// Scores are from the side to move: `mate - plies` for a win that ends the game `plies` plies
/// after the root, `plies - mate` for a loss, 0 for a draw (a draw always runs to the full board).
/// A ply is one move: a placement with its hand-over (or the lone choice at the start).
let mate = 100

/// One search thread's state. The hot path works on raw bitboards: `occ` the occupied squares,
/// `bits` the four attribute lanes (see `Board`), `avail` the pieces that can still be handed over.
final class SearchThread {
    let lineCount: Int
    let lines: UnsafeMutablePointer<UInt16>
    /// line mask replicated into the four 16-bit lanes
    let lineLanes: UnsafeMutablePointer<UInt64>
    /// `deadly[d]`: the pieces that complete a line when the danger set is d (bits 0-3: attribute
    /// a at value 0 is shared by three pieces of a line with one empty square; bits 4-7: value 1).
    let deadly: UnsafeMutablePointer<UInt16>
    let group: SymmetryGroup
    let table: TranspositionTable
    /// Nodes with fewer empty squares than this skip the table (the canonical form costs more than
    /// re-searching the small subtree).
    let tableMinEmpties: Int
    /// Nodes with at least this many empty squares order their placements.
    let orderMinEmpties: Int
    /// Nodes with at least this many empty squares order the pieces they hand over.
    let pieceOrderMinEmpties = 7
    let shouldStop: (UInt64) -> Bool
    /// Helper threads visit moves in a rotated order so that they fill the shared table with
    /// different subtrees (lazy SMP).
    let rotation: Int

    var nodes: UInt64 = 0
    var tableProbes: UInt64 = 0
    var tableHits: UInt64 = 0
    var stopped = false

    init(group: SymmetryGroup, table: TranspositionTable, tableMinEmpties: Int = 5, rotation: Int = 0,
         shouldStop: @escaping (UInt64) -> Bool) {
        self.group = group
        self.table = table
        self.tableMinEmpties = tableMinEmpties
        self.orderMinEmpties = 6
        self.rotation = rotation
        self.shouldStop = shouldStop
        let ls = group.rules.lines
        lineCount = ls.count
        lines = .allocate(capacity: ls.count)
        lineLanes = .allocate(capacity: ls.count)
        for (i, l) in ls.enumerated() {
            lines[i] = l
            lineLanes[i] = UInt64(l) &* 0x0001_0001_0001_0001
        }
        deadly = .allocate(capacity: 256)
        for d in 0..<256 {
            var m: UInt16 = 0
            for p in 0..<16 where Piece.valueSet(p) & SearchThread.valueSetOfDanger(d) != 0 { m |= 1 << p }
            deadly[d] = m
        }
    }

    deinit {
        lines.deallocate()
        lineLanes.deallocate()
        deadly.deallocate()
    }

    /// Danger bits (attribute a value 0 at bit a, value 1 at bit 4+a) as a `Piece.valueSet` set.
    static func valueSetOfDanger(_ d: Int) -> Int {
        var v = 0
        for a in 0..<4 {
            if d >> a & 1 == 1 { v |= 1 << (2 * a) }
            if d >> (4 + a) & 1 == 1 { v |= 1 << (2 * a + 1) }
        }
        return v
    }

    /// Nibble of the 16-bit lanes of x that are zero (SWAR zero test, then gather the lane flags).
    @inline(__always) static func zeroLanes(_ x: UInt64) -> Int {
        let low: UInt64 = 0x7FFF_7FFF_7FFF_7FFF
        let y = ~(((x & low) &+ low) | x | low)
        return Int(truncatingIfNeeded: ((y >> 15) &* 0x0001_0002_0004_0008 >> 0) >> 48) & 0xF
    }

    /// The pieces that would win if placed now: a line with three pieces and one empty square
    /// whose three pieces share an attribute value that the piece has too.
    @inline(__always) func deadlyPieces(_ occ: UInt16, _ bits: UInt64) -> UInt16 {
        var d = 0
        for i in 0..<lineCount {
            let o = occ & lines[i]
            if o.nonzeroBitCount == 3 {
                let x = bits & lineLanes[i]
                d |= SearchThread.zeroLanes(x) | SearchThread.zeroLanes(x ^ (UInt64(o) &* 0x0001_0001_0001_0001)) << 4
            }
        }
        return deadly[d]
    }

    /// The pieces having each attribute value (index 2a + bit), for counting what is left.
    static let piecesWithValue: [UInt16] = (0..<8).map { v in
        (0..<16).reduce(0) { $1 >> (v / 2) & 1 == v & 1 ? $0 | UInt16(1) << $1 : $0 }
    }

    /// The lines that can still be won: their pieces share a value and enough pieces with that
    /// value are left (in hand or to be handed over) to fill their empty squares. Counts up to
    /// `limit` lines and stops there.
    @inline(__always) func liveLines(_ occ: UInt16, _ bits: UInt64, _ remaining: UInt16, limit: Int) -> Int {
        // enough[k]: the attribute values (danger bits, as in `Threats`) that at least k of the
        // remaining pieces have
        var enough = SIMD4<UInt8>(repeating: 0)
        for a in 0..<4 {
            let zeros = (remaining & SearchThread.piecesWithValue[2 * a]).nonzeroBitCount
            let ones = (remaining & SearchThread.piecesWithValue[2 * a + 1]).nonzeroBitCount
            for k in 1...4 {
                if zeros >= k { enough[k - 1] |= UInt8(1) << a }
                if ones >= k { enough[k - 1] |= UInt8(1) << (4 + a) }
            }
        }
        var count = 0
        for i in 0..<lineCount {
            let o = occ & lines[i]
            let n = o.nonzeroBitCount
            if n == 4 { continue }
            let x = bits & lineLanes[i]
            let shared = SearchThread.zeroLanes(x) | SearchThread.zeroLanes(x ^ (UInt64(o) &* 0x0001_0001_0001_0001)) << 4
            if UInt8(shared) & enough[3 - n] != 0 {
                count += 1
                if count >= limit { return count }
            }
        }
        return count
    }

    @inline(__always) static func place(_ bits: UInt64, _ piece: Int, _ s: Int) -> UInt64 {
        bits | Board.spread(piece) << UInt64(s)
    }

    /// Value of the node where the side to move must place `hand`, which cannot win at once
    /// (the caller handed over a safe piece). Fail-soft alpha-beta; `ply` counts from the root.
    func search(_ occ: UInt16, _ bits: UInt64, _ avail: UInt16, _ hand: Int, _ alphaIn: Int, _ betaIn: Int, _ ply: Int) -> Int {
        assert(SearchThread.nodeInvariantsHold(occ, bits, avail, hand))
        nodes &+= 1
        if nodes & 0xFFF == 0, shouldStop(nodes) { stopped = true }
        if stopped { return 0 }
        let empties = 16 - occ.nonzeroBitCount
        if empties == 1 { return 0 }  // the last piece fills the board without a line
        // no line can still be won: the board fills up without a winner
        if liveLines(occ, bits, avail | UInt16(1) << hand, limit: 1) == 0 { return 0 }
        var alpha = alphaIn, beta = betaIn
        // bounds from the distances: no win before our next placement, no loss before the opponent's
        let worst = ply + 2 - mate, bestPossible = mate - ply - 3
        if alpha < worst { alpha = worst }
        if beta > bestPossible { beta = bestPossible }
        if alpha >= beta { return alpha }

        var key: UInt128 = 0
        let useTable = empties >= tableMinEmpties
        if useTable {
            key = group.canonicalKey(occupied: occ, attributes: bits, hand: hand)
            tableProbes &+= 1
            if let e = table.probe(key) {
                tableHits &+= 1
                let lower = SearchThread.fromTable(e.lower, ply), upper = SearchThread.fromTable(e.upper, ply)
                if lower >= beta { return lower }
                if upper <= alpha { return upper }
                if lower == upper { return lower }
                if lower > alpha { alpha = lower }
                if upper < beta { beta = upper }
            }
        }
        let alpha0 = alpha
        var best = -mate - 1
        if empties >= jointOrderMinEmpties {
            best = searchJointOrder(occ, bits, avail, hand, alpha, beta, ply)
            if stopped { return 0 }
        } else {
        var empty = ~occ
        let threatsHere = threats(occ, bits)
        // placement order: most live lines left first (more lines with three pieces leave the
        // opponent fewer safe pieces, so refutations come sooner; fewer nodes than unordered or
        // fewest-first placements), 4 bits a square
        let ordered = empties >= orderMinEmpties
        var scores: UInt64 = 0
        if ordered {
            var e = empty
            while e != 0 {
                let s = e.trailingZeroBitCount
                e &= e - 1
                let n = liveLines(occ | UInt16(1) << s, SearchThread.place(bits, hand, s), avail, limit: 15)
                scores |= UInt64(15 - n) << UInt64(4 * s)
            }
        }
        outer: while empty != 0 {
            var s: Int
            if ordered {
                var e = empty, bestScore = 16
                s = 0
                while e != 0 {
                    let t = rotation == 0 ? e.trailingZeroBitCount : 15 - e.leadingZeroBitCount
                    e &= ~(1 << t)
                    let sc = Int(scores >> UInt64(4 * t) & 15)
                    if sc < bestScore { bestScore = sc; s = t }
                }
            } else if rotation == 0 {
                s = empty.trailingZeroBitCount
            } else {
                s = 15 - empty.leadingZeroBitCount
            }
            empty &= ~(1 << s)
            let occ2 = occ | UInt16(1) << s
            let bits2 = SearchThread.place(bits, hand, s)
            let safe = avail & ~deadlyAfter(threatsHere, s, hand)
            if safe == 0 {
                // every piece we could hand over completes a line: the opponent wins at ply + 2
                let v = ply + 2 - mate
                if v > best { best = v }
                continue
            }
            var rest = safe
            // piece order: the piece that leaves the opponent the fewest (placement, safe piece)
            // replies first, packed 8 bits a piece (capped)
            let pieceOrdered = empties >= pieceOrderMinEmpties && safe.nonzeroBitCount > 1
            var pieceScores = (UInt64(0), UInt64(0))
            if pieceOrdered {
                var r = safe
                while r != 0 {
                    let q = r.trailingZeroBitCount
                    r &= r - 1
                    let replies = self.replies(threats(occ2, bits2), occ2, q, avail & ~(1 << q))
                    let v = UInt64(min(replies, 255)) << UInt64(8 * (q & 7))
                    if q < 8 { pieceScores.0 |= v } else { pieceScores.1 |= v }
                }
            }
            while rest != 0 {
                var q: Int
                if pieceOrdered {
                    var r = rest, bestScore = 256
                    q = 0
                    while r != 0 {
                        let t = r.trailingZeroBitCount
                        r &= r - 1
                        let sc = Int((t < 8 ? pieceScores.0 : pieceScores.1) >> UInt64(8 * (t & 7)) & 255)
                        if sc < bestScore { bestScore = sc; q = t }
                    }
                } else {
                    q = rotation == 0 ? rest.trailingZeroBitCount : 15 - rest.leadingZeroBitCount
                }
                rest &= ~(1 << q)
                // two empty squares: the opponent fills the last one with q, which is safe there
                let v = empties == 2 ? 0 : -search(occ2, bits2, avail & ~(1 << q), q, -beta, -max(alpha, best), ply + 1)
                if stopped { return 0 }
                if v > best {
                    best = v
                    if best >= beta { break outer }
                }
            }
        }
        }
        if useTable {
            let lower = best >= beta ? best : -mate - 1
            let upper = best <= alpha0 ? best : (best >= beta ? mate + 1 : best)
            if best > alpha0 && best < beta {
                table.store(key, lower: SearchThread.toTable(best, ply), upper: SearchThread.toTable(best, ply), empties: empties)
            } else {
                table.store(key, lower: SearchThread.toTable(lower, ply), upper: SearchThread.toTable(upper, ply), empties: empties)
            }
        }
        return best
    }

    /// Nodes with at least this many empty squares order all their (placement, piece) moves
    /// together: the move leaving the opponent the fewest (placement, safe piece) replies first.
    let jointOrderMinEmpties = 6

    /// The move loop of `search` with joint ordering; returns the fail-soft best score.
    func searchJointOrder(_ occ: UInt16, _ bits: UInt64, _ avail: UInt16, _ hand: Int, _ alphaIn: Int, _ beta: Int, _ ply: Int) -> Int {
        var best = -mate - 1
        let alpha = alphaIn
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { moves -> Int in
            var count = 0
            var empty = ~occ
            let threatsHere = threats(occ, bits)
            while empty != 0 {
                let s = empty.trailingZeroBitCount
                empty &= empty - 1
                let occ2 = occ | UInt16(1) << s
                let bits2 = SearchThread.place(bits, hand, s)
                let safe = avail & ~deadlyAfter(threatsHere, s, hand)
                if safe == 0 {
                    let v = ply + 2 - mate
                    if v > best { best = v }
                    continue
                }
                let threatsAfter = threats(occ2, bits2)
                var r = safe
                while r != 0 {
                    let q = r.trailingZeroBitCount
                    r &= r - 1
                    let replies = self.replies(threatsAfter, occ2, q, avail & ~(1 << q))
                    let tie = rotation == 0 ? count : 255 - count
                    moves[count] = UInt32(replies) << 16 | UInt32(tie) << 8 | UInt32(s << 4 | q)
                    count += 1
                }
            }
            if best >= beta { return best }
            // insertion sort, ascending replies
            if count > 1 {
                for i in 1..<count {
                    let x = moves[i]
                    var j = i - 1
                    while j >= 0 && moves[j] > x { moves[j + 1] = moves[j]; j -= 1 }
                    moves[j + 1] = x
                }
            }
            for i in 0..<count {
                let s = Int(moves[i] >> 4 & 15), q = Int(moves[i] & 15)
                let v = -search(occ | UInt16(1) << s, SearchThread.place(bits, hand, s), avail & ~(1 << q), q, -beta, -max(alpha, best), ply + 1)
                if stopped { return 0 }
                if v > best {
                    best = v
                    if best >= beta { return best }
                }
            }
            return best
        }
    }

    /// Table scores are relative to the node (plies from it), search scores to the root.
    @inline(__always) static func toTable(_ v: Int, _ ply: Int) -> Int {
        v > mate ? mate + 1 : v < -mate ? -mate - 1 : v > 0 ? v + ply : v < 0 ? v - ply : 0
    }
    @inline(__always) static func fromTable(_ v: Int, _ ply: Int) -> Int {
        v > mate ? mate + 1 : v < -mate ? -mate - 1 : v > 0 ? v - ply : v < 0 ? v + ply : 0
    }
}
