// Random playouts from the start position and from tsume problems, every move played and undone:
// the position's derived state (bitboards, king squares, pawn counts, keys) must agree with its
// board after each. In a debug build `play` and `undo` assert the same at every move.

import SolverKit
import Testing
@testable import Shogi

@Test func invariantsHoldThroughRandomPlayoutsAndUndo() throws {
    let starts = ["lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                  "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
                  "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42"]
    let buffer = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { buffer.deallocate() }
    var random = SplitMix64(seed: 7)
    var moves = 0
    for sfen in starts {
        let start = try Position(sfen: Substring(sfen), at: SourceLocation(file: "start.sfen", line: 1))
        #expect(start.invariantsHold())
        for _ in 0..<20 {
            var position = start
            var played: [(Move, Int)] = []
            for _ in 0..<60 {
                let n = position.generateLegal(buffer)
                if n == 0 { break }
                let move = buffer[random.below(n)]
                played.append((move, position.play(move)))
                moves += 1
                #expect(position.invariantsHold())
            }
            while let (move, captured) = played.popLast() { position.undo(move, captured: captured) }
            #expect(position.invariantsHold() && position.fullKey == start.fullKey)
            #expect((0..<81).allSatisfy { position.board[$0] == start.board[$0] })
        }
    }
    #expect(moves > 1000)
}
