// The batch runner with a small game defined here: results are written as positions finish,
// a bad position is reported with file:line:column and the others are still solved, limits give
// status "limit", --resume skips finished positions, tolerates a torn last line and hands a
// position stopped by a limit what its record kept.

import Foundation
import Testing
@testable import SolverKit

/// A toy game: each line is a number n; solving sums 1...n one "node" at a time.
enum SumGame: GameDefinition {
    static let id = "sum"
    static let fileExtensions = ["sum"]
    static let verbs = [VerbSupport(.solve, gives: "the sum 1 + ... + n")]
    static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        var items: [Result<PositionJob, ParseError>] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            guard let n = UInt64(line) else {
                let column = (line.firstIndex { !$0.isNumber }).map { line.distance(from: line.startIndex, to: $0) + 1 } ?? 1
                items.append(.failure(ParseError("not a number", at: SourceLocation(file: file, line: index + 1, column: column))))
                continue
            }
            items.append(.success(PositionJob(name: "n=\(n)", location: SourceLocation(file: file, line: index + 1), text: String(line)) { context in
                // A run stopped by a limit keeps its partial sum; --resume goes on from there.
                var sum = UInt64(context.earlier?["partial"]?.intValue ?? 0)
                let first = UInt64(context.earlier?["next"]?.intValue ?? 1)
                // one node a number added, so the runs of a position add up to n nodes
                for i in first...max(n, first) {
                    if i % 1024 == 0, context.budget.shouldStop(nodes: i + 1 - first) {
                        var outcome = Outcome(status: .limit, result: ["partial": JSON(sum), "next": JSON(i)],
                                              stats: [("nodes", JSON(i - first))], summary: "stopped")
                        outcome.continuedEarlier = context.earlier != nil
                        return outcome
                    }
                    sum += i
                }
                var outcome = Outcome(result: ["sum": JSON(sum)], stats: [("nodes", JSON(n + 1 - first))], summary: "sum \(sum)")
                outcome.continuedEarlier = context.earlier != nil
                return outcome
            }))
        }
        return items
    }
}

/// One directory per test process for the tests' scratch directories, removed when the process
/// exits (the runs write reports and bitmaps there: left behind, they pile up).
private let scratchRoot: String = {
    let root = NSTemporaryDirectory() + "perfectplay-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: scratchRoot) }
    return root
}()

private func temporaryDirectory() -> String {
    let path = scratchRoot + "/\(UInt64.random(in: 0...UInt64.max))"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func records(_ path: String) throws -> [JSON] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").map { try JSONReader.parse(String($0)) }
}

/// A quiet run of `paths` writing to `out`, with an optional node limit.
private func quietConfiguration(_ paths: [String], out: String, nodeLimit: UInt64? = nil) -> BatchConfiguration {
    var configuration = BatchConfiguration(verb: .solve, paths: paths)
    configuration.outDirectory = out
    configuration.quiet = true
    if let nodeLimit { configuration.limits = Limits(nodeLimit: nodeLimit) }
    return configuration
}

@Test func badPositionIsReportedAndTheRestIsSolved() throws {
    let dir = temporaryDirectory()
    let file = dir + "/numbers.sum"
    try "3\n4x\n10\n".write(toFile: file, atomically: true, encoding: .utf8)
    let configuration = quietConfiguration([dir], out: dir + "/Reports")
    let code = BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run()
    #expect(code == 1)
    let written = try records(dir + "/Reports/numbers/results.jsonl")
    #expect(written.count == 3)
    #expect(written[0]["result"]?["sum"] == 6)
    #expect(written[1]["status"] == "error")
    #expect(written[1]["error"]?.stringValue == "\(file):2:2: not a number")
    #expect(written[2]["result"]?["sum"] == 55)
    #expect(written[2]["source"]?.stringValue == "\(file):3")
    let summary = try String(contentsOfFile: dir + "/Reports/numbers/summary.md", encoding: .utf8)
    #expect(summary.contains("solved 2, limit 0, error 1"))
    let page = try String(contentsOfFile: dir + "/Reports/numbers/index.html", encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
    #expect(page.contains("n=10") && page.contains("not a number"))
}

@Test func nodeLimitEndsASearchWithStatusLimit() throws {
    let dir = temporaryDirectory()
    try "100000\n5\n".write(toFile: dir + "/big.sum", atomically: true, encoding: .utf8)
    let configuration = quietConfiguration([dir + "/big.sum"], out: dir + "/Reports", nodeLimit: 5000)
    let code = BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run()
    #expect(code == 1)
    let written = try records(dir + "/Reports/big/results.jsonl")
    #expect(written.map { $0["status"]?.stringValue } == ["limit", "solved"])
    // checked every 1024 numbers: the first check past 5,000 is at 5120, not added
    #expect(written[0]["stats"]?["nodes"] == 5119)
}

@Test func resumeSkipsFinishedPositionsAndCutsATornLine() throws {
    let dir = temporaryDirectory()
    try "1\n2\n3\n".write(toFile: dir + "/three.sum", atomically: true, encoding: .utf8)
    var configuration = quietConfiguration([dir + "/three.sum"], out: dir + "/Reports")
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 0)
    // Simulate a run killed while writing its third line.
    let path = dir + "/Reports/three/results.jsonl"
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    try (lines[0] + "\n" + lines[1] + "\n" + lines[2].prefix(17)).write(toFile: path, atomically: true, encoding: .utf8)
    configuration.resume = true
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 0)
    let written = try records(path)
    #expect(written.compactMap { $0["result"]?["sum"]?.intValue } == [1, 3, 6])
}

