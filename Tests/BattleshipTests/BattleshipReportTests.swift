// The report drawings: a bundled Bimaru puzzle solved and drawn with its counts, and a small
// Battleship position analysed and drawn as a heat map.
import Foundation
import SolverKit
import Testing
@testable import Battleship

/// The path of a file of the package (e.g. a bundled puzzle collection), found from this test file.
func bundled(_ relative: String) -> String {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
    }
    return url.appendingPathComponent(relative).path
}

private func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

private func record(_ path: String, text: String, verb: Verb = .solve) throws -> ResultRecord {
    let job = try BattleshipGame.load(text: text, file: path)[0].get()
    let outcome = job.run(SolveContext(verb: verb, threads: 1, hashMB: 8))
    return ResultRecord(game: BattleshipGame.id, verb: verb, job: job, outcome: outcome)
}

@Suite struct BattleshipReportTests {
    @Test func bimaruPuzzleAndCheckedSolution() throws {
        let path = bundled("Puzzles/battleship/tour/sample.bimaru")
        let r = try record(path, text: try String(contentsOfFile: path, encoding: .utf8))
        let html = try #require(BattleshipGame.reportFragment(for: r))
        #expect(occurrences("<svg", in: html) == 2)
        #expect(html.contains("solution (checked)"))
        #expect(!html.contains("Cannot draw"))
    }

    @Test func heatMapMarksTheBestShot() throws {
        // 4x4, one ship of 2, a miss at b2: 24 placements minus the 4 through b2 = 20 layouts;
        // c3, the only inner cell not beside the miss, lies on 4 of them, more than any other
        // cell (counted by hand): the best shot.
        let text = "name: tiny\nsize: 4x4\nfleet: 2\n. . . .\n. o . .\n. . . .\n. . . .\n"
        let r = try record("tiny.battleship", text: text, verb: .analyze)
        #expect(r.result["layouts"]?.intValue == 20)
        let html = try #require(BattleshipGame.reportFragment(for: r))
        #expect(occurrences("<svg", in: html) == 1)
        #expect(html.contains("c3: 4 of 20 layouts"))
        #expect(html.contains("<title>best shot c3</title>"))
        #expect(html.contains("<title>b2: miss</title>"))
    }

    @Test func solveGivesTheCountAndTheBestShotWithoutTheCellTable() throws {
        // The 4x4 position above: 20 layouts, best shot c3 on 4 of them (counted by hand).
        let text = "name: tiny\nsize: 4x4\nfleet: 2\n. . . .\n. o . .\n. . . .\n. . . .\n"
        let r = try record("tiny.battleship", text: text, verb: .solve)
        #expect(r.result["layouts"]?.intValue == 20 && r.result["bestShot"]?.stringValue == "c3")
        #expect(r.result["bestShotLayouts"]?.intValue == 4 && r.result["cells"] == nil)
        let html = try #require(BattleshipGame.reportFragment(for: r))
        #expect(html.contains("<title>best shot c3</title>") && html.contains("20 layouts fit the shots"))
    }

    @Test func bogusPositionGivesASentence() throws {
        let path = bundled("Puzzles/battleship/tour/sample.bimaru")
        var r = try record(path, text: try String(contentsOfFile: path, encoding: .utf8))
        let good = r.result
        r.source = "/nonexistent.bimaru:4"   // the source file plays no part
        #expect(BattleshipGame.reportFragment(for: r)?.contains("Cannot draw") == false)
        r.result = good.setting("position", "name: no grid\n")
        #expect(BattleshipGame.reportFragment(for: r)?.contains("Cannot draw this position") == true)
        r.result = .object([("solutions", 1)])
        #expect(BattleshipGame.reportFragment(for: r)?.contains("Cannot draw this position") == true)
    }
}
