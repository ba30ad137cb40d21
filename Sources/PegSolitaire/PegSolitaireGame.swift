// The peg solitaire game definition: loads `.peg` files and runs solve / analyze / count.
import SolverKit

public enum PegSolitaireGame: GameDefinition {
    public static let id = "peg"
    public static let fileExtensions = ["peg"]

    public static var verbs: [VerbSupport] {
        [VerbSupport(.solve, gives: "a solution, replayed, or a proof that none exists (position class, pagoda function, search)",
                     options: [OptionHelp("fewest-moves", "a solution with the fewest moves (a chain of jumps by one peg is one move); its tables stop at 8 GB, or --hash-mb when larger; boards over 33 holes take the level sweep"),
                               OptionHelp("level-sweep", "with --fewest-moves: sweep every position reachable, level by level (one bit a position and 8 bytes a position reached), which gives the fewest moves to every one-peg finish at once"),
                               OptionHelp("level-dir", value: "DIR", "with the level sweep: where the levels are written for the solution walk, removed after (French 37: about 40 GB; default: a temporary directory)")]),
         VerbSupport(.analyze, gives: "the solutions through each first move; for `target: any`, the start/finish table"),
         VerbSupport(.count, gives: "reachable positions per jump, positions that can finish, solutions and games",
                     options: [OptionHelp("positions-only", "reachable positions per jump only (and up to symmetry), one bit a position: the count of boards over 33 holes (French 37: 4.4 GB)"),
                               OptionHelp("last-peg", "with positions only: count the (position, hole of the peg that moved last) pairs too, the states of a fewest-moves search (one more level kept)"),
                               OptionHelp("checkpoint", value: "DIR", "with positions only: keep the last level in DIR after each level (2.2 GB on the French board), and go on from it when DIR holds one")])]
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
            var result = newResult(problem)
            result.isSolve = true
            var summary = "limit reached, undecided"
            if let fewest = r.fewestPegsReached {
                result.bound = .init(fewestPegsReached: fewest, lineSoFar: problem.board.moveStrings(r.bestLineSoFar))
                summary += ", best line so far leaves \(fewest) pegs"
            }
            return Outcome(status: .limit, result: result.json, stats: stats, summary: summary)
        }
        return solutionOutcome(problem, solvable: solvable, jumps: r.jumps, proof: r.proof, stats: stats)
    }

    static func fewestMoves(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        if let reason = PegSolver.classObstruction(problem) {
            return solutionOutcome(problem, solvable: false, jumps: [], proof: reason, stats: [("nodes", 0)])
        }
        if sweepsLevels(problem, context) { return fewestMovesBySweep(problem, context) }
        // The move search's tables: 8 GB, or --hash-mb when larger.
        let r = FewestMoves.solve(problem, threads: context.threads, byteLimit: max(context.hashMB, 8192) << 20,
                                  shouldStop: { budget.shouldStop(nodes: 0) })
        let stats: [(String, JSON)] = [("nodes", JSON(r.space.children)), ("visited", .int(r.visited)),
                                        ("seconds", JSON(budget.elapsed))]
        guard let solvable = r.solvable else {
            // The best bound so far: no solution has fewer moves than the search has ruled out.
            var result = newResult(problem)
            result.isSolve = true
            if r.movesAtLeast > 0 { result.bound = .init(fewestMovesAtLeast: r.movesAtLeast) }
            return Outcome(status: .limit, result: result.json, stats: stats,
                           summary: r.movesAtLeast > 0 ? "limit reached: fewest moves >= \(r.movesAtLeast) if solvable" : "limit reached, undecided")
        }
        let proof = solvable ? nil : (problem.target.pegsLeft == 1 && problem.target != .pegs(1)
            ? "exhaustive search (bidirectional search over moves: the two sides ran dry without meeting)" : "exhaustive search")
        return solutionOutcome(problem, solvable: solvable, jumps: r.jumps, proof: proof, stats: stats,
                               fewestMoves: solvable ? r.moves : nil)
    }

    static func newResult(_ problem: PegProblem) -> PegSolitaireResult {
        PegSolitaireResult(position: problem.text.isEmpty ? nil : problem.text, target: problem.targetDescription)
    }

    /// The solve record; a claimed solution is replayed before it is reported.
    static func solutionOutcome(_ problem: PegProblem, solvable: Bool, jumps: [Int], proof: String?, stats: [(String, JSON)],
                                fewestMoves: Int? = nil) -> Outcome {
        let board = problem.board
        var result = newResult(problem)
        result.isSolve = true
        result.solvable = solvable
        result.pegs = problem.start.nonzeroBitCount
        if solvable {
            guard let end = board.replay(jumps, from: problem.start), problem.isFinish(end) else {
                return Outcome(status: .error, result: result.json, stats: stats, summary: "internal error",
                               error: "the solution found does not replay to the target")
            }
            let moves = board.moveStrings(jumps)
            result.moves = moves
            result.jumps = jumps.count
            result.moveCount = moves.count
            result.pegsLeft = end.nonzeroBitCount
            result.finish = board.names.indices.filter { end >> UInt64($0) & 1 == 1 }.map { board.names[$0] }
            result.verified = true
            result.fewestMoves = fewestMoves
            return Outcome(result: result.json, stats: stats,
                           summary: fewestMoves.map { "solvable, fewest moves \($0) (\(jumps.count) jumps)" }
                            ?? "solvable, \(jumps.count) jumps, \(moves.count) moves")
        }
        result.proof = proof ?? "exhaustive search"
        return Outcome(result: result.json, stats: stats, summary: "impossible (\(proof ?? "exhaustive search"))")
    }

    // MARK: count

    /// Boards over this many holes are counted by positions only (ReachableLevels), when
    /// its bitmaps fit in memory: the full count keeps every level, 8 bytes a position.
    static let fullCountHoleLimit = 33

    static func count(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        if context.has("positions-only")
            || (problem.board.holeCount > fullCountHoleLimit && ReachableLevels.bytesNeeded(problem) <= physicalMemoryBytes() / 4 * 3) {
            return countPositions(problem, context)
        }
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

    /// `count` by ReachableLevels: positions per jump and up to symmetry, no backward sweep.
    static func countPositions(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        let lastPeg = context.has("last-peg")
        let bytes = ReachableLevels.bytesNeeded(problem, countsLastPeg: lastPeg)
        let cpu0 = processCPUSeconds()
        let space = ReachableLevels(problem: problem, threads: context.threads, shouldStop: { budget.shouldStop(nodes: 0) })
        space.countsLastPeg = lastPeg
        space.log = context.progress
        space.checkpoint = context.flags["checkpoint"]
        let r = bytes <= physicalMemoryBytes() ? space.run() : StateSpaceResult()
        let cpu = processCPUSeconds() - cpu0
        var result = newResult(problem)
        result.symmetries = r.groupOrder
        result.positions = r.positions
        result.canonicalPositions = r.canonicalPositions
        if lastPeg { result.lastPegStates = r.levels.reduce(0) { $0 + $1.lastPegStates } }
        result.perLevel = r.levels.map { level in
            .init(jumps: level.jumps, pegs: problem.start.nonzeroBitCount - level.jumps, positions: level.positions,
                  canonicalPositions: level.canonicalPositions, deadEnds: level.deadEnds,
                  lastPegStates: lastPeg ? level.lastPegStates : nil)
        }
        let stats: [(String, JSON)] = [("nodes", JSON(r.children)), ("seconds", JSON(budget.elapsed)), ("cpuSeconds", JSON(cpu)),
                                       ("bitmapMB", .int(bytes >> 20))]
        guard r.complete else {
            let why = bytes > physicalMemoryBytes() ? "its level bitmaps need \(bytes >> 20) MB, more than this machine has"
                : "limit reached after \(r.levels.count) levels"
            return Outcome(status: .limit, result: result.json, stats: stats, summary: why)
        }
        return Outcome(result: result.json, stats: stats,
                       summary: "\(NumberFormat.grouped(r.positions)) positions (\(NumberFormat.grouped(r.canonicalPositions)) up to symmetry), "
                        + (lastPeg ? "\(NumberFormat.grouped(result.lastPegStates ?? 0)) with the last-moved peg, " : "")
                        + "positions only (\(bytes >> 20) MB of level bitmaps)")
    }

    static func countJSON(_ problem: PegProblem, _ r: StateSpaceResult, solutionsUpToSymmetry: UInt128? = nil) -> JSON {
        var result = newResult(problem)
        result.symmetries = r.groupOrder
        result.positions = r.positions
        result.canonicalPositions = r.canonicalPositions
        result.canSolve = r.canSolvePositions
        result.canSolveCanonical = r.canSolveCanonical
        result.solutions = r.solutions
        result.games = r.games
        result.solutionsUpToSymmetry = solutionsUpToSymmetry
        result.solutionsOverflowed = r.solutionsOverflowed
        result.perLevel = r.levels.map { level in
            .init(jumps: level.jumps, pegs: problem.start.nonzeroBitCount - level.jumps, positions: level.positions,
                  canonicalPositions: level.canonicalPositions, deadEnds: level.deadEnds,
                  canSolve: level.canSolvePositions, canSolveCanonical: level.canSolveCanonical)
        }
        return result.json
    }

    // MARK: analyze

    /// Boards up to this many holes get the per-first-move counts (a full state-space sweep).
    static let firstMoveHoleLimit = 33

    static func analyze(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        let board = problem.board
        var result = newResult(problem)
        var summary: [String] = []
        var complete = true
        var nodes: UInt64 = 0
        if board.holeCount <= firstMoveHoleLimit {
            let r = StateSpace(problem: problem, threads: context.threads, shouldStop: { budget.shouldStop(nodes: 0) }).run()
            nodes += r.children
            if r.complete {
                result.solutions = r.solutions
                result.firstMoves = r.firstMoves.map { m in
                    .init(move: board.moveStrings([m.jump])[0], solutions: m.solutions, games: m.games)
                }
                summary.append("\(r.firstMoves.count) first moves, \(r.solutions) solutions")
            } else { complete = false }
        }
        if problem.target == .anyHole && !budget.isStopped {
            let table = FinishTable.compute(board: board, shouldStop: { budget.shouldStop(nodes: $0) })
            nodes += table.nodes
            var solvableStarts = 0
            for s in 0..<board.holeCount {
                let finishes = table.finishes(from: s)
                let unknown = table.entries[s].indices.filter { table.entries[s][$0] == .unknown }
                if !finishes.isEmpty { solvableStarts += 1 }
                if !unknown.isEmpty { complete = false }
                result.finishTable.append(.init(start: board.names[s], finishes: finishes.map { board.names[$0] },
                                                undecided: unknown.map { board.names[$0] }))
            }
            summary.append("\(solvableStarts) of \(board.holeCount) single-vacancy starts can finish with one peg")
        }
        return Outcome(status: complete ? .solved : .limit, result: result.json,
                       stats: [("nodes", JSON(nodes)), ("seconds", JSON(budget.elapsed))],
                       summary: summary.isEmpty ? "nothing to analyze" : summary.joined(separator: "; "))
    }
}
