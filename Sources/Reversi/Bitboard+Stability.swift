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

    /// The 15 diagonals (a1-h8 direction) then the 15 anti-diagonals, as bit masks.
    nonisolated(unsafe) static let diagonals: UnsafeMutablePointer<UInt64> = {
        let p = UnsafeMutablePointer<UInt64>.allocate(capacity: 30)
        for k in 0..<30 { p[k] = 0 }
        for sq in 0..<64 {
            let r = sq >> 3, c = sq & 7
            p[r - c + 7] |= UInt64(1) << UInt64(sq)        // r - c constant
            p[15 + r + c] |= UInt64(1) << UInt64(sq)       // r + c constant
        }
        return p
    }()

    /// Squares whose line along each axis is completely filled.
    @inline(__always)
    static func fullLines(_ filled: UInt64, _ diagonals: UnsafeMutablePointer<UInt64>) -> (h: UInt64, v: UInt64, d9: UInt64, d7: UInt64) {
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
        var d9: UInt64 = 0, d7: UInt64 = 0
        for k in 0..<15 {
            let a = diagonals[k], b = diagonals[15 + k]
            if filled & a == a { d9 |= a }
            if filled & b == b { d7 |= b }
        }
        return (h, v, d9, d7)
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
                            diagonals: UnsafeMutablePointer<UInt64> = Bitboard.diagonals,
                            outside: UInt64 = 0, edgeColumns: UInt64 = fileA | fileH,
                            edgeRows: UInt64 = rank1 | rank8) -> UInt64 {
        let full = fullLines(p | o | outside, diagonals)
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
