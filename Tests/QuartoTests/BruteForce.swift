// An independent reference for the tests: a plain alpha-beta minimax over arrays (no bitboards,
// no table, no symmetry, no pruning of pieces), with the lines written out here by hand.

@testable import Quarto

enum Reference {
    /// Lines as square lists, built here independently of `RuleSet`.
    static func lines(_ rules: RuleSet) -> [[Int]] {
        var out: [[Int]] = []
        for i in 0..<4 {
            out.append([i * 4, i * 4 + 1, i * 4 + 2, i * 4 + 3])   // row i
            out.append([i, 4 + i, 8 + i, 12 + i])                  // column i
        }
        switch rules {
        case .classic, .squares:
            out.append([0, 5, 10, 15]); out.append([3, 6, 9, 12])
            if rules == .squares {
                for r in 0..<3 { for c in 0..<3 { out.append([r * 4 + c, r * 4 + c + 1, r * 4 + c + 4, r * 4 + c + 5]) } }
            }
        case .torus:
            for k in 0..<4 {
                out.append((0..<4).map { r in r * 4 + (r + k) % 4 })
                out.append((0..<4).map { r in r * 4 + (k - r + 8) % 4 })
            }
            for r in 0..<4 { for c in 0..<4 {
                out.append([r * 4 + c, r * 4 + (c + 1) % 4, ((r + 1) % 4) * 4 + c, ((r + 1) % 4) * 4 + (c + 1) % 4])
            } }
        }
        return out
    }

    static func wins(_ cells: [Int], _ lines: [[Int]]) -> Bool {
        lines.contains { lineWins(cells, $0) }
    }

    /// A full line whose four pieces agree on some attribute (all bits set or all clear).
    static func lineWins(_ cells: [Int], _ l: [Int]) -> Bool {
        let a = cells[l[0]], b = cells[l[1]], c = cells[l[2]], d = cells[l[3]]
        if a < 0 || b < 0 || c < 0 || d < 0 { return false }
        return (a & b & c & d) != 0 || (~a & ~b & ~c & ~d & 15) != 0
    }

    /// Score with the solver's convention: 100 - d win in d plies, d - 100 loss, 0 draw.
    /// `used` is the set of pieces on the board or in hand.
    static func minimax(_ cells: inout [Int], hand: Int?, used: Int, through: [[[Int]]], alpha: Int, beta: Int) -> Int {
        if !cells.contains(-1) { return 0 }
        var best = -1000
        var alpha = alpha
        func consider(_ child: Int) -> Bool {   // child: the opponent's score; true to cut
            let v = child > 0 ? -child + 1 : child < 0 ? -child - 1 : 0
            if v > best { best = v }
            if best > alpha { alpha = best }
            return alpha >= beta
        }
        guard let h = hand else {
            for q in 0..<16 where used >> q & 1 == 0 {
                let c = minimax(&cells, hand: q, used: used | 1 << q, through: through, alpha: -beta - 1, beta: -alpha + 1)
                if consider(c) { break }
            }
            return best
        }
        for s in 0..<16 where cells[s] < 0 {
            cells[s] = h
            defer { cells[s] = -1 }
            if through[s].contains(where: { lineWins(cells, $0) }) { best = 99; break }
            if used == 0xFFFF { if consider(0) { break }; continue }
            var cut = false
            for q in 0..<16 where used >> q & 1 == 0 {
                let c = minimax(&cells, hand: q, used: used | 1 << q, through: through, alpha: -beta - 1, beta: -alpha + 1)
                if consider(c) { cut = true; break }
            }
            if cut { break }
        }
        return best
    }

    static func score(_ p: Position) -> Int {
        var cells = (0..<16).map { p.board.occupied >> $0 & 1 == 1 ? p.board.piece(at: $0) : -1 }
        let ls = lines(p.rules)
        let through = (0..<16).map { s in ls.filter { $0.contains(s) } }
        var used = 0
        for c in cells where c >= 0 { used |= 1 << c }
        if let h = p.hand { used |= 1 << h }
        return minimax(&cells, hand: p.hand, used: used, through: through, alpha: -1000, beta: 1000)
    }

    /// Drawn full boards completing a board, by enumerating every placement of the remaining pieces.
    static func drawnCompletions(_ p: Position) -> UInt64 {
        var cells = (0..<16).map { p.board.occupied >> $0 & 1 == 1 ? p.board.piece(at: $0) : -1 }
        let ls = lines(p.rules)
        var free = (0..<16).filter { !cells.contains($0) }
        func fill(_ s: Int) -> UInt64 {
            if s == 16 { return wins(cells, ls) ? 0 : 1 }
            if cells[s] >= 0 { return fill(s + 1) }
            var n: UInt64 = 0
            for i in free.indices where free[i] >= 0 {
                let q = free[i]
                cells[s] = q; free[i] = -1
                // prune as soon as a line through s is complete and won
                if !wins(cells, ls.filter { $0.contains(s) }) { n += fill(s + 1) }
                cells[s] = -1; free[i] = q
            }
            return n
        }
        return fill(0)
    }
}

/// A deterministic generator for reproducible random positions (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random position with `placed` pieces reached by random moves that do not end the game.
func randomPosition(placed: Int, rules: RuleSet, handed: Bool, rng: inout SplitMix) -> Position? {
    var cells = [Int](repeating: -1, count: 16)
    var pieces = Array(0..<16).shuffled(using: &rng)
    let ls = Reference.lines(rules)
    for _ in 0..<placed {
        let piece = pieces.removeLast()
        let empties = (0..<16).filter { cells[$0] < 0 }.shuffled(using: &rng)
        guard let s = empties.first(where: { s in cells[s] = piece; defer { cells[s] = -1 }; return !Reference.wins(cells, ls) }) else { return nil }
        cells[s] = piece
    }
    var board = Board()
    for s in 0..<16 where cells[s] >= 0 { board = board.placing(cells[s], at: s) }
    return Position(board: board, hand: handed && !pieces.isEmpty ? pieces.last : nil, rules: rules)
}
