// The composers' part of a tsume record: `composerLength`, `composerLine` (USI and KIF), the
// forced length W when the exemption made the line shorter, and the soundness report with its
// one-line verdict. Run after the plain-minimax search, whose mate length bounds the composer's.
import Foundation
import SolverKit

enum TsumeComposerRun {
    /// What the composer part adds to a record.
    struct Part {
        var fields: [(String, JSON)] = []
        /// The verdict for the summary line ("sound", or the flaws found); empty when not run.
        var verdict = ""
        var limit = false
        var line: ComposerLine? = nil
        /// The composer search (its nodes; its table, kept for the listing of uncounted
        /// interpositions).
        let solver: MateSolver
    }

    /// The composer length and line of `problem`, whose plain-minimax mate is at most
    /// `plainLength` plies, and (with `soundness`) the soundness report against `expected`.
    /// `nodesBefore`: what the plain search spent of the position's node limit.
    static func run(_ problem: TsumeProblem, plainLength: Int, plainExact: Bool, context: SolveContext,
                    soundness: SoundnessScope, noMateWithin: Int = -1, nodesBefore: UInt64 = 0) -> Part {
        let solver = MateSolver(position: problem.position, hashMB: context.hashMB, budget: context.budget, composer: true)
        var part = Part(solver: solver)
        solver.budgetNodeBase = nodesBefore
        if let n = walkNodes(context) { solver.walkNodeCap = n }
        solver.progress = context.progress
        let answer = solver.composerSolve(upperBound: plainLength, expected: problem.composerExpected, noMateWithin: noMateWithin)
        switch answer.verdict {
        case .mate:
            let line = answer.line!
            part.line = line
            part.fields.append((ShogiResult.Field.composerLength.rawValue, JSON(line.moves.count)))
            part.fields.append((ShogiResult.Field.composerLine.rawValue, JSON(line.moves.map(\.usi))))
            part.fields.append((ShogiResult.Field.composerKif.rawValue, .string(problem.position.kifLine(line.moves).joined(separator: " "))))
            if line.moves.count != answer.forcedLength {
                part.fields.append((ShogiResult.Field.forcedLength.rawValue, JSON(answer.forcedLength)))
                // the defender moves where the 2手長駒余り exemption chose a reply two plies shorter
                part.fields.append((ShogiResult.Field.exemptionPlies.rawValue, JSON(line.exemptions.map { $0 + 1 })))
            }
            if let e = problem.composerExpected {
                part.fields.append((ShogiResult.Field.composerMatches.rawValue, JSON(line.moves.count == e)))
            }
            if answer.walkCapped { part.fields.append((ShogiResult.Field.composerWalkCapped.rawValue, true)) }
            let check = solver.replayComposerLine(line.moves)
            part.fields.append((ShogiResult.Field.composerVerified.rawValue, JSON(check == nil)))
            if let c = check { part.fields.append((ShogiResult.Field.composerVerifyError.rawValue, .string(c))) }
            if soundness != .none {
                let report = solver.soundness(line: line, expected: problem.composerExpected, plainLength: plainExact ? plainLength : nil,
                                              scope: soundness)
                part.fields.append((ShogiResult.Field.soundness.rawValue, report.json(problem.position)))
                part.verdict = report.verdict
                if !report.complete { part.limit = true }
            }
        case .noMate:
            part.fields.append((ShogiResult.Field.composerLength.rawValue, .null))
        case .limit:
            part.limit = true
            part.fields.append((ShogiResult.Field.composerLength.rawValue, .null))
            part.fields.append((ShogiResult.Field.composerBound.rawValue, .object([("lengthAtLeast", JSON(answer.noMateWithin > 0 ? answer.noMateWithin + 2 : 1)),
                                                          ("lengthAtMost", JSON(answer.forcedLength))])))
        }
        part.fields.append((ShogiResult.Field.composerIterations.rawValue, .array(answer.iterations.map { .object([("bound", JSON($0.0)), ("proven", $0.1.map { JSON($0) } ?? .null)]) })))
        part.fields.append((ShogiResult.Field.composerNodes.rawValue, JSON(solver.nodes)))
        return part
    }
}

extension TsumeProblem {
    /// The length a composer's reading is compared with: the book's, when the file gives one
    /// (the other reference columns are plain-minimax lengths).
    var composerExpected: Int? { bookLength }
}

extension TsumeComposerRun {
    /// `--walk-nodes N`, when given (TsumeRun.run rejects a value that is not a count).
    static func walkNodes(_ context: SolveContext) -> UInt64? { context.flags["walk-nodes"].flatMap { UInt64($0.replacingOccurrences(of: ",", with: "")) } }

