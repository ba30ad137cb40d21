// The report drawing: FFO #1 from its record alone, its PV replayed and numbered.
import Foundation
import SolverKit
import Testing
@testable import Reversi

private func bundled(_ relative: String) -> String {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
    }
    return url.appendingPathComponent(relative).path
}

private func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

@Suite struct ReversiReportTests {
    func analyzedRecord() throws -> ResultRecord {
        let path = bundled("Puzzles/reversi/tour/fforum-1-19.obf")
        let job = try ReversiGame.load(text: try String(contentsOfFile: path, encoding: .utf8), file: path)[0].get()
        let outcome = job.run(SolveContext(verb: .analyze, threads: 2, hashMB: 8))
        return ResultRecord(game: ReversiGame.id, verb: .analyze, job: job, outcome: outcome)
    }

    @Test func drawsPositionLineScoresAndEnd() throws {
        let record = try analyzedRecord()
        let html = try #require(ReversiGame.reportFragment(for: record))
        // start, numbered PV, move scores, final position
        #expect(occurrences("<svg", in: html) == 4)
        #expect(!html.contains("Cannot draw"))
        // FFO #1: g8 is the best move at +18 (published); its square shows the score.
        #expect(html.contains("<title>g8: +18</title>"))
        #expect(html.contains("g8: move 1 (black)"))
    }

    @Test func drawsFromTheRecordAloneWhereverItCameFrom() throws {
        var record = try analyzedRecord()
        record.source = "a-file-that-is-gone.obf:2"
        let html = try #require(ReversiGame.reportFragment(for: record))
        #expect(!html.contains("Cannot draw") && html.contains("<title>g8: +18</title>"))
    }

    @Test func bogusPositionOrMoveGivesASentence() throws {
        var record = try analyzedRecord()
        let good = record.result
        record.result = good.setting("position", "not an obf line")
        #expect(ReversiGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
        record.result = good.setting("pv", ["a1"])   // a1 is occupied in FFO #1
        #expect(ReversiGame.reportFragment(for: record)?.contains("Cannot draw this position") == true)
    }
}
