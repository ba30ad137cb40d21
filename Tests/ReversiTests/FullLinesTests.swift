// The shift-and-double full-diagonal masks of Bitboard+Stability.swift against the plain
// definition (every square of the diagonal filled), on random boards of every density.

import SolverKit
import Testing
@testable import Reversi

@Test func fullDiagonalsMatchTheDefinition() {
    var random = SplitMix64(seed: 22)
    for trial in 0..<4000 {
        // denser and denser boards, so full diagonals of every length occur
        var filled = UInt64.max
        for _ in 0..<(trial % 12) { filled &= random.next() | random.next() }
        var d9: UInt64 = 0, d7: UInt64 = 0
        for sq in 0..<64 {
            let r = sq >> 3, c = sq & 7
            var line9: UInt64 = 0, line7: UInt64 = 0
            for s in 0..<64 {
                if (s >> 3) - (s & 7) == r - c { line9 |= UInt64(1) << UInt64(s) }
                if (s >> 3) + (s & 7) == r + c { line7 |= UInt64(1) << UInt64(s) }
            }
            if filled & line9 == line9 { d9 |= UInt64(1) << UInt64(sq) }
            if filled & line7 == line7 { d7 |= UInt64(1) << UInt64(sq) }
        }
        #expect(Bitboard.fullDiagonals9(filled) == d9)
        #expect(Bitboard.fullDiagonals7(filled) == d7)
    }
}
