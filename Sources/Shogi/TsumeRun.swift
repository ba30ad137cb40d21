// Running one tsume problem: the solver on a thread with a deep stack (proofs go 1,500+ plies
// deep), then the result record: mate, length, pv (USI and KIF), verification, proof tree.
import Foundation
import SolverKit

final class ResultBox<T>: @unchecked Sendable { var value: T?; init() {} }

/// Runs `body` on a thread with a large stack and waits for it.
func withDeepStack<T>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 1 << 30
    thread.start()
    done.wait()
    return box.value!
}

/// CPU seconds used by the calling thread (the solver's own, whatever else runs on the machine).
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

enum TsumeRun {
    /// Longest shortest mate whose uniqueness `solve` checks.
    static let uniqueMaxLength = 31
    /// Set by the bench suites, whose rows report lengths only: the uniqueness walk (a bounded
    /// search of every other check along the solution) would spend the rest of the node budget
    /// on a figure they do not show.
    static let skipUniquenessFlag = "no-uniqueness"

    static func run(_ problem: TsumeProblem, context: SolveContext) -> Outcome {
        if context.verb == .count { return perft(problem, context: context) }
        let mateOnly = context.flags["mode"]?.lowercased() == "mate"
        let position = problem.position
        if let text = context.flags["walk-nodes"], TsumeComposerRun.walkNodes(context) == nil {
            return Outcome(status: .error, result: .object([("position", .string(problem.recordText))]), stats: [("nodes", 0)],
                           summary: "bad --walk-nodes", error: "--walk-nodes wants a node count, not '\(text)'")
        }
        let hashMB = context.hashMB, budget = context.budget, treeDepth = context.treeDepth
        return withDeepStack {
            let start = monotonicSeconds(), cpuStart = threadCPUSeconds()
            let solver = MateSolver(position: position, hashMB: hashMB, budget: budget)
            solver.progress = context.progress
            let resumed = ResumedBounds(problem, earlier: context.earlier)
            let answer = solver.solve(firstProofOnly: mateOnly, treeDepth: treeDepth, noMateWithin: resumed.plain)
            // uniqueness is only defined against the exact shortest length; capped because the
            // walk grows with the length (the generated problems are at most 31 plies)
            let walk = !context.has(skipUniquenessFlag)
            let solution = answer.verdict == .mate && answer.exact && answer.length <= uniqueMaxLength && walk
                ? solver.checkSolution(length: answer.length) : nil
            var outcome = record(problem, answer, solution: solution, uniquenessWalked: walk, solver: solver,
                                 seconds: monotonicSeconds() - start)
            TsumeComposerRun.augment(&outcome, problem, answer, context: context, mateOnly: mateOnly,
                                     noMateWithin: resumed.composer)
            resumed.note(&outcome)
            // the position's time includes the composers' searches and the soundness report
            if let i = outcome.stats.firstIndex(where: { $0.0 == "seconds" }) { outcome.stats[i].1 = JSON(monotonicSeconds() - start) }
            outcome.stats.append(("cpuSeconds", JSON(((threadCPUSeconds() - cpuStart) * 1000).rounded() / 1000)))
            return outcome
        }
    }

