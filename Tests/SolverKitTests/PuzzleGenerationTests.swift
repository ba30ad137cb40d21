// The generation loop: the same seed keeps the same puzzles whatever the thread count, the
// first `count` accepted candidates in candidate order; option parsing rejects typos.

import Testing
@testable import SolverKit

/// Accepts a candidate when its first draw is divisible by 7 (about one in seven).
@Sendable private func sevens(_ index: Int, _ random: inout SplitMix64) -> GeneratedPuzzle? {
    let draw = random.next()
    return draw % 7 == 0 ? GeneratedPuzzle(text: "\(index) \(draw)", difficulty: [("draw", Int(draw % 1000))]) : nil
}

@Test func sameSeedSamePuzzlesWhateverTheThreads() {
    let one = PuzzleGeneration.run(count: 20, seed: 5, threads: 1, maxTries: 10_000, candidate: sevens)
    let two = PuzzleGeneration.run(count: 20, seed: 5, threads: 2, maxTries: 10_000, candidate: sevens)
    #expect(one.puzzles.count == 20)
    #expect(one.puzzles.map(\.text) == two.puzzles.map(\.text))
    // Independently: the accepted indexes are exactly the first 20 i whose item generator draws a multiple of 7.
    var expected: [String] = []
    var i = 0
    while expected.count < 20 {
        var g = SplitMix64(seed: 5, item: i)
        let draw = g.next()
        if draw % 7 == 0 { expected.append("\(i) \(draw)") }
        i += 1
    }
    #expect(one.puzzles.map(\.text) == expected)
    let other = PuzzleGeneration.run(count: 20, seed: 6, threads: 2, maxTries: 10_000, candidate: sevens)
    #expect(other.puzzles.map(\.text) != one.puzzles.map(\.text))
}

@Test func givesUpAfterMaxTries() {
    let none = PuzzleGeneration.run(count: 3, seed: 1, threads: 2, maxTries: 50) { _, _ in nil }
    #expect(none.puzzles.isEmpty)
    #expect(none.tried == 50)
}

@Test func generateArgumentsParseAndReject() throws {
    let parsed = try GenerateArguments(["--count", "7", "--seed", "42", "--length", "5", "--out", "x.sfen", "--unique"],
                                       valued: ["length"], flags: ["unique"])
    #expect(parsed.count == 7 && parsed.seed == 42 && parsed.out == "x.sfen")
    #expect(parsed.options == ["length": "5", "unique": ""])
    #expect(try parsed.integer("length", default: 3, in: 1...11) == 5)
    #expect(throws: GenerateError.self) { try GenerateArguments(["--lenght", "5"], valued: ["length"]) }
    #expect(throws: GenerateError.self) { try GenerateArguments(["--count"], valued: []) }
    #expect(throws: GenerateError.self) { try GenerateArguments(["--count", "-3"], valued: []) }
    let big = try GenerateArguments(["--length", "40"], valued: ["length"])
    #expect(throws: GenerateError.self) { try big.integer("length", default: 3, in: 1...11) }
}

@Test func difficultySpreadBucketsByPowersOfFour() {
    func record(_ nodes: Int) -> ResultRecord {
        ResultRecord(game: "g", verb: .solve, source: "f:\(nodes)", name: "", status: .solved, result: .null,
                     stats: [("nodes", .int(nodes))], summary: "")
    }
    let spread = DifficultySpread(records: [1, 3, 4, 15, 16, 17, 64, 300, 1000].map(record))
    #expect(spread.line == "Nodes per solved position: 1 / 16 / 1,000 (min / median / max).")
    // Buckets 1-3, 4-15, 16-63, 64-255, 256-1023: 2, 2, 2, 1, 2.
    #expect(spread.chart?.bars.map(\.1) == [2, 2, 2, 1, 2])
}
