// The Quarto game definition: loads `.quarto` files and runs solve / analyze / count on them.
// The result object is `QuartoResult` (documented in Puzzles/quarto/README.md).

import SolverKit

public enum QuartoGame: GameDefinition {
    public static let id = "quarto"
    public static let fileExtensions = ["quarto"]

    public static var verbs: [VerbSupport] {
        [VerbSupport(.solve, gives: "win, draw or loss for the side to move, the distance, the best moves and a line",
                     options: [OptionHelp("no-line", "without the principal line"),
                               OptionHelp("value-only", "the value and distance only (no best moves, no line)")]),
         VerbSupport(.analyze, gives: "the value and distance of every legal move"),
         VerbSupport(.count, gives: "the drawn full boards completing the position")]
    }

    public static let commands = ["generate"]

    /// `perfectplay generate quarto ...` (QuartoGenerator.swift).
    public static func command(_ verb: String, arguments: [String]) -> Int32? {
        verb == "generate" ? QuartoGenerator.command(arguments) : nil
    }

    public static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        QuartoFormat.parse(text: text, file: file).map { parsed in
            parsed.map { p in
                PositionJob(name: p.name, location: p.location, text: p.text) { context in run(p, context) }
            }
        }
    }

    static func run(_ parsed: ParsedPosition, _ context: SolveContext) -> Outcome {
        let position = parsed.position
        let budget = context.budget
        let start = budget.elapsed
        var result = QuartoResult(position, text: parsed.text)
        if context.verb == .count {
            let n = DrawCount.count(board: position.board, rules: position.rules, threads: context.threads,
                                    shouldStop: { budget.shouldStop(nodes: 0) })
            let stats: [(String, JSON)] = [("nodes", .int(0)), ("seconds", .double(budget.elapsed - start))]
            guard let n else {
                return Outcome(status: .limit, result: result.json, stats: stats, summary: "count stopped by a limit")
            }
            result.drawnFullBoards = n
            return Outcome(result: result.json, stats: stats, summary: "\(n) drawn full boards")
        }
        let solver = QuartoSolver(rules: position.rules, hashMB: context.hashMB, threads: context.threads,
                                  shouldStop: { budget.shouldStop(nodes: $0) })
        func stats() -> [(String, JSON)] {
            let s = solver.statistics
            return [("nodes", JSON(s.nodes)), ("tableProbes", JSON(s.tableProbes)), ("tableHits", JSON(s.tableHits)),
                    ("symmetries", .int(solver.group.order)), ("seconds", .double(budget.elapsed - start))]
        }
        func stopped() -> Outcome {
            Outcome(status: .limit, result: result.json, stats: stats(), summary: "stopped by a limit")
        }
        guard let value = solver.value(of: position) else {
            // The best bound so far: the outcome when the win/draw/loss search finished.
            let names = [-1: "loss", 0: "draw", 1: "win"]
            let known = solver.knownOutcome.flatMap { names[$0] }
            result.bound = (known ?? "loss", known ?? "win")
            var outcome = stopped()
            outcome.summary = known.map { "stopped by a limit: \($0), distance not established" } ?? "stopped by a limit: value unknown"
            return outcome
        }
        result.set(value)
        context.progress("value \(value), now the best moves")
        switch context.verb {
        case .analyze:
            guard let moves = solver.analyze(position) else { return stopped() }
            result.moves = moves.map { QuartoResult.MoveValue(move: $0.move.description, value: $0.value.outcome, distance: $0.value.distance) }
            result.winningMoves = moves.filter { $0.value.score > 0 }.map(\.move.description)
            return Outcome(result: result.json, stats: stats(), summary: "\(value), \(moves.count) moves")
        default:
            if context.has("value-only") {
                return Outcome(result: result.json, stats: stats(), summary: "\(value)")
            }
            guard let best = solver.bestMoves(position, score: value.score) else { return stopped() }
            result.bestMoves = best.map(\.description)
            // every move that wins at all (a generated win-in-N puzzle has exactly one)
            var winningNote = ""
            if value.score > 0 {
                guard let winning = solver.winningMoves(position) else { return stopped() }
                result.winningMoves = winning.map(\.description)
                winningNote = winning.count == 1 ? " (the only winning move)" : " (\(winning.count) winning moves)"
            } else {
                result.winningMoves = []
            }
            if !context.has("no-line") {
                context.progress("value \(value), now the principal line")
                guard let line = solver.principalLine(position, score: value.score, first: best.first) else { return stopped() }
                result.line = line.map(\.description)
            }
            return Outcome(result: result.json, stats: stats(), summary: "\(value), best \(best.prefix(3).map(\.description).joined(separator: " "))\(best.count > 3 ? " ..." : "")\(winningNote)")
        }
    }
}
