// Random games on the three board sizes: after every move the discs stay disjoint and on the
// board, one disc is added and at least one flipped. In a debug build `playing` asserts it too.

import SolverKit
import Testing
@testable import Reversi

@Test func invariantsHoldThroughRandomGames() {
    var random = SplitMix64(seed: 11)
    var moves = 0
    for geometry in [BoardGeometry.standard, BoardGeometry(size: 6)!, BoardGeometry(size: 4)!] {
        for _ in 0..<50 {
            var position = Position.start(geometry)
            while !position.isGameOver {
                let legal = position.legalMoves
                guard legal != 0 else { position = position.passing(); continue }
                var pick = random.below(legal.nonzeroBitCount), bits = legal
                while pick > 0 { bits &= bits - 1; pick -= 1 }
                let square = bits.trailingZeroBitCount
                let next = position.playing(square)
                #expect(position.isMove(square, leading: next))
                position = next
                moves += 1
            }
            #expect(position.invariantsHold())
        }
    }
    #expect(moves > 3000)
}
