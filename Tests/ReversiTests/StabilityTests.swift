// Stable discs must really be stable: along random games, a disc once reported stable never
// changes colour (8x8 and 6x6 boards).
import Testing
@testable import Reversi

@Suite struct StabilityTests {
    @Test(arguments: [8, 6, 4])
    func stableDiscsNeverFlipInRandomGames(size: Int) {
        let g = BoardGeometry(size: size)!
        let (columns, rows) = Bitboard.edges(of: g)
        var state: UInt64 = 0x1234_5678_9ABC_DEF1 &+ UInt64(size)
        var reported = 0
        for _ in 0..<300 {
            var position = Position.start(g)
            var stableBlack: UInt64 = 0, stableWhite: UInt64 = 0
            while !position.isGameOver {
                let black = position.blackDiscs, white = position.whiteDiscs
                #expect(stableBlack & ~black == 0 && stableWhite & ~white == 0)
                stableBlack |= Bitboard.stableDiscs(black, white, outside: ~g.mask, edgeColumns: columns, edgeRows: rows)
                stableWhite |= Bitboard.stableDiscs(white, black, outside: ~g.mask, edgeColumns: columns, edgeRows: rows)
                var moves = position.legalMoves
                if moves == 0 { position = position.passing(); continue }
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                var k = Int(state % UInt64(moves.nonzeroBitCount))
                while k > 0 { moves &= moves - 1; k -= 1 }
                position = position.playing(moves.trailingZeroBitCount)
            }
            #expect(stableBlack & ~position.blackDiscs == 0 && stableWhite & ~position.whiteDiscs == 0)
            reported += (stableBlack | stableWhite).nonzeroBitCount
        }
        #expect(reported > 0)
    }
}

@Suite struct ParityTests {
    /// The folded quadrant parity equals counting each quadrant's empties.
    @Test(arguments: [8, 6, 4])
    func oddQuadrantsMatchesCounting(size: Int) {
        let g = BoardGeometry(size: size)!
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let empties = state & g.mask
            var expected: UInt64 = 0
            for q in [g.quadrants.0, g.quadrants.1, g.quadrants.2, g.quadrants.3] where (empties & q).nonzeroBitCount % 2 == 1 {
                expected |= q
            }
            #expect(g.oddQuadrants(empties) == expected)
        }
    }
}

/// The table-driven last-flip count against the ray scan, on random one-empty positions of
/// every board size (the off-board squares of a small board must flip nothing).
@Suite struct LastFlipTests {
    @Test func lastFlipCountMatchesRayScan() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for size in [4, 6, 8] {
            let geometry = BoardGeometry(size: size)!
            for _ in 0..<3000 {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let x = Int(state % 64)
                guard geometry.mask & (UInt64(1) << UInt64(x)) != 0 else { continue }
                let p = (state &* 0x2545_F491_4F6C_DD1D) & geometry.mask & ~(UInt64(1) << UInt64(x))
                let o = geometry.mask & ~p & ~(UInt64(1) << UInt64(x))
                for (own, other) in [(p, o), (o, p)] {
                    let expected = Bitboard.flips(x, own, other).nonzeroBitCount
                    #expect(Bitboard.lastFlipCount(x, own, lines: Bitboard.lineFlipTable,
                                                   diagonals: Bitboard.squareDiagonals) == expected)
                }
            }
        }
    }
}
