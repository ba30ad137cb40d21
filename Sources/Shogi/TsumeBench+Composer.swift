// `perfectplay bench tsume-composer`: the 100 Shogi Zuko problems read by the composers' rules:
// for each, the composer length against the book's, and where they differ the reason with its
// line (a defence longer than the book, a shorter mate, the 2-ply exemption, no mate), each
// line replayed by the composer checker; with nodes and times.
import Foundation
import SolverKit
import Synchronization

extension TsumeBench {
    /// Nodes a problem may take (plain first proof, composer shortening, line, checks), and the
    /// wall-time safety net.
    static let composerNodeLimit: UInt64 = 8_000_000
    static let composerTimeLimitDefault = 10.0
    /// `PERFECTPLAY_TSUME_SECONDS=S` replaces the wall-time net (a second pass with a larger
    /// budget on the problems the suite leaves undecided, named by `PERFECTPLAY_TSUME_ONLY`).
    static var composerTimeLimit: Double {
        ProcessInfo.processInfo.environment["PERFECTPLAY_TSUME_SECONDS"].flatMap { Double($0) } ?? composerTimeLimitDefault
    }

    static var composer: BenchSuite {
        let nodeLimit = nodeLimitOverride ?? composerNodeLimit
        let summary = "Shogi Zuko (1755), 100 problems by the composers' rules (Puzzles/tsume/README.md): composerLength against book_len, "
            + "the reason and line where they differ; \(nodeLimit) nodes (and \(Int(composerTimeLimit)) s) a problem"
        return BenchSuite(name: "tsume-composer", summary: summary) { context in
            let file = "bench/zukou.tsv"
            let path = puzzlesDirectory() + "/" + file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                return [BenchRow("missing", [("file", .string(path))])]
            }
            // PERFECTPLAY_TSUME_ONLY=zukou-003,zukou-050: those problems only
            let only = ProcessInfo.processInfo.environment["PERFECTPLAY_TSUME_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
            let problems = TsumeInput.load(text: text, file: file).compactMap { try? $0.get() }.filter { only?.contains($0.name) ?? true }
            let wallStart = monotonicSeconds()
            let slots = ResultSlots<ComposerBenchRow>(count: problems.count)
            let next = Mutex(0)
            let workers = max(1, min(context.threads, problems.count))
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let i = next.withLock { v -> Int in defer { v += 1 }; return v }
                    if i >= problems.count { return }
                    let row = withDeepStack { composerRow(problems[i], hashMB: context.hashMB, nodeLimit: nodeLimit) }
                    slots.set(i, row)
                    context.log("\(problems[i].name): \(row.summary)")
                }
            }
            var rows: [BenchRow] = []
            var matched = 0, decided = 0, nodes: UInt64 = 0, seconds = 0.0, cpu = 0.0, slowest = 0.0
            var reasons: [String: Int] = [:]
            for case let row? in slots.values {
                rows.append(row.row)
                if row.matches { matched += 1 }
                if row.decided { decided += 1 }
                reasons[row.reason, default: 0] += 1
                nodes += row.nodes; seconds += row.seconds; cpu += row.cpu; slowest = max(slowest, row.seconds)
            }
            let reasonText = reasons.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            rows.append(BenchRow("TOTAL", [("status", .string("\(decided)/\(problems.count) decided")), ("match", .string("\(matched) = book")),
                                           ("reason", .string(reasonText)), ("nodes", JSON(nodes)),
                                           ("seconds", JSON((seconds * 100).rounded() / 100)), ("cpuSeconds", JSON((cpu * 100).rounded() / 100)),
                                           ("slowestSeconds", JSON((slowest * 100).rounded() / 100))]))
            rows.append(BenchRow("wall (\(workers) thread\(workers == 1 ? "" : "s"))", [("seconds", JSON(((monotonicSeconds() - wallStart) * 100).rounded() / 100))]))
            return rows
        }
    }

    struct ComposerBenchRow {
        var row: BenchRow
        var summary: String
        var matches = false
        var decided = false
        var reason = ""
        var nodes: UInt64 = 0
        var seconds = 0.0
        var cpu = 0.0
    }

    /// One Zuko problem: plain first proof, composer length and line, the reason against the book.
    static func composerRow(_ problem: TsumeProblem, hashMB: Int, nodeLimit: UInt64) -> ComposerBenchRow {
        let start = monotonicSeconds(), cpuStart = threadCPUSeconds()
        let budget = SearchBudget(limits: Limits(timeLimit: composerTimeLimit, nodeLimit: nodeLimit, hashMB: hashMB))
        let plain = MateSolver(position: problem.position, hashMB: hashMB, budget: budget)
        let first = plain.solve(firstProofOnly: true, treeDepth: 0)
        var nodes = plain.nodes
        var columns: [(String, JSON)] = [("book", problem.bookLength.map { JSON($0) } ?? .null)]
        var out = ComposerBenchRow(row: BenchRow(problem.name, []), summary: "")
        func finish(_ status: String, _ extra: [(String, JSON)]) -> ComposerBenchRow {
            out.seconds = monotonicSeconds() - start
            out.cpu = threadCPUSeconds() - cpuStart
            out.nodes = nodes
            out.row = BenchRow(problem.name, [("status", .string(status))] + columns + extra
                               + [("nodes", JSON(nodes)), ("seconds", JSON((out.seconds * 100).rounded() / 100)),
                                  ("cpuSeconds", JSON((out.cpu * 100).rounded() / 100))])
            return out
        }
        switch first.verdict {
        case .noMate:
            out.reason = "no mate"; out.decided = true
            out.summary = "no mate"
            return finish("solved", [("composerLength", "nomate"), ("match", false), ("reason", .string(out.reason))])
        case .limit:
            out.reason = "limit"; out.summary = "limit (no first proof)"
            return finish("limit", [("composerLength", .null), ("match", .null), ("reason", "limit")])
        case .mate: break
        }
        let composer = MateSolver(position: problem.position, hashMB: hashMB, budget: budget, composer: true)
        let answer = composer.composerSolve(upperBound: first.length)
        nodes += composer.nodes
        columns.append(("plainFirstProof", JSON(first.length)))
        guard answer.verdict == .mate, let line = answer.line else {
            let bracket = answer.noMateWithin > 0 ? "\(answer.noMateWithin + 2)..\(answer.forcedLength)" : "<=\(answer.forcedLength)"
            // undecided, but the book's length is already refuted: no composer mate within it
            // (a disproof, exact), so some defence lasts longer than the book's line. The
            // composer length is still open: rule 5's exemptions can take the main line two
            // plies under the forced length at each (zukou-073: forced 39, composer 35 = book)
            if let book = problem.bookLength, answer.noMateWithin >= book {
                out.reason = "longer defence (bound)"
                out.summary = "limit, composer \(bracket): no composer mate within the book's \(book)"
                return finish("limit", [("composerLength", .string(bracket)), ("match", .null), ("reason", .string(out.reason))])
            }
            out.reason = "limit"
            out.summary = "limit, composer \(bracket)"
            return finish("limit", [("composerLength", .string(bracket)), ("match", .null), ("reason", "limit")])
        }
        out.decided = true
        let length = line.moves.count
        columns.append(("composerLength", JSON(length)))
        if length != answer.forcedLength { columns.append(("forcedLength", JSON(answer.forcedLength))) }
        // the walk stopped comparing leftovers (`MateSolver.composerWalkNodeCap`): the line is a
        // longest line, perhaps not the one rule 5 picks among several mating moves
        if answer.walkCapped { columns.append(("walkCapped", true)) }
        let book = problem.bookLength ?? length
        out.matches = length == book
        columns.append(("match", JSON(out.matches)))
        var complete = true
        var shown: [Move] = []
        if length > book {
            // the book's line is not given: the defence that lasts longer than it, with its line
            out.reason = "longer defence"
            let longer = composer.longerDefences(line, expected: book)
            if longer == nil { complete = false }
            shown = longer?.first(where: { !$0.exempt })?.line ?? line.moves
        } else if length < book {
            // the forced length reaching the book's: every longest line ends with pieces in hand
            // and the 2手長駒余り exemption chose a line two plies shorter (rule 5)
            out.reason = answer.forcedLength >= book ? "2-ply exemption" : "shorter mate"
            shown = line.moves
        } else {
            out.reason = "= book"
            shown = line.moves
        }
        let replay = composer.replayComposerLine(shown)
        nodes = plain.nodes + composer.nodes
        // what the reader needs to judge the difference: the interpositions the shown line's
        // defender plays (effective by rule 3, so counted), and the hand at its end
        let interpositions = composer.interpositionsPlayed(shown).map { "\($0.0):\($0.1.usi)" }.joined(separator: " ")
        var end = problem.position
        for m in shown { end.play(m) }
        columns += [("reason", .string(out.reason)), ("interpositions", .string(interpositions)),
                    ("lineLeftover", .string(end.handText(problem.position.sideToMove))),
                    ("verified", JSON(replay == nil)), ("line", .string(problem.position.kifLine(shown).joined(separator: " "))),
                    ("usi", .string(shown.map(\.usi).joined(separator: " ")))]
        out.summary = "composer \(length) (book \(book)), \(out.reason)\(complete ? "" : ", line incomplete")"
        return finish(complete ? "solved" : "limit", [])
    }
}