/// --resume says when it finds nothing to take over: no earlier results, or records whose
/// sources name the file another way (here a second copy of it); no notice when it resumes.
@Test func resumeSaysWhenItFindsNoEarlierRecord() throws {
    let dir = temporaryDirectory()
    try "1\n2\n".write(toFile: dir + "/two.sum", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: dir + "/copy", withIntermediateDirectories: true)
    try "1\n2\n".write(toFile: dir + "/copy/two.sum", atomically: true, encoding: .utf8)
    func run(_ file: String) -> BatchRunner {
        var configuration = quietConfiguration([file], out: dir + "/Reports")
        configuration.resume = true
        let runner = BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self]))
        #expect(runner.run() == 0)
        return runner
    }
    let fresh = run(dir + "/two.sum")
    #expect(fresh.resumeNotices.count == 1 && fresh.resumeNotices[0].contains("found no earlier record"))
    #expect(run(dir + "/two.sum").resumeNotices.isEmpty)
    let other = run(dir + "/copy/two.sum")
    #expect(other.resumeNotices.count == 1 && other.resumeNotices[0].contains("found 2 earlier records"))
}

@Test func unknownExtensionIsAnErrorButNotACrash() {
    let dir = temporaryDirectory()
    try! "x".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
    let configuration = quietConfiguration([dir + "/a.txt", dir + "/missing.sum"], out: dir + "/Reports")
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 1)
}

@Test func shardsMergeIntoTheSingleRun() throws {
    let dir = temporaryDirectory()
    try "5\n1\nbad\n9\n2\n7\n".write(toFile: dir + "/mix.sum", atomically: true, encoding: .utf8)
    func run(_ out: String, shard: (Int, Int)?) -> Int32 {
        var configuration = BatchConfiguration(verb: .solve, paths: [dir + "/mix.sum"])
        configuration.outDirectory = dir + "/" + out
        configuration.quiet = true
        configuration.shard = shard
        return BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run()
    }
    _ = run("single", shard: nil)
    _ = run("shard1", shard: (1, 2))
    _ = run("shard2", shard: (2, 2))
    let shardRecords = ResultMerge.read(ResultMerge.resultFiles(under: [dir + "/shard1", dir + "/shard2"]))
    #expect(shardRecords["mix"]?.count == 6)
    let merged = ResultMerge.merged(shardRecords["mix"] ?? [])
    let single = ResultMerge.read([dir + "/single/mix/results.jsonl"])["mix"] ?? []
    #expect(merged.map(\.source) == single.map(\.source))
    #expect(merged.map(\.result) == single.map(\.result))
    #expect(merged.map(\.status) == single.map(\.status))
}

/// Runs the files with a 2048-node limit (some positions stop), then with --resume and no limit.
private func runStoppedByALimitThenResumed(_ paths: [String], out: String) {
    var configuration = quietConfiguration(paths, out: out, nodeLimit: 2048)
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 1)
    configuration.resume = true
    configuration.limits = Limits()
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 0)
}

@Test func resumeRerunsPositionsStoppedByALimitAndKeepsEachOnce() throws {
    let dir = temporaryDirectory()
    try "200000\n4\n".write(toFile: dir + "/limited.sum", atomically: true, encoding: .utf8)
    runStoppedByALimitThenResumed([dir + "/limited.sum"], out: dir + "/Reports")
    let written = try records(dir + "/Reports/limited/results.jsonl")
    #expect(written.map { $0["source"]?.stringValue ?? "" }.sorted() == ["\(dir)/limited.sum:1", "\(dir)/limited.sum:2"])
    #expect(written.allSatisfy { $0["status"] == "solved" })
    // 1 + 2 + ... + 200000, independent of the runner.
    #expect(written.contains { $0["result"]?["sum"] == 20_000_100_000 })
    // The resumed run went on from the stopped record's partial sum.
    #expect(written.contains { $0["result"]?["sum"] == 20_000_100_000 && ($0["stats"]?["nodes"]?.intValue ?? 0) < 200_000 })
    // Its record counts both runs: one node a number, 200,000 in all; the other position ran once.
    let resumed = try #require(written.first { $0["result"]?["sum"] == 20_000_100_000 })
    #expect(resumed["stats"]?["runs"] == 2)
    #expect(resumed["stats"]?["nodesAllRuns"] == 200_000)
    #expect((resumed["stats"]?["secondsAllRuns"]?.doubleValue ?? -1) >= (resumed["stats"]?["seconds"]?.doubleValue ?? 0))
    #expect(written.allSatisfy { $0["result"]?["sum"] == 20_000_100_000 || $0["stats"]?["runs"] == nil })
}

