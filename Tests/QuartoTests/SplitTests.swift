// Split -> solve the units -> join: the joined root value equals the plain brute-force minimax,
// on random positions, and the units file loads with the ordinary loader.

import Testing
import SolverKit
@testable import Quarto

@Test func joinedValueOfTheSplitEqualsPlainMinimax() throws {
    var rng = SplitMix(state: 99)
    var checked = 0
    while checked < 10 {
        let placed = 9 + checked % 3
        guard let p = randomPosition(placed: placed, rules: .classic, handed: checked % 4 != 0, rng: &rng) else { continue }
        let work = QuartoGame.split(p, depth: 1 + checked % 2)
        let jobs = QuartoGame.load(text: work.units, file: "units.quarto")
        #expect(jobs.count == work.unitCount)
        var records: [String: ResultRecord] = [:]
        for case .success(let job) in jobs {
            let outcome = job.run(SolveContext(verb: .solve, threads: 1, hashMB: 4, flags: ["value-only": ""]))
            records[job.name] = ResultRecord(game: "quarto", verb: .solve, job: job, outcome: outcome)
        }
        #expect(records.count == work.unitCount)
        let joined = try QuartoGame.joinTree(work.tree, units: records)
        let expected = Reference.score(p)
        let outcome = expected > 0 ? "win" : expected < 0 ? "loss" : "draw"
        #expect(joined.result["value"]?.stringValue == outcome, "\(p.text)")
        if expected != 0 { #expect(joined.result["distance"]?.intValue == (expected > 0 ? mate - expected : mate + expected)) }
        checked += 1
    }
}

@Test func joinNamesTheMissingUnits() throws {
    let work = QuartoGame.split(Position(), depth: 1)
    let tree = WorkTreeFile(game: "quarto", root: "x:1", depth: 1, split: work)
    #expect(throws: WorkTreeError.self) { try tree.unitRecords([]) }
}

@Test func onlySolveSplits() {
    let text = "TDSH . . .\n. . . .\n. . . .\n. . . .\n"
    #expect(QuartoGame.split(text: text, file: "x.quarto", depth: 1, verb: .analyze) == nil)
    #expect(QuartoGame.split(text: text, file: "x.quarto", depth: 1, verb: .solve) != nil)
}
