// Stable discs must really be stable: along random games, a disc once reported stable never
// changes colour (8x8 and 6x6 boards).
import Testing
@testable import Reversi

@Suite struct StabilityTests {
    @Test(arguments: [8, 6, 4])
    func stableDiscsNeverFlipInRandomGames(size: Int) {
        let g = BoardGeometry(size: size)!
        let (columns, rows) = Bitboard.edges(of: g)
        var reported = 0
        var stableBlack: UInt64 = 0, stableWhite: UInt64 = 0
        playRandomGames(300, seed: 0x1234_5678_9ABC_DEF1 &+ UInt64(size), geometry: g, visit: { position in
            let black = position.blackDiscs, white = position.whiteDiscs
            #expect(stableBlack & ~black == 0 && stableWhite & ~white == 0)
            stableBlack |= Bitboard.stableDiscs(black, white, outside: ~g.mask, edgeColumns: columns, edgeRows: rows)
            stableWhite |= Bitboard.stableDiscs(white, black, outside: ~g.mask, edgeColumns: columns, edgeRows: rows)
        }, end: { position in
            #expect(stableBlack & ~position.blackDiscs == 0 && stableWhite & ~position.whiteDiscs == 0)
            reported += (stableBlack | stableWhite).nonzeroBitCount
            stableBlack = 0; stableWhite = 0
        })
        #expect(reported > 0)
    }
}

/// The 8x8 stability with exact edges: never wrong along random games, and it finds at least
/// the discs of the general fixed point.
@Suite struct EdgeStabilityTests {
    @Test func exactEdgesNeverFlipAndCoverTheGeneralFixedPoint() {
        var reported = 0, beyond = 0
        var stableBlack: UInt64 = 0, stableWhite: UInt64 = 0
        playRandomGames(300, seed: 0x0F1E_2D3C_4B5A_6978, visit: { position in
            let black = position.blackDiscs, white = position.whiteDiscs
            #expect(stableBlack & ~black == 0 && stableWhite & ~white == 0)
            for (own, other) in [(black, white), (white, black)] {
                let exact = Bitboard.stableDiscs8x8(own, other, table: Bitboard.edgeStability, files: Bitboard.byteToFileA)
                let general = Bitboard.stableDiscs(own, other)
                #expect(general & ~exact == 0)
                if exact != general { beyond += 1 }
                if own == black { stableBlack |= exact } else { stableWhite |= exact }
            }
        }, end: { position in
            #expect(stableBlack & ~position.blackDiscs == 0 && stableWhite & ~position.whiteDiscs == 0)
            reported += (stableBlack | stableWhite).nonzeroBitCount
            stableBlack = 0; stableWhite = 0
        })
        #expect(reported > 0)
        #expect(beyond > 0)
    }

    /// Edge lines by hand: a run held between two of one's own discs on a full edge side is
    /// stable; a lone disc in the middle of an empty edge is not.
    @Test func edgeTableExamples() {
        let t = Bitboard.edgeStability
        // full line: everything stays
        #expect(t[0b1010_1010 << 8 | 0b0101_0101] == 0b1010_1010)
        // corner a1 and b1, c1 ours, the rest empty: the corner run is stable
        #expect(t[0b0000_0111 << 8 | 0] == 0b0000_0111)
        // a lone disc on d1: not stable
        #expect(t[0b0000_1000 << 8 | 0] == 0)
        // ours on b1-g1 between their a1 and h1... the line is full: stays ours
        #expect(t[0b0111_1110 << 8 | 0b1000_0001] == 0b0111_1110)
        // their a1, ours b1-c1, d1 empty: they can play d1 and flip b1-c1
        #expect(t[0b0000_0110 << 8 | 0b0000_0001] == 0)
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
