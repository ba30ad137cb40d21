// The two flip computations (ray scans, vector fill) against a square-by-square walk of the
// eight directions, on random boards of every size, plus the neighbour pre-test they rely on.
import Testing
@testable import Reversi

@Suite struct FlipTests {
    /// Discs flipped by `p` on `x`, walking each direction one square at a time.
    static func walkedFlips(_ x: Int, _ p: UInt64, _ o: UInt64, size: Int) -> UInt64 {
        var flipped: UInt64 = 0
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
            var c = (x & 7) + dc, r = (x >> 3) + dr
            var run: UInt64 = 0
            while c >= 0, c < size, r >= 0, r < size {
                let bit = UInt64(1) << UInt64(r * 8 + c)
                if o & bit != 0 { run |= bit } else {
                    if p & bit != 0 { flipped |= run }
                    break
                }
                c += dc; r += dr
            }
        }
        return flipped
    }

    @Test func flipsMatchTheWalk() {
        var state: UInt64 = 0x0DDB_1A5E_5BAD_5EED
        var nonzero = 0
        for size in [4, 6, 8] {
            let mask = BoardGeometry(size: size)!.mask
            for _ in 0..<20000 {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let x = Int(state % 64)
                let bit = UInt64(1) << UInt64(x)
                guard mask & bit != 0 else { continue }
                let a = state &* 0x2545_F491_4F6C_DD1D, b = (state ^ a) &* 0x9E37_79B9_7F4A_7C15
                let p = a & mask & ~bit, o = b & mask & ~p & ~bit
                let expected = FlipTests.walkedFlips(x, p, o, size: size)
                #expect(Bitboard.flipsVector(x, p, o) == expected)
                #expect(Bitboard.flips(x, p, o) == expected)
                if o & Bitboard.neighbourTable[x] == 0 { #expect(expected == 0) }
                if expected != 0 { nonzero += 1 }
            }
        }
        #expect(nonzero > 5000)
    }
}
