// `solve --one-best`: the root asks later moves only "better?", never "as good?"; the score must
// stay exact and the one move reported must be a best one (published FFO annotations, plain
// minimax on random positions, among them wipe-outs, where the root stops at the first).
import Testing
@testable import Reversi

@Suite struct OneBestMoveTests {
    /// FFO #1-#19: the published score, and the move found is one the annotations list as best.
    @Test func ffoOneToNineteenScoreAndABestMove() throws {
        for record in try records("fforum-1-19.obf") {
            let result = EndgameSolver(geometry: record.position.geometry, threads: 1, hashMB: 16)
                .solve(record.position, everyBestMove: false)
            let best = record.annotations.map(\.score).max()!
            #expect(result.score == best, "line \(record.location.line)")
            #expect(result.bestMoves.count == 1, "line \(record.location.line)")
            let listedBest = record.annotations.filter { $0.score == best }.map(\.square)
            #expect(result.bestMoves.allSatisfy(listedBest.contains), "line \(record.location.line)")
        }
    }

    /// Random positions on 4x4, 6x6 and 8x8 against plain minimax: the score, and the value of
    /// the move found. Some of them are wipe-outs (the best score is every square).
    @Test(arguments: [1, 2])
    func agreesWithPlainMinimax(threads: Int) {
        var checked = 0, wipeOuts = 0
        for seed in 1...150 {
            let g = BoardGeometry(size: [4, 6, 8][seed % 3])!
            let empties = g.size == 4 ? 7 : 9
            guard let position = randomPosition(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15, geometry: g, empties: empties),
                  !position.isGameOver, position.legalMoves != 0 else { continue }
            let expected = bruteForce(position)
            let result = EndgameSolver(geometry: g, threads: threads, hashMB: 1).solve(position, everyBestMove: false)
            #expect(result.score == expected, "seed \(seed)")
            #expect(result.bestMoves.count == 1, "seed \(seed)")
            for square in result.bestMoves {
                #expect(-bruteForce(position.playing(square)) == expected, "seed \(seed) move \(square)")
            }
            if expected == g.squareCount { wipeOuts += 1 }
            checked += 1
        }
        #expect(checked > 100)
        #expect(wipeOuts > 0)
    }
}
