// `perfectplay generate peg`: peg solitaire problems (a start and a one-peg target hole) on a
// chosen board, with exactly one solution up to symmetry, or needing exactly N moves at the
// fewest. Candidates come from random backward play: from a single peg on a random target
// hole, random "unjumps" (the reverse of a jump) up to K pegs; every candidate is solvable by
// construction and is kept only when its exact solution count (or fewest moves) qualifies.

import Foundation
import SolverKit

enum PegGenerator {
    enum Goal: Sendable, Equatable {
        /// Exactly one solution up to symmetry (see `SolutionClasses`).
        case unique
        /// Exactly this many moves at the fewest (a move: a chain of jumps by one peg).
        case moves(Int)
    }

    struct Settings: Sendable {
        var boardName: String
        var board: Board
        var pegs: ClosedRange<Int>
        var goal: Goal
        /// Positions the solution count may expand per candidate; more and it is dropped.
        var nodeLimit: Int

        init(boardName: String, pegs: ClosedRange<Int>, goal: Goal, nodeLimit: Int = 1_000_000) throws(GenerateError) {
            guard let board = PegGenerator.board(named: boardName) else {
                throw GenerateError("--board: unknown board '\(boardName)' (\(PegGenerator.boardNames))")
            }
            guard pegs.lowerBound >= 2, pegs.upperBound <= board.holeCount - 1 else {
                throw GenerateError("--pegs: from 2 to \(board.holeCount - 1) on the \(boardName) board")
            }
            self.boardName = boardName; self.board = board; self.pegs = pegs; self.goal = goal; self.nodeLimit = nodeLimit
        }
    }

    // MARK: boards

    static let boardNames = "english, french, diamond, wiegleb, triangle-4 ... triangle-10"

    /// The full drawing of a named board and its lattice.
    static func drawing(named name: String) -> (Lattice, [String])? {
        switch name.lowercased() {
        case "english": return (.square, ["  ooo", "  ooo", "ooooooo", "ooooooo", "ooooooo", "  ooo", "  ooo"])
        case "french": return (.square, ["  ooo", " ooooo", "ooooooo", "ooooooo", "ooooooo", " ooooo", "  ooo"])
        case "diamond": return (.square, (0..<9).map { r in
            let half = 4 - abs(4 - r)
            return String(repeating: " ", count: 4 - half) + String(repeating: "o", count: 2 * half + 1)
        })
        case "wiegleb": return (.square, (0..<9).map { r in (3...5).contains(r) ? String(repeating: "o", count: 9) : "   ooo" })
        default:
            let prefix = "triangle-"
            guard name.lowercased().hasPrefix(prefix), let side = Int(name.dropFirst(prefix.count)), (4...10).contains(side) else { return nil }
            return (.triangular, (0..<side).map { r in
                String(repeating: " ", count: side - 1 - r) + Array(repeating: "o", count: r + 1).joined(separator: " ")
            })
        }
    }

    static func board(named name: String) -> Board? {
        guard let (lattice, lines) = drawing(named: name) else { return nil }
        let text = "lattice: \(lattice.rawValue)\n" + lines.joined(separator: "\n")
        guard case .success(let problem)? = PegFile.parse(text: text, file: name).first else { return nil }
        return problem.board
    }

    // MARK: the command

    static func main(_ raw: [String]) -> Int32 {
        PuzzleGeneration.command(raw, game: "peg", valued: ["board", "pegs", "moves", "max-nodes"], help: help,
                                 settings: parseSettings, header: header) { arguments, settings, index, random in
            candidate(settings, index: index, seed: arguments.seed, random: &random)
        }
    }

