// Debug-build checks of Quarto's piece use: each of the 16 pieces is used at most once (on the
// board or in hand), the attribute lanes lie inside the occupied squares, and a move places the
// piece in hand on an empty square and hands over an unused piece. `Position.playing` and every
// node of `SearchThread.search` assert them; release builds compile the asserts out.

extension Board {
    /// The piece codes on the board, as a 16-bit set.
    var pieces: UInt16 {
        var set: UInt16 = 0
        var occ = occupied
        while occ != 0 {
            set |= UInt16(1) << piece(at: occ.trailingZeroBitCount)
            occ &= occ - 1
        }
        return set
    }

    /// Every attribute lane lies inside `occupied` (an empty square reads as no piece at all),
    /// and no piece stands on two squares.
    var invariantsHold: Bool {
        for a in 0..<4 where UInt16(truncatingIfNeeded: attributes >> UInt64(16 * a)) & ~occupied != 0 { return false }
        return pieces.nonzeroBitCount == occupied.nonzeroBitCount
    }
}

extension Position {
    /// The board's invariants hold and the piece in hand is not on the board.
    var invariantsHold: Bool {
        guard board.invariantsHold, let hand else { return board.invariantsHold }
        return (0..<16).contains(hand) && board.pieces >> hand & 1 == 0
    }

    /// `after` is this position with `move` played: the piece in hand now stands on the square,
    /// which was empty (no placement when no piece was in hand), and the piece handed over was
    /// neither on the board nor the one placed.
    func isMove(_ move: Move, leading after: Position) -> Bool {
        guard invariantsHold, after.invariantsHold, after.rules == rules, after.hand == move.given else { return false }
        if let hand {
            guard let s = move.square, (0..<16).contains(s), board.occupied >> s & 1 == 0,
                  after.board == board.placing(hand, at: s) else { return false }
        } else if move.square != nil || after.board != board {
            return false
        }
        if let given = move.given { return after.board.pieces >> given & 1 == 0 }
        return true
    }
}

extension SearchThread {
    /// A search node's raw state (`search`'s arguments): the board's invariants hold, and the
    /// pieces on the board, the piece in hand (none: -1) and the pieces still to hand over
    /// (`avail`) split the 16 pieces between them, each piece in exactly one place.
    static func nodeInvariantsHold(_ occ: UInt16, _ bits: UInt64, _ avail: UInt16, _ hand: Int) -> Bool {
        let board = Board(occupied: occ, attributes: bits)
        guard board.invariantsHold, hand < 16 else { return false }
        let placed = board.pieces, inHand: UInt16 = hand >= 0 ? UInt16(1) << hand : 0
        return placed & avail == 0 && placed & inHand == 0 && avail & inHand == 0 && placed | avail | inHand == 0xFFFF
    }
}
