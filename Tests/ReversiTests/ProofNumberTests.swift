// The proof-number search that answers the tests at the ends of the score range
// (EndgameSearch+ProofNumber.swift): forced to answer every null-window test, it must agree
// with plain minimax; with a budget so small that it keeps giving up, the alpha-beta that takes
// over must too; and FFO #59, the wipe-out it is for, keeps its published score and best move.
import Testing
@testable import Reversi

@Suite struct ProofNumberTests {
    /// df-pn for every null window (any score is "an end of the range" with this window), from
    /// 9 empties, alpha-beta only at 6 or fewer.
    static let everywhere = ProofNumberSettings(window: 200, minEmpties: 9, leafEmpties: 6, budget: 1 << 40, tableMegabytes: 1)
    /// The same with a budget of 30 nodes: most tests give up and alpha-beta answers them.
    static let givingUp = ProofNumberSettings(window: 200, minEmpties: 9, leafEmpties: 6, budget: 30, tableMegabytes: 1)

    /// Every move's exact value of random 8x8 and 6x6 positions (10 empties) against plain
    /// minimax, with df-pn answering the tests, then giving up on most of them.
    @Test(arguments: [false, true])
    func everyMoveAgreesWithPlainMinimax(givingUp: Bool) {
        var checked = 0, moves = 0
        for seed in 1...24 {
            let g = BoardGeometry(size: seed % 3 == 0 ? 6 : 8)!
            guard let position = randomPosition(seed: UInt64(seed) &* 0xD1B5_4A32_D192_ED03, geometry: g, empties: 10),
                  !position.isGameOver, position.legalMoves != 0 else { continue }
            let solver = EndgameSolver(geometry: g, threads: 1 + seed % 2, hashMB: 1, proofNumbers: givingUp ? Self.givingUp : Self.everywhere)
            let result = solver.analyze(position)
            #expect(result.score == bruteForce(position), "seed \(seed)")
            for (square, score) in result.moveScores where square >= 0 {
                #expect(score == -bruteForce(position.playing(square)), "seed \(seed) move \(square)")
                moves += 1
            }
            checked += 1
        }
        #expect(checked >= 20 && moves >= 100)
    }

    /// Positions of 16 empties with a lopsided score (black plays the move leaving white
    /// fewest discs, white a random one; kept when the score is 24 or more either way), where
    /// the window is met: every move's value equals that of the search without df-pn.
    @Test func lopsidedPositionsAgreeWithAlphaBeta() {
        let settings = ProofNumberSettings(window: 40, minEmpties: 12, leafEmpties: 8, budget: 1 << 16, tableMegabytes: 1)
        let g = BoardGeometry(size: 8)!
        var lopsided = 0, searchedDifferently = 0
        for seed in 1...200 where lopsided < 6 {
            var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
            var position = Position.start(g)
            while position.emptyCount > 16 && !position.isGameOver {
                var moves = position.legalMoves
                if moves == 0 || !position.blackToMove {
                    position = position.playingRandomMove(&state)
                    continue
                }
                var best = position.playing(moves.trailingZeroBitCount)
                while moves != 0 {
                    let next = position.playing(moves.trailingZeroBitCount)
                    moves &= moves - 1
                    if next.whiteDiscs.nonzeroBitCount < best.whiteDiscs.nonzeroBitCount { best = next }
                }
                position = best
            }
            guard !position.isGameOver, position.legalMoves != 0 else { continue }
            let plain = EndgameSolver(geometry: g, threads: 1, hashMB: 4, proofNumbers: .off).analyze(position)
            guard abs(plain.score) >= 24 else { continue }
            let withProofNumbers = EndgameSolver(geometry: g, threads: 2, hashMB: 4, proofNumbers: settings).analyze(position)
            #expect(withProofNumbers.score == plain.score, "seed \(seed)")
            #expect(withProofNumbers.moveScores.map(\.score) == plain.moveScores.map(\.score), "seed \(seed)")
            if withProofNumbers.nodes != plain.nodes { searchedDifferently += 1 }
            lopsided += 1
        }
        #expect(lopsided == 6)
        // (the window was met: df-pn changed the search of some)
        #expect(searchedDifferently > 0)
    }

    /// FFO #59 (34 empties, +64: black takes every disc): the published score and one of the
    /// three moves listed at +64, with the standard settings and one or two threads.
    @Test(arguments: [1, 2])
    func ffo59WipeOut(threads: Int) throws {
        let record = try records("fforum-40-59.obf")[19]
        #expect(record.position.emptyCount == 34)
        let result = EndgameSolver(geometry: record.position.geometry, threads: threads, hashMB: 64)
            .solve(record.position, everyBestMove: false)
        #expect(result.score == 64)
        let listed = record.annotations.filter { $0.score == 64 }.map(\.square)
        #expect(listed.count == 3)
        #expect(result.bestMoves.count == 1 && listed.contains(result.bestMoves[0]))
        // The principal variation replays to a board where white has no disc left.
        var p = record.position
        for m in result.pv { p = m < 0 ? p.passing() : p.playing(m) }
        #expect(p.isGameOver && p.whiteDiscs == 0)
    }
}
