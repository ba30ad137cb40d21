// Stable discs (discs that can never be flipped), used for stability cut-offs: if the
// opponent owns s stable discs, the side to move scores at most 64 - 2s. A conservative
// fixed point as in Edax's get_stability: a disc is stable when, along each of the four
// axes, its line is full, or a neighbour on that axis is off the board or a stable disc of
// the same colour. Smaller boards sit in the a1 corner: the squares outside them count as
// filled (so a line full on the board is full) and their own edges as the board's edges.

extension Bitboard {
    static let fileA: UInt64 = 0x0101_0101_0101_0101
    static let fileH: UInt64 = 0x8080_8080_8080_8080
    static let rank1: UInt64 = 0x0000_0000_0000_00FF
    static let rank8: UInt64 = 0xFF00_0000_0000_0000
    static let border: UInt64 = fileA | fileH | rank1 | rank8

    /// Squares whose line along each axis is completely filled.
    @inline(__always)
    static func fullLines(_ filled: UInt64) -> (h: UInt64, v: UInt64, d9: UInt64, d7: UInt64) {
        var h = filled
        h &= h >> 1
        h &= h >> 2
        h &= h >> 4
        h = (h & fileA) &* 0xFF
        var v = filled
        v &= v >> 8
        v &= v >> 16
        v &= v >> 32
        v = (v & rank1) &* fileA
        return (h, v, fullDiagonals9(filled), fullDiagonals7(filled))
    }

    /// Squares whose a1-h8 diagonal is full: filled, and filled all the way to the edge each
    /// way, by doubling steps (1, 2, 4 squares). `edgeN` holds the squares less than N steps
    /// from the edge that way; there the shifted bits (wrapped or shifted out) are ignored.
    @inline(__always)
    static func fullDiagonals9(_ filled: UInt64) -> UInt64 {
        var up = filled & ((filled >> 9) | 0xFF80_8080_8080_8080)
        up &= (up >> 18) | 0xFFFF_C0C0_C0C0_C0C0
        up &= (up >> 36) | 0xFFFF_FFFF_F0F0_F0F0
        var down = filled & ((filled << 9) | 0x0101_0101_0101_01FF)
        down &= (down << 18) | 0x0303_0303_0303_FFFF
        down &= (down << 36) | 0x0F0F_0F0F_FFFF_FFFF
        return up & down
    }

    /// Squares whose a8-h1 (anti-)diagonal is full, as `fullDiagonals9`.
    @inline(__always)
    static func fullDiagonals7(_ filled: UInt64) -> UInt64 {
        var up = filled & ((filled >> 7) | 0xFF01_0101_0101_0101)
        up &= (up >> 14) | 0xFFFF_0303_0303_0303
        up &= (up >> 28) | 0xFFFF_FFFF_0F0F_0F0F
        var down = filled & ((filled << 7) | 0x8080_8080_8080_80FF)
        down &= (down << 14) | 0xC0C0_C0C0_C0C0_FFFF
        down &= (down << 28) | 0xF0F0_F0F0_FFFF_FFFF
        return up & down
    }

    /// The edges of a board in the a1 corner: (first and last columns, first and last rows).
    static func edges(of geometry: BoardGeometry) -> (columns: UInt64, rows: UInt64) {
        let s = UInt64(geometry.size - 1)
        let columns = (fileA | (fileA << s)) & geometry.mask
        let rows = (rank1 | (rank1 << (8 * s))) & geometry.mask
        return (columns, rows)
    }

    /// The discs of `p` that can never be flipped (a subset of the truly stable ones).
    @inline(__always)
    static func stableDiscs(_ p: UInt64, _ o: UInt64,
                            outside: UInt64 = 0, edgeColumns: UInt64 = fileA | fileH,
                            edgeRows: UInt64 = rank1 | rank8) -> UInt64 {
        let full = fullLines(p | o | outside)
        let edge = edgeColumns | edgeRows
        let safeH = full.h | edgeColumns
        let safeV = full.v | edgeRows
        let safe9 = full.d9 | edge
        let safe7 = full.d7 | edge
        var stable = p & safeH & safeV & safe9 & safe7
        if stable == 0 { return 0 }
        while true {
            let h = safeH | ((stable << 1) & ~fileA) | ((stable >> 1) & ~fileH)
            let v = safeV | (stable << 8) | (stable >> 8)
            let d9 = safe9 | ((stable << 9) & ~fileA) | ((stable >> 9) & ~fileH)
            let d7 = safe7 | ((stable << 7) & ~fileH) | ((stable >> 7) & ~fileA)
            let next = p & h & v & d9 & d7
            if next == stable { return stable }
            stable = next
        }
    }
}
