// BattleshipGame: what the Battleship module exports to perfectplay: `.battleship` positions
// (exact layout counts and the best shot), `.bimaru` Solitaire Battleships puzzles, the
// `simulate` verb and the bench suites. The result objects are `BattleshipResult` and
// `BimaruResult` (documented in Puzzles/battleship/README.md).

import SolverKit

public enum BattleshipGame: GameDefinition {
    public static let id = "battleship"
    public static let aliases = ["bimaru"]
    public static let fileExtensions = ["battleship", "bimaru"]

    public static var verbs: [VerbSupport] {
        [VerbSupport(.solve, gives: "the exact number of fleet layouts that fit the shots and the best shot (the cell on most layouts)",
                     fileExtensions: ["battleship"]),
         VerbSupport(.analyze, gives: "the exact number of fleet layouts that fit the shots, every cell's exact count and probability, and the best shot",
                     fileExtensions: ["battleship"]),
         VerbSupport(.solve, gives: "the solution of a Solitaire Battleships puzzle with a proof it is unique",
                     fileExtensions: ["bimaru"],
                     options: [OptionHelp("max-solutions", value: "N", "stop after N solutions (default 2, enough to prove uniqueness)")])]
    }

    public static let commands = ["simulate", "generate"]

    public static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        if file.lowercased().hasSuffix(".bimaru") { return loadBimaru(text: text, file: file) }
        return BattleshipFormat.parse(text, file: file).map { parsed in
            parsed.map { position in
                PositionJob(name: position.name, location: position.location, text: position.text) { context in
                    let analysis = BattleshipAnalysis(record: position.record, threads: context.threads, budget: context.budget)
                    let stats: [(String, JSON)] = [("nodes", JSON(analysis.count.nodes))]
                    if !analysis.count.complete {
                        // The best bound so far: counting only adds, so the layouts counted bound the total below.
                        var result = BattleshipResult(position: position.text)
                        result.layoutsAtLeast = analysis.count.layouts
                        return Outcome(status: .limit, result: result.json, stats: stats,
                                       summary: "limit reached: at least \(analysis.count.layouts) layouts")
                    }
                    var result = BattleshipResult(position: position.text, analysis: analysis)
                    if context.verb == .solve {   // the answer alone; `analyze` adds every cell
                        result.cells = nil
                        result.probabilities = nil
                    }
                    return Outcome(result: result.json, stats: stats, summary: analysis.summary)
                }
            }
        }
    }

    public static func command(_ verb: String, arguments: [String]) -> Int32? {
        switch verb {
        case "simulate": return SimulateCommand.run(arguments)
        case "generate": return BimaruGenerator.main(arguments)
        default: return nil
        }
    }

    static func loadBimaru(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        BimaruFormat.parse(text, file: file).map { parsed in
            switch parsed {
            case .failure(let error): return .failure(error)
            case .success(let puzzle):
                let location = SourceLocation(file: file, line: puzzle.line)
                return .success(PositionJob(name: puzzle.name, location: location, text: puzzle.text) { context in solveBimaru(puzzle, context) })
            }
        }
    }

    /// `solve` on a Bimaru puzzle: solutions up to --max-solutions (default 2), the first
    /// solution's grid, and whether the independent checker accepts it.
    static func solveBimaru(_ puzzle: BimaruPuzzle, _ context: SolveContext) -> Outcome {
        let cap = context.flags["max-solutions"].flatMap { Int($0) }.map { max(1, $0) } ?? 2
        let budget = context.budget
        var total: UInt64 = 0
        let solution = BimaruSolver(puzzle).solve(cap: cap) { n in total += n; return budget.shouldStop(nodes: total) }
        let stats: [(String, JSON)] = [("nodes", JSON(solution.nodes))]
        var result = BimaruResult(position: puzzle.text, solutions: solution.count, capped: solution.count >= cap)
        var summary = solution.count == 0 ? "no solution" : solution.count >= cap && cap > 1 ? "\(solution.count)+ solutions" : solution.count == 1 && cap > 1 ? "unique solution" : "\(solution.count) solution(s)"
        if let first = solution.first {
            let checked = puzzle.check(first)
            result.grid = puzzle.rows(first)
            result.checked = checked
            if !checked { summary += ", CHECK FAILED" }
        }
        if !solution.complete {
            result.solutionsAtLeast = solution.count
            return Outcome(status: .limit, result: result.json, stats: stats, summary: "limit reached after \(solution.count) solution(s)")
        }
        return Outcome(result: result.json, stats: stats, summary: summary)
    }
}