    static func record(_ problem: TsumeProblem, _ a: MateAnswer, solution: SolutionCheck?, uniquenessWalked: Bool = true,
                       solver: MateSolver, seconds: Double) -> Outcome {
        let stats: [(String, JSON)] = [("nodes", JSON(solver.nodes)), ("seconds", JSON(seconds)),
                                       ("maxPly", JSON(solver.maxPlyReached)), ("hashMB", JSON(solver.table.capacity * MemoryLayout<MateEntry>.stride / 1_048_576))]
        var r = ShogiResult()
        var summary: String
        var status = Status.solved
        switch a.verdict {
        case .mate:
            let check = problem.position.verifyMate(a.line)
            r.mate = true
            r.length = a.length
            r.shortest = a.exact
            r.pv = a.line.map(\.usi)
            r.kif = problem.position.kifLine(a.line).joined(separator: " ")
            r.verified = check == nil
            r.verifyError = check
            summary = "mate in \(a.length)" + (a.exact ? "" : " (first proof, not shown shortest)")
            if a.exact, a.length <= uniqueMaxLength, uniquenessWalked {
                // unknown: the budget ran out during the walk
                r.unique = solution?.unique
                r.uniqueUnknown = solution == nil
                if solution?.unique == false { summary += ", not unique" }
            }
            if check == nil {
                var end = problem.position
                for m in a.line { end.play(m) }
                let leftover = end.handText(problem.position.sideToMove)
                r.leftover = leftover
                if !leftover.isEmpty { summary += ", leftover \(leftover)" }
            }
        case .noMate:
            r.mate = false
            summary = "no mate"
        case .limit:
            status = .limit
            if a.length > 0 {
                // mate proven; the budget ran out before the shortest length was established
                r.mate = true
                r.length = a.length
                r.shortest = false
                if !a.line.isEmpty {
                    let check = problem.position.verifyMate(a.line)
                    r.pv = a.line.map(\.usi)
                    r.kif = problem.position.kifLine(a.line).joined(separator: " ")
                    r.verified = check == nil
                }
                // the exact length lies between the two (a bound disproven leaves it at least 2 more)
                r.bound = (a.noMateWithin > 0 ? a.noMateWithin + 2 : 1, a.length)
                summary = a.noMateWithin > 0
                    ? "limit: mate proven in \(a.length) plies or fewer, none within \(a.noMateWithin); shortest not established"
                    : "limit: mate proven in \(a.length) plies or fewer, shortest not established"
            } else {
                summary = "limit: undecided"
            }
        }
        if let e = problem.expectedLength {
            r.expectedLength = e
            if a.verdict == .mate, a.exact { r.lengthMatches = a.length == e }
            if a.verdict == .noMate { r.lengthMatches = false }
        } else if problem.expectNoMate {
            r.expectsNoMate = true
            if a.verdict != .limit { r.lengthMatches = a.verdict == .noMate }
        }
        if let b = problem.bookLength {
            r.bookLength = b
            if a.verdict == .mate, a.exact, a.length != b {
                r.bookNote = a.length > b
                    ? "longer than the book: under plain minimax the defender's interpositions (futile by tsume convention) or other defences count"
                    : "shorter than the book: a quicker mate exists (the book line or its transcription is not minimal)"
            }
        }
        if a.firstProofNodes > 0 { r.firstProof = (a.firstProofNodes, (a.firstProofSeconds * 1000).rounded() / 1000) }
        r.iterations = a.iterations.map { ($0.0, $0.1) }
        if a.tree != .null { r.tree = a.tree }
        return Outcome(status: status, result: r.json, stats: stats, summary: summary)
    }

    static func perft(_ problem: TsumeProblem, context: SolveContext) -> Outcome {
        let depth = Int(context.flags["depth"] ?? "") ?? 3
        var p = problem.position
        var counts: [UInt64] = []
        var total: UInt64 = 0
        let start = monotonicSeconds()
        for d in 1...max(1, depth) {
            let c = p.perft(d)
            total += c
            counts.append(c)
            if context.budget.shouldStop(nodes: total) {
                return Outcome(status: .limit, result: perftResult(counts), stats: [("nodes", JSON(total))], summary: "perft to depth \(d)")
            }
        }
        return Outcome(result: perftResult(counts),
                       stats: [("nodes", JSON(total)), ("seconds", JSON(monotonicSeconds() - start))],
                       summary: "perft d\(depth) = \(counts.last.map { String($0) } ?? "")")
    }

    private static func perftResult(_ counts: [UInt64]) -> JSON {
        var r = ShogiResult()
        r.perft = counts
        return r.json
    }
}
