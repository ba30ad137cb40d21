// `perfectplay generate quarto`: win-in-N puzzles whose winning move is the only move that wins.
// A candidate is a position reached by random placements (no line completed) with a random
// piece in hand; it is kept when the side to move wins in exactly N plies (N as in the solver's
// `distance`: the mover's own placements are plies 1, 3, 5, ...) and exactly one legal move
// (square and piece handed over, not up to symmetry) wins at all.

import Foundation
import SolverKit

public enum QuartoGenerator {
    /// The generator's options, checked.
    public struct Settings: Sendable {
        /// N: plies to the win, odd.
        public var moves = 3
        public var rules = RuleSet.classic
        /// Pieces placed before the puzzle (drawn uniformly in this range).
        public var placed = 6...9
        /// Candidates whose check needs more nodes are dropped (a node limit, never a time limit).
        public var maxNodes: UInt64 = 2_000_000
        /// Shared by every candidate's solver (built once: it is read-only).
        let group: SymmetryGroup

        public init(moves: Int = 3, rules: RuleSet = .classic, placed: ClosedRange<Int> = 6...9, maxNodes: UInt64 = 2_000_000) {
            self.moves = moves
            self.rules = rules
            self.placed = placed
            self.maxNodes = maxNodes
            group = SymmetryGroup(rules: rules)
        }
    }

    static let optionHelp = [
        OptionHelp("--moves", value: "N", "plies to the win, odd, 1...11 (default 3: place, the opponent places, place and win)"),
        OptionHelp("--rules", value: "R", "classic, squares or torus (default classic)"),
        OptionHelp("--placed", value: "A-B", "pieces on the board before the puzzle, a range or one number, 1...14 (default 6-9)"),
        OptionHelp("--max-nodes", value: "N", "drop candidates whose check needs more nodes (default 2,000,000)"),
    ]

    static let valuedOptions = ["moves", "rules", "placed", "max-nodes"]

    static let summary = """
        Win-in-N puzzles with a unique winning move: pieces placed by random play (no line
        completed), a random piece in hand; kept when the side to move (placing that piece, then
        handing one over) wins in exactly N plies and exactly one legal move wins at all. N counts
        plies as the solver's `distance`: the winning placement is ply N. The difficulty (nodes
        of the one-thread check, legal moves, empty squares) is written in a # comment.
        """

    /// `perfectplay generate quarto ARGS`: the exit code.
    static func command(_ arguments: [String]) -> Int32 {
        let args: GenerateArguments
        let settings: Settings
        do {
            args = try GenerateArguments(arguments, valued: valuedOptions)
            if args.help {
                print(GenerateArguments.help(game: "quarto", summary: summary, options: optionHelp), terminator: "")
                return 0
            }
            settings = try parse(args)
        } catch {
            FileHandle.standardError.write(Data("perfectplay generate quarto: \(error)\n".utf8))
            return 2
        }
        return PuzzleGeneration.main(args, game: "quarto", header: header(args, settings)) { index, random in
            candidate(index, &random, settings)
        }
    }

    static func parse(_ args: GenerateArguments) throws(GenerateError) -> Settings {
        let moves = try args.integer("moves", default: 3, in: 1...11)
        guard moves % 2 == 1 else {
            throw GenerateError("--moves: \(moves) is even; the side to move places on odd plies, so N is odd")
        }
        var rules = RuleSet.classic
        if let text = args.options["rules"] {
            guard let r = RuleSet(rawValue: text.lowercased()) else {
                throw GenerateError("--rules: '\(text)' is not classic, squares or torus")
            }
            rules = r
        }
        var placed = 6...9
        if let text = args.options["placed"] {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(parts.count), let low = parts.first!, let high = parts.last!,
                  1 <= low, low <= high, high <= 14 else {
                throw GenerateError("--placed: '\(text)' is not a number or a range A-B within 1...14")
            }
            placed = low...high
        }
        guard 16 - placed.upperBound >= moves else {
            throw GenerateError("--placed: with \(placed.upperBound) pieces placed a win in \(moves) does not fit on the board")
        }
        let maxNodes = try args.integer("max-nodes", default: 2_000_000, in: 1...Int.max)
        return Settings(moves: moves, rules: rules, placed: placed, maxNodes: UInt64(maxNodes))
    }

