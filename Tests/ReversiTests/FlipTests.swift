// The two flip computations (ray scans, vector form from ray masks) and move generation against a
// square-by-square walk of the eight directions, on random boards of every size, plus the
// neighbour pre-test of the last-empties solvers and the quadrant parity kept by toggling.
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
            for _ in 0..<5000 {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let x = Int(state % 64)
                let bit = UInt64(1) << UInt64(x)
                guard mask & bit != 0 else { continue }
                let a = state &* 0x2545_F491_4F6C_DD1D, b = (state ^ a) &* 0x9E37_79B9_7F4A_7C15
                let p = a & mask & ~bit, o = b & mask & ~p & ~bit
                let expected = FlipTests.walkedFlips(x, p, o, size: size)
                #expect(Bitboard.flipsMasked(x, p, o, masks: Bitboard.rayMasks) == expected)
                #expect(Bitboard.flips(x, p, o) == expected)
                if o & Bitboard.neighbourTable[x] == 0 { #expect(expected == 0) }
                if expected != 0 { nonzero += 1 }
                var legal: UInt64 = 0
                for sq in 0..<64 where mask & ~(p | o) & (UInt64(1) << UInt64(sq)) != 0 {
                    if FlipTests.walkedFlips(sq, p, o, size: size) != 0 { legal |= UInt64(1) << UInt64(sq) }
                }
                #expect(Bitboard.moves(p, o) & mask == legal)
            }
        }
        #expect(nonzero > 1000)
    }

    /// The shallow search keeps the odd quadrants by toggling the quadrant of each move:
    /// that must equal recounting them (quadrant parity counted square by square here).
    @Test func parityToggleMatchesRecount() {
        var state: UInt64 = 0x5EED_0F_0DD_0001
        for size in [4, 6, 8] {
            let g = BoardGeometry(size: size)!
            let half = size / 2
            func recount(_ empties: UInt64) -> UInt64 {
                var odd: UInt64 = 0
                for (qr, qc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    var count = 0, quadrant: UInt64 = 0
                    for r in (qr * half)..<(qr * half + half) {
                        for c in (qc * half)..<(qc * half + half) {
                            let bit = UInt64(1) << UInt64(r * 8 + c)
                            quadrant |= bit
                            if empties & bit != 0 { count += 1 }
                        }
                    }
                    if count % 2 == 1 { odd |= quadrant }
                }
                return odd
            }
            for _ in 0..<500 {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let empties = state & g.mask
                guard empties != 0 else { continue }
                let sq = empties.trailingZeroBitCount
                #expect(g.oddQuadrants(empties) == recount(empties))
                #expect(g.oddQuadrants(empties) ^ g.quadrantTable[sq] == recount(empties & ~(UInt64(1) << UInt64(sq))))
            }
        }
    }
}
