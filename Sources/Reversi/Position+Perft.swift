// perft: the number of move sequences of a given length from a position. A pass counts as
// one ply; a finished game before the depth counts as one leaf (the published convention,
// checked against the 8x8 and 6x6 tables).

extension Position {
    /// Leaf count at `depth` plies.
    package func perft(_ depth: Int) -> UInt64 {
        Position.perft(player, opponent, geometry.mask, depth, passed: false)
    }

    static func perft(_ p: UInt64, _ o: UInt64, _ mask: UInt64, _ depth: Int, passed: Bool) -> UInt64 {
        if depth == 0 { return 1 }
        var moves = Bitboard.moves(p, o) & mask
        if moves == 0 {
            if passed { return 1 }  // neither side can move: the game ended
            return perft(o, p, mask, depth - 1, passed: true)
        }
        if depth == 1 { return UInt64(moves.nonzeroBitCount) }
        var total: UInt64 = 0
        while moves != 0 {
            let sq = moves.trailingZeroBitCount
            moves &= moves &- 1
            let f = Bitboard.flips(sq, p, o)
            total &+= perft(o ^ f, p ^ f ^ (UInt64(1) << UInt64(sq)), mask, depth - 1, passed: false)
        }
        return total
    }
}
