// `perfectplay generate tsume`: mate-in-N problems drawn at random around the defending king and
// kept only when the exact shortest mate is N plies, the solution is unique along the longest
// resistance, the attacker's hand is empty at the end, and the position is legal.
import Foundation
import SolverKit

enum TsumeGenerator {
    /// What one generated problem is checked against.
    struct Settings: Sendable {
        /// Odd lengths a candidate may be drawn for (candidate i aims at lengths[i % count]).
        var lengths: [Int]
        /// Solver nodes a candidate may take (shortest mate plus the uniqueness walk).
        var nodeLimit: UInt64
        var hashMB: Int
        /// Where the command counts the candidates each check drops (its report).
        var tally: GeneratorTally? = nil
    }

    static let optionHelp = [
        OptionHelp("--length", value: "N", "mate length in plies, odd, 1...31, or a range 'A-B' (odd lengths in it, in turn); default 5"),
        OptionHelp("--node-limit", value: "N", "solver nodes a candidate may take before it is dropped (default 300,000)"),
        OptionHelp("--hash-mb", value: "MB", "mate table of each candidate (default 16)"),
    ]

    static func command(_ arguments: [String]) -> Int32 {
        let tally = GeneratorTally()
        let code = PuzzleGeneration.command(arguments, game: "tsume", valued: ["length", "node-limit", "hash-mb"], help: help,
                                            settings: { args throws(GenerateError) in
                                                var settings = try parse(args)
                                                settings.tally = tally
                                                return settings
                                            }, header: header) { args, settings, index, random in
            candidate(index: index, random: &random, settings: settings, seed: args.seed)
        }
        let asked = (try? GenerateArguments(arguments, valued: ["length", "node-limit", "hash-mb"]))?.count ?? 0
        if let report = tally.report(asked: asked) { StandardStream.error.write(report + "\n") }
        return code
    }

    static let help = GenerateArguments.help(game: "tsume", summary: """
                    Mate-in-N tsume problems (.sfen lines, '<sfen> # <name> length nodes branching'): \
                    random positions around the defending king, kept when the exact shortest mate is N \
                    plies (every defence counts, interpositions included), the attacker's move is unique \
                    at every attacker turn of every longest defence, the attacker's hand is empty at the \
                    end, and the position is legal; and by the composers' rules (futile interpositions not \
                    counted) the length is N too, no second move mates (the last one excepted), the main \
                    line ends with the hand empty and no attacker piece can be taken off. The report counts \
                    the candidates each check dropped. See Puzzles/tsume/README.md.
                    """, options: optionHelp)

    static func header(_ args: GenerateArguments, _ settings: Settings) -> String {
        "# perfectplay generate tsume --length \(args.options["length"] ?? "5") --count \(args.count) --seed \(args.seed)"
            + " --node-limit \(settings.nodeLimit) --hash-mb \(settings.hashMB)\n"
            + "# mate in exactly N plies (plain minimax and the composers' rules), unique solution, no leftover attacker pieces, "
            + "no redundant piece; nodes: solver nodes of the shortest-mate proof, branching: attacker checks at the start"
    }

