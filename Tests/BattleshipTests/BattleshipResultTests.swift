// The typed results against the records the jobs write: the field names of `analyze` on a
// `.battleship` position and `solve` on a `.bimaru` puzzle (as Puzzles/battleship/README.md
// documents them), `position` first, complete and stopped by a limit, and every record read back
// by `BattleshipResult(json:)` / `BimaruResult(json:)` writes the same JSON again.
import SolverKit
import Testing
@testable import Battleship

@Suite struct BattleshipResultTests {
    func record(_ text: String, file: String, _ verb: Verb, nodeLimit: UInt64? = nil) throws -> ResultRecord {
        let job = try BattleshipGame.load(text: text, file: file)[0].get()
        let budget = SearchBudget(limits: Limits(nodeLimit: nodeLimit))
        let outcome = job.run(SolveContext(verb: verb, threads: 1, hashMB: 8, budget: budget))
        return ResultRecord(game: BattleshipGame.id, verb: verb, job: job, outcome: outcome)
    }

    func keys(_ json: JSON) -> [String] { json.objectValue?.map(\.0) ?? [] }

    @Test func analysisFieldsReadBack() throws {
        let analysis = ["position", "size", "fleet", "layouts", "cells", "bestShot", "bestShotLayouts", "bestShotProbability", "probabilities"]
        let tiny = "name: tiny\nsize: 4x4\nfleet: 2\n. . . .\n. o . .\n. . . .\n. . . .\n"
        let counted = try record(tiny, file: "tiny.battleship", .analyze)
        #expect(keys(counted.result) == analysis)
        #expect(counted.position == tiny)
        // Two hits on a 2x2 board and the ship not announced sunk: no layout fits, so no best shot.
        let none = try record("size: 2x2\nfleet: 2\nx x\no o\n", file: "none.battleship", .analyze)
        #expect(none.result["layouts"] == 0 && none.result["bestShot"] == .null)
        #expect(keys(none.result) == ["position", "size", "fleet", "layouts", "cells", "bestShot", "probabilities"])
        // 5,824 leaves on the empty 12x10 board; the budget is asked every 4,096.
        let stopped = try record("name: empty 12x10\nsize: 12x10\n", file: "big.battleship", .analyze, nodeLimit: 1)
        #expect(stopped.status == .limit)
        #expect(keys(stopped.result) == ["position", "bound"])
        #expect(stopped.result["bound"]?["layoutsAtLeast"]?.intValue != nil)
        for r in [counted, none, stopped] {
            let typed = try #require(BattleshipResult(json: r.result))
            #expect(typed.json == r.result)
            #expect(BimaruResult(json: r.result) == nil)
        }
        let typed = try #require(BattleshipResult(json: counted.result))
        #expect(typed.layouts == 20 && typed.bestShot?.cell == "c3" && typed.bestShot?.layouts == 4)
    }

    @Test func bimaruFieldsReadBack() throws {
        let path = bundled("Puzzles/battleship/tour/sample.bimaru")
        let solved = try record(try String(contentsOfFile: path, encoding: .utf8), file: path, .solve)
        #expect(keys(solved.result) == ["position", "solutions", "capped", "grid", "checked"])
        // The heaviest CSPLib instance of the bundle (about 2.2M nodes), stopped at once.
        let heavy = "17498 10 10 10 4 3 3 2 2 2 1 1 1 1 3 2 1 4 0 1 1 1 4 3 1 2 2 2 3 1 3 1 1 4 3 m 7 10 l 1 1 w 3 9\n"
        let stopped = try record(heavy, file: "heavy.bimaru", .solve, nodeLimit: 1)
        #expect(stopped.status == .limit)
        #expect(keys(stopped.result) == ["position", "solutions", "capped", "bound"])
        for r in [solved, stopped] {
            let typed = try #require(BimaruResult(json: r.result))
            #expect(typed.json == r.result)
            #expect(BattleshipResult(json: r.result) == nil)
        }
        let typed = try #require(BimaruResult(json: solved.result))
        #expect(typed.solutions == 1 && typed.capped == false && typed.checked == true && typed.grid?.count == 6)
    }
}