    /// Set by the bench suites that time plain minimax only (`tsume-zukou`, `tanuki`, ...).
    static let skipFlag = "no-composer"
    /// Longest plain mate for which `solve` also checks pieces for redundancy (`analyze` always).
    static let redundancyMaxLength = 31

    /// Adds the composer part to a plain-minimax record: the lengths, and the verdict on the
    /// summary line. Not with `--mode mate` (first proofs only) or the skip flag.
    static func augment(_ outcome: inout Outcome, _ problem: TsumeProblem, _ answer: MateAnswer, context: SolveContext, mateOnly: Bool,
                        noMateWithin: Int = -1) {
        guard !mateOnly, !context.has(skipFlag), answer.length > 0, answer.verdict != .noMate else { return }
        let scope: SoundnessScope = context.verb == .analyze ? .full : answer.exact && answer.length <= redundancyMaxLength ? .pieces : .line
        let plainNodes = outcome.stats.first { $0.0 == "nodes" }?.1.intValue.map { UInt64($0) } ?? 0
        var part = run(problem, plainLength: answer.length, plainExact: answer.exact, context: context, soundness: scope,
                       noMateWithin: noMateWithin, nodesBefore: plainNodes)
        guard case .object(var fields) = outcome.result else { return }
        fields += part.fields
        if let line = part.line, answer.exact, line.moves.count < answer.length {
            let solver = part.solver
            // on the composer search's own table, which holds most of the judgements asked for;
            // a search capped by its own node caps (not the budget) leaves it free to go on
            if !(solver.budget?.isStopped ?? false) { solver.stopped = false }
            solver.progress("the interpositions the composers' rules do not count")
            let listing = uncountedFields(line, plainLine: answer.line, solver: solver)
            fields += listing.fields
            // a record that lacks part of the listing says so, and is not called solved
            if !listing.complete {
                fields.append((ShogiResult.Field.uncountedListingStopped.rawValue, true))
                part.limit = true
                part.verdict += (part.verdict.isEmpty ? "" : "; ") + "the uncounted interpositions' listing stopped by the limit"
            }
        }
        outcome.result = .object(fields)
        if let n = part.fields.first(where: { $0.0 == ShogiResult.Field.composerLength.rawValue })?.1.intValue {
            outcome.summary += "; composer \(n)" + (part.verdict.isEmpty ? "" : ": \(part.verdict)")
        } else {
            outcome.summary += "; composer length not established"
        }
        if part.limit, outcome.status == .solved { outcome.status = .limit }
        if let i = outcome.stats.firstIndex(where: { $0.0 == "nodes" }), let plain = outcome.stats[i].1.intValue {
            outcome.stats[i].1 = JSON(UInt64(plain) + part.solver.nodes)
            outcome.stats.append((ShogiResult.Field.composerNodes.rawValue, JSON(part.solver.nodes)))
        }
    }

    /// The interpositions the composers' rules do not count, for a composer `line` shorter than
    /// the plain one: on the line (and the mate at its end), in its solution tree when the line
    /// meets none, and those the plain line plays. `complete` is false when `solver`'s budget ran
    /// out first: the fields then hold what was listed before.
    static func uncountedFields(_ line: ComposerLine, plainLine: [Move], solver: MateSolver) -> (fields: [(String, JSON)], complete: Bool) {
        var fields: [(String, JSON)] = []
        guard let found = solver.futileInterpositions(on: line) else { return (fields, false) }
        fields.append((ShogiResult.Field.uncountedInterpositions.rawValue, .array(found.map { .object([("ply", JSON($0.0)), ("moves", JSON($0.1.map(\.usi)))]) })))
        // none on the main line: the variations' futile interpositions make it shorter
        if found.isEmpty {
            guard let tree = solver.futileInterpositionsInTree(line: line.moves, value: line.values.first ?? line.moves.count) else { return (fields, false) }
            fields.append((ShogiResult.Field.uncountedInVariations.rawValue, .array(tree.found.map {
                .object([("after", JSON($0.path.map(\.usi))), ("ply", JSON($0.path.count + 1)), ("moves", JSON($0.moves.map(\.usi)))])
            })))
            if tree.capped { fields.append((ShogiResult.Field.uncountedInVariationsCapped.rawValue, true)) }
        }
        if !plainLine.isEmpty {
            guard let played = solver.uncountedInterpositions(plainLine) else { return (fields, false) }
            if !played.isEmpty {
                fields.append((ShogiResult.Field.plainLineUncounted.rawValue, .array(played.map { .object([("ply", JSON($0.0)), ("move", .string($0.1.usi))]) })))
            }
        }
        return (fields, true)
    }
}
