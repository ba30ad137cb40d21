// `perfectplay generate reversi`: the file depends on the seed only, and every generated puzzle
// is re-checked by the plain minimax of EndgameSolverTests.swift (no solver code involved).
import SolverKit
import Testing
@testable import Reversi

@Suite struct ReversiGeneratorTests {
    static func collection(seed: UInt64, threads: Int, settings: ReversiGenerator.Settings, count: Int) -> String {
        let run = PuzzleGeneration.run(count: count, seed: seed, threads: threads, maxTries: count * 100) { _, random in
            ReversiGenerator.candidate(&random, settings)
        }
        #expect(run.puzzles.count == count)
        return run.puzzles.map(\.text).joined(separator: "\n")
    }

    @Test func sameSeedSameTextWhateverTheThreads() {
        let settings = ReversiGenerator.Settings(empties: 12)
        let one = Self.collection(seed: 7, threads: 1, settings: settings, count: 6)
        let two = Self.collection(seed: 7, threads: 2, settings: settings, count: 6)
        #expect(one == two)
        #expect(one != Self.collection(seed: 8, threads: 2, settings: settings, count: 6))
    }

    /// Every legal move's listed score equals plain minimax, and exactly one move is best.
    @Test(arguments: [8, 6])
    func smallRunCheckedByPlainMinimax(size: Int) throws {
        let settings = ReversiGenerator.Settings(empties: 8, size: size)
        let text = Self.collection(seed: 3, threads: 2, settings: settings, count: 8)
        let records = ObfRecord.parseFile(text, file: "generated.obf")
        #expect(records.count == 8)
        for parsed in records {
            let record = try parsed.get()
            let position = record.position
            #expect(position.emptyCount == 8)
            #expect(position.geometry.size == size)
            var moves = position.legalMoves
            var scores: [Int: Int] = [:]
            while moves != 0 {
                let square = moves.trailingZeroBitCount
                moves &= moves - 1
                scores[square] = -bruteForce(position.playing(square))
            }
            #expect(scores.count >= 2)
            #expect(record.annotations.count == scores.count)
            for a in record.annotations { #expect(scores[a.square] == a.score) }
            let best = scores.values.max()!
            #expect(scores.values.filter { $0 == best }.count == 1)
            // best first, and the margin written in the comment is best minus second best
            #expect(record.annotations.first?.score == best)
            let second = scores.values.filter { $0 < best }.max()!
            let line = text.split(separator: "\n").first { $0.hasPrefix(position.obfText) }!
            #expect(line.hasSuffix("moves \(scores.count); margin \(best - second)"))
        }
    }

    @Test func badOptionsAreUsageErrors() throws {
        for bad in [["--empties", "3"], ["--empties", "25"], ["--size", "7"], ["--size", "4"], ["--colour", "x"]] {
            #expect(throws: GenerateError.self) {
                _ = try ReversiGenerator.parse(try GenerateArguments(bad, valued: ["empties", "size", "max-nodes"]))
            }
        }
        let ok = try ReversiGenerator.parse(try GenerateArguments(["--size", "6", "--empties", "20"], valued: ["empties", "size", "max-nodes"]))
        #expect(ok.size == 6 && ok.empties == 20)
    }
}
