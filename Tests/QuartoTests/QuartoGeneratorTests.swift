// `perfectplay generate quarto`: the file depends on the seed only, and every generated puzzle
// is re-checked move by move with the plain minimax of BruteForce.swift (no solver code).
import SolverKit
import Testing
@testable import Quarto

@Suite struct QuartoGeneratorTests {
    static func collection(seed: UInt64, threads: Int, settings: QuartoGenerator.Settings, count: Int) -> String {
        let run = PuzzleGeneration.run(count: count, seed: seed, threads: threads, maxTries: count * 2000) { index, random in
            QuartoGenerator.candidate(index, &random, settings)
        }
        #expect(run.puzzles.count == count)
        return run.puzzles.map(\.text).joined(separator: "\n")
    }

    @Test func sameSeedSameTextWhateverTheThreads() {
        let settings = QuartoGenerator.Settings(moves: 3, placed: 8...10)
        let one = Self.collection(seed: 5, threads: 1, settings: settings, count: 4)
        let two = Self.collection(seed: 5, threads: 2, settings: settings, count: 4)
        #expect(one == two)
        #expect(one != Self.collection(seed: 6, threads: 2, settings: settings, count: 4))
    }

    /// The value of every legal move by brute force: exactly one wins, in N plies.
    @Test(arguments: [(RuleSet.classic, 3), (RuleSet.squares, 3), (RuleSet.torus, 3), (RuleSet.classic, 5)])
    func smallRunCheckedByBruteForce(rules: RuleSet, moves: Int) throws {
        let settings = QuartoGenerator.Settings(moves: moves, rules: rules, placed: moves == 3 ? 10...10 : 9...9)
        let text = Self.collection(seed: 2, threads: 2, settings: settings, count: 3)
        let parsed = QuartoFormat.parse(text: text, file: "generated.quarto")
        #expect(parsed.count == 3)
        let lines = Reference.lines(rules)
        for result in parsed {
            let puzzle = try result.get()
            #expect(puzzle.name.hasPrefix("win in \(moves),"))
            let p = puzzle.position
            #expect(p.rules == rules)
            let hand = try #require(p.hand)
            var cells = (0..<16).map { p.board.occupied >> $0 & 1 == 1 ? p.board.piece(at: $0) : -1 }
            var used = 1 << hand
            for c in cells where c >= 0 { used |= 1 << c }
            var winning: [(square: Int, given: Int?, score: Int)] = []
            for s in 0..<16 where cells[s] < 0 {
                cells[s] = hand
                defer { cells[s] = -1 }
                if Reference.wins(cells, lines) { winning.append((s, nil, 99)); continue }
                var board = Board()
                for t in 0..<16 where cells[t] >= 0 { board = board.placing(cells[t], at: t) }
                for q in 0..<16 where used >> q & 1 == 0 {
                    let child = Reference.score(Position(board: board, hand: q, rules: rules))
                    let score = child > 0 ? -child + 1 : child < 0 ? -child - 1 : 0
                    if score > 0 { winning.append((s, q, score)) }
                }
            }
            #expect(winning.count == 1)
            #expect(winning.first?.score == 100 - moves)
            if let w = winning.first {
                let answer = Move(square: w.square, given: w.given).description
                // the comment line under the puzzle's name gives the same answer
                let comment = text.components(separatedBy: "name: \(puzzle.name)\n").last?.split(separator: "\n").first
                #expect(comment?.hasPrefix("# nodes ") == true && comment?.hasSuffix("; answer \(answer)") == true)
                // `solve` and `analyze` on the file say: a win in N, and this move the only one that wins
                for verb in [Verb.solve, Verb.analyze] {
                    let outcome = QuartoGame.run(puzzle, SolveContext(verb: verb, threads: 1, hashMB: 4))
                    let result = outcome.result
                    #expect(result["value"] == .string("win") && result["distance"] == .int(moves))
                    #expect(result["winningMoves"] == .array([.string(answer)]))
                    if verb == .solve { #expect(result["bestMoves"] == .array([.string(answer)])) }
                }
            }
        }
    }

    @Test func badOptionsAreUsageErrors() throws {
        let valued = QuartoGenerator.valuedOptions
        for bad in [["--moves", "2"], ["--moves", "13"], ["--rules", "hex"], ["--placed", "9-5"], ["--placed", "x"],
                    ["--placed", "0-3"], ["--moves", "9", "--placed", "10"], ["--shape", "1"]] {
            #expect(throws: GenerateError.self) {
                _ = try QuartoGenerator.parse(try GenerateArguments(bad, valued: valued))
            }
        }
        let ok = try QuartoGenerator.parse(try GenerateArguments(["--moves", "5", "--rules", "torus", "--placed", "7"], valued: valued))
        #expect(ok.moves == 5 && ok.rules == .torus && ok.placed == 7...7)
    }
}
