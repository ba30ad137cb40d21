// The solver's driver: exact values of positions and moves, best moves, winning moves and the
// principal line, each answered by `SearchThread` searches run on several threads sharing one
// table (`QuartoSolver+Split.swift`).

/// Exact value of a position or move, seen from the side to move there.
struct Value: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The search score: `mate - d` win in d plies, `d - mate` loss in d plies, 0 draw.
    var score: Int
    /// Plies to the end of the game under perfect play (fastest win, slowest loss; a draw runs
    /// to the full board).
    var distance: Int

    var outcome: String { score > 0 ? "win" : score < 0 ? "loss" : "draw" }
    var description: String { "\(outcome) in \(distance)" }
    static func < (a: Value, b: Value) -> Bool { a.score < b.score }
}

struct SearchStatistics: Sendable {
    var nodes: UInt64 = 0
    var tableProbes: UInt64 = 0
    var tableHits: UInt64 = 0
}

/// Solves positions of one rule set. Not thread-safe itself (one call at a time); each call runs
/// `threads` search threads on a shared transposition table, splitting the moves of the first
/// plies among them (`QuartoSolver+Split.swift`).
final class QuartoSolver: @unchecked Sendable {
    let group: SymmetryGroup
    let table: TranspositionTable
    let threads: Int
    let tableMinEmpties: Int
    /// Called with the total node count every few thousand nodes; true stops the search.
    let shouldStop: @Sendable (UInt64) -> Bool
    var statistics = SearchStatistics()
    /// Set once a limit stopped a search: later answers are nil.
    var stopped = false
    /// The last `value(of:)`'s win/draw/loss (1, 0, -1) once known: the bound a limit leaves
    /// when it stops the distance search.
    private(set) var knownOutcome: Int?

    init(rules: RuleSet, hashMB: Int = 256, threads: Int = 1, tableMinEmpties: Int? = nil,
                group: SymmetryGroup? = nil, table: TranspositionTable? = nil,
                shouldStop: @escaping @Sendable (UInt64) -> Bool = { _ in false }) {
        self.group = group ?? SymmetryGroup(rules: rules)
        // a table passed in is shared with other solvers of the same rule set (its entries are exact bounds)
        self.table = table ?? TranspositionTable(megabytes: hashMB)
        self.threads = max(1, threads)
        self.tableMinEmpties = tableMinEmpties ?? 8
        self.shouldStop = shouldStop
    }

    /// Exact value of a position, or nil when a limit stopped the search.
    func value(of position: Position) -> Value? {
        // win/draw/loss first (a narrow window proves a draw fastest), the distance only for a win or loss
        knownOutcome = nil
        guard let wdl = search(position, alpha: -1, beta: 1) else { return nil }
        knownOutcome = wdl.signum()
        var score = wdl
        if wdl != 0 {
            guard let exact = search(position, alpha: -mate - 1, beta: mate + 1) else { return nil }
            score = exact
        }
        return QuartoSolver.value(score: score, position: position)
    }

    static func value(score: Int, position: Position) -> Value {
        let distance = score > 0 ? mate - score : score < 0 ? mate + score
            : position.board.emptyCount + (position.hand == nil && position.board.occupied != 0xFFFF ? 1 : 0)
        return Value(score: score, distance: distance)
    }

    // MARK: moves

    /// The position after a move, or the move's own value when the move ends the game.
    enum Successor { case position(Position), ends(score: Int) }

    func successor(_ position: Position, _ move: Move) -> Successor {
        var next = position.playing(move)
        if move.square != nil, next.board.winningLine(position.rules.lines) != nil { return .ends(score: mate - 1) }
        if next.board.occupied == 0xFFFF { next.hand = nil; return .ends(score: 0) }
        return .position(next)
    }

    /// Parent's score of a move whose successor has child score c (one ply further away).
    static func parentScore(_ c: Int) -> Int { c > 0 ? -c + 1 : c < 0 ? -c - 1 : 0 }

    /// The legal moves grouped by the canonical form of their successors (moves that symmetry
    /// maps onto each other have equal values), in move order.
    func moveClasses(_ position: Position) -> [(moves: [Move], successor: Successor)] {
        var classes: [(moves: [Move], successor: Successor)] = []
        var index: [UInt128: Int] = [:]
        for m in position.legalMoves {
            let s = successor(position, m)
            switch s {
            case .ends:
                classes.append(([m], s))
            case .position(let p):
                let key = group.canonicalKey(p.board, hand: p.hand)
                if let i = index[key] { classes[i].moves.append(m) } else {
                    index[key] = classes.count
                    classes.append(([m], s))
                }
            }
        }
        return classes
    }

    /// Exact value of every legal move (seen from the side to move), or nil when stopped.
    func analyze(_ position: Position) -> [(move: Move, value: Value)]? {
        var out: [(move: Move, value: Value)] = []
        for c in moveClasses(position) {
            let score: Int
            switch c.successor {
            case .ends(let s): score = s
            case .position(let p):
                guard let v = value(of: p) else { return nil }
                score = QuartoSolver.parentScore(v.score)
            }
            let value = QuartoSolver.value(score: score, position: position)
            for m in c.moves { out.append((m, value)) }
        }
        return out.sorted { ($0.value.score, $1.move.description) > ($1.value.score, $0.move.description) }
    }

    /// True when the move's value is exactly `score` (a narrow-window search of its successor).
    func moveHasScore(_ successor: Successor, _ score: Int) -> Bool? {
        switch successor {
        case .ends(let s): return s == score
        case .position(let p):
            let c = score > 0 ? -(score + 1) : score < 0 ? -(score - 1) : 0   // the child score needed
            guard let v = search(p, alpha: c - 1, beta: c + 1) else { return nil }
            return v == c
        }
    }

    /// Every move that keeps the value `score` of `position`, or nil when stopped.
    func bestMoves(_ position: Position, score: Int) -> [Move]? {
        var out: [Move] = []
        for c in moveClasses(position) {
            guard let ok = moveHasScore(c.successor, score) else { return nil }
            if ok { out += c.moves }
        }
        return out
    }

    /// Every move that wins, at any distance (a null-window search of each successor class at
    /// the win/not-win boundary), or nil when stopped. Empty when the position is not a win.
    func winningMoves(_ position: Position) -> [Move]? {
        var out: [Move] = []
        for c in moveClasses(position) {
            switch c.successor {
            case .ends(let s): if s > 0 { out += c.moves }
            case .position(let p):
                // fail-soft on (-1, 0): a result <= -1 bounds the child's value from above by a loss
                guard let v = search(p, alpha: -1, beta: 0) else { return nil }
                if v < 0 { out += c.moves }
            }
        }
        return out
    }

    /// A principal line from `position` with value `score`: at each step the first move that
    /// keeps the value, to the end of the game. Nil when stopped.
    func principalLine(_ position: Position, score: Int, first: Move? = nil) -> [Move]? {
        var line: [Move] = []
        var p = position, s = score
        while !p.isOver {
            var chosen: (Move, Successor)?
            if line.isEmpty, let f = first {
                chosen = (f, successor(p, f))
            } else {
                for c in moveClasses(p) {
                    guard let ok = moveHasScore(c.successor, s) else { return nil }
                    if ok { chosen = (c.moves[0], c.successor); break }
                }
            }
            guard let (m, next) = chosen else { return line }  // cannot happen for an exact score
            line.append(m)
            guard case .position(let np) = next else { break }
            p = np
            s = s > 0 ? -(s + 1) : s < 0 ? -(s - 1) : 0
        }
        return line
    }
}
