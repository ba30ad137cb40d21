// The typed result against the records the solver writes: the field names of each verb (as
// Puzzles/quarto/README.md documents them), `position` first, and every record read back by
// `QuartoResult(json:)` writes the same JSON again (what reports and `merge --tree` rely on).
import SolverKit
import Testing
@testable import Quarto

@Suite struct QuartoResultTests {
    static let head = ["position", "rules", "toMove", "piecesPlaced", "board"]

    func record(_ text: String, _ verb: Verb, flags: [String: String] = [:], nodeLimit: UInt64? = nil) throws -> ResultRecord {
        let job = try QuartoGame.load(text: text, file: "t.quarto")[0].get()
        let budget = SearchBudget(limits: Limits(nodeLimit: nodeLimit))
        let outcome = job.run(SolveContext(verb: verb, threads: 1, hashMB: 8, flags: flags, budget: budget))
        return ResultRecord(game: QuartoGame.id, verb: verb, job: job, outcome: outcome)
    }

    func keys(_ json: JSON) -> [String] { json.objectValue?.map(\.0) ?? [] }

    func readsBack(_ record: ResultRecord) throws {
        let typed = try #require(QuartoResult(json: record.result))
        #expect(typed.json == record.result)
    }

    @Test func everyVerbWritesItsFieldsAndReadsBack() throws {
        let text = QuartoReportTests.text
        let solve = try record(text, .solve)
        #expect(keys(solve.result) == Self.head + ["value", "distance", "bestMoves", "winningMoves", "line"])
        #expect(solve.position == text)
        let analyze = try record(text, .analyze)
        #expect(keys(analyze.result) == Self.head + ["value", "distance", "moves", "winningMoves"])
        let valueOnly = try record(text, .solve, flags: ["value-only": ""])
        #expect(keys(valueOnly.result) == Self.head + ["value", "distance"])
        let count = try record(text, .count)
        #expect(keys(count.result) == Self.head + ["drawnFullBoards"])
        for r in [solve, analyze, valueOnly, count] { try readsBack(r) }
        let typed = try #require(QuartoResult(json: analyze.result))
        #expect(typed.moves?.count == analyze.result["moves"]?.arrayValue?.count)
        #expect(typed.board.count { $0 != "." } == 12 && typed.piecesPlaced == 12 && typed.toMove == "place tdsh")
    }

    @Test func aStoppedSearchWritesItsBound() throws {
        let empty = "rules: classic\n. . . .\n. . . .\n. . . .\n. . . .\n"
        let stopped = try record(empty, .solve, nodeLimit: 5_000)
        #expect(stopped.status == .limit)
        #expect(keys(stopped.result) == Self.head + ["bound"])
        #expect(stopped.result["bound"] == .object([("lower", "loss"), ("upper", "win")]))
        try readsBack(stopped)
    }

    @Test func theJoinedRootCarriesItsPosition() throws {
        let text = QuartoReportTests.text
        let parsed = try QuartoFormat.parse(text: text, file: "t.quarto")[0].get()
        let work = QuartoGame.split(parsed.position, text: parsed.text, depth: 1)
        var units: [String: ResultRecord] = [:]
        for case .success(let job) in QuartoGame.load(text: work.units, file: "units.quarto") {
            let outcome = job.run(SolveContext(verb: .solve, threads: 1, hashMB: 4, flags: ["value-only": ""]))
            units[job.name] = ResultRecord(game: "quarto", verb: .solve, job: job, outcome: outcome)
        }
        let joined = try QuartoGame.joinTree(work.tree, units: units)
        #expect(keys(joined.result) == Self.head + ["value", "distance", "bestMoves"])
        #expect(joined.result["position"]?.stringValue == text)
        let solved = try record(text, .solve)
        #expect(joined.result["value"] == solved.result["value"] && joined.result["distance"] == solved.result["distance"])
        let best = { (r: JSON) in r["bestMoves"]?.arrayValue?.compactMap(\.stringValue).sorted() }
        #expect(best(joined.result) == best(solved.result))
    }
}