    static func header(_ args: GenerateArguments, _ s: Settings) -> String {
        var command = "perfectplay generate quarto --moves \(s.moves)"
        if s.rules != .classic { command += " --rules \(s.rules.rawValue)" }
        if let placed = args.options["placed"] { command += " --placed \(placed)" }
        return """
            # Quarto win-in-\(s.moves) puzzles (\(s.rules.rawValue) rules), each with exactly one winning move, generated by
            # \(command) --count \(args.count) --seed \(args.seed)
            # The side to move places the piece in hand, then hands one over; it wins in exactly \(s.moves) plies
            # and no other move wins at all. Difficulty: nodes of the one-thread check, legal moves, empty squares.
            """
    }

    /// `placed` pieces put on random squares in random order without completing a line, then a
    /// random piece in hand; nil when some piece has no square that does not win.
    public static func randomPosition(_ random: inout SplitMix64, placed: Int, rules: RuleSet) -> Position? {
        let lines = rules.lines
        var board = Board()
        var available: UInt16 = 0xFFFF
        func nth(_ set: UInt16, _ k: Int) -> Int {
            var rest = set
            for _ in 0..<k { rest &= rest - 1 }
            return rest.trailingZeroBitCount
        }
        for _ in 0..<placed {
            let piece = nth(available, random.below(available.nonzeroBitCount))
            available &= ~(UInt16(1) << piece)
            var safe: UInt16 = 0
            for s in 0..<16 where board.occupied >> s & 1 == 0 && board.placing(piece, at: s).winningLine(lines) == nil {
                safe |= UInt16(1) << s
            }
            guard safe != 0 else { return nil }
            board = board.placing(piece, at: nth(safe, random.below(safe.nonzeroBitCount)))
        }
        return Position(board: board, hand: nth(available, random.below(available.nonzeroBitCount)), rules: rules)
    }

    /// A kept puzzle and its difficulty.
    public struct Puzzle: Sendable {
        public var position: Position
        public var winningMove: Move
        public var distance: Int
        /// Nodes of the whole one-thread check.
        public var nodes: UInt64
        public var legalMoves: Int
    }

    /// Keeps `position` when its side to move wins in exactly `moves` plies with the only
    /// winning move; nil otherwise or when the node limit stops the check. The cheap tests come
    /// first: near-mate windows (shallow thanks to the distance bounds) reject positions without
    /// a win in N and those with two moves winning within N; proving that no other move wins
    /// at any distance (a search to the end of the game) comes last.
    public static func check(_ position: Position, _ settings: Settings) -> Puzzle? {
        guard !position.isOver, position.hand != nil else { return nil }
        let n = settings.moves, limit = settings.maxNodes
        let solver = QuartoSolver(rules: position.rules, hashMB: 2, threads: 1, group: settings.group,
                                  shouldStop: { $0 > limit })
        // a win within N plies at all? (score >= mate - N)
        guard let within = solver.search(position, alpha: mate - n - 1, beta: mate - n), within >= mate - n,
              let value = solver.value(of: position), value.score == mate - n else { return nil }
        // exactly one move class wins within N, and it holds one move
        let classes = solver.moveClasses(position)
        var fast: [Move] = []
        for c in classes {
            switch c.successor {
            case .ends(let s): if s >= mate - n { fast += c.moves }
            case .position(let p):
                // the move wins within N when the child loses within N - 1: child score <= N - 1 - mate
                guard let v = solver.search(p, alpha: n - 1 - mate, beta: n - mate) else { return nil }
                if v <= n - 1 - mate { fast += c.moves }
            }
            if fast.count > 1 { return nil }
        }
        guard fast.count == 1, let winning = solver.winningMoves(position), winning == fast else { return nil }
        return Puzzle(position: position, winningMove: fast[0], distance: value.distance,
                      nodes: solver.statistics.nodes, legalMoves: position.legalMoves.count)
    }

    /// One candidate of a run (`index` names it: the name does not depend on the threads).
    public static func candidate(_ index: Int, _ random: inout SplitMix64, _ settings: Settings) -> GeneratedPuzzle? {
        let placed = settings.placed.lowerBound + random.below(settings.placed.count)
        guard let position = randomPosition(&random, placed: placed, rules: settings.rules),
              let puzzle = check(position, settings) else { return nil }
        return GeneratedPuzzle(text: text(puzzle, index: index), difficulty: [
            ("nodes", Int(puzzle.nodes)), ("moves", puzzle.legalMoves), ("empties", position.board.emptyCount),
        ])
    }

    /// The puzzle as a `.quarto` block, preceded by the blank line that separates positions.
    public static func text(_ puzzle: Puzzle, index: Int) -> String {
        let p = puzzle.position
        return """

            name: win in \(puzzle.distance), candidate \(index)
            # nodes \(puzzle.nodes); moves \(puzzle.legalMoves); empties \(p.board.emptyCount); answer \(puzzle.winningMove)
            \(p.text)
            """
    }
}