@Test func aResumedRunStoppedAgainKeepsTheTotalsOfEveryRun() throws {
    // 200,000 numbers stopped after 2,048 nodes three times, then finished: four runs.
    let dir = temporaryDirectory()
    try "200000\n".write(toFile: dir + "/long.sum", atomically: true, encoding: .utf8)
    var configuration = quietConfiguration([dir + "/long.sum"], out: dir + "/Reports", nodeLimit: 2048)
    for _ in 0..<3 {
        #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 1)
        configuration.resume = true
    }
    let stopped = try records(dir + "/Reports/long/results.jsonl")
    #expect(stopped.count == 1 && stopped[0]["stats"]?["runs"] == 3)
    // every number before `next` was added once, one node each, over the three runs
    #expect(stopped[0]["stats"]?["nodesAllRuns"]?.intValue == (stopped[0]["result"]?["next"]?.intValue ?? 0) - 1)
    configuration.limits = Limits()
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 0)
    let finished = try records(dir + "/Reports/long/results.jsonl")
    #expect(finished.count == 1 && finished[0]["result"]?["sum"] == 20_000_100_000)
    #expect(finished[0]["stats"]?["runs"] == 4)
    #expect(finished[0]["stats"]?["nodesAllRuns"] == 200_000)
}

@Test func resumeHandsEveryStoppedPositionItsRecordWhenTwoFilesShareAFolder() throws {
    // a/big.sum and b/big.sum write to one collection: the second file's stopped record must
    // reach it although the first file's writer rewrote the results file.
    let dir = temporaryDirectory()
    for sub in ["a", "b"] {
        try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        try "200000\n".write(toFile: dir + "/" + sub + "/big.sum", atomically: true, encoding: .utf8)
    }
    runStoppedByALimitThenResumed([dir + "/a/big.sum", dir + "/b/big.sum"], out: dir + "/Reports")
    let written = try records(dir + "/Reports/big-sum/results.jsonl")
    #expect(written.count == 2)
    #expect(written.allSatisfy { $0["result"]?["sum"] == 20_000_100_000 && ($0["stats"]?["nodes"]?.intValue ?? 0) < 200_000 })
}

@Test func filesSharingANameGetTheirOwnReportFolders() throws {
    let dir = temporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
    try "2\n".write(toFile: dir + "/a/same.sum", atomically: true, encoding: .utf8)
    try "3\n".write(toFile: dir + "/b/same.sum", atomically: true, encoding: .utf8)
    let configuration = quietConfiguration([dir + "/a", dir + "/b"], out: dir + "/Reports")
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 0)
    // Both results survive: one folder holds both files' records, appended in turn.
    let written = try records(dir + "/Reports/same-sum/results.jsonl")
    #expect(written.compactMap { $0["result"]?["sum"]?.intValue } == [3, 6])
}

@Test func aResumedRunKilledMidPositionLosesNothingItsStoppedRecordKept() throws {
    // A run stopped by a limit; a resumed run takes the stopped record out of results.jsonl and
    // is killed before the position ends (its writer opened, nothing appended); the next resume
    // still goes on from the stopped record (kept in stopped.jsonl meanwhile), and once the
    // position is finished nothing is left waiting.
    let dir = temporaryDirectory()
    try "200000\n".write(toFile: dir + "/long.sum", atomically: true, encoding: .utf8)
    var configuration = quietConfiguration([dir + "/long.sum"], out: dir + "/Reports", nodeLimit: 2048)
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 1)
    let folder = dir + "/Reports/long"
    do { _ = try ReportWriter(directory: folder, collection: "long", resume: true) }
    #expect(try records(folder + "/results.jsonl").isEmpty)
    #expect(try records(folder + "/stopped.jsonl").count == 1)
    configuration.resume = true
    configuration.limits = Limits()
    #expect(BatchRunner(configuration: configuration, catalog: GameCatalog([SumGame.self])).run() == 0)
    let finished = try records(folder + "/results.jsonl")
    #expect(finished.count == 1 && finished[0]["result"]?["sum"] == 20_000_100_000)
    #expect(finished[0]["stats"]?["runs"] == 2 && finished[0]["stats"]?["nodesAllRuns"] == 200_000)
    #expect(!FileManager.default.fileExists(atPath: folder + "/stopped.jsonl"))
}
