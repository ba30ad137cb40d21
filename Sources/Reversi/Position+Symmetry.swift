// The eight symmetries of the square board (rotations and reflections), used at the root to
// solve only one of the moves that lead to the same position up to symmetry (the 6x6 and
// 8x8 start positions: all four first moves are equivalent).

extension Position {
    /// `bits` transformed by symmetry `k` (0..<8) of a `size` x `size` board in the a1 corner.
    static func transformed(_ bits: UInt64, _ k: Int, size: Int) -> UInt64 {
        var out: UInt64 = 0
        var b = bits
        let s = size - 1
        while b != 0 {
            let sq = b.trailingZeroBitCount
            b &= b &- 1
            let r = sq >> 3, c = sq & 7
            let (r2, c2): (Int, Int)
            switch k {
            case 0: (r2, c2) = (r, c)
            case 1: (r2, c2) = (c, r)
            case 2: (r2, c2) = (s - r, c)
            case 3: (r2, c2) = (r, s - c)
            case 4: (r2, c2) = (s - r, s - c)
            case 5: (r2, c2) = (s - c, s - r)
            case 6: (r2, c2) = (c, s - r)
            default: (r2, c2) = (s - c, r)
            }
            out |= UInt64(1) << UInt64(r2 * 8 + c2)
        }
        return out
    }

    /// One representative of the position's symmetry class (same side to move).
    static func canonical(_ p: UInt64, _ o: UInt64, size: Int) -> (UInt64, UInt64) {
        var best = (p, o)
        for k in 1..<8 {
            let t = (transformed(p, k, size: size), transformed(o, k, size: size))
            if t.0 < best.0 || (t.0 == best.0 && t.1 < best.1) { best = t }
        }
        return best
    }
}
