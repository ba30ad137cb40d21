// The `result` object of a Quarto record, typed: written by `QuartoGame.run` and the split join,
// read back by reports and `merge --tree`. Values are from the side to move's view; moves are
// written `b2+tdSh`, `+tdSh` or `b2` (`Move.description`). Field names are spelled once, in
// `Field`; Puzzles/quarto/README.md documents each.
import SolverKit

struct QuartoResult {
    enum Field: String {
        case position, rules, toMove, piecesPlaced, board, value, distance, bound, moves
        case bestMoves, winningMoves, line, drawnFullBoards
    }

    /// The position's `.quarto` block (headers and grid), which parses back alone.
    var position: String
    /// `classic`, `squares` or `torus`.
    var rules: String
    /// `place PIECE` (the piece in hand) or `choose` (no piece in hand, as at the start).
    var toMove: String
    var piecesPlaced: Int
    /// The 16 squares a1 b1 c1 d1 a2 ... d4: a piece name, or `.` for an empty square.
    var board: [String]
    /// `solve`, `analyze`: `win`, `draw` or `loss`, and the plies to the end under perfect play.
    var value: String?
    var distance: Int?
    /// Stopped before the value was known: the outcomes still possible (`lower` ... `upper`).
    var bound: (lower: String, upper: String)?
    /// `analyze`: every legal move's value, best first.
    var moves: [MoveValue]?
    /// `solve`: every move that keeps the value.
    var bestMoves: [String]?
    /// `solve`, `analyze`: every move that wins at any distance (empty unless the value is a win).
    var winningMoves: [String]?
    /// `solve`: a principal line to the end of the game.
    var line: [String]?
    /// `count`: the full boards completing the position with no winning line.
    var drawnFullBoards: UInt64?

    struct MoveValue: Equatable {
        var move: String
        var value: String
        var distance: Int
    }

    init(position: String, rules: String, toMove: String, piecesPlaced: Int, board: [String]) {
        self.position = position
        self.rules = rules
        self.toMove = toMove
        self.piecesPlaced = piecesPlaced
        self.board = board
    }

    /// The head of a result for `position` (its text in `text`): everything but the answers.
    init(_ position: Position, text: String) {
        self.init(position: text, rules: position.rules.rawValue,
                  toMove: position.hand.map { "place " + Piece.name($0) } ?? "choose",
                  piecesPlaced: 16 - position.board.emptyCount,
                  board: (0..<16).map { position.board.occupied >> $0 & 1 == 1 ? Piece.name(position.board.piece(at: $0)) : "." })
    }

    mutating func set(_ v: Value) {
        value = v.outcome
        distance = v.distance
    }

    var json: JSON {
        var f = JSONFields<Field>()
        f.set(.position, .string(position))
        f.set(.rules, .string(rules))
        f.set(.toMove, .string(toMove))
        f.set(.piecesPlaced, .int(piecesPlaced))
        f.set(.board, JSON(board))
        f.set(.value, value.map(JSON.string))
        f.set(.distance, distance.map(JSON.int))
        f.set(.bound, bound.map { .object([("lower", .string($0.lower)), ("upper", .string($0.upper))]) })
        f.set(.moves, moves.map { list in
            .array(list.map { .object([("move", .string($0.move)), ("value", .string($0.value)), ("distance", .int($0.distance))]) })
        })
        f.set(.bestMoves, bestMoves.map(JSON.init))
        f.set(.winningMoves, winningMoves.map(JSON.init))
        f.set(.line, line.map(JSON.init))
        f.set(.drawnFullBoards, drawnFullBoards.map(JSON.init))
        return f.json
    }

    /// Reads a record's result back; nil when it is not a Quarto result.
    init?(json: JSON) {
        guard let rules = json[Field.rules]?.stringValue, let toMove = json[Field.toMove]?.stringValue,
              let board = json[Field.board]?.arrayValue?.compactMap(\.stringValue) else { return nil }
        position = json[Field.position]?.stringValue ?? ""
        self.rules = rules
        self.toMove = toMove
        piecesPlaced = json[Field.piecesPlaced]?.intValue ?? board.count { $0 != "." }
        self.board = board
        value = json[Field.value]?.stringValue
        distance = json[Field.distance]?.intValue
        if let b = json[Field.bound], let lower = b["lower"]?.stringValue, let upper = b["upper"]?.stringValue {
            bound = (lower, upper)
        }
        moves = json[Field.moves]?.arrayValue?.compactMap { m in
            guard let move = m["move"]?.stringValue, let value = m["value"]?.stringValue,
                  let distance = m["distance"]?.intValue else { return nil }
            return MoveValue(move: move, value: value, distance: distance)
        }
        bestMoves = Self.strings(json[Field.bestMoves])
        winningMoves = Self.strings(json[Field.winningMoves])
        line = Self.strings(json[Field.line])
        drawnFullBoards = json[Field.drawnFullBoards]?.integerText.flatMap { UInt64($0) }
    }

    private static func strings(_ json: JSON?) -> [String]? { json?.arrayValue?.compactMap(\.stringValue) }
}
