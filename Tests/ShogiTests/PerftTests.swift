// perft against the published tables (Fixtures/perft.tsv, copied from the shared reference data).
import Foundation
import Testing
import SolverKit
@testable import Shogi

func fixtureURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
}

/// Every row of perft.tsv, each depth whose count is at most `limit` (keeps the test quick).
@Test func perftTable() throws {
    let text = try String(contentsOf: fixtureURL("perft.tsv"), encoding: .utf8)
    var checked = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
        var p = try Position(sfen: cols[0], at: SourceLocation(file: "perft.tsv", line: 1))
        let counts = cols[1].split(separator: ",").map { UInt64($0)! }
        for (i, expected) in counts.enumerated() where expected <= 3_000_000 {
            #expect(p.perft(i + 1) == expected, "\(cols[0]) depth \(i + 1)")
            checked += 1
        }
    }
    #expect(checked >= 20)
}

/// The start position to depth 5 (19,861,490).
@Test func perftStartDepth5() throws {
    var p = try Position(sfen: Position.startSFEN[...], at: SourceLocation(file: "start", line: 1))
    #expect(p.perft(4) == 719_731)
    #expect(p.perft(5) == 19_861_490)
}
