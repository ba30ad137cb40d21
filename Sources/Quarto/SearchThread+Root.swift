// The root of a search: the moves of a node one per symmetry class of successors, ordered for the
// parallel split (`QuartoSolver+Split.swift`), and the entry that accepts any position (a piece
// in hand or not, an immediate win possible) before the hot loop takes over.

extension SearchThread {
    /// A move of the root: its successor after the placement and the piece handed over, or
    /// its score when the move decides the game at once.
    struct RootChild {
        var occupied: UInt16, attributes: UInt64, available: UInt16, hand: Int
        var score: Int?
    }

    /// The moves of a node at `ply` (piece in hand or none), one per symmetry class of
    /// successors, the moves leaving the opponent the fewest (placement, safe piece) replies
    /// first; nil when the piece in hand wins at once. Only for nodes with at least 2 empty squares.
    func rootChildren(_ board: Board, _ avail: UInt16, _ hand: Int?, ply: Int = 0) -> [RootChild]? {
        let occ = board.occupied, bits = board.attributes
        var seen = Set<UInt128>()
        var out: [(replies: Int, child: RootChild)] = []
        func add(_ occ2: UInt16, _ bits2: UInt64, _ q: Int) {
            let left = avail & ~(1 << q)
            guard seen.insert(group.canonicalKey(occupied: occ2, attributes: bits2, hand: q)).inserted else { return }
            let replies = self.replies(threats(occ2, bits2), occ2, q, left)
            out.append((replies, RootChild(occupied: occ2, attributes: bits2, available: left, hand: q, score: nil)))
        }
        if let h = hand {
            if deadlyPieces(occ, bits) >> h & 1 == 1 { return nil }
            var empty = ~occ
            while empty != 0 {
                let s = empty.trailingZeroBitCount
                empty &= empty - 1
                let occ2 = occ | UInt16(1) << s, bits2 = SearchThread.place(bits, h, s)
                let safe = avail & ~deadlyPieces(occ2, bits2)
                if safe == 0 {
                    // every piece handed over wins for the opponent at ply 2
                    out.append((-1, RootChild(occupied: occ2, attributes: bits2, available: avail, hand: 0, score: ply + 2 - mate)))
                    continue
                }
                var r = safe
                while r != 0 {
                    let q = r.trailingZeroBitCount
                    r &= r - 1
                    add(occ2, bits2, q)
                }
            }
        } else {
            let danger = deadlyPieces(occ, bits)
            var r = avail
            while r != 0 {
                let q = r.trailingZeroBitCount
                r &= r - 1
                if danger >> q & 1 == 1 {
                    out.append((-1, RootChild(occupied: occ, attributes: bits, available: avail, hand: q, score: ply + 2 - mate)))
                } else {
                    add(occ, bits, q)
                }
            }
        }
        return out.enumerated().sorted { ($0.element.replies, $0.offset) < ($1.element.replies, $1.offset) }.map(\.element.child)
    }

    /// Root of a search: any position (piece in hand or not, an immediate win possible).
    func root(_ board: Board, _ avail: UInt16, _ hand: Int?, _ alphaIn: Int, _ betaIn: Int) -> Int {
        assert(SearchThread.nodeInvariantsHold(board.occupied, board.attributes, avail, hand ?? -1))
        let occ = board.occupied, bits = board.attributes
        if occ == 0xFFFF { return 0 }
        if let h = hand {
            if deadlyPieces(occ, bits) >> h & 1 == 1 { return mate - 1 }
            return search(occ, bits, avail, h, alphaIn, betaIn, 0)
        }
        // choose a piece for the opponent
        let danger = deadlyPieces(occ, bits)
        var best = -mate - 1, alpha = alphaIn
        var rest = avail
        while rest != 0 {
            let q = rest.trailingZeroBitCount
            rest &= rest - 1
            let v = danger >> q & 1 == 1 ? 2 - mate : -search(occ, bits, avail & ~(1 << q), q, -betaIn, -alpha, 1)
            if stopped { return 0 }
            if v > best { best = v; if v > alpha { alpha = v }; if v >= betaIn { break } }
        }
        return best
    }
}
