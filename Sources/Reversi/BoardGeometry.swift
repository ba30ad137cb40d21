// The board geometry: 8x8, 6x6 or 4x4 squares in the a1 corner of a 64-bit bitboard, its
// quadrants (for parity ordering), corners, start position and square names.
// Square index = row * 8 + column, a1 = 0, h1 = 7, a8 = 56.

/// The board area: which of the 64 bits are squares of the game being played.
package struct BoardGeometry: Sendable, Hashable {
    /// Side length: 4, 6 or 8.
    package let size: Int
    /// The playable squares.
    package let mask: UInt64
    /// Number of playable squares (16, 36, 64).
    package var squareCount: Int { size * size }
    /// The four quadrants, for parity ordering.
    package let quadrants: (UInt64, UInt64, UInt64, UInt64)
    /// The corners (good moves to try early).
    package let corners: UInt64

    package init?(size: Int) {
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

    package static let standard = BoardGeometry(size: 8)!

    package static func == (a: BoardGeometry, b: BoardGeometry) -> Bool { a.size == b.size }
    package func hash(into hasher: inout Hasher) { hasher.combine(size) }

    /// The start position: d4/e5 white, d5/e4 black (scaled to the board), black to move.
    package var startDiscs: (black: UInt64, white: UInt64) {
        let a = size / 2 - 1, b = size / 2
        let white = (UInt64(1) << UInt64(a * 8 + a)) | (UInt64(1) << UInt64(b * 8 + b))
        let black = (UInt64(1) << UInt64(a * 8 + b)) | (UInt64(1) << UInt64(b * 8 + a))
        return (black, white)
    }

    /// Squares of the quadrants holding an odd number of `empties` (parity ordering:
    /// Thompson / Edax play into odd regions first so the side to move gets the last move there).
    @inline(__always)
    package func oddQuadrants(_ empties: UInt64) -> UInt64 {
        // One popcount a quadrant (a single instruction with the x86-64-v3 target of
        // Package.swift); the parity bit becomes an all-ones or all-zero mask.
        @inline(__always) func ifOdd(_ q: UInt64) -> UInt64 { q & (0 &- UInt64((empties & q).nonzeroBitCount & 1)) }
        let odd = ifOdd(quadrants.0) | ifOdd(quadrants.1) | ifOdd(quadrants.2) | ifOdd(quadrants.3)
        return odd
    }

    /// [square] -> the quadrant holding it (0 off the board), one table a board size, never freed.
    nonisolated(unsafe) static let quadrantTables: [Int: UnsafeMutablePointer<UInt64>] = {
        var tables: [Int: UnsafeMutablePointer<UInt64>] = [:]
        for size in [4, 6, 8] {
            let g = BoardGeometry(size: size)!
            let t = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
            for sq in 0..<64 {
                let bit = UInt64(1) << UInt64(sq)
                t[sq] = [g.quadrants.0, g.quadrants.1, g.quadrants.2, g.quadrants.3].first { $0 & bit != 0 } ?? 0
            }
            tables[size] = t
        }
        return tables
    }()

    /// This board's [square] -> quadrant table.
    var quadrantTable: UnsafeMutablePointer<UInt64> { BoardGeometry.quadrantTables[size]! }

    /// "a1".."h8" for a square index.
    package static func name(of square: Int) -> String {
        let letters: [Character] = ["a", "b", "c", "d", "e", "f", "g", "h"]
        return "\(letters[square & 7])\(square >> 3 + 1)"
    }

    /// Parses "a1".."h8" (either case); nil when malformed or off this board.
    package func square(named text: Substring) -> Int? {
        let chars = Array(text.lowercased())
        guard chars.count == 2, let c = chars[0].asciiValue, let r = chars[1].asciiValue,
              c >= 97, c < 97 + UInt8(size), r >= 49, r < 49 + UInt8(size) else { return nil }
        return Int(r - 49) * 8 + Int(c - 97)
    }
}
