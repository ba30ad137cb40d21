// Piece use through random games and solver runs: after every move each piece is used at most
// once, the lanes stay inside the occupied squares, and every search node's board, hand and
// pieces to hand over split the 16 pieces. In a debug build `Position.playing` and every node of
// the search assert the same checks; here they are also asserted directly, and shown to catch
// broken states.

import SolverKit
import Testing
@testable import Quarto

@Suite struct InvariantTests {
    @Test func piecesAreUsedOnceThroughRandomGames() {
        var random = SplitMix64(seed: 26)
        var moves = 0
        for rules in RuleSet.allCases {
            for _ in 0..<100 {
                var position = Position(rules: rules)
                while !position.isOver {
                    let legal = position.legalMoves
                    let move = legal[random.below(legal.count)]
                    let next = position.playing(move)
                    #expect(position.isMove(move, leading: next))
                    #expect(SearchThread.nodeInvariantsHold(next.board.occupied, next.board.attributes,
                                                            next.availablePieces, next.hand ?? -1))
                    position = next
                    moves += 1
                }
                #expect(position.invariantsHold)
            }
        }
        #expect(moves > 3000)
    }

    /// Solver runs on one and two threads (the split path), on positions with 9 to 11 pieces
    /// placed: every node of the search passes the asserts of a debug build.
    @Test func searchNodesKeepThePieceAccounting() {
        var random = SplitMix64(seed: 7)
        var solved = 0
        while solved < 12 {
            let rules = RuleSet.allCases[solved % 3]
            guard let p = QuartoGenerator.randomPosition(&random, placed: 9 + solved % 3, rules: rules), !p.isOver else { continue }
            let solver = QuartoSolver(rules: rules, hashMB: 1, threads: 1 + solved % 2)
            let value = solver.value(of: p)
            #expect(value != nil)
            if solved % 4 == 0 { #expect(solver.analyze(p)?.count == p.legalMoves.count) }
            solved += 1
        }
    }

    @Test func brokenStatesAreCaught() {
        let one = Board().placing(5, at: 0)
        #expect(one.invariantsHold)
        // the same piece on two squares
        #expect(!Board(occupied: 0b11, attributes: one.attributes | one.attributes << 1).invariantsHold)
        // an attribute set on an empty square
        #expect(!Board(occupied: 1, attributes: 1 << 3).invariantsHold)
        // the piece in hand also on the board
        #expect(!Position(board: one, hand: 5).invariantsHold)
        #expect(Position(board: one, hand: 6).invariantsHold)
        // a piece to hand over that is on the board, or missing from every place
        #expect(SearchThread.nodeInvariantsHold(one.occupied, one.attributes, 0xFFFF & ~(1 << 5) & ~(1 << 6), 6))
        #expect(!SearchThread.nodeInvariantsHold(one.occupied, one.attributes, 0xFFFF & ~(1 << 6), 6))
        #expect(!SearchThread.nodeInvariantsHold(one.occupied, one.attributes, 0xFFFF & ~(1 << 5) & ~(1 << 6) & ~1, 6))
        // a move onto an occupied square, or handing over a piece already used
        let p = Position(board: one, hand: 6)
        #expect(!p.isMove(Move(square: 0, given: 7), leading: Position(board: Board().placing(6, at: 0), hand: 7)))
        #expect(!p.isMove(Move(square: 1, given: 5), leading: Position(board: one.placing(6, at: 1), hand: 5)))
        #expect(p.isMove(Move(square: 1, given: 7), leading: p.playing(Move(square: 1, given: 7))))
    }
}
