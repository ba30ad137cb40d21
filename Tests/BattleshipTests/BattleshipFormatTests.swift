// The .battleship parser: good files, every error with its exact line and column, and the
// published 12x10 table through the whole analyze path.

import Foundation
import Testing
@testable import Battleship
import SolverKit

private func parseOne(_ text: String) -> Result<BattleshipPosition, ParseError> {
    BattleshipFormat.parse(text, file: "t.battleship")[0]
}

private func error(_ text: String) -> String {
    switch parseOne(text) {
    case .success: return "parsed"
    case .failure(let e): return e.description
    }
}

@Test func parsesGridHeadersAndSunk() throws {
    let text = """
    # a comment
    name: small
    size: 4x3
    fleet: 3 2 2
    . o . .   # trailing comment
    x x x o
    . . x x
    sunk: 3 at c2
    sunk: B at d3
    """
    let p = try parseOne(text).get()
    #expect(p.name == "small")
    #expect(p.location.line == 2)
    #expect(p.record.shape.width == 4 && p.record.shape.height == 3)
    #expect(p.record.fleet == [3, 2, 2])
    let s = p.record.shape
    #expect(p.record.misses == s.bit(1) | s.bit(7))
    #expect(p.record.hits == s.bit(4) | s.bit(5) | s.bit(6) | s.bit(10) | s.bit(11))
    #expect(p.record.sunk == [SunkAnnouncement(ship: 0, cell: 6), SunkAnnouncement(ship: 1, cell: 11)])
}

@Test func severalPositionsInOneFile() {
    let results = BattleshipFormat.parse("name: one\nsize: 6x6\n\nname: two\nsize: 7x7\nsize: 5x5\nfleet: 9\n", file: "f")
    #expect(results.count == 3)
    if case .success(let a) = results[0] { #expect(a.name == "one" && a.record.shape.width == 6) } else { Issue.record("first failed") }
    if case .success(let b) = results[1] { #expect(b.name == "two" && b.record.shape.width == 7) } else { Issue.record("second failed") }
    // The third (a new size: starts a position) has a ship too long for 5x5: its error only.
    #expect(error("size: 5x5\nfleet: 9\n") == "t.battleship:1:1: a ship of length 9 does not fit on a 5x5 board")
}

@Test func errorsCarryLineAndColumn() {
    #expect(error("size: 10by10") == "t.battleship:1:7: size must look like 10x10, not '10by10'")
    #expect(error("size: 30x30") == "t.battleship:1:7: bad size 30x30: at most 26 columns, 99 rows and 128 cells")
    #expect(error("size: 3x2\nfleet: 2\n. . .\n. q .") == "t.battleship:4:3: unknown symbol 'q' (use . unknown, o miss, x hit)")
    #expect(error("size: 3x2\nfleet: 2\n. . .\n. . . .") == "t.battleship:4:7: row 2 has 4 cells but the board is 3 wide")
    #expect(error("size: 3x2\nfleet: 2\n. . .") == "t.battleship:3:1: the grid has 1 rows but the board has 2")
    #expect(error("size: 3x2\nfleet: 2\nx . x\n. x .") == "t.battleship:4:3: more hits than the fleet has ship cells (2)")
    #expect(error("colour: red") == "t.battleship:1:1: unknown header 'colour' (known: name, size, fleet, grid, sunk)")
    #expect(error("size: 3x2\nfleet: 2 x") == "t.battleship:2:10: ship length must be a number from 1 to 26, not 'x'")
    #expect(error("size: 3x2\nfleet: 2 2\nx x .\n. . .\nsunk: 2 at b1, 2 at b1")
        == "t.battleship:5:21: overlapping ships: A and B both sunk by the shot at b1")
    #expect(error("size: 3x2\nfleet: 2 2\nx x x\n. . .\nsunk: 2 at a1, 2 at b1")
        == "t.battleship:5:21: overlapping ships: the sunk ships cannot all lie on the hits without overlapping")
    #expect(error("size: 3x2\nfleet: 2\nx . .\n. . .\nsunk: 2 at a1") == "t.battleship:5:12: no straight run of 2 hits through a1 for the sunk ship")
    #expect(error("size: 3x2\nfleet: 2\nx x .\n. . .\nsunk: 2 at c1") == "t.battleship:5:12: c1 sank a ship but is not marked as a hit")
    #expect(error("size: 3x2\nfleet: 2\nx x .\n. . .\nsunk: 4 at a1") == "t.battleship:5:7: the fleet has no ship of length 4")
    #expect(error("size: 3x2\nfleet: 2\nx x .\n. . .\nsunk: 2 at z9") == "t.battleship:5:12: 'z9' is not a cell of a 3x2 board")
    #expect(error("sunk: 3 c4") == "t.battleship:1:7: sunk wants '<length or letter> at <cell>', e.g. 'sunk: 3 at c4'")
}

@Test func neverTrapsOnJunk() {
    var rng = SplitMix64(seed: 7)
    let alphabet = Array("size:fleet:sunk:name: 10x3ox.#\n\r\t,abAB9-at")
    for _ in 0..<300 {
        let text = String((0..<rng.below(120)).map { _ in alphabet[rng.below(alphabet.count)] })
        _ = BattleshipFormat.parse(text, file: "junk")
    }
}

@Test func empty12x10MatchesPublishedTable() throws {
    // Fixture: the published table (provenance inside the file).
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    url.appendPathComponent("Fixtures/cells_12x10.txt")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
    let total = UInt128(lines[0].split(separator: " ")[1])!
    let table = lines[1...10].flatMap { $0.split(separator: " ").map { UInt128($0)! } }
    let jobs = BattleshipGame.load(text: "size: 12x10\n", file: "e.battleship")
    let outcome = try jobs[0].get().run(SolveContext(verb: .analyze, threads: 2))
    #expect(outcome.status == .solved)
    #expect(outcome.result["layouts"] == JSON(total))
    #expect(outcome.result["cells"] == .array((0..<10).map { r in .array((0..<12).map { JSON(table[r * 12 + $0]) }) }))
    #expect(total == 101_832_786_704)
}
