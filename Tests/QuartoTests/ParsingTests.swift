// The `.quarto` format: notation, headers, several positions a file, errors with file:line:column.

import Testing
import SolverKit
@testable import Quarto

@Test func pieceNotationRoundTrips() {
    #expect(Piece.parse("TDSH") == 15)
    #expect(Piece.parse("tdsh") == 0)
    #expect(Piece.parse("TdSh") == 5)
    #expect(Piece.parse("hsdT") == 1)     // any letter order
    #expect(Piece.parse("12") == 12)
    #expect(Piece.parse("16") == nil)
    #expect(Piece.parse("TTSH") == nil)
    #expect(Piece.parse("TDSX") == nil)
    for p in 0..<16 { #expect(Piece.parse(Piece.name(p)) == p) }
}

@Test func parsesSeveralPositionsWithHeaders() throws {
    let text = """
    # two positions
    name: start
    rules: classic
    . . . .
    . . . .
    . . . .
    . . . .

    name: squares game
    rules: squares
    piece: tdsh
    TDSH . . 3
    . . . .
    . . . .
    . . . TdSh
    """
    let r = QuartoFormat.parse(text: text, file: "t.quarto")
    #expect(r.count == 2)
    let a = try r[0].get(), b = try r[1].get()
    #expect(a.name == "start" && a.position.hand == nil && a.position.board.occupied == 0 && a.position.rules == .classic)
    #expect(a.location == SourceLocation(file: "t.quarto", line: 2, column: 1))
    #expect(b.name == "squares game" && b.position.rules == .squares && b.position.hand == 0)
    #expect(b.position.board.piece(at: 0) == 15 && b.position.board.piece(at: 3) == 3 && b.position.board.piece(at: 15) == 5)
    #expect(b.position.board.occupied == 0b1000_0000_0000_1001)
    #expect(b.location.line == 9)
}

private func error(_ text: String) -> String? {
    let r = QuartoFormat.parse(text: text, file: "e.quarto")
    guard r.count == 1, case .failure(let e) = r[0] else { return nil }
    return e.description
}

@Test func reportsErrorsAtLineAndColumn() {
    let grid = ". . . .\n. . . .\n. . . .\n"
    #expect(error("piece: tdsh\nTDXH . . .\n" + grid)?.hasPrefix("e.quarto:2:1: unknown piece 'TDXH'") == true)
    #expect(error("piece: nope\n. . . .\n" + grid)?.hasPrefix("e.quarto:1:8: unknown piece") == true)
    #expect(error("TDSH . . .\n. . TDSH .\n" + ". . . .\n. . . .\n")?.hasPrefix("e.quarto:2:5: piece TDSH appears twice (also at 1:1)") == true)
    #expect(error("piece: 7\n. . . 7\n" + grid)?.hasPrefix("e.quarto:1:8: piece TDSt") == false)
    #expect(error("piece: 7\n. . . 7\n" + grid)?.hasPrefix("e.quarto:1:8: piece TDSh is in hand and on the board") == true)
    #expect(error("rules: hex\n. . . .\n" + grid)?.hasPrefix("e.quarto:1:8: unknown rules 'hex'") == true)
    #expect(error(". . . . .\n" + grid)?.hasPrefix("e.quarto:1:9: wrong grid size: row has 5 cells") == true)
    #expect(error(". . .\n" + grid)?.hasPrefix("e.quarto:1:6: wrong grid size: row has 3 cells") == true)
    #expect(error(grid)?.hasPrefix("e.quarto:3:1: wrong grid size: 3 rows") == true)
    #expect(error(grid + ". . . .\n. . . .\n")?.hasPrefix("e.quarto:5:1: wrong grid size: more than 4 rows") == true)
    #expect(error("colour: red\n" + grid + ". . . .\n")?.hasPrefix("e.quarto:1:1: unknown header") == true)
    // a full board and a piece in hand: 17 pieces
    let full = "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n"
    #expect(error("piece: 3\n" + full)?.hasPrefix("e.quarto:1:8: 17 pieces") == true)
    // a finished game is not a position to solve
    #expect(error("TDSH TDSh TDsH TDsh\n" + grid)?.contains("already over") == true)
}

@Test func aBadPositionDoesNotStopTheOthers() {
    let r = QuartoFormat.parse(text: "name: bad\nrules: x\n\nname: good\n. . . .\n. . . .\n. . . .\n. . . .\n", file: "f")
    #expect(r.count == 2)
    if case .failure = r[0] {} else { Issue.record("first should fail") }
    #expect((try? r[1].get())?.name == "good")
}
