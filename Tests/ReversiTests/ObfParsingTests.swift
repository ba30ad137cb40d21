// The .obf parser: the bundled FFO files load whole; malformed lines fail at the right column.
import Foundation
import SolverKit
import Testing
@testable import Reversi

/// Fixtures live beside this file (copied from the shared FFO data, provenance line kept).
func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

func records(_ name: String) throws -> [ObfRecord] {
    try ObfRecord.parseFile(fixture(name), file: name).map { try $0.get() }
}

@Suite struct ObfParsingTests {
    @Test func ffoFilesLoadWhole() throws {
        let a = try records("fforum-1-19.obf"), b = try records("fforum-20-39.obf"), c = try records("fforum-40-59.obf")
        #expect(a.count == 19 && b.count == 20 && c.count == 20)
        // #1: 14 empties, black to move, G8 best at +18 (first annotation).
        #expect(a[0].position.emptyCount == 14)
        #expect(a[0].position.blackToMove)
        #expect(a[0].annotations.first.map { GeometryName.of($0.square) } == "g8")
        #expect(a[0].annotations.first?.score == 18)
        #expect(a[0].location.line == 2)  // line 1 is the provenance comment
        // #20 has 6 empties (noted in the data README); #40 has 20.
        #expect(b[0].position.emptyCount == 6)
        #expect(c[0].position.emptyCount == 20)
    }

    @Test func transcriptFromStart() throws {
        let r = try ObfRecord.parseFile("f5d6c3\n", file: "t.obf").map { try $0.get() }
        #expect(r.count == 1)
        let p = r[0].position
        #expect(!p.blackToMove)
        #expect(p.blackDiscs.nonzeroBitCount == 5 && p.whiteDiscs.nonzeroBitCount == 2)
        #expect(p.blackDiscs & (1 << 27) != 0)  // d4 flipped to black by c3
    }

    @Test func smallBoards() throws {
        let r = try ObfRecord.parseFile("-----OX--XO----- X\n", file: "s.obf").map { try $0.get() }
        #expect(r[0].position == Position.start(BoardGeometry(size: 4)!))
    }

    func error(_ line: String) -> ParseError? {
        if case .failure(let e) = ObfRecord.parseFile("% comment\n" + line + "\n", file: "bad.obf").first { return e }
        return nil
    }

    @Test func wrongLength() {
        let e = error(String(repeating: "-", count: 63) + " X")
        #expect(e?.location == SourceLocation(file: "bad.obf", line: 2, column: 1))
        #expect(e?.message.contains("63 squares") == true)
    }

    @Test func unknownSymbol() {
        let e = error(String(repeating: "-", count: 10) + "Z" + String(repeating: "-", count: 53) + " X")
        #expect(e?.location == SourceLocation(file: "bad.obf", line: 2, column: 11))
    }

    @Test func badSide() {
        let e = error(String(repeating: "-", count: 64) + " Q;")
        #expect(e?.location == SourceLocation(file: "bad.obf", line: 2, column: 66))
        #expect(e?.message.contains("side") == true)
    }

    @Test func badAnnotationAndIllegalTranscriptMove() {
        let board = "---------------------------OX------XO--------------------------- X"
        #expect(error(board + "; d3:+x;")?.location.column == 72)
        #expect(error("f5d6c9")?.location.column == 1)  // not a transcript nor a board: length
        #expect(error("f5f5")?.location.column == 3)    // f5 again: illegal
    }

    @Test func badLineDoesNotStopOthers() {
        let text = "garbage\n" + "---------------------------OX------XO--------------------------- X\n"
        let results = ObfRecord.parseFile(text, file: "m.obf")
        #expect(results.count == 2)
        if case .success(let r) = results[1] { #expect(r.location.line == 2) } else { Issue.record("second line should parse") }
    }
}

enum GeometryName { static func of(_ sq: Int) -> String { BoardGeometry.name(of: sq) } }
