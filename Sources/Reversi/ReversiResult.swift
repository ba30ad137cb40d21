// The `result` object of a Reversi record, typed: written by the solver, read back by reports,
// `merge` and `--resume`. Scores are final disc differences from the side to move's view, empties
// to the winner (the FFO convention). Field names are spelled once, in `Field`.
import SolverKit

struct ReversiResult {
    enum Field: String {
        case position, board, toMove, empties, score, bestMoves, pv, moves, annotationsMatch, mismatches
        case oneBestMove, bound, movesSoFar, boundsSoFar, depth, perft
    }

    /// The `.obf` line the position came from (board, side, annotations).
    var position: String
    /// The board and side in `.obf` form, as the solver saw them (the key `--resume` checks).
    var board: String
    /// "black" or "white".
    var toMove: String
    var empties: Int
    /// `solve`, `analyze`: the exact score, the moves reaching it, and a principal variation.
    var score: Int?
    var bestMoves: [String] = []
    var pv: [String] = []
    /// `solve --one-best`: `bestMoves` holds one best move, not every tie.
    var oneBestMove = false
    /// `analyze`: every legal move's exact score, best first.
    var moves: [(move: String, score: Int)]?
    /// Whether every `move:score` annotation of the line was reproduced, and those that were not.
    var annotationsMatch: Bool?
    var mismatches: [JSON] = []
    /// Stopped by a limit: what was proven of the score (`lower <= score <= upper`).
    var bound: Bound?
    /// Stopped `analyze`: the moves proven so far, and the bounds proven of the move in progress.
    var movesSoFar: [(move: String, score: Int)]?
    var boundsSoFar: [(move: String, lower: Int, upper: Int)]?
    /// `count`: perft to `depth` plies (a pass is one ply), leaves at each depth.
    var depth: Int?
    var perft: [JSON]?

    struct Bound {
        var lower: Int
        var upper: Int
        var bestMoveSoFar: String?
    }

    init(position: String, board: String, toMove: String, empties: Int) {
        self.position = position
        self.board = board
        self.toMove = toMove
        self.empties = empties
    }

    var json: JSON {
        var f = JSONFields<Field>()
        f.set(.position, .string(position))
        f.set(.board, .string(board))
        f.set(.toMove, .string(toMove))
        f.set(.empties, .int(empties))
        f.set(.depth, depth.map(JSON.int))
        f.set(.perft, perft.map(JSON.array))
        f.set(.bound, bound.map { b in
            .object([("lower", .int(b.lower)), ("upper", .int(b.upper))] + (b.bestMoveSoFar.map { [("bestMoveSoFar", .string($0))] } ?? []))
        })
        f.set(.movesSoFar, movesSoFar.map(Self.scores))
        f.set(.boundsSoFar, boundsSoFar.map { list in
            .object(list.map { ($0.move, .object([("lower", .int($0.lower)), ("upper", .int($0.upper))])) })
        })
        if let score {
            f.set(.score, .int(score))
            f.set(.bestMoves, JSON(bestMoves))
            f.set(.pv, JSON(pv))
            if oneBestMove { f.set(.oneBestMove, .bool(true)) }
        }
        f.set(.moves, moves.map(Self.scores))
        f.set(.annotationsMatch, annotationsMatch.map(JSON.bool))
        if !mismatches.isEmpty { f.set(.mismatches, .array(mismatches)) }
        return f.json
    }

    /// Reads a record's result back; nil when it is not a Reversi result.
    init?(json: JSON) {
        guard let board = json[Field.board]?.stringValue, let toMove = json[Field.toMove]?.stringValue else { return nil }
        self.position = json[Field.position]?.stringValue ?? board
        self.board = board
        self.toMove = toMove
        self.empties = json[Field.empties]?.intValue ?? 0
        score = json[Field.score]?.intValue
        bestMoves = json[Field.bestMoves]?.arrayValue?.compactMap(\.stringValue) ?? []
        pv = json[Field.pv]?.arrayValue?.compactMap(\.stringValue) ?? []
        oneBestMove = json[Field.oneBestMove]?.boolValue ?? false
        moves = json[Field.moves].flatMap(Self.scores)
        annotationsMatch = json[Field.annotationsMatch]?.boolValue
        mismatches = json[Field.mismatches]?.arrayValue ?? []
        if let b = json[Field.bound], let lower = b["lower"]?.intValue, let upper = b["upper"]?.intValue {
            bound = Bound(lower: lower, upper: upper, bestMoveSoFar: b["bestMoveSoFar"]?.stringValue)
        }
        movesSoFar = json[Field.movesSoFar].flatMap(Self.scores)
        boundsSoFar = json[Field.boundsSoFar]?.objectValue?.compactMap { name, value in
            guard let lower = value["lower"]?.intValue, let upper = value["upper"]?.intValue else { return nil }
            return (name, lower, upper)
        }
        depth = json[Field.depth]?.intValue
        perft = json[Field.perft]?.arrayValue
    }

    private static func scores(_ list: [(move: String, score: Int)]) -> JSON {
        .object(list.map { ($0.move, .int($0.score)) })
    }

    private static func scores(_ json: JSON) -> [(move: String, score: Int)]? {
        json.objectValue?.compactMap { name, value in value.intValue.map { (name, $0) } }
    }
}
