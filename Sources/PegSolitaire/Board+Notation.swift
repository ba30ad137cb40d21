// Move notation: `d2-d4` for one jump, `d2-d4-f4` for a chain of jumps by one peg.
import SolverKit

extension Board {
    /// The jump from `from` to `to`, if the geometry has one.
    func jump(from: Int, to: Int) -> Int? {
        jumpsFrom[from].first { jumps[$0].to == to }
    }

    /// Moves as text, consecutive jumps by the same peg merged into one chain.
    func moveStrings(_ jumpList: [Int]) -> [String] {
        var moves: [String] = []
        var current: [Int] = []   // holes of the chain being written
        for j in jumpList {
            let jump = jumps[j]
            if let last = current.last, last == jump.from {
                current.append(jump.to)
            } else {
                if !current.isEmpty { moves.append(current.map { names[$0] }.joined(separator: "-")) }
                current = [jump.from, jump.to]
            }
        }
        if !current.isEmpty { moves.append(current.map { names[$0] }.joined(separator: "-")) }
        return moves
    }

    /// Parses moves like `d2-d4` or `d2-d4-f4` into jump indices (geometry only; legality
    /// in a position is checked by `replay`).
    func parseMoves(_ moves: [String]) -> Result<[Int], PegMoveError> {
        var out: [Int] = []
        for move in moves {
            let parts = move.split(separator: "-").map(String.init)
            guard parts.count >= 2 else { return .failure(PegMoveError(move: move, reason: "expected hole-hole")) }
            var holes: [Int] = []
            for part in parts {
                guard let h = hole(named: part) else { return .failure(PegMoveError(move: move, reason: "no hole '\(part)'")) }
                holes.append(h)
            }
            for k in 1..<holes.count {
                guard let j = jump(from: holes[k - 1], to: holes[k]) else {
                    return .failure(PegMoveError(move: move, reason: "\(names[holes[k - 1]]) cannot jump to \(names[holes[k]])"))
                }
                out.append(j)
            }
        }
        return .success(out)
    }

    /// Plays the jumps from `start`; nil if one is illegal.
    func replay(_ jumpList: [Int], from start: UInt64) -> UInt64? {
        var p = start
        for j in jumpList {
            let jump = jumps[j]
            guard p & jump.flip == jump.need else { return nil }
            p ^= jump.flip
        }
        return p
    }

    /// Number of moves (chains) in a jump sequence.
    func moveCount(_ jumpList: [Int]) -> Int {
        var count = 0, last = -1
        for j in jumpList {
            if jumps[j].from != last { count += 1 }
            last = jumps[j].to
        }
        return count
    }

    /// The drawing of a position (for reports and messages).
    func drawing(_ p: UInt64) -> String {
        let minRow = rows.min() ?? 0, minCol = cols.min() ?? 0
        let height = (rows.max() ?? 0) - minRow + 1, width = (cols.max() ?? 0) - minCol + 1
        var grid = [[Character]](repeating: [Character](repeating: " ", count: width), count: height)
        for i in rows.indices {
            grid[rows[i] - minRow][cols[i] - minCol] = p & (UInt64(1) << UInt64(i)) != 0 ? "o" : "."
        }
        return grid.map { String($0).replacingTrailingSpaces() }.joined(separator: "\n")
    }
}

struct PegMoveError: Error, Sendable, CustomStringConvertible {
    var move: String
    var reason: String
    var description: String { "move '\(move)': \(reason)" }
}

extension String {
    func replacingTrailingSpaces() -> String {
        String(self.reversed().drop(while: { $0 == " " }).reversed())
    }
}
