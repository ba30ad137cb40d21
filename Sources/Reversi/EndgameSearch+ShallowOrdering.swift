// Fastest-first ordering in the table-free shallow search: at its top empties the moves are
// tried by fewest opponent replies (corners counting double), odd quadrants breaking ties,
// instead of parity alone (Edax's search_shallow is parity only; the mobility sort pays
// where a subtree is still large).

extension EndgameSearch {
    /// `shallow` with the moves sorted, for nodes with `n` >= shallowSortMinEmpties.
    mutating func shallowSorted(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int, odd: UInt64,
                                moves: UInt64) -> Int {
        return withUnsafeTemporaryAllocation(of: OrderedMove.self, capacity: 16) { buffer -> Int in
            let list = buffer.baseAddress!
            var count = 0
            var m = moves
            while m != 0 {
                let sq = m.trailingZeroBitCount
                m &= m &- 1
                let bit = UInt64(1) << UInt64(sq)
                let f = Bitboard.flipsNotInlined(sq, p, o, masks: rayMasks)
                let np = o ^ f, no = p ^ f ^ bit
                let replies = Bitboard.movesNotInlined(np, no) & mask
                var key = (replies.nonzeroBitCount + (replies & geometry.corners).nonzeroBitCount) << 2
                if odd & bit == 0 { key += 2 }
                var i = count
                while i > 0 && list[i - 1].key > key {
                    list[i] = list[i - 1]
                    i -= 1
                }
                list[i] = OrderedMove(flips: f, square: sq, key: key)
                count += 1
            }
            var best = Int.min
            for i in 0..<count {
                let mv = list[i]
                let np = o ^ mv.flips, no = p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square))
                let score = -shallow(np, no, -alpha - 1, n - 1, odd: odd ^ quadrantOf[mv.square])
                if score > best {
                    best = score
                    if score > alpha { return best }
                }
            }
            return best
        }
    }
}
