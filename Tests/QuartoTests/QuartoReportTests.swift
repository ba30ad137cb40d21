// The report drawing: a late position solved, read back from its record alone and played out.
import Foundation
import SolverKit
import Testing
@testable import Quarto

private func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

@Suite struct QuartoReportTests {
    /// 12 pieces placed, tdsh in hand (written for this test; solved in milliseconds).
    static let text = """
    name: twelve placed
    piece: tdsh
    TDSH tdSh TdsH .
    tDSh . TDsh tdSH
    TdSh tDsh . TDSh
    tDsH . TdSH tdsH

    """

    func solvedRecord(_ verb: Verb = .solve) throws -> ResultRecord {
        let job = try QuartoGame.load(text: Self.text, file: "late.quarto")[0].get()
        let outcome = job.run(SolveContext(verb: verb, threads: 1, hashMB: 8))
        return ResultRecord(game: QuartoGame.id, verb: verb, job: job, outcome: outcome)
    }

    @Test func drawsStartAndEveryMoveOfTheLine() throws {
        let record = try solvedRecord()
        let line = try #require(record.result["line"]?.arrayValue)
        #expect(!line.isEmpty)
        let html = try #require(QuartoGame.reportFragment(for: record))
        #expect(occurrences("<svg", in: html) == line.count + 1)
        #expect(!html.contains("Cannot draw"))
        // The start board shows the 12 placed pieces and the 4 others in the strip: 16 pieces.
        let first = String(html[html.range(of: "<svg")!.lowerBound..<html.range(of: "</svg>")!.upperBound])
        #expect(occurrences("<g><title>", in: first) == 16)
    }

    @Test func quartoMoveNotationReadsBack() {
        #expect(QuartoFormat.move("b2+tdSh") == Move(square: 5, given: Piece.parse("tdSh")))
        #expect(QuartoFormat.move("+TDSH") == Move(square: nil, given: 15))
        #expect(QuartoFormat.move("d4") == Move(square: 15, given: nil))
        #expect(QuartoFormat.move("e1") == nil)
    }

    @Test func bogusPositionOrMoveGivesASentence() throws {
        var record = try solvedRecord()
        let good = record.result
        record.result = good.setting("position", "piece: tdsh\n")
        #expect(QuartoGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
        record.result = good.setting("line", ["a1+tdsh"])   // a1 is occupied
        #expect(QuartoGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
    }
}
