// Split -> count the units -> join: the joined solution count of the 15-hole triangle equals
// the published figures at every cut depth, and games equal the single count's; the units
// file loads with the ordinary loader.

import Testing
import SolverKit
@testable import PegSolitaire

/// Published (jump sequences ending with one peg anywhere): corner 29,760, edge midpoint 85,258.
@Test(arguments: [(1, UInt128(29760)), (4, UInt128(85258))])
func joinedCountOfTheSplitEqualsThePublishedFigure(vacancy: Int, published: UInt128) throws {
    let root = Fixtures.triangle(side: 5, vacancy: vacancy)
    let single = StateSpace(problem: root, threads: 1).run()
    for depth in [0, 2, 5, 13] {
        let work = PegSolitaireGame.split(root, depth: depth)
        let jobs = PegSolitaireGame.load(text: work.units, file: "units.peg")
        #expect(jobs.count == work.unitCount)
        var records: [String: ResultRecord] = [:]
        for case .success(let job) in jobs {
            records[job.name] = ResultRecord(game: "peg", verb: .count, job: job, outcome: job.run(SolveContext(verb: .count)))
        }
        let joined = try PegSolitaireGame.joinTree(work.tree, units: records)
        #expect(joined.result["solutions"]?.integerText == String(published), "depth \(depth)")
        #expect(joined.result["games"]?.integerText == String(single.games), "depth \(depth)")
    }
}
