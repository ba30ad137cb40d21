// Rule corner cases: pawn-drop mate, two pawns, dead pieces, forced promotion; SFEN errors.
// Expected move sets were reasoned out by hand and agree with cshogi 1.1.0's legal_moves.
import Testing
import SolverKit
@testable import Shogi

func position(_ sfen: String) throws -> Position {
    try Position(sfen: sfen[...], at: SourceLocation(file: "t", line: 1))
}

func legalMoves(_ p: inout Position) -> [String] {
    let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { buf.deallocate() }
    let n = p.generateLegal(buf)
    return (0..<n).map { buf[$0].usi }
}

@Test func pawnDropMateIsIllegal() throws {
    // King 1a; P*1b is guarded by the gold on 2c and 2a/2b are covered: mate, so illegal.
    var mate = try position("8k/6S2/7G1/9/9/9/9/9/9 b P 1")
    #expect(!legalMoves(&mate).contains("P*1b"))
    #expect(legalMoves(&mate).count == 82)
    // Without the gold the king takes the pawn: a legal pawn-drop check.
    var check = try position("8k/6S2/9/9/9/9/9/9/9 b P 1")
    #expect(legalMoves(&check).contains("P*1b"))
    #expect(legalMoves(&check).count == 81)
    // A pawn-drop check that is not mate is a legal attacking move for the solver too.
    let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { buf.deallocate() }
    let n = check.generateChecks(buf)
    #expect((0..<n).map { buf[$0].usi }.contains("P*1b"))
}

@Test func twoPawnsDeadPiecesForcedPromotion() throws {
    var p = try position("k8/4P4/9/9/9/9/9/1N7/4K4 b NLP 1")
    let moves = legalMoves(&p)
    #expect(moves.count == 201)
    #expect(!moves.contains { $0.hasPrefix("P*5") })                 // two pawns on file 5
    #expect(!moves.contains { $0.hasPrefix("P*") && $0.hasSuffix("a") })   // pawn on the last rank
    #expect(!moves.contains { $0.hasPrefix("L*") && $0.hasSuffix("a") })
    #expect(!moves.contains { $0.hasPrefix("N*") && ($0.hasSuffix("a") || $0.hasSuffix("b")) })
    #expect(moves.filter { $0.hasPrefix("5b") } == ["5b5a+"])        // forced promotion
    // a knight may not stop on the last two ranks unpromoted
    var k = try position("k8/9/9/4N4/9/9/9/9/4K4 b - 1")
    let km = legalMoves(&k).filter { $0.hasPrefix("5d") }.sorted()
    #expect(km == ["5d4b+", "5d6b+"])
    // two pawns already on a file in the input (some published problems): still no third by drop,
    // and capturing one of them does not lift the rule
    var twin = try position("k8/9/9/9/9/4P4/4P4/9/4K4 b P 1")
    #expect(!legalMoves(&twin).contains { $0.hasPrefix("P*5") })
}

@Test func sfenRoundTripAndErrors() throws {
    let s = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    #expect(try position(s).sfen == s)
    let tsume = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1"
    #expect(try position(tsume).sfen == tsume)
    func error(_ text: String) -> String {
        do { _ = try Position(sfen: text[...], at: SourceLocation(file: "p.sfen", line: 3, column: 5)); return "" }
        catch { return error.description }
    }
    #expect(error("9/7Xk/9/9/9/9/9/9/9 b - 1") == "p.sfen:3:8: bad piece letter 'X'")
    #expect(error("9/7Sk/1+R6/9/9/9/9/9/9 b - 1") == "p.sfen:3:11: rank 3 has 8 squares, expected 9")
    #expect(error("9/9/9/9/9/9/9/9/9 b - 1") == "p.sfen:3:5: white (the side not to move) has no king")
    #expect(error("8k/8k/9/9/9/9/9/9/9 b - 1") == "p.sfen:3:9: white has more than one king")
    #expect(error("8k/9/9/9/9/9/9/9/9 x - 1") == "p.sfen:3:24: side to move must be 'b' or 'w', found 'x'")
    #expect(error("8k/9/9/9/9/9/9/9 b - 1") == "p.sfen:3:21: board has 8 ranks, expected 9")
    #expect(error("P7k/9/9/9/9/9/9/9/9 b - 1") == "p.sfen:3:5: unpromoted 'P' on 9a could never move")
    #expect(error("8k/9/9/9/9/9/9/9/9 b 2Q 1") == "p.sfen:3:27: bad hand piece letter 'Q'")
}

@Test func tsvAndSfenFilesReportLocations() throws {
    let tsv = "# id\tmate_length\tsfen\nok\t1\t9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1\nbad\t3\t9/7Sk/1+R7/9/9/9/9/9 b - 1\n"
    let items = TsumeInput.load(text: tsv, file: "x.tsv")
    #expect(items.count == 2)
    if case .success(let p) = items[0] { #expect(p.name == "ok" && p.expectedLength == 1) } else { Issue.record("row 1 should parse") }
    if case .failure(let e) = items[1] { #expect(e.description == "x.tsv:3:27: board has 8 ranks, expected 9") } else { Issue.record("row 2 should fail") }
    let sfen = "# comment\n  9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1 # first\n9/7Sk/1+R7/9/9/9/9/9/9 q - 1\n"
    let s = TsumeInput.load(text: sfen, file: "y.sfen")
    #expect(s.count == 2)
    if case .success(let p) = s[0] { #expect(p.name == "first" && p.location.column == 3) } else { Issue.record("line 2 should parse") }
    if case .failure(let e) = s[1] { #expect(e.description == "y.sfen:3:24: side to move must be 'b' or 'w', found 'q'") } else { Issue.record("line 3 should fail") }
}

@Test func fullHandHoldsEachFieldsMaximum() {
    // The constant spelled out in Hand.swift against the field layout it packs.
    for t in 1...7 { #expect(Hand.full.count(t) == Hand.maximum[t], "type \(t)") }
    #expect(Hand.full.raw & Hand.guards == 0)
    var standardSet = Hand()
    for (t, n) in [(1, 18), (2, 4), (3, 4), (4, 4), (5, 2), (6, 2), (7, 4)] { standardSet.add(t, n) }
    #expect(Hand.full.covers(standardSet) && !standardSet.covers(Hand.full))
}
