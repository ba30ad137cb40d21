// The GameDefinition glue: jobs from a file, result objects, annotation checks.
import SolverKit
import Testing
@testable import Reversi

@Suite struct ReversiGameTests {
    @Test func loadNamesFFOPositionsAndKeepsErrors() throws {
        let text = try fixture("fforum-1-19.obf") + "XO\n"
        let jobs = ReversiGame.load(text: text, file: "Puzzles/reversi/tour/fforum-1-19.obf")
        #expect(jobs.count == 20)
        if case .success(let job) = jobs[0] { #expect(job.name == "FFO #1") } else { Issue.record("FFO #1 should load") }
        if case .failure(let error) = jobs[19] {
            #expect(error.location == SourceLocation(file: "Puzzles/reversi/tour/fforum-1-19.obf", line: 21, column: 1))
        } else { Issue.record("the bad last line should fail") }
    }

    @Test(arguments: [Verb.solve, Verb.analyze])
    func ffoOneMatchesItsAnnotations(verb: Verb) throws {
        let jobs = ReversiGame.load(text: try fixture("fforum-1-19.obf"), file: "fforum-1-19.obf")
        let job = try jobs[0].get()
        let outcome = job.run(SolveContext(verb: verb, threads: 2, hashMB: 8))
        #expect(outcome.status == .solved)
        #expect(outcome.result["score"]?.intValue == 18)
        #expect(outcome.result["bestMoves"] == JSON(["g8"]))
        #expect(outcome.result["pv"]?.arrayValue?.first == "g8")
        #expect(outcome.result["annotationsMatch"]?.boolValue == true)
        if verb == .analyze {
            #expect(outcome.result["moves"]?["h1"]?.intValue == 12)
            #expect(outcome.result["moves"]?["g2"]?.intValue == -24)
        }
    }

    @Test func wrongAnnotationIsReported() throws {
        // FFO #1 with G8 annotated +16 instead of the published +18.
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+16; H1:+12;"
        let job = try ReversiGame.load(text: line, file: "x.obf")[0].get()
        let outcome = job.run(SolveContext(verb: .analyze, threads: 1, hashMB: 8))
        #expect(outcome.result["annotationsMatch"]?.boolValue == false)
        #expect(outcome.result["mismatches"]?[0]?["move"] == "g8")
        #expect(outcome.result["mismatches"]?[0]?["found"]?.intValue == 18)
    }

    @Test func nodeLimitStopsWithLimitStatus() throws {
        let job = try ReversiGame.load(text: try fixture("fforum-40-59.obf"), file: "fforum-40-59.obf")[0].get()
        let budget = SearchBudget(limits: Limits(nodeLimit: 200_000))
        let outcome = job.run(SolveContext(verb: .solve, threads: 2, hashMB: 8, budget: budget))
        #expect(outcome.status == .limit)
        #expect(outcome.result["score"] == nil)
    }

    @Test func analyzeReportsEachFinishedTestsBoundsOfTheMoveInProgress() throws {
        // FFO #1: every bracket reported holds the move's published score, each narrows the one
        // before for the same move, and a move's last one is its published score exactly.
        let first = try ObfRecord.parseFile(try fixture("fforum-1-19.obf"), file: "fforum-1-19.obf")[0].get()
        let published = Dictionary(uniqueKeysWithValues: first.annotations.map { ($0.square, $0.score) })
        var brackets: [Int: [(lower: Int, upper: Int)]] = [:]
        let solver = EndgameSolver(geometry: first.position.geometry, threads: 1, hashMB: 8)
        _ = solver.analyze(first.position, testDone: { square, lower, upper in
            brackets[square, default: []].append((lower, upper))
        })
        #expect(!brackets.isEmpty)
        for (square, list) in brackets {
            let listed = try #require(published[square])
            #expect(list.allSatisfy { $0.lower <= listed && listed <= $0.upper })
            #expect(zip(list, list.dropFirst()).allSatisfy { $1.lower >= $0.lower && $1.upper <= $0.upper })
            #expect(list.last.map { $0.lower == listed && $0.upper == listed } == true)
        }
    }

    @Test func analyzeStoppedInsideAMoveKeepsWhatItsFinishedTestsProved() throws {
        // FFO #1 with one thread (the same node counts every run), stopped at a series of node
        // limits: where one falls inside a move's search after some of its null-window tests,
        // the record's bracket for that move holds the published score, and a run resumed from
        // the record finishes with every published score.
        let text = try fixture("fforum-1-19.obf")
        let job = try ReversiGame.load(text: text, file: "fforum-1-19.obf")[0].get()
        let first = try ObfRecord.parseFile(text, file: "fforum-1-19.obf")[0].get()
        let published = Dictionary(uniqueKeysWithValues: first.annotations.map { ($0.square, $0.score) })
        var brackets = 0
        for limit in stride(from: 20_000, through: 180_000, by: 20_000) {
            let stopped = job.run(SolveContext(verb: .analyze, threads: 1, hashMB: 8,
                                               budget: SearchBudget(limits: Limits(nodeLimit: UInt64(limit)))))
            guard stopped.status == .limit, let bounds = stopped.result["boundsSoFar"]?.objectValue else { continue }
            for (name, bracket) in bounds {
                let square = try #require(first.position.geometry.square(named: Substring(name)))
                let listed = try #require(published[square])
                let lower = try #require(bracket["lower"]?.intValue), upper = try #require(bracket["upper"]?.intValue)
                #expect(lower <= listed && listed <= upper, "\(name): \(lower)...\(upper), listed \(listed)")
                #expect(lower > -64 || upper < 64, "a bracket is only written when a test narrowed it")
            }
            brackets += 1
            let resumed = job.run(SolveContext(verb: .analyze, threads: 1, hashMB: 8, earlier: stopped.result))
            #expect(resumed.status == .solved && resumed.result["annotationsMatch"]?.boolValue == true)
            #expect(resumed.stats.first { $0.0 == "boundsFromEarlierRun" }?.1.intValue == 1 && resumed.continuedEarlier)
        }
        #expect(brackets >= 2, "some limits should fall inside a move's search")
    }

    @Test func analyzeStoppedByALimitGoesOnFromItsProvenMoves() throws {
        let jobs = ReversiGame.load(text: try fixture("fforum-1-19.obf"), file: "fforum-1-19.obf")
        let job = try jobs[0].get()
        // One thread, so the node count is the same each run: stop about halfway.
        let full = job.run(SolveContext(verb: .analyze, threads: 1, hashMB: 8))
        let nodes = try #require(full.stats.first { $0.0 == "nodes" }?.1.intValue)
        let stopped = job.run(SolveContext(verb: .analyze, threads: 1, hashMB: 8,
                                           budget: SearchBudget(limits: Limits(nodeLimit: UInt64(nodes / 2)))))
        #expect(stopped.status == .limit)
        let kept = try #require(stopped.result["movesSoFar"]?.objectValue)
        let all = try #require(full.result["moves"]?.objectValue)
        #expect(!kept.isEmpty && kept.count < all.count, "the limit should fall between two moves' proofs")
        let resumed = job.run(SolveContext(verb: .analyze, threads: 1, hashMB: 8, earlier: stopped.result))
        #expect(resumed.status == .solved)
        #expect(resumed.stats.first { $0.0 == "movesFromEarlierRun" }?.1.intValue == kept.count)
        #expect(resumed.continuedEarlier, "the runner then adds the earlier run's nodes and seconds")
        #expect((resumed.stats.first { $0.0 == "nodes" }?.1.intValue ?? .max) < nodes, "the kept moves are not searched again")
        #expect(resumed.result["annotationsMatch"]?.boolValue == true)
        #expect(Dictionary(uniqueKeysWithValues: resumed.result["moves"]?.objectValue ?? []).mapValues(\.intValue)
                == Dictionary(uniqueKeysWithValues: all).mapValues(\.intValue))
        // A record of another position is not taken.
        let other = try jobs[1].get().run(SolveContext(verb: .analyze, threads: 1, hashMB: 8, earlier: stopped.result))
        #expect(other.status == .solved && !other.stats.contains { $0.0 == "movesFromEarlierRun" } && !other.continuedEarlier)
        #expect(other.result["annotationsMatch"]?.boolValue == true)
    }

    @Test func countIsPerft() throws {
        let job = try ReversiGame.load(text: "f5\n", file: "t.obf")[0].get()
        let outcome = job.run(SolveContext(verb: .count, flags: ["depth": "3"]))
        // From the start, perft 2, 3, 4 = 12, 56, 244; after one move the counts below each
        // first move are a quarter (the four openings are symmetric).
        #expect(outcome.result["perft"] == JSON([3, 14, 61]))
    }
}
