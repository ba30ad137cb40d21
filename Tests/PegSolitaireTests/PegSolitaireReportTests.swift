// The report drawing: a solved bundled board is read from its record alone and drawn move by move.
import Foundation
import SolverKit
import Testing
@testable import PegSolitaire

private func bundled(_ relative: String) -> String { Fixtures.root.appendingPathComponent(relative).path }

private func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

@Suite struct PegSolitaireReportTests {
    func solvedRecord() throws -> ResultRecord {
        let path = bundled("Puzzles/peg/tour/triangle-5.peg")
        let job = try PegSolitaireGame.load(text: try String(contentsOfFile: path, encoding: .utf8), file: path)[0].get()
        let outcome = job.run(SolveContext(verb: .solve, threads: 1, hashMB: 8))
        return ResultRecord(game: PegSolitaireGame.id, verb: .solve, job: job, outcome: outcome)
    }

    @Test func drawsTheStartAndOneBoardPerMove() throws {
        let record = try solvedRecord()
        let moves = try #require(record.result["moves"]?.arrayValue)
        // 15 holes, one vacancy, one peg left: 13 jumps in at most 13 moves.
        #expect(moves.count >= 1 && moves.count <= 13)
        let html = try #require(PegSolitaireGame.reportFragment(for: record))
        #expect(occurrences("<svg", in: html) == moves.count + 1)
        #expect(!html.contains("Cannot draw"))
        // Every board draws all 15 holes.
        #expect(occurrences("<title>1</title>", in: html) >= moves.count + 1)
    }

    @Test func bogusPositionOrMoveGivesASentence() throws {
        var record = try solvedRecord()
        let good = record.result
        record.source = "/nonexistent/board.peg:3"   // the source file plays no part
        #expect(PegSolitaireGame.reportFragment(for: record)?.contains("Cannot draw") == false)
        record.result = good.setting("position", "name: no board\n")
        #expect(PegSolitaireGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
        record.result = good.setting("moves", ["1-4"])   // hole 1 is the vacancy: no peg to jump
        #expect(PegSolitaireGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
    }
}
