// The peg solitaire game definition: loads `.peg` files and runs solve / analyze / count.
import SolverKit

public enum PegSolitaireGame: GameDefinition {
    public static let id = "peg"
    public static let fileExtensions = ["peg"]

    public static var verbs: [VerbSupport] {
        [VerbSupport(.solve, gives: "a solution, replayed, or a proof that none exists (position class, pagoda function, search)",
                     options: [OptionHelp("fewest-moves", "a solution with the fewest moves (a chain of jumps by one peg is one move)")]),
         VerbSupport(.analyze, gives: "the solutions through each first move; for `target: any`, the start/finish table"),
         VerbSupport(.count, gives: "reachable positions per jump, positions that can finish, solutions and games")]
    }

    public static let commands = ["generate"]

    public static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        PegFile.parse(text: text, file: file).map { item in
            item.map { problem in
                PositionJob(name: problem.name, location: problem.location, text: problem.text) { context in
                    run(problem, context)
                }
            }
        }
    }

    public static var benchSuites: [BenchSuite] { PegBench.suites }

    public static func command(_ verb: String, arguments: [String]) -> Int32? {
        verb == "generate" ? PegGenerator.main(arguments) : nil
    }

    static func run(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        switch context.verb {
        case .solve: return context.has("fewest-moves") ? fewestMoves(problem, context) : solve(problem, context)
        case .count: return count(problem, context)
        case .analyze: return analyze(problem, context)
        }
    }

    // MARK: solve

    static func solve(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        let solver = PegSolver(problem: problem, hashMB: context.hashMB, shouldStop: { budget.shouldStop(nodes: $0) })
        let r = solver.solve()
        let stats: [(String, JSON)] = [("nodes", JSON(r.nodes)), ("seconds", JSON(budget.elapsed))]
        guard let solvable = r.solvable else {
            // The best bound so far: the fewest pegs a searched line left, with that line.
            var result: [(String, JSON)] = [("solvable", .null), ("target", .string(problem.targetDescription))]
            var summary = "limit reached, undecided"
            if let fewest = r.fewestPegsReached {
                result.append(("bound", .object([("fewestPegsReached", .int(fewest)),
                                                 ("lineSoFar", JSON(problem.board.moveStrings(r.bestLineSoFar)))])))
                summary += ", best line so far leaves \(fewest) pegs"
            }
            return Outcome(status: .limit, result: .object(result), stats: stats, summary: summary)
        }
        return solutionOutcome(problem, solvable: solvable, jumps: r.jumps, proof: r.proof, stats: stats)
    }

    static func fewestMoves(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        if let reason = PegSolver.classObstruction(problem) {
            return solutionOutcome(problem, solvable: false, jumps: [], proof: reason, stats: [("nodes", 0)])
        }
        let r = FewestMoves.solve(problem, threads: context.threads, shouldStop: { budget.shouldStop(nodes: 0) })
        let stats: [(String, JSON)] = [("nodes", JSON(r.space.children)), ("visited", .int(r.visited)),
                                        ("seconds", JSON(budget.elapsed))]
        guard let solvable = r.solvable else {
            // The best bound so far: once the state space is done, solvable is known and the
            // breadth-first search bounds the fewest moves from below.
            var result: [(String, JSON)] = [("solvable", r.moves > 0 ? .bool(true) : .null), ("target", .string(problem.targetDescription))]
            if r.moves > 0 { result.append(("bound", .object([("fewestMovesAtLeast", .int(r.moves))]))) }
            return Outcome(status: .limit, result: .object(result), stats: stats,
                           summary: r.moves > 0 ? "limit reached: solvable, fewest moves >= \(r.moves)" : "limit reached, undecided")
        }
        var outcome = solutionOutcome(problem, solvable: solvable, jumps: r.jumps, proof: solvable ? nil : "exhaustive search", stats: stats)
        if solvable, case .object(var fields) = outcome.result {
            fields.append(("fewestMoves", .int(r.moves)))
            outcome.result = .object(fields)
            outcome.summary = "solvable, fewest moves \(r.moves) (\(r.jumps.count) jumps)"
        }
        return outcome
    }

    /// The solve record; a claimed solution is replayed before it is reported.
    static func solutionOutcome(_ problem: PegProblem, solvable: Bool, jumps: [Int], proof: String?, stats: [(String, JSON)]) -> Outcome {
        let board = problem.board
        var fields: [(String, JSON)] = [("solvable", .bool(solvable)), ("target", .string(problem.targetDescription)),
                                        ("pegs", .int(problem.start.nonzeroBitCount))]
        if solvable {
            guard let end = board.replay(jumps, from: problem.start), problem.isFinish(end) else {
                return Outcome(status: .error, result: .object(fields), stats: stats, summary: "internal error",
                               error: "the solution found does not replay to the target")
            }
            let moves = board.moveStrings(jumps)
            fields += [("moves", JSON(moves)), ("jumps", .int(jumps.count)), ("moveCount", .int(moves.count)),
                       ("pegsLeft", .int(end.nonzeroBitCount)), ("finish", JSON(board.names.indices.filter { end >> UInt64($0) & 1 == 1 }.map { board.names[$0] })),
                       ("verified", true)]
            return Outcome(result: .object(fields), stats: stats,
                           summary: "solvable, \(jumps.count) jumps, \(moves.count) moves")
        }
        fields.append(("proof", .string(proof ?? "exhaustive search")))
        return Outcome(result: .object(fields), stats: stats, summary: "impossible (\(proof ?? "exhaustive search"))")
    }

    // MARK: count

    static func count(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        let cpu0 = processCPUSeconds()
        let space = StateSpace(problem: problem, threads: context.threads, shouldStop: { budget.shouldStop(nodes: 0) })
        let r = space.run()
        let cpu = processCPUSeconds() - cpu0
        let stats: [(String, JSON)] = [("nodes", JSON(r.children)), ("seconds", JSON(budget.elapsed)), ("cpuSeconds", JSON(cpu)),
                                       ("generateSeconds", JSON(r.generateSeconds)), ("deduplicateSeconds", JSON(r.sortSeconds)),
                                       ("backwardSeconds", JSON(r.backwardSeconds)), ("generateCPU", JSON(r.generateCPU)),
                                       ("deduplicateCPU", JSON(r.sortCPU)), ("backwardCPU", JSON(r.backwardCPU))]
        // Solutions up to the symmetries fixing the start and target (Burnside; see SolutionClasses).
        let classes = r.complete && !r.solutionsOverflowed
            ? SolutionClasses.upToSymmetry(problem, group: space.tables.permutations, total: r.solutions) : nil
        let result = countJSON(problem, r, solutionsUpToSymmetry: classes)
        guard r.complete else {
            return Outcome(status: .limit, result: result, stats: stats, summary: "limit reached after \(r.levels.count) levels")
        }
        return Outcome(result: result, stats: stats,
                       summary: "\(NumberFormat.grouped(r.positions)) positions (\(NumberFormat.grouped(r.canonicalPositions)) up to symmetry), "
                        + "\(NumberFormat.grouped(r.solutions)) solutions"
                        + (classes.map { " (\(NumberFormat.grouped($0)) up to symmetry)" } ?? "") + ", \(NumberFormat.grouped(r.games)) games")
    }

    static func countJSON(_ problem: PegProblem, _ r: StateSpaceResult, solutionsUpToSymmetry: UInt128? = nil) -> JSON {
        var fields: [(String, JSON)] = [
            ("target", .string(problem.targetDescription)), ("symmetries", .int(r.groupOrder)),
            ("positions", JSON(r.positions)), ("canonicalPositions", JSON(r.canonicalPositions)),
            ("canSolve", JSON(r.canSolvePositions)), ("canSolveCanonical", JSON(r.canSolveCanonical)),
            ("solutions", JSON(r.solutions)), ("games", JSON(r.games)),
        ]
        if let classes = solutionsUpToSymmetry { fields.append(("solutionsUpToSymmetry", JSON(classes))) }
        if r.solutionsOverflowed { fields.append(("solutionsOverflowed", true)) }
        fields.append(("perLevel", .array(r.levels.map { level in
            .object([("jumps", .int(level.jumps)), ("pegs", .int(problem.start.nonzeroBitCount - level.jumps)),
                     ("positions", JSON(level.positions)), ("canonicalPositions", JSON(level.canonicalPositions)),
                     ("canSolve", JSON(level.canSolvePositions)), ("canSolveCanonical", JSON(level.canSolveCanonical)),
                     ("deadEnds", JSON(level.deadEnds))])
        })))
        return .object(fields)
    }

    // MARK: analyze

    /// Boards up to this many holes get the per-first-move counts (a full state-space sweep).
    static let firstMoveHoleLimit = 33

    static func analyze(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        let board = problem.board
        var fields: [(String, JSON)] = [("target", .string(problem.targetDescription))]
        var summary: [String] = []
        var complete = true
        var nodes: UInt64 = 0
        if board.holeCount <= firstMoveHoleLimit {
            let r = StateSpace(problem: problem, threads: context.threads, shouldStop: { budget.shouldStop(nodes: 0) }).run()
            nodes += r.children
            if r.complete {
                fields.append(("solutions", JSON(r.solutions)))
                fields.append(("firstMoves", .array(r.firstMoves.map { m in
                    .object([("move", .string(board.moveStrings([m.jump])[0])), ("solutions", JSON(m.solutions)), ("games", JSON(m.games))])
                })))
                summary.append("\(r.firstMoves.count) first moves, \(r.solutions) solutions")
            } else { complete = false }
        }
        if problem.target == .anyHole && !budget.isStopped {
            let table = FinishTable.compute(board: board, shouldStop: { budget.shouldStop(nodes: $0) })
            nodes += table.nodes
            var rows: [JSON] = []
            var solvableStarts = 0
            for s in 0..<board.holeCount {
                let finishes = table.finishes(from: s)
                let unknown = table.entries[s].indices.filter { table.entries[s][$0] == .unknown }
                if !finishes.isEmpty { solvableStarts += 1 }
                if !unknown.isEmpty { complete = false }
                var row: [(String, JSON)] = [("start", .string(board.names[s])), ("finishes", JSON(finishes.map { board.names[$0] }))]
                if !unknown.isEmpty { row.append(("undecided", JSON(unknown.map { board.names[$0] }))) }
                rows.append(.object(row))
            }
            fields.append(("finishTable", .array(rows)))
            summary.append("\(solvableStarts) of \(board.holeCount) single-vacancy starts can finish with one peg")
        }
        return Outcome(status: complete ? .solved : .limit, result: .object(fields),
                       stats: [("nodes", JSON(nodes)), ("seconds", JSON(budget.elapsed))],
                       summary: summary.isEmpty ? "nothing to analyze" : summary.joined(separator: "; "))
    }
}
