// A Reversi position: the side to move's discs, the other side's, the board geometry, and
// which colour moves. Playing moves, passing, game end, and the FFO final score.

package struct Position: Sendable, Hashable {
    /// Discs of the side to move.
    package var player: UInt64
    /// Discs of the other side.
    package var opponent: UInt64
    package var geometry: BoardGeometry
    /// true when black (`X`) is to move.
    package var blackToMove: Bool

    package init(player: UInt64, opponent: UInt64, geometry: BoardGeometry, blackToMove: Bool) {
        self.player = player
        self.opponent = opponent
        self.geometry = geometry
        self.blackToMove = blackToMove
    }

    /// The start position of a board of this size, black to move.
    package static func start(_ geometry: BoardGeometry = .standard) -> Position {
        let d = geometry.startDiscs
        return Position(player: d.black, opponent: d.white, geometry: geometry, blackToMove: true)
    }

    package var empties: UInt64 { geometry.mask & ~(player | opponent) }
    package var emptyCount: Int { empties.nonzeroBitCount }
    package var legalMoves: UInt64 { Bitboard.moves(player, opponent) & geometry.mask }
    package var opponentCanMove: Bool { Bitboard.moves(opponent, player) & geometry.mask != 0 }
    package var isGameOver: Bool { legalMoves == 0 && !opponentCanMove }

    /// Plays a legal move (caller checks legality).
    package func playing(_ square: Int) -> Position {
        let f = Bitboard.flips(square, player, opponent)
        let after = Position(player: opponent ^ f, opponent: player ^ f ^ (UInt64(1) << UInt64(square)),
                             geometry: geometry, blackToMove: !blackToMove)
        assert(isMove(square, leading: after), "playing \(square): not a legal move's result")
        return after
    }

    /// The same discs, the other side to move.
    package func passing() -> Position {
        Position(player: opponent, opponent: player, geometry: geometry, blackToMove: !blackToMove)
    }

    /// Final score of a finished game from the side to move's view: disc difference, the
    /// empty squares going to the winner (FFO convention).
    package var finalScore: Int {
        Position.finalScore(player, opponent, empties: emptyCount)
    }

    @inline(__always)
    static func finalScore(_ p: UInt64, _ o: UInt64, empties: Int) -> Int {
        let diff = p.nonzeroBitCount - o.nonzeroBitCount
        return diff > 0 ? diff + empties : (diff < 0 ? diff - empties : 0)
    }

    /// Discs of black and white.
    package var blackDiscs: UInt64 { blackToMove ? player : opponent }
    package var whiteDiscs: UInt64 { blackToMove ? opponent : player }

    /// The board as the .obf text: squares row by row from a1, then the side to move.
    package var obfText: String {
        var s = ""
        for r in 0..<geometry.size {
            for c in 0..<geometry.size {
                let bit = UInt64(1) << UInt64(r * 8 + c)
                s.append(blackDiscs & bit != 0 ? "X" : (whiteDiscs & bit != 0 ? "O" : "-"))
            }
        }
        return s + " " + (blackToMove ? "X" : "O")
    }
}
