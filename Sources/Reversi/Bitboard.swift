// The two hot bitboard primitives: legal-move generation (Kogge-Stone style
// parallel shifts, as in Edax's `get_moves`) and the discs a move flips (ray scans with
// precomputed direction masks; the search's vector form is in Bitboard+MaskedFlip.swift).
// Square index = row * 8 + column, a1 = 0, h1 = 7, a8 = 56.
// Smaller boards (6x6, 4x4) sit in the a1 corner of the 8x8 bitboard; squares outside them
// are always empty, so every ray through them is broken exactly as at a real edge.

/// Move generation and flips on raw bitboards. `player` is the side to move.
package enum Bitboard {
    /// One direction of Kogge-Stone move generation (both senses at once).
    @inline(__always)
    static func movesAlong(_ p: UInt64, _ o: UInt64, _ d: UInt64) -> UInt64 {
        var fl = o & (p << d)
        var fr = o & (p >> d)
        fl |= o & (fl << d)
        fr |= o & (fr >> d)
        let ml = o & (o << d)
        let mr = ml >> d
        let d2 = d &+ d
        fl |= ml & (fl << d2)
        fr |= mr & (fr >> d2)
        fl |= ml & (fl << d2)
        fr |= mr & (fr >> d2)
        return (fl << d) | (fr >> d)
    }

    /// Legal moves of `p` against `o`, on the 8x8 board (mask the result for smaller boards:
    /// off-board squares are empty, so only the final `& empties` needs the mask).
    @inline(__always)
    package static func moves(_ p: UInt64, _ o: UInt64) -> UInt64 {
        let inner = o & 0x7E7E_7E7E_7E7E_7E7E
        let m = movesAlong(p, inner, 1) | movesAlong(p, o, 8) | movesAlong(p, inner, 7) | movesAlong(p, inner, 9)
        return m & ~(p | o)
    }

    /// Rays from each square: index `square * 8 + direction`; directions 0-3 go to higher
    /// bit indices (E, N, NE, NW), 4-7 to lower ones (W, S, SW, SE). The square itself is excluded.
    static let rays: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 64 * 8)
        let steps: [(Int, Int)] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)]
        for sq in 0..<64 {
            for (d, (dc, dr)) in steps.enumerated() {
                var c = (sq & 7) + dc, r = (sq >> 3) + dr
                var ray: UInt64 = 0
                while c >= 0, c < 8, r >= 0, r < 8 {
                    ray |= UInt64(1) << UInt64(r * 8 + c)
                    c += dc; r += dr
                }
                table[sq * 8 + d] = ray
            }
        }
        return table
    }()

    /// The same table as raw memory, for the hot loop (never freed: lives as long as the process).
    nonisolated(unsafe) static let rayTable: UnsafeMutablePointer<UInt64> = {
        let p = UnsafeMutablePointer<UInt64>.allocate(capacity: 64 * 8)
        for i in 0..<(64 * 8) { p[i] = rays[i] }
        return p
    }()

    /// [square]: the squares around it (a move there flips something only if one holds an
    /// opponent disc).
    nonisolated(unsafe) static let neighbourTable: UnsafeMutablePointer<UInt64> = {
        let t = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
        // The squares next to `sq` are the frontier of a full board around it.
        for sq in 0..<64 { t[sq] = frontier(~0, UInt64(1) << UInt64(sq)) }
        return t
    }()

    @inline(__always)
    static func flipsUp(_ ray: UInt64, _ p: UInt64, _ o: UInt64) -> UInt64 {
        let blockers = ray & ~o
        let outflank = blockers & (0 &- blockers)
        return (outflank & p) != 0 ? (outflank &- 1) & ray : 0
    }

    @inline(__always)
    static func flipsDown(_ ray: UInt64, _ p: UInt64, _ o: UInt64) -> UInt64 {
        let blockers = ray & ~o
        if blockers == 0 { return 0 }
        let outflank = UInt64(1) << UInt64(63 &- blockers.leadingZeroBitCount)
        return (outflank & p) != 0 ? ray & ~(outflank | (outflank &- 1)) : 0
    }

    /// Discs flipped when `p` plays on the empty `square` (0 when the move is illegal).
    @inline(__always)
    package static func flips(_ square: Int, _ p: UInt64, _ o: UInt64) -> UInt64 {
        let r = rayTable + (square &<< 3)
        var f = flipsUp(r[0], p, o)
        f |= flipsUp(r[1], p, o)
        f |= flipsUp(r[2], p, o)
        f |= flipsUp(r[3], p, o)
        f |= flipsDown(r[4], p, o)
        f |= flipsDown(r[5], p, o)
        f |= flipsDown(r[6], p, o)
        f |= flipsDown(r[7], p, o)
        return f
    }
}
