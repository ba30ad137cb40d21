// One position of a `.peg` file: the board, the starting pegs and what counts as a finish.
import SolverKit

/// What a solution must reach.
enum PegTarget: Sendable, Equatable {
    /// One peg, in this hole.
    case hole(Int)
    /// One peg, anywhere.
    case anyHole
    /// This many pegs, anywhere (no further jump required).
    case pegs(Int)

    /// Pegs left at the finish.
    var pegsLeft: Int {
        if case .pegs(let n) = self { return n }
        return 1
    }
}

struct PegProblem: Sendable {
    var name: String
    var location: SourceLocation
    var board: Board
    var start: UInt64
    var target: PegTarget
    /// The problem's block of the `.peg` file (headers and drawing), which parses back alone.
    var text = ""

    init(name: String, location: SourceLocation, board: Board, start: UInt64, target: PegTarget) {
        self.name = name
        self.location = location
        self.board = board
        self.start = start
        self.target = target
    }

    /// Whether `p` is a finished position.
    func isFinish(_ p: UInt64) -> Bool {
        switch target {
        case .hole(let t): return p == UInt64(1) << UInt64(t)
        case .anyHole: return p.nonzeroBitCount == 1
        case .pegs(let n): return p.nonzeroBitCount == n
        }
    }

    /// Human-readable target (`d4`, `any`, `2 pegs`).
    var targetDescription: String {
        switch target {
        case .hole(let t): return board.names[t]
        case .anyHole: return "any"
        case .pegs(let n): return "\(n) pegs"
        }
    }
}
