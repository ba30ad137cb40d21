// The mate solver against published lengths: a sample of the tanuki set and the YaneuraOu
// samples (including the no-mate positions). Every line is replayed and checked.
import Testing
import SolverKit
@testable import Shogi

/// Problems whose published length differs from what a brute-force minimax with cshogi's
/// move generator finds (documented in the report); none of them is in the sample files.
func solveFile(_ name: String) throws -> [(String, Int?, MateAnswer, String?)] {
    let text = try String(contentsOf: fixtureURL(name), encoding: .utf8)
    var out: [(String, Int?, MateAnswer, String?)] = []
    for item in TsumeInput.load(text: text, file: name) {
        let problem = try item.get()
        let solver = MateSolver(position: problem.position, hashMB: 16, budget: SearchBudget(limits: Limits(timeLimit: 60)))
        let answer = solver.solve(firstProofOnly: false, treeDepth: 2)
        let check = answer.verdict == .mate ? problem.position.verifyMate(answer.line) : nil
        out.append((problem.name, problem.expectNoMate ? nil : problem.expectedLength, answer, check))
    }
    return out
}

@Test func tanukiSampleShortestLengths() throws {
    let results = try solveFile("tanuki_sample.tsv")
    #expect(results.count == 62)
    for (name, expected, answer, check) in results {
        #expect(answer.verdict == .mate && answer.exact, "\(name)")
        #expect(answer.length == expected, "\(name)")
        #expect(answer.line.count == answer.length, "\(name)")
        #expect(check == nil, "\(name): \(check ?? "")")
    }
}

@Test func yaneuraouSamplesAndNoMate() throws {
    let results = try solveFile("yaneuraou_mate_samples.tsv")
    #expect(results.count == 41)
    var noMate = 0
    for (name, expected, answer, check) in results {
        if let e = expected {
            #expect(answer.verdict == .mate && answer.exact && answer.length == e, "\(name)")
            #expect(check == nil, "\(name): \(check ?? "")")
        } else {
            #expect(answer.verdict == .noMate, "\(name)")
            noMate += 1
        }
    }
    #expect(noMate == 2)
}

@Test func kifNotation() throws {
    var p = try position("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1")
    #expect(p.kif(Move(usi: "8c1c")!, previousTo: -1) == "▲１三龍")
    let capture = try position("8k/9/9/9/9/9/9/9/9 b G 1")
    #expect(capture.kif(Move(usi: "G*1b")!, previousTo: -1) == "▲１二金打")
    p.play(Move(usi: "8c1c")!)
    #expect(p.kif(Move(usi: "1b1c")!, previousTo: 2) == "△同玉")
}

/// The main line read with the table's disproofs gone: a defender move then comes from the
/// proofs alone (the only reply not mated within bound - 3) or from a search again. Every
/// defender move of the line must still be a longest resistance: the position after it has an
/// exact shortest mate of the plies left, by a fresh solver.
@Test func mainLineFromProofsAlone() throws {
    let text = try String(contentsOf: fixtureURL("tanuki_sample.tsv"), encoding: .utf8)
    var withoutSearch = 0, defenderMoves = 0
    for item in TsumeInput.load(text: text, file: "tanuki_sample.tsv") {
        let problem = try item.get()
        let solver = MateSolver(position: problem.position, hashMB: 16, budget: nil)
        let answer = solver.solve(firstProofOnly: false, treeDepth: 0)
        #expect(answer.verdict == .mate && answer.exact, "\(problem.name)")
        for i in 0..<solver.table.capacity where solver.table.entries[i].kind == MateEntry.disproven {
            solver.table.entries[i] = MateEntry()
        }
        let before = solver.nodes
        guard let line = solver.mainLine(length: answer.length, exact: true) else {
            Issue.record("\(problem.name): no line"); continue
        }
        // (shorter lines never choose a defender move from the table: replies at bound 2 are all mated in 1)
        if answer.length >= 5, solver.nodes == before { withoutSearch += 1 }
        #expect(line.count == answer.length, "\(problem.name)")
        #expect(problem.position.verifyMate(line) == nil, "\(problem.name)")
        var p = problem.position
        for (k, m) in line.enumerated() {
            p.play(m)
            guard k % 2 == 1, k + 1 < line.count else { continue }
            defenderMoves += 1
            let rest = MateSolver(position: p, hashMB: 4, budget: nil).solve(firstProofOnly: false, treeDepth: 0)
            #expect(rest.exact && rest.length == line.count - k - 1, "\(problem.name) after ply \(k + 1)")
        }
    }
    // the shortcut, not only the searches, must have been at work
    #expect(withoutSearch >= 10, "\(withoutSearch) of 23 lines of 5 plies or more read without a search")
    #expect(defenderMoves > 50)
}

/// Deep bounded searches, whose proof-number sums saturate: the root must still make progress.
/// With sums capped at the root's threshold, `search` looped one node a call from zukou-078's
/// 369,102nd node on and both ran out of any budget; the lengths are the independent solver's
/// (`kh_minlength_len` of Puzzles/tsume/bench/zukou.tsv).
@Test func saturatedProofNumbersStillSearch() throws {
    for (sfen, length) in [("9/9/2l1Sn+B2/2+b1l1l2/6g2/3pkp3/1sR3R2/4+p4/3+p5 b 2NL3g2sn14p 1", 21),
                           ("9/9/ls7/9/5S2+R/p1S2p3/+lNpPp1+BP1/3k2+pSg/2P2B2R b G2P2g3n2l8p 1", 71)] {
        let p = try position(sfen)
        let budget = SearchBudget(limits: Limits(nodeLimit: 3_000_000))
        let answer = MateSolver(position: p, hashMB: 64, budget: budget).solve(firstProofOnly: false, treeDepth: 0)
        #expect(answer.verdict == .mate && answer.exact && answer.length == length, "\(sfen): \(answer.length)")
        #expect(p.verifyMate(answer.line) == nil && answer.line.count == length)
    }
}

