// The report drawing: a late position written to a scratch file, solved, re-read and played out.
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
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quarto-report-\(verb.rawValue)-\(getpid()).quarto").path
        try Self.text.write(toFile: path, atomically: true, encoding: .utf8)
        let job = try QuartoGame.load(text: Self.text, file: path)[0].get()
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
        #expect(QuartoReportSource.move("b2+tdSh") == Move(square: 5, given: Piece.parse("tdSh")))
        #expect(QuartoReportSource.move("+TDSH") == Move(square: nil, given: 15))
        #expect(QuartoReportSource.move("d4") == Move(square: 15, given: nil))
        #expect(QuartoReportSource.move("e1") == nil)
    }

    @Test func bogusSourceOrMoveGivesASentence() throws {
        var record = try solvedRecord()
        let good = record.source
        record.source = "/nonexistent.quarto:1"
        #expect(QuartoGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
        record.source = good
        record.result = ["line": ["a1+tdsh"]]   // a1 is occupied
        #expect(QuartoGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
    }
}