    static func parse(_ args: GenerateArguments) throws(GenerateError) -> Settings {
        let text = args.options["length"] ?? "5"
        var lengths: [Int] = []
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let n = Int(parts[0]) {
            lengths = [n]
        } else if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a <= b {
            lengths = (a...b).filter { $0 % 2 == 1 }
        } else {
            throw GenerateError("--length: '\(text)' is not an odd number of plies or a range A-B")
        }
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 % 2 == 1 && (1...31).contains($0) }) else {
            throw GenerateError("--length: '\(text)': mate lengths are odd numbers of plies in 1...31")
        }
        let nodes = try args.integer("node-limit", default: 300_000, in: 1_000...1_000_000_000)
        let hash = try args.integer("hash-mb", default: 16, in: 1...4096)
        return Settings(lengths: lengths, nodeLimit: UInt64(nodes), hashMB: hash)
    }

    /// Draws candidate `index` and keeps it when it passes every check.
    static func candidate(index: Int, random: inout SplitMix64, settings: Settings, seed: UInt64) -> GeneratedPuzzle? {
        let length = settings.lengths[index % settings.lengths.count]
        guard let position = randomPosition(length: length, random: &random),
              position.tsumeLegalityProblem() == nil else { settings.tally?.reject(index, .draw); return nil }
        // a quick bounded proof first (shallow, so on this thread): most draws have no mate this
        // short, and disproving is where the time goes, so it gets a tenth of the node limit
        let budget = SearchBudget(limits: Limits(nodeLimit: settings.nodeLimit / 10))
        let probe = MateSolver(position: position, hashMB: 1, budget: budget)
        if probe.search(remaining: length).pn != 0 { settings.tally?.reject(index, .noShortMate); return nil }
        // the exact search's first proof is unbounded and may go deep
        let checked = withDeepStack { check(position, length: length, settings: settings) }
        guard case .success(let found) = checked else {
            if case .failure(let why) = checked { settings.tally?.reject(index, why) }
            return nil
        }
        settings.tally?.keep(index)
        let name = "tsume\(length)-s\(seed)-c\(index)"
        let text = "\(position.sfen) # \(name) length \(length) nodes \(found.nodes) branching \(found.branching)"
        return GeneratedPuzzle(text: text, difficulty: [("nodes", found.nodes), ("branching", found.branching), ("length", length)])
    }

    /// The checks a kept problem passes, by the module's own solvers: (1) a mate-in-`length`
    /// proof that is the shortest, (2) a unique solution, (3) no leftover (plain minimax); then
    /// by the composers' rules (4) the length is `length` too and its main line ends with the hand
    /// empty, (5) no cook on the main line (the last move excepted), (6) no redundant piece. The
    /// check that fails, or the node limit. `nodes` counts the shortest-mate proof alone.
    static func check(_ position: Position, length: Int, settings: Settings) -> Result<(nodes: Int, branching: Int), GeneratorTally.Rejection> {
        let budget = SearchBudget(limits: Limits(nodeLimit: settings.nodeLimit))
        let solver = MateSolver(position: position, hashMB: settings.hashMB, budget: budget)
        let answer = solver.solve(firstProofOnly: false, treeDepth: 0)
        if answer.verdict == .limit || (answer.verdict == .mate && !answer.exact) { return .failure(.nodeLimit) }
        guard answer.verdict == .mate, answer.length == length, position.verifyMate(answer.line) == nil else { return .failure(.plainLength) }
        let nodes = Int(solver.nodes)
        guard let solution = solver.checkSolution(length: length) else { return .failure(.nodeLimit) }
        if !solution.unique { return .failure(.notUnique) }
        if !solution.noLeftover { return .failure(.leftover) }
        let composer = MateSolver(position: position, hashMB: settings.hashMB, budget: SearchBudget(limits: Limits(nodeLimit: settings.nodeLimit)),
                                  composer: true)
        let reading = composer.composerSolve(upperBound: length)
        guard reading.verdict == .mate, let line = reading.line else { return .failure(.nodeLimit) }
        if reading.forcedLength != length || line.moves.count != length { return .failure(.composerLength) }
        if !line.endHand.isEmpty { return .failure(.leftover) }
        let report = composer.soundness(line: line, expected: length, plainLength: length, scope: .pieces)
        if !report.complete { return .failure(.nodeLimit) }
        if !report.cooks.isEmpty { return .failure(.cook) }
        if let redundant = report.redundantPieces, !redundant.isEmpty { return .failure(.redundantPiece) }
        var root = position
        let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buf.deallocate() }
        return .success((nodes, root.generateChecks(buf)))
    }

    // MARK: random positions

    /// Pieces of one type in a full set, by unpromoted type (index 1 P ... 7 G).
    static let fullSet = [0, 18, 4, 4, 4, 2, 2, 4]
    /// Attacker pieces on the board (type, weight): promoted pieces too.
    static let attackerBoardTypes: [(Int, Int)] = [
        (Piece.pawn, 2), (Piece.lance, 2), (Piece.knight, 2), (Piece.silver, 3), (Piece.gold, 3),
        (Piece.bishop, 2), (Piece.rook, 2), (Piece.proPawn, 1), (Piece.horse, 2), (Piece.dragon, 2),
    ]
    static let defenderBoardTypes: [(Int, Int)] = [
        (Piece.pawn, 4), (Piece.lance, 1), (Piece.knight, 1), (Piece.silver, 2), (Piece.gold, 3),
        (Piece.bishop, 1), (Piece.rook, 1), (Piece.proPawn, 1),
    ]
    static let attackerHandTypes: [(Int, Int)] = [
        (Piece.pawn, 1), (Piece.lance, 1), (Piece.knight, 2), (Piece.silver, 3), (Piece.gold, 3),
        (Piece.bishop, 2), (Piece.rook, 2),
    ]

    static func weighted(_ choices: [(Int, Int)], _ random: inout SplitMix64) -> Int {
        var r = random.below(choices.reduce(0) { $0 + $1.1 })
        for (value, weight) in choices {
            if r < weight { return value }
            r -= weight
        }
        return choices[choices.count - 1].0
    }

    /// A tsume position, black to mate the white king: the king near the top edge (often a
    /// corner), a few black and white pieces around it, a few black pieces in hand, and every
    /// other piece (but the black king) in white's hand. nil when a draw does not fit.
    static func randomPosition(length: Int, random: inout SplitMix64) -> Position? {
        var p = Position()
        var left = fullSet
        // the king: rank 1 most often, files at the edge more often than not
        let rank = [0, 0, 0, 1, 1, 2][random.below(6)]
        let file: Int
        switch random.below(10) {
        case 0..<4: file = random.below(2) == 0 ? 0 : 8
        case 4..<7: file = random.below(2) == 0 ? 1 : 7
        default: file = random.below(9)
        }
        let king = file * 9 + rank
        p.put(Piece.make(Piece.king, 1), king)

        /// An empty square at Chebyshev distance 1...reach from the king where the piece may stand.
        func place(_ piece: Int, reach: Int, random: inout SplitMix64) -> Bool {
            for _ in 0..<8 {
                let f = file + random.below(2 * reach + 1) - reach, r = rank + random.below(2 * reach + 1) - reach
                guard (0..<9).contains(f), (0..<9).contains(r) else { continue }
                let sq = f * 9 + r
                if p.piece(sq) != 0 { continue }
                let t = Piece.type(piece), c = Piece.color(piece)
                if t == Piece.pawn, p.pawnCount[c * 9 + f] > 0 { continue }
                if t == Piece.pawn || t == Piece.lance, Geometry.relativeRank(sq, c) < 1 { continue }
                if t == Piece.knight, Geometry.relativeRank(sq, c) < 2 { continue }
                p.put(piece, sq)
                if c == 0, p.isAttacked(king, by: 0) { p.lift(sq); continue }
                return true
            }
            return false
        }

        let attackers = 1 + random.below(2)
        for _ in 0..<attackers {
            let t = weighted(attackerBoardTypes, &random)
            let base = Piece.base(t)
            guard left[base] > 0 else { continue }
            let slider = base == Piece.bishop || base == Piece.rook || base == Piece.lance
            if place(Piece.make(t, 0), reach: slider ? 4 : 2, random: &random) { left[base] -= 1 }
        }
        let defenders = random.below(4)
        for _ in 0..<defenders {
            let t = weighted(defenderBoardTypes, &random)
            let base = Piece.base(t)
            guard left[base] > 0 else { continue }
            if place(Piece.make(t, 1), reach: 2, random: &random) { left[base] -= 1 }
        }
        // every hand piece must be used up, so no more than the attacker has moves
        let inHand = random.below(min(3, (length + 1) / 2) + 1)
        for _ in 0..<inHand {
            let t = weighted(attackerHandTypes, &random)
            guard left[t] > 0 else { continue }
            p.addHand(0, t)
            left[t] -= 1
        }
        if p.hands[0].isEmpty, attackers == 0 { return nil }
        for t in 1...7 where left[t] > 0 {
            for _ in 0..<left[t] { p.addHand(1, t) }
        }
        return p
    }
}