/// The threshold a node gives its best child on the side it sums: its own threshold less the
/// other children's sum, and the largest threshold once the sum saturated under the largest
/// one. There the difference is the child's own number plus one, and the child crept up one at
/// a time (zukou-024's composer bound 29: 900,000 calls at one node).
@Test func saturatedSumsGiveTheLargestThreshold() {
    #expect(MateSolver.summedSideThreshold(100, sum: 30, child: 10) == 80)
    #expect(MateSolver.summedSideThreshold(infinitePN - 1, sum: 500, child: 20) == infinitePN - 1 - 480)
    #expect(MateSolver.summedSideThreshold(infinitePN - 1, sum: MateSolver.saturated, child: 7) == infinitePN - 1)
}

/// A budget that runs out during the shortening still reports what it showed: zukou-011, whose
/// exact length is 49 (`kh_minlength_len` of Puzzles/tsume/bench/zukou.tsv), stopped mid-climb lies
/// between `lengthAtLeast` (two more than the largest bound disproven) and the mate proven.
@Test func limitBracketsTheExactLength() throws {
    let p = try position("r+b2n4/1Pk1p4/pp1sG4/N1+s1+p4/2P1+R4/+pB1LN4/9/9/9 b SN3gs3l11p 1")
    let problem = TsumeProblem(name: "zukou-011", location: SourceLocation(file: "zukou.tsv", line: 12), position: p)
    // about 3.4M nodes disprove the first bound (33), 1.1M more the next
    let budget = SearchBudget(limits: Limits(nodeLimit: 4_000_000))
    let outcome = TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 64, treeDepth: 0, budget: budget))
    #expect(outcome.status == .limit)
    let atLeast = try #require(outcome.result["bound"]?["lengthAtLeast"]?.intValue)
    let atMost = try #require(outcome.result["bound"]?["lengthAtMost"]?.intValue)
    #expect(atLeast > 1 && atLeast <= 49 && 49 <= atMost, "\(atLeast)...\(atMost)")
    let disproven = (outcome.result["iterations"]?.arrayValue ?? []).compactMap { i -> Int? in
        i["proven"] == .null ? i["bound"]?.intValue : nil
    }
    #expect(disproven.max().map { $0 + 2 <= atLeast } == true)
    #expect(outcome.summary.contains("none within \(atLeast - 2)"))
}

/// `--resume` goes on from a stopped record: the bounds it had disproven are not searched again,
/// and the length is still the exact one (zukou-011: 49, the independent solver's figure in
/// Puzzles/tsume/bench/zukou.tsv). A record of another position is not taken over.
@Test func resumedRunStartsAboveTheDisprovenBounds() throws {
    let sfen = "r+b2n4/1Pk1p4/pp1sG4/N1+s1+p4/2P1+R4/+pB1LN4/9/9/9 b SN3gs3l11p 1"
    let problem = TsumeProblem(name: "zukou-011", location: SourceLocation(file: "zukou.tsv", line: 12), position: try position(sfen))
    let plainOnly = [TsumeComposerRun.skipFlag: "1", TsumeRun.skipUniquenessFlag: "1"]
    let stopped = TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 64, treeDepth: 0, flags: plainOnly,
                                                              budget: SearchBudget(limits: Limits(nodeLimit: 4_000_000))))
    #expect(stopped.status == .limit)
    let atLeast = try #require(stopped.result["bound"]?["lengthAtLeast"]?.intValue)
    #expect(atLeast > 1)
    // the runner's record carries the position; the resumed run checks it
    guard case .object(let fields) = stopped.result else { Issue.record("no result object"); return }
    let earlier = JSON.object([("position", .string(problem.position.sfen))] + fields)
    let resumed = TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 64, treeDepth: 0, flags: plainOnly, earlier: earlier))
    #expect(resumed.status == .solved && resumed.continuedEarlier)
    #expect(resumed.result["length"]?.intValue == 49 && resumed.result["shortest"]?.boolValue == true)
    #expect(resumed.result["resumedFrom"]?["lengthAtLeast"]?.intValue == atLeast)
    let bounds = (resumed.result["iterations"]?.arrayValue ?? []).compactMap { $0["bound"]?.intValue }
    #expect(bounds.dropFirst().allSatisfy { $0 > atLeast - 2 }, "\(bounds)")  // the first: the unbounded proof
    // another position's record (a different hand) is not taken over
    let other = JSON.object([("position", .string(sfen.replacingOccurrences(of: "SN3gs3l11p", with: "SN3gs3l10p")))] + fields)
    let fresh = TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 64, treeDepth: 0, flags: plainOnly,
                                                            budget: SearchBudget(limits: Limits(nodeLimit: 100_000)), earlier: other))
    #expect(fresh.result["resumedFrom"] == nil && !fresh.continuedEarlier)
}