    static func header(_ arguments: GenerateArguments, _ settings: Settings) -> String {
        var command = "perfectplay generate peg --board \(settings.boardName) --pegs \(settings.pegs.lowerBound)-\(settings.pegs.upperBound)"
        if case .moves(let n) = settings.goal { command += " --moves \(n)" }
        command += " --count \(arguments.count) --seed \(arguments.seed)"
        let property = settings.goal == .unique
            ? "exactly one solution up to symmetry: one class of jump sequences from the start to the target\n# under the board's symmetries that fix both"
            : "a fewest-moves solution of exactly \(settings.goal.moves) moves (a move: jumps by one peg)"
        return """
            # Peg solitaire problems made by `\(command)`.
            # Each starts from the drawing and must finish with one peg on the target hole; each has
            # \(property).
            # Difficulty: nodes (what `perfectplay solve` reports), solutions (jump sequences, and up to
            # symmetry), pegs, fewest moves.

            """
    }

    static let help = GenerateArguments.help(
        game: "peg",
        summary: """
            Peg solitaire problems (start and one-peg target) with exactly one solution up to
            symmetry, or with exactly N moves at the fewest (--moves N), from random backward play.
            """,
        options: [
            OptionHelp("--board", value: "NAME", "\(boardNames) (default english)"),
            OptionHelp("--pegs", value: "K[-L]", "pegs at the start, or a range drawn from (default 6-10; with --moves N: N+1-N+4)"),
            OptionHelp("--moves", value: "N", "keep problems whose fewest moves are exactly N (instead of a unique solution)"),
            OptionHelp("--max-nodes", value: "N", "positions the solution count may expand per candidate (default 1,000,000)"),
        ])

    static func parseSettings(_ arguments: GenerateArguments) throws(GenerateError) -> Settings {
        let boardName = (arguments.options["board"] ?? "english").lowercased()
        var goal = Goal.unique
        if arguments.options["moves"] != nil { goal = .moves(try arguments.integer("moves", default: 1, in: 1...62)) }
        var pegs = 6...10
        if case .moves(let n) = goal { pegs = (n + 1)...(n + 4) }
        if let text = arguments.options["pegs"] {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let low = Int(parts[0]), let high = Int(parts.last!), low <= high else {
                throw GenerateError("--pegs: '\(text)' is not K or K-L (e.g. 8 or 6-10)")
            }
            pegs = low...high
        }
        if case .moves(let n) = goal, pegs.upperBound <= n {
            throw GenerateError("--pegs: \(n) moves need more than \(n) pegs")
        }
        let limit = try arguments.integer("max-nodes", default: 1_000_000, in: 1_000...Int.max)
        if let board = board(named: boardName), pegs.upperBound > board.holeCount - 1 {
            pegs = min(pegs.lowerBound, board.holeCount - 1)...(board.holeCount - 1)
        }
        return try Settings(boardName: boardName, pegs: pegs, goal: goal, nodeLimit: limit)
    }

    // MARK: one candidate

    /// What a kept problem measures.
    struct Measures: Sendable {
        var sequences: UInt128
        var classes: UInt128
        var symmetries: Int
        var fewestMoves: Int
        var nodes: UInt64
    }

    static func candidate(_ settings: Settings, index: Int, seed: UInt64, random: inout SplitMix64) -> GeneratedPuzzle? {
        let board = settings.board
        let pegs = settings.pegs.lowerBound + random.below(settings.pegs.count)
        let target = random.below(board.holeCount)
        guard let start = backwardPlay(board, target: target, pegs: pegs, random: &random) else { return nil }
        let name: String
        switch settings.goal {
        case .unique: name = "\(settings.boardName) unique seed \(seed) #\(index)"
        case .moves(let n): name = "\(settings.boardName) \(n) moves seed \(seed) #\(index)"
        }
        let problem = PegProblem(name: name, location: SourceLocation(file: "generated", line: 1), board: board,
                                 start: start, target: .hole(target))
        guard let measures = measure(problem, goal: settings.goal, nodeLimit: settings.nodeLimit) else { return nil }
        let difficulty = "# difficulty: nodes \(measures.nodes), solutions \(measures.classes) up to symmetry"
            + " (\(measures.sequences) jump sequences, \(measures.symmetries) symmetries), pegs \(pegs), fewest moves \(measures.fewestMoves)"
        return GeneratedPuzzle(text: "\n" + difficulty + "\n" + text(problem),
                               difficulty: [("nodes", Int(measures.nodes)), ("pegs", pegs), ("moves", measures.fewestMoves),
                                            ("sequences", Int(clamping: measures.sequences))])
    }

