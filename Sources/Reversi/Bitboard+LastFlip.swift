// Flip counts for the last empty square, by table: with one empty square every other one is
// filled, so a line through it is fully described by the mover's discs on it (every other
// square counts as the opponent's). Each of the four lines is gathered into one byte by a
// multiplication and the counts looked up, as Edax's count_last_flip does with its own
// tables. Off-board squares of a smaller board count as the opponent's too: they sit at the
// far end of every line, so a run into them never reaches one of the mover's discs and
// flips nothing, exactly as at a real edge.

extension Bitboard {
    /// Discs flipped in one line of 8 by playing at `position` with the mover's `pattern`.
    static func lineFlipCount(position: Int, pattern: Int) -> Int {
        var total = 0
        for step in [-1, 1] {
            var k = position + step, run = 0
            while k >= 0, k < 8, pattern & (1 << k) == 0 { run += 1; k += step }
            if k >= 0, k < 8 { total += run }
        }
        return total
    }

    /// [position * 256 + pattern] -> flips in that line.
    nonisolated(unsafe) static let lineFlipTable: UnsafeMutablePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 8 * 256)
        for x in 0..<8 {
            for pattern in 0..<256 { t[x * 256 + pattern] = UInt8(lineFlipCount(position: x, pattern: pattern)) }
        }
        return t
    }()

    /// [square * 2]: the square's a1-h8 diagonal, [square * 2 + 1]: its anti-diagonal.
    nonisolated(unsafe) static let squareDiagonals: UnsafeMutablePointer<UInt64> = {
        let t = UnsafeMutablePointer<UInt64>.allocate(capacity: 128)
        for sq in 0..<64 {
            let r = sq >> 3, c = sq & 7
            var d9: UInt64 = 0, d7: UInt64 = 0
            for s in 0..<64 {
                if (s >> 3) - (s & 7) == r - c { d9 |= UInt64(1) << UInt64(s) }
                if (s >> 3) + (s & 7) == r + c { d7 |= UInt64(1) << UInt64(s) }
            }
            t[sq * 2] = d9
            t[sq * 2 + 1] = d7
        }
        return t
    }()

    /// Number of discs flipped when the owner of `own` plays on the last empty square `x`
    /// (every other board square filled). 0 when the move is illegal.
    @inline(__always)
    static func lastFlipCount(_ x: Int, _ own: UInt64, lines: UnsafeMutablePointer<UInt8>,
                              diagonals: UnsafeMutablePointer<UInt64>) -> Int {
        let r = x >> 3, c = x & 7
        let row = Int((own >> UInt64(x & 56)) & 0xFF)
        let column = Int(truncatingIfNeeded: (((own >> UInt64(c)) & fileA) &* 0x0102_0408_1020_4080) >> 56)
        let d9 = Int(truncatingIfNeeded: ((own & diagonals[x &<< 1]) &* fileA) >> 56)
        let d7 = Int(truncatingIfNeeded: ((own & diagonals[(x &<< 1) | 1]) &* fileA) >> 56)
        let byColumn = lines + (c &<< 8)
        return Int(byColumn[row]) &+ Int(lines[(r &<< 8) | column]) &+ Int(byColumn[d9]) &+ Int(byColumn[d7])
    }
}
