// The selective passes before an exact search (EndgameSearch+ProbCut.swift): their values are
// guesses, and the exact search that follows must not take any of their bounds. Forced onto
// small positions with margins so narrow that their values are often wrong, every move's value
// must still equal plain minimax; with the standard settings, FFO positions of 20 empties or
// more keep every published move score.
import Testing
@testable import Reversi

@Suite struct SelectiveSearchTests {
    /// Passes from 9 empties, ProbCut at every table node (4 plies from 10 empties), margins
    /// of 3 and then 1 disc.
    static let everywhere = SelectiveSettings(rootMinEmpties: 9, probCutMinEmpties: 9, deepEmpties: 10, margins: [3, 1])

    /// Every move's exact value of random 8x8 positions (10 empties) against plain minimax,
    /// with a selective pass before the root search and before each move's; the passes' own
    /// values are wrong on some of them (so the exact search met misleading entries). With 2
    /// threads df-pn also answers every null window it can (exact inside a selective pass).
    @Test(arguments: [1, 2])
    func exactValuesDespiteSelectivePasses(threads: Int) {
        let proofNumbers = threads == 2 ? ProofNumberTests.everywhere : .standard
        let g = BoardGeometry(size: 8)!
        var checked = 0, moves = 0, wrongGuesses = 0
        for seed in 1...16 {
            guard let position = randomPosition(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15, geometry: g, empties: 10),
                  !position.isGameOver, position.legalMoves != 0 else { continue }
            let exact = bruteForce(position)
            let guessing = EndgameSolver(geometry: g, threads: threads, hashMB: 1, proofNumbers: proofNumbers, selective: Self.everywhere)
            if let guess = guessing.selectiveValue(position.player, position.opponent, position.emptyCount), guess != exact {
                wrongGuesses += 1
            }
            let solver = EndgameSolver(geometry: g, threads: threads, hashMB: 1, proofNumbers: proofNumbers, selective: Self.everywhere)
            let solved = solver.solve(position)
            #expect(solved.score == exact, "seed \(seed)")
            let result = EndgameSolver(geometry: g, threads: threads, hashMB: 1, proofNumbers: proofNumbers, selective: Self.everywhere).analyze(position)
            #expect(result.score == exact, "seed \(seed)")
            for (square, score) in result.moveScores where square >= 0 {
                #expect(score == -bruteForce(position.playing(square)), "seed \(seed) move \(square)")
                moves += 1
            }
            #expect(Set(solved.bestMoves) == Set(result.moveScores.filter { $0.score == exact }.map(\.square)), "seed \(seed)")
            checked += 1
        }
        #expect(checked >= 12 && moves >= 60)
        #expect(wrongGuesses > 0)
    }

    /// FFO #35 (21 empties) analyzed with the standard settings, a selective pass before each
    /// move's exact search: every published move score; FFO #37 and #38 (22 and 24 empties)
    /// solved for one best move, a pass before the root search: the published score and a
    /// move listed with it.
    @Test(arguments: [1, 2])
    func ffoWithStandardPasses(threads: Int) throws {
        let ffo = try records("fforum-20-39.obf")
        let analyzed = ffo[35 - 20]
        #expect(analyzed.position.emptyCount == 21 && SelectiveSettings.standard.rootMinEmpties <= 20)
        let result = EndgameSolver(geometry: analyzed.position.geometry, threads: threads, hashMB: 16).analyze(analyzed.position)
        #expect(result.score == analyzed.annotations[0].score)
        #expect(result.moveScores.count >= analyzed.annotations.count)
        for a in analyzed.annotations {
            let found = result.moveScores.first { $0.square == a.square }?.score
            #expect(found == a.score, "FFO #35 move \(BoardGeometry.name(of: a.square))")
        }
        for number in [37, 38] {
            let record = ffo[number - 20]
            #expect(record.position.emptyCount >= 22)
            let solved = EndgameSolver(geometry: record.position.geometry, threads: threads, hashMB: 16)
                .solve(record.position, everyBestMove: false)
            #expect(solved.score == record.annotations[0].score, "FFO #\(number)")
            let listed = record.annotations.filter { $0.score == solved.score }.map(\.square)
            #expect(solved.bestMoves.count == 1 && listed.contains(solved.bestMoves[0]), "FFO #\(number)")
        }
    }
}
