// `solve --fewest-moves` by the level sweep (FewestMoveLevels): boards over 33 holes, where the
// move search's tables outgrow memory, or any board with `--level-sweep`. One forward sweep
// gives the fewest moves to one peg on every hole; the solution to the target is walked back
// through the level files (in a directory of their own under `--level-dir`, else under the
// temporary directory, removed afterwards).
import Foundation
import SolverKit

extension PegSolitaireGame {
    /// Does `solve --fewest-moves` take the level sweep for this problem?
    static func sweepsLevels(_ problem: PegProblem, _ context: SolveContext) -> Bool {
        guard problem.board.holeCount <= FewestMoveLevels.holeLimit else { return false }
        switch problem.target {
        case .hole, .anyHole: return context.has("level-sweep") || problem.board.holeCount > fullCountHoleLimit
        case .pegs: return false
        }
    }

    static func fewestMovesBySweep(_ problem: PegProblem, _ context: SolveContext) -> Outcome {
        let budget = context.budget
        let board = problem.board
        let sweep = FewestMoveLevels(board: board, start: problem.start, threads: context.threads,
                                     shouldStop: { budget.shouldStop(nodes: 0) })
        sweep.log = context.progress
        sweep.byteLimit = max(context.hashMB << 20, physicalMemoryBytes() / 4 * 3)
        // one directory a job (jobs of a batch may run side by side), removed after
        let dir = (context.flags["level-dir"] ?? NSTemporaryDirectory()) + "/perfectplay-levels-\(getpid())-\(String(problem.start, radix: 16))"
        sweep.levelDirectory = dir
        defer { sweep.removeLevels(directory: dir) }
        let r = sweep.run()
        // seconds: the whole job, the walk back included
        func stats(walk: Double? = nil) -> [(String, JSON)] {
            [("nodes", JSON(r.children)), ("positions", JSON(r.positions)), ("seconds", JSON(budget.elapsed)),
             ("cpuSeconds", JSON(r.cpuSeconds)), ("peakMB", .int(sweep.peakBytes >> 20))] + (walk.map { [("walkSeconds", JSON($0))] } ?? [])
        }
        let reached = (0..<board.holeCount).compactMap { f in r.finishMoves[f].map { (f, $0) } }
        guard r.complete else {
            var result = newResult(problem)
            result.isSolve = true
            let why = sweep.stopReason ?? "limit reached after \(r.levels.count) levels"
            return Outcome(status: .limit, result: result.json, stats: stats(), summary: why)
        }
        let wanted: [(Int, Int)]
        switch problem.target {
        case .hole(let t): wanted = reached.filter { $0.0 == t }
        default: wanted = reached
        }
        guard let best = wanted.min(by: { $0.1 < $1.1 }) else {
            let proof = "exhaustive search (every position reachable from the start swept, \(NumberFormat.grouped(r.positions)) in all)"
            var outcome = solutionOutcome(problem, solvable: false, jumps: [], proof: proof, stats: stats())
            outcome.result = withFinishes(outcome.result, reached, board)
            return outcome
        }
        let walk0 = monotonicSeconds()
        guard let jumps = sweep.solution(finish: best.0, directory: dir) else {
            return Outcome(status: .error, result: newResult(problem).json, stats: stats(), summary: "internal error",
                           error: "the level files in \(dir) do not give back a solution")
        }
        var outcome = solutionOutcome(problem, solvable: true, jumps: jumps, proof: nil, stats: stats(walk: monotonicSeconds() - walk0),
                                      fewestMoves: best.1)
        if board.moveCount(jumps) != best.1 {
            outcome.status = .error
            outcome.error = "the solution walked back has \(board.moveCount(jumps)) moves, the sweep says \(best.1)"
        }
        outcome.result = withFinishes(outcome.result, reached, board)
        return outcome
    }

    /// The record with the fewest moves to every finish reached.
    static func withFinishes(_ json: JSON, _ reached: [(Int, Int)], _ board: Board) -> JSON {
        json.setting(PegSolitaireResult.Field.fewestMovesByFinish.rawValue, .array(reached.map {
            .object([("finish", .string(board.names[$0.0])), ("moves", .int($0.1))])
        }))
    }
}