extension Position {
    /// Why this is not a legal tsume position (nil when it is): the side not to move in check,
    /// two unpromoted pawns of one side on a file, or a piece that could never move again.
    func tsumeLegalityProblem() -> String? {
        let defender = 1 - sideToMove
        let k = Int(kingSquare[defender])
        if k < 0 { return "the defender has no king" }
        if isAttacked(k, by: sideToMove) { return "the defender is in check with the attacker to move" }
        // tsume attackers have no king; one that does must not start in check either
        let own = Int(kingSquare[sideToMove])
        if own >= 0, isAttacked(own, by: defender) { return "the attacker is in check" }
        for c in 0..<2 {
            for f in 0..<9 where pawnCount[c * 9 + f] > 1 { return "two pawns on file \(f + 1)" }
        }
        for sq in 0..<81 {
            let piece = piece(sq)
            if piece == 0 { continue }
            let t = Piece.type(piece), c = Piece.color(piece)
            let rr = Geometry.relativeRank(sq, c)
            if (t == Piece.pawn || t == Piece.lance) && rr < 1 || t == Piece.knight && rr < 2 {
                return "\(Piece.letters[t]) on \(Move.squareName(sq)) could never move"
            }
        }
        return nil
    }
}

/// The generator's report: how many candidates each check dropped. Counted over the candidates
/// up to the last one written to the file (the ones after it depend on how many threads drew them).
final class GeneratorTally: @unchecked Sendable {
    enum Rejection: String, CaseIterable, Error {
        case draw = "not a legal tsume position as drawn"
        case noShortMate = "no mate within N (bounded probe)"
        case plainLength = "shortest mate not N plies (plain minimax)"
        case notUnique = "more than one mating move on a longest line (plain minimax)"
        case leftover = "pieces left in hand at the end"
        case composerLength = "composers' length not N (futile interpositions not counted)"
        case cook = "a cook on the composers' main line"
        case redundantPiece = "a redundant attacker piece"
        case nodeLimit = "over the node limit"
    }

    private let lock = NSLock()
    private var rejected: [Int: Rejection] = [:]
    private var kept: [Int] = []

    func reject(_ index: Int, _ why: Rejection) { lock.lock(); rejected[index] = why; lock.unlock() }
    func keep(_ index: Int) { lock.lock(); kept.append(index); lock.unlock() }

    /// "candidates dropped, by check: ..." or nil when nothing was drawn; `asked`: the puzzles
    /// the file takes (the first `asked` kept ones).
    func report(asked: Int) -> String? {
        lock.lock(); defer { lock.unlock() }
        guard !rejected.isEmpty || !kept.isEmpty else { return nil }
        let written = kept.sorted().prefix(asked)
        let last = written.count == asked ? written.last ?? 0 : max(written.last ?? 0, rejected.keys.max() ?? 0)
        var counts: [Rejection: Int] = [:]
        for (i, why) in rejected where i <= last { counts[why, default: 0] += 1 }
        var text = "candidates dropped, by check (candidates 0...\(last)):"
        for why in Rejection.allCases { text += "\n  \(why.rawValue): \(counts[why] ?? 0)" }
        return text
    }
}
