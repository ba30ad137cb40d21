// The report drawing: a mate in 1 composed for this test (gold drop at 5b, covered by the pawn
// on 5c), read from the record's own position, its line checked move by move by the legal move
// generator and drawn.
import Foundation
import SolverKit
import Testing
@testable import Shogi

private func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

@Suite struct ShogiReportTests {
    func record(pv: [String], position: String? = "4k4/9/4P4/9/9/9/9/9/9 b G 1") throws -> ResultRecord {
        var result: [(String, JSON)] = [("mate", .bool(true)), ("length", .int(pv.count)), ("pv", .array(pv.map { JSON.string($0) }))]
        if let position { result.insert(("position", .string(position)), at: 0) }
        return ResultRecord(game: "shogi", verb: .solve, source: "problems.sfen:2", name: "gold drop", status: .solved,
                            result: .object(result), stats: [], summary: "mate in \(pv.count)")
    }

    @Test func drawsTheProblemAndTheMate() throws {
        let html = try #require(ShogiReport.fragment(for: try record(pv: ["G*5b"])))
        #expect(occurrences("<svg", in: html) == 2)
        #expect(!html.contains("Cannot draw"))
        // the gote king on 5a in both boards; the dropped gold on 5b in the second
        #expect(occurrences("5a gote 玉", in: html) == 2)
        #expect(occurrences("5b sente 金", in: html) == 1)
    }

    @Test func illegalMoveOrBogusPositionGivesASentence() throws {
        // 5b with a pawn: no pawn in hand; the gold cannot drop on the pawn's square 5c.
        #expect(ShogiReport.fragment(for: try record(pv: ["P*5b"]))?.contains("Cannot draw this position") == true)
        #expect(ShogiReport.fragment(for: try record(pv: ["G*5c"]))?.contains("Cannot draw this position") == true)
        #expect(ShogiReport.fragment(for: try record(pv: ["G*5b"], position: nil))?.contains("Cannot draw this position") == true)
        #expect(ShogiReport.fragment(for: try record(pv: ["G*5b"], position: "4k4/9 b G 1"))?.contains("Cannot draw this position") == true)
    }

    @Test func mateLengthHistogram() throws {
        let records = try [record(pv: ["G*5b"]), record(pv: ["G*5b"])]
        let chart = try #require(ShogiReport.charts(for: records).first)
        #expect(chart.bars.count == 1 && chart.bars[0].0 == "1" && chart.bars[0].1 == 2)
    }

    @Test func longLinesAreCappedAtThirtyBoards() throws {
        // Two bare kings stepping back and forth: 32 legal plies (no mate, only the cap matters).
        let pv = (0..<8).flatMap { _ in ["5i5h", "5a5b", "5h5i", "5b5a"] }
        let r = ResultRecord(game: "shogi", verb: .solve, source: "shuffle.sfen:1", name: "shuffle", status: .solved,
                             result: .object([("position", "4k4/9/9/9/9/9/9/9/4K4 b - 1"), ("pv", .array(pv.map { JSON.string($0) }))]),
                             stats: [], summary: "")
        let html = try #require(ShogiReport.fragment(for: r))
        #expect(occurrences("<svg", in: html) == ShogiReport.frameLimit)
        #expect(html.contains("32. \u{25B3}5b5a"))
        #expect(html.contains("the first 28 moves"))
    }
}
