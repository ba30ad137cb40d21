// A Quarto position as bitboards: the occupied squares, one 16-bit lane a attribute, the piece in hand.

/// The board part of a position. Square s = row * 4 + column (row 0 is the top row of the file).
/// `attributes` holds four 16-bit lanes; lane a (bits 16a..16a+15) marks the squares whose piece
/// has attribute a set. Every lane is a subset of `occupied`. The piece on a square is read back
/// from the lanes, so the board is 80 bits.
struct Board: Hashable, Sendable {
    var occupied: UInt16
    var attributes: UInt64

    init(occupied: UInt16 = 0, attributes: UInt64 = 0) {
        self.occupied = occupied
        self.attributes = attributes
    }

    /// The four attribute bits of a piece spread to bit 0 of each lane.
    static func spread(_ piece: Int) -> UInt64 {
        UInt64(piece & 1) | UInt64(piece >> 1 & 1) << 16 | UInt64(piece >> 2 & 1) << 32 | UInt64(piece >> 3 & 1) << 48
    }

    func placing(_ piece: Int, at square: Int) -> Board {
        Board(occupied: occupied | UInt16(1) << square, attributes: attributes | Board.spread(piece) << UInt64(square))
    }

    /// The piece on an occupied square.
    func piece(at square: Int) -> Int {
        let x = attributes >> UInt64(square)
        return Int(x & 1 | (x >> 15 & 2) | (x >> 30 & 4) | (x >> 45 & 8))
    }

    var emptyCount: Int { 16 - occupied.nonzeroBitCount }

    /// True when the four pieces of a full line share a value of some attribute.
    func isWinning(line: UInt16) -> Bool {
        guard occupied & line == line else { return false }
        for a in 0..<4 {
            let m = UInt16(truncatingIfNeeded: attributes >> UInt64(16 * a)) & line
            if m == 0 || m == line { return true }
        }
        return false
    }

    /// The first winning line in `lines`, if any.
    func winningLine(_ lines: [UInt16]) -> UInt16? {
        lines.first { isWinning(line: $0) }
    }
}

/// A whole position: board, piece in hand (the one the side to move must place; nil when the side
/// to move is to choose a piece for the opponent, as at the start) and the rule set.
struct Position: Hashable, Sendable {
    var board: Board
    var hand: Int?
    var rules: RuleSet

    init(board: Board = Board(), hand: Int? = nil, rules: RuleSet = .classic) {
        self.board = board
        self.hand = hand
        self.rules = rules
    }

    /// Pieces on the board, as a 16-bit set of piece codes.
    var placedPieces: UInt16 {
        var set: UInt16 = 0
        var occ = board.occupied
        while occ != 0 {
            let s = occ.trailingZeroBitCount
            occ &= occ - 1
            set |= UInt16(1) << board.piece(at: s)
        }
        return set
    }

    /// Pieces neither on the board nor in hand: those that can still be handed over.
    var availablePieces: UInt16 {
        var set = ~placedPieces
        if let h = hand { set &= ~(UInt16(1) << h) }
        return set
    }

    var isOver: Bool { board.winningLine(rules.lines) != nil || board.occupied == 0xFFFF }

    /// Square name: column letter a-d (left to right), row number 1-4 (top to bottom as written).
    static func squareName(_ s: Int) -> String {
        String(UnicodeScalar(UInt8(97 + s % 4))) + String(s / 4 + 1)
    }

    /// The grid as the file format writes it.
    var gridText: String {
        (0..<4).map { r in
            (0..<4).map { c -> String in
                let s = r * 4 + c
                return board.occupied >> s & 1 == 1 ? Piece.name(board.piece(at: s)) : "."
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// The position in `.quarto` format.
    var text: String {
        "rules: \(rules.rawValue)\npiece: \(hand.map(Piece.name) ?? "none")\n" + gridText
    }
}

/// A move: place the piece in hand (nil square when there is none, at the start) and hand over a
/// piece (nil when no piece is left). Written `b2+tdSh`, `+tdSh` (choice only) or `b2` (last placement).
struct Move: Hashable, Sendable, CustomStringConvertible {
    var square: Int?
    var given: Int?
    init(square: Int?, given: Int?) { self.square = square; self.given = given }
    var description: String {
        (square.map(Position.squareName) ?? "") + (given.map { "+" + Piece.name($0) } ?? "")
    }
}

extension Position {
    /// Plays a move (no legality check beyond what the solver generates).
    func playing(_ move: Move) -> Position {
        var p = self
        if let s = move.square, let h = hand { p.board = board.placing(h, at: s) }
        p.hand = move.given
        assert(isMove(move, leading: p), "\(move) is not a move of\n\(text)")
        return p
    }

    /// The legal moves, in a fixed order (squares ascending, then pieces ascending).
    var legalMoves: [Move] {
        if isOver { return [] }
        let avail = availablePieces
        let gives: [Int?] = avail == 0 ? [nil] : (0..<16).filter { avail >> $0 & 1 == 1 }
        guard hand != nil else { return gives.compactMap { $0 }.map { Move(square: nil, given: $0) } }
        var moves: [Move] = []
        let lines = rules.lines
        for s in 0..<16 where board.occupied >> s & 1 == 0 {
            if board.placing(hand!, at: s).winningLine(lines) != nil {
                moves.append(Move(square: s, given: nil))  // the game ends: nothing is handed over
            } else {
                for g in gives { moves.append(Move(square: s, given: g)) }
            }
        }
        return moves
    }
}
