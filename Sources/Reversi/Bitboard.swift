// Bitboard geometry and the two hot primitives: legal-move generation (Kogge-Stone style
// parallel shifts, as in Edax's `get_moves`) and the discs a move flips (ray scans with
// precomputed direction masks). Square index = row * 8 + column, a1 = 0, h1 = 7, a8 = 56.
// Smaller boards (6x6, 4x4) sit in the a1 corner of the 8x8 bitboard; squares outside them
// are always empty, so every ray through them is broken exactly as at a real edge.

/// The board area: which of the 64 bits are squares of the game being played.
public struct BoardGeometry: Sendable, Hashable {
    /// Side length: 4, 6 or 8.
    public let size: Int
    /// The playable squares.
    public let mask: UInt64
    /// Number of playable squares (16, 36, 64).
    public var squareCount: Int { size * size }
    /// The four quadrants, for parity ordering.
    public let quadrants: (UInt64, UInt64, UInt64, UInt64)
    /// The corners (good moves to try early).
    public let corners: UInt64

    public init?(size: Int) {
        guard size == 4 || size == 6 || size == 8 else { return nil }
        self.size = size
        var m: UInt64 = 0
        var q: [UInt64] = [0, 0, 0, 0]
        let half = size / 2
        for r in 0..<size {
            for c in 0..<size {
                let bit = UInt64(1) << UInt64(r * 8 + c)
                m |= bit
                q[(r >= half ? 2 : 0) + (c >= half ? 1 : 0)] |= bit
            }
        }
        mask = m
        quadrants = (q[0], q[1], q[2], q[3])
        let s = size - 1
        corners = (UInt64(1) << 0) | (UInt64(1) << UInt64(s)) | (UInt64(1) << UInt64(s * 8)) | (UInt64(1) << UInt64(s * 8 + s))
    }

    public static let standard = BoardGeometry(size: 8)!

    public static func == (a: BoardGeometry, b: BoardGeometry) -> Bool { a.size == b.size }
    public func hash(into hasher: inout Hasher) { hasher.combine(size) }

    /// The start position: d4/e5 white, d5/e4 black (scaled to the board), black to move.
    public var startDiscs: (black: UInt64, white: UInt64) {
        let a = size / 2 - 1, b = size / 2
        let white = (UInt64(1) << UInt64(a * 8 + a)) | (UInt64(1) << UInt64(b * 8 + b))
        let black = (UInt64(1) << UInt64(a * 8 + b)) | (UInt64(1) << UInt64(b * 8 + a))
        return (black, white)
    }

    /// Squares of the quadrants holding an odd number of `empties` (parity ordering:
    /// Thompson / Edax play into odd regions first so the side to move gets the last move there).
    @inline(__always)
    public func oddQuadrants(_ empties: UInt64) -> UInt64 {
        // Fold the rows of each half onto its first row, then the columns of each half onto
        // its first column: bit 0, half, 8*half, 8*half+half hold the four parities.
        // (No popcount: without a target CPU flag that is a long bit-twiddling sequence.)
        let half = UInt64(size >> 1)
        var y = empties
        var k: UInt64 = 1
        while k < half { y ^= empties >> (8 * k); k += 1 }
        var z = y
        k = 1
        while k < half { z ^= y >> k; k += 1 }
        var odd: UInt64 = 0
        if z & 1 != 0 { odd |= quadrants.0 }
        if (z >> half) & 1 != 0 { odd |= quadrants.1 }
        if (z >> (8 * half)) & 1 != 0 { odd |= quadrants.2 }
        if (z >> (9 * half)) & 1 != 0 { odd |= quadrants.3 }
        return odd
    }

    /// "a1".."h8" for a square index.
    public static func name(of square: Int) -> String {
        let letters: [Character] = ["a", "b", "c", "d", "e", "f", "g", "h"]
        return "\(letters[square & 7])\(square >> 3 + 1)"
    }

    /// Parses "a1".."h8" (either case); nil when malformed or off this board.
    public func square(named text: Substring) -> Int? {
        let chars = Array(text.lowercased())
        guard chars.count == 2, let c = chars[0].asciiValue, let r = chars[1].asciiValue,
              c >= 97, c < 97 + UInt8(size), r >= 49, r < 49 + UInt8(size) else { return nil }
        return Int(r - 49) * 8 + Int(c - 97)
    }
}

/// Move generation and flips on raw bitboards. `player` is the side to move.
public enum Bitboard {
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
    public static func moves(_ p: UInt64, _ o: UInt64) -> UInt64 {
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
    public static func flips(_ square: Int, _ p: UInt64, _ o: UInt64) -> UInt64 {
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