    /// A start `pegs` pegs big from which one peg can finish on `target`: random unjumps (a peg
    /// on `to` with `from` and `over` empty becomes pegs on `from` and `over`) from the target.
    static func backwardPlay(_ board: Board, target: Int, pegs: Int, random: inout SplitMix64) -> UInt64? {
        var p = UInt64(1) << UInt64(target)
        for _ in 1..<pegs {
            var legal: [Jump] = []
            for jump in board.jumps where p & jump.flip == UInt64(1) << UInt64(jump.to) { legal.append(jump) }
            guard !legal.isEmpty else { return nil }
            p ^= legal[random.below(legal.count)].flip
        }
        return p
    }

    /// The measures of a problem if it has what `goal` asks for, else nil (also when the count
    /// needs more than `nodeLimit` positions).
    static func measure(_ problem: PegProblem, goal: Goal, nodeLimit: Int) -> Measures? {
        var counter = SolutionClasses.Counter(problem: problem, jumps: problem.board.jumps)
        counter.limit = nodeLimit
        let sequences = counter.count(problem.start)
        guard !counter.stopped, sequences > 0 else { return nil }
        let group = SolutionClasses.group(problem)
        guard let classes = SolutionClasses.upToSymmetry(problem, group: group, total: sequences) else { return nil }
        if goal == .unique && classes != 1 { return nil }
        let fewest = fewestMoves(problem, canFinish: { counter.memo[$0].map { $0 > 0 } ?? problem.isFinish($0) })
        if case .moves(let n) = goal, fewest != n { return nil }
        // The solver's own run: its node count is the difficulty `solve` shows, and it must agree.
        let solved = PegSolver(problem: problem).solve()
        guard solved.solvable == true else { return nil }
        return Measures(sequences: sequences, classes: classes, symmetries: group.count, fewestMoves: fewest, nodes: solved.nodes)
    }

    /// Fewest moves to the finish: breadth-first by moves over the positions that can finish
    /// (every chain prefix is a move too, so the depth is exact; see `FewestMoves`).
    static func fewestMoves(_ problem: PegProblem, canFinish: (UInt64) -> Bool) -> Int {
        var seen: Set<UInt64> = [problem.start]
        var frontier = [problem.start]
        var depth = 0
        while !frontier.isEmpty {
            if frontier.contains(where: problem.isFinish) { return depth }
            depth += 1
            var next: [UInt64] = []
            for p in frontier {
                FewestMoves.forEachChainPosition(from: p, board: problem.board) { child, _ in
                    guard canFinish(child) else { return false }
                    if seen.insert(child).inserted { next.append(child) }
                    return true
                }
            }
            frontier = next
        }
        return -1
    }

    /// The problem in the `.peg` format: name, lattice, target, the drawing.
    static func text(_ problem: PegProblem) -> String {
        let board = problem.board
        var lines = ["name: \(problem.name)"]
        if board.lattice == .triangular { lines.append("lattice: triangular") }
        lines.append("target: \(problem.targetDescription)")
        let height = (board.rows.max() ?? 0) + 1, width = (board.cols.max() ?? 0) + 1
        var grid = [[Character]](repeating: [Character](repeating: " ", count: width), count: height)
        for i in 0..<board.holeCount {
            grid[board.rows[i]][board.cols[i]] = problem.start >> UInt64(i) & 1 != 0 ? "o" : "."
        }
        lines += grid.map { String($0).replacingTrailingSpaces() }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PegGenerator.Goal {
    var moves: Int {
        if case .moves(let n) = self { return n }
        return 0
    }
}
