// split -> solve the units -> merge --tree: the joined record equals a single run's (score,
// best moves, every move's score for analyze, annotation check), its principal variation
// replays to the score, and the units file loads with the ordinary loader under its names.

import SolverKit
import Testing
@testable import Reversi

@Suite struct SplitTests {
    /// A 14-empty position of Puzzles/reversi/generated/endgames-14.obf with every move's published score.
    static let line = "-XXOO-XO-XXXOXOOOOOOXOXO-OOOOXXOOOOOOOXX-OOOOOXXOO-OOOOX-------- X; A4:+10; F1:+8; F8:+4; "
        + "H8:+2; A6:-4; C8:-4; D8:-6; E8:-6; G8:-8; C7:-20; B8:-32;"

    /// The joined outcome of `split` at `depth` for `verb`, each unit solved by its own job.
    func joined(_ line: String, depth: Int, verb: Verb) throws -> (Outcome, WorkSplit) {
        let work = try #require(try ReversiGame.split(text: line, file: "x.obf", depth: depth, verb: verb)?.get())
        let jobs = ReversiGame.load(text: work.units, file: "units.obf")
        #expect(jobs.count == work.unitCount)
        var records: [String: ResultRecord] = [:]
        for case .success(let job) in jobs {
            let outcome = job.run(SolveContext(verb: .solve, threads: 1, hashMB: 4))
            records[job.name] = ResultRecord(game: "reversi", verb: .solve, job: job, outcome: outcome)
        }
        let tree = WorkTreeFile(game: "reversi", root: "x.obf:1", depth: depth, split: work)
        let units = try tree.unitRecords(Array(records.values))
        #expect(tree.joinedVerb == verb)
        return (try ReversiGame.joinTree(work.tree, units: units), work)
    }

    /// The score reached by playing `pv` out from the position of `line` (mover's view).
    func replay(_ line: String, _ pv: [JSON]) throws -> Int {
        var position = try ObfRecord.parseFile(line, file: "x.obf")[0].get().position
        var sign = 1
        for move in pv {
            let name = try #require(move.stringValue)
            if name == "pass" {
                #expect(position.legalMoves == 0)
                position = position.passing()
            } else {
                let square = try #require(position.geometry.square(named: Substring(name)))
                #expect(position.legalMoves & (UInt64(1) << UInt64(square)) != 0, "\(name) is not legal")
                position = position.playing(square)
            }
            sign = -sign
        }
        #expect(position.isGameOver)
        return sign * position.finalScore
    }

    @Test(arguments: [(Verb.analyze, 1), (Verb.analyze, 2), (Verb.solve, 1), (Verb.solve, 2), (Verb.solve, 0)])
    func splitAndJoinEqualsOneRun(verb: Verb, depth: Int) throws {
        let single = try ReversiGame.load(text: Self.line, file: "x.obf")[0].get()
            .run(SolveContext(verb: verb, threads: 1, hashMB: 4)).result
        let (outcome, _) = try joined(Self.line, depth: depth, verb: verb)
        let result = outcome.result
        #expect(outcome.status == .solved)
        for key in ["position", "board", "toMove", "empties", "score", "bestMoves", "annotationsMatch"] {
            #expect(result[key] == single[key], "\(key)")
        }
        #expect(result["score"]?.intValue == 10)
        let moves = result["moves"]?.objectValue.map { Dictionary(uniqueKeysWithValues: $0) }
        let singleMoves = single["moves"]?.objectValue.map { Dictionary(uniqueKeysWithValues: $0) }
        #expect(moves == singleMoves)
        if verb == .analyze { #expect(moves?.count == 11) } else { #expect(moves == nil) }
        #expect(try replay(Self.line, try #require(result["pv"]?.arrayValue)) == 10)
    }

    @Test func rootThatMustPassJoinsThroughThePass() throws {
        // White to move has no move here, black has (11 empties, from a random game): the
        // tree's root is a pass, and `analyze` lists it as the one move.
        let line = "XXXXXXXX--OXXXXX-OOOOOXX--OOXXXX-O-XXXXX--OXXXOX-OXXXOOXO-XXXXXX O"
        let position = try ObfRecord.parseFile(line, file: "x.obf")[0].get().position
        #expect(position.legalMoves == 0 && position.opponentCanMove)
        let single = try ReversiGame.load(text: line, file: "x.obf")[0].get()
            .run(SolveContext(verb: .analyze, threads: 1, hashMB: 4)).result
        let (outcome, _) = try joined(line, depth: 1, verb: .analyze)
        #expect(outcome.result["moves"] == single["moves"])
        #expect(outcome.result["bestMoves"] == JSON(["pass"]))
        #expect(outcome.result["score"] == single["score"])
    }

    @Test func unitsLoadUnderTheirNames() throws {
        let work = try #require(try ReversiGame.split(text: Self.line, file: "x.obf", depth: 1, verb: .analyze)?.get())
        let names = ReversiGame.load(text: work.units, file: "units.obf").compactMap { try? $0.get().name }
        #expect(names == (1...work.unitCount).map(WorkSplit.unitName))
        #expect(work.unitCount == 11)
    }
}
