// Fastest-first ordering in the table-free shallow search: at its top empties the moves are
// tried by fewest opponent replies (corners counting double), odd quadrants breaking ties,
// instead of parity alone (Edax's search_shallow is parity only; the mobility sort pays
// where a subtree is still large).

extension EndgameSearch {
    /// `shallow` with the moves sorted, for nodes with `n` >= shallowSortMinEmpties.
    mutating func shallowSorted(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int, odd: UInt64,
                                moves: UInt64) -> Int {
        return withUnsafeTemporaryAllocation(of: OrderedMove.self, capacity: 16) { buffer -> Int in
            // The replies, in step with the list: a child that sorts too gets its moves from here.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { replyBuffer -> Int in
                let list = buffer.baseAddress!, replyList = replyBuffer.baseAddress!
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
                        replyList[i] = replyList[i - 1]
                        i -= 1
                    }
                    list[i] = OrderedMove(flips: f, square: sq, key: key)
                    replyList[i] = replies
                    count += 1
                }
                var best = Int.min
                for i in 0..<count {
                    let mv = list[i]
                    let np = o ^ mv.flips, no = p ^ mv.flips ^ (UInt64(1) << UInt64(mv.square))
                    let childOdd = odd ^ quadrantOf[mv.square]
                    let score = n - 1 >= shallowSortMinEmpties
                        ? -shallow(np, no, -alpha - 1, n - 1, odd: childOdd, moves: replyList[i])
                        : -shallow(np, no, -alpha - 1, n - 1, odd: childOdd)
                    if score > best {
                        best = score
                        if score > alpha { return best }
                    }
                }
                return best
            }
        }
    }

    /// `shallow` for a node that sorts its moves, given them (its parent sorted by them).
    mutating func shallow(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int, odd: UInt64, moves: UInt64) -> Int {
        nodes &+= 1
        if let bound = stabilityBound(p, o, alpha, n) { return bound }
        if moves != 0 { return shallowSorted(p, o, alpha, n, odd: odd, moves: moves) }
        return shallowWithoutMove(p, o, alpha, n, odd: odd)
    }
}
