// `perfectplay bench tsume` / `bench shogi`: per-problem and total time and nodes on the bundled
// collections, and perft from the start position.
import Foundation
import SolverKit
import Synchronization

/// One result slot per problem, filled from several threads.
final class ResultSlots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [T?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { lock.lock(); storage[i] = value; lock.unlock() }
    var values: [T?] { lock.lock(); defer { lock.unlock() }; return storage }
}

enum TsumeBench {
    /// Puzzles/tsume of the repository: from the working directory, else from this source file.
    static func puzzlesDirectory() -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/Puzzles/tsume"
        if FileManager.default.fileExists(atPath: cwd) { return cwd }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Puzzles/tsume").path
    }

    /// Problems are bounded by nodes (so the figures do not depend on the machine's load) and,
    /// as a safety net, by wall time.
    /// `PERFECTPLAY_TSUME_NODES=N` replaces every collection's node bound (a shorter run on a
    /// loaded machine); the report's summary line then names the bound used.
    static var nodeLimitOverride: UInt64? {
        ProcessInfo.processInfo.environment["PERFECTPLAY_TSUME_NODES"].flatMap { UInt64($0) }
    }

    /// `firstProofOnly`: `--mode mate`, the first proof (mate or not) without the shortening.
    static func collection(_ file: String, name: String, summary: String, nodeLimit: UInt64, timeLimit: Double, every: Int = 1,
                           firstProofOnly: Bool = false) -> BenchSuite {
        let nodeLimit = nodeLimitOverride ?? nodeLimit
        let summary = nodeLimitOverride.map { summary + "; run with PERFECTPLAY_TSUME_NODES=\($0): \($0) nodes a problem" } ?? summary
        return BenchSuite(name: name, summary: summary) { context in
            let path = puzzlesDirectory() + "/" + file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                return [BenchRow("missing", [("file", .string(path))])]
            }
            let problems = TsumeInput.load(text: text, file: file).enumerated().compactMap { i, item -> TsumeProblem? in
                guard i % every == 0, case .success(let problem) = item else { return nil }
                return problem
            }
            // problems run side by side on the cores (one solver and table each), rows in file order
            let wallStart = monotonicSeconds()
            let slots = ResultSlots<(BenchRow, Outcome, UInt64, Double, Double)>(count: problems.count)
            let next = Mutex(0)
            let workers = max(1, min(context.threads, problems.count))
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let i = next.withLock { v -> Int in defer { v += 1 }; return v }
                    if i >= problems.count { return }
                    let problem = problems[i]
                    var flags = [TsumeRun.skipUniquenessFlag: "", TsumeComposerRun.skipFlag: ""]
                    if firstProofOnly { flags["mode"] = "mate" }
                    let sctx = SolveContext(verb: .solve, threads: 1, hashMB: context.hashMB, treeDepth: 0, flags: flags,
                                            budget: SearchBudget(limits: Limits(timeLimit: timeLimit, nodeLimit: nodeLimit, hashMB: context.hashMB)))
                    let start = monotonicSeconds()
                    let outcome = TsumeRun.run(problem, context: sctx)
                    let seconds = monotonicSeconds() - start
                    let nodes = UInt64(outcome.stats.first?.1.intValue ?? 0)
                    let cpu = outcome.stats.first(where: { $0.0 == "cpuSeconds" })?.1.doubleValue ?? seconds
                    let r = ShogiResult(json: outcome.result)
                    // a length not shown shortest is an upper bound, "<=N", or a bracket, "L..N",
                    // when the shortening disproved the bounds under L before the budget ran out
                    var length: JSON = r.length.map(JSON.int) ?? (r.mate == false ? "nomate" : .null)
                    if r.shortest == false, let n = r.length {
                        let least = r.bound?.atLeast ?? 1
                        length = .string(least > 1 ? "\(least)..\(n)" : "<=\(n)")
                    }
                    let expected: JSON = r.expectsNoMate ? "nomate" : r.expectedLength.map(JSON.int) ?? .null
                    var columns: [(String, JSON)] = [("status", .string(outcome.status.rawValue)),
                                                     ("length", length),
                                                     ("expected", expected)]
                    if let b = r.bookLength { columns.append(("book", .int(b))) }
                    columns += [("match", r.lengthMatches.map(JSON.bool) ?? .null), ("verified", r.verified.map(JSON.bool) ?? .null),
                                ("firstProofSeconds", r.firstProof.map { JSON($0.seconds) } ?? .null),
                                ("nodes", JSON(nodes)), ("seconds", JSON((seconds * 100).rounded() / 100)),
                                ("cpuSeconds", JSON((cpu * 100).rounded() / 100)),
                                ("nodesPerCPUSecond", JSON(Int(Double(nodes) / max(cpu, 1e-6))))]
                    if problem.bookLength != nil { columns.append(("whyNotBook", .string(bookReason(r)))) }
                    slots.set(i, (BenchRow(problem.name, columns), outcome, nodes, seconds, cpu))
                    context.log("\(problem.name): \(outcome.summary), \(nodes) nodes, \(String(format: "%.2f", seconds)) s")
                }
            }
            var rows: [BenchRow] = []
            var totalNodes: UInt64 = 0, totalSeconds = 0.0, totalCPU = 0.0, solved = 0, matched = 0
            let count = problems.count
            for case let (row, outcome, nodes, seconds, cpu)? in slots.values {
                rows.append(row)
                totalNodes += nodes; totalSeconds += seconds; totalCPU += cpu
                if outcome.status == .solved { solved += 1 }
                if ShogiResult(json: outcome.result).lengthMatches == true { matched += 1 }
            }
            rows.append(BenchRow("TOTAL", [("status", .string("\(solved)/\(count) solved")), ("length", .null),
                                           ("expected", .null), ("match", .string("\(matched) match")), ("verified", .null),
                                           ("firstProofSeconds", .null),
                                           ("nodes", JSON(totalNodes)), ("seconds", JSON((totalSeconds * 100).rounded() / 100)),
                                           ("cpuSeconds", JSON((totalCPU * 100).rounded() / 100)),
                                           ("nodesPerCPUSecond", JSON(Int(Double(totalNodes) / max(totalCPU, 1e-6))))]))
            rows.append(BenchRow("wall (\(workers) thread\(workers == 1 ? "" : "s"))", [("seconds", JSON(((monotonicSeconds() - wallStart) * 100).rounded() / 100))]))
            return rows
        }
    }

    /// Why our exact length differs from the book's, in a few words for the report's table
    /// (`bookNote` of the result says it in full); empty when equal or not exact.
    static func bookReason(_ r: ShogiResult) -> String {
        guard r.shortest == true, let ours = r.length, let book = r.bookLength, ours != book else { return "" }
        return ours > book ? "longer: interpositions/defences futile by convention count in minimax"
                           : "shorter: a quicker mate than the book's"
    }

    static var perft: BenchSuite {
        BenchSuite(name: "tsume-perft", summary: "perft from the start position, d1-d6 (d6: 547,581,517)") { context in
            var p = try! Position(sfen: Position.startSFEN[...], at: SourceLocation(file: "start", line: 1))
            let expected: [UInt64] = [30, 900, 25470, 719_731, 19_861_490, 547_581_517]
            return (1...6).map { d in
                let start = monotonicSeconds(), cpuStart = threadCPUSeconds()
                let c = p.perft(d)
                let s = monotonicSeconds() - start, cpu = threadCPUSeconds() - cpuStart
                context.log("perft \(d): \(c) in \(String(format: "%.2f", s)) s")
                return BenchRow("start d\(d)", [("count", JSON(c)), ("expected", JSON(expected[d - 1])),
                                                 ("match", JSON(c == expected[d - 1])), ("seconds", JSON((s * 100).rounded() / 100)),
                                                 ("cpuSeconds", JSON((cpu * 100).rounded() / 100)),
                                                 ("nodesPerCPUSecond", JSON(Int(Double(c) / max(cpu, 1e-9))))])
            }
        }
    }

    /// `bench tsume` runs every suite named tsume-*: perft first (cheap and certain), then the collections.
    static var suites: [BenchSuite] {
        [perft,
         collection("bench/zukou.tsv", name: "tsume-zukou", summary: "Shogi Zuko (1755), 100 problems: exact shortest mate, 5M nodes (and 120 s) a problem", nodeLimit: 5_000_000, timeLimit: 120),
         collection("bench/zukou.tsv", name: "tsume-zukou-mate", summary: "Shogi Zuko (1755), 100 problems: mate proven (first proof, --mode mate), 100M nodes (and 300 s) a problem", nodeLimit: 100_000_000, timeLimit: 300, firstProofOnly: true),
         collection("bench/microcosmos.tsv", name: "tsume-microcosmos", summary: "Microcosmos, 1525 plies: exact shortest mate, 500M nodes (and 900 s); meant for --hash-mb 1024", nodeLimit: 500_000_000, timeLimit: 900),
         collection("tour/yaneuraou_mate_samples.tsv", name: "tsume-yaneuraou", summary: "YaneuraOu mate samples: exact shortest mate, 10M nodes (and 60 s) each", nodeLimit: 10_000_000, timeLimit: 60),
         collection("tour/tanuki_public.tsv", name: "tsume-tanuki", summary: "tanuki public set, all 1231: exact shortest mate, 10M nodes (and 30 s) each", nodeLimit: 10_000_000, timeLimit: 30),
         composer]
    }
}
