// Debug-build checks of a shogi position's redundant state: the colour and slider bitboards, the
// king squares, the pawn counts per file and both Zobrist keys must all agree with the board and
// the hands. `play` and `undo` assert them, so a debug test run checks every move it makes.

extension Position {
    /// Whether every piece of derived state matches the board and hands (recomputed from scratch).
    func invariantsHold() -> Bool {
        var occupiedFound = InlineArray<2, UInt128>(repeating: 0)
        var slidersFound = InlineArray<2, UInt128>(repeating: 0)
        var kings = InlineArray<2, Int8>(repeating: -1)
        var pawns = InlineArray<18, UInt8>(repeating: 0)
        var key: UInt64 = sideToMove == 1 ? Zobrist.side : 0
        for sq in 0..<81 {
            let p = piece(sq)
            guard p != 0 else { continue }
            let color = Piece.color(p), type = Piece.type(p)
            guard color <= 1, (1...Piece.dragon).contains(type) else { return false }
            occupiedFound[color] |= Geometry.bit(sq)
            if Piece.slides(p) { slidersFound[color] |= Geometry.bit(sq) }
            if type == Piece.king {
                guard kings[color] == -1 else { return false }   // two kings of one colour
                kings[color] = Int8(sq)
            }
            if type == Piece.pawn { pawns[color * 9 + sq / 9] += 1 }
            key ^= Zobrist.piece(p, sq)
        }
        var handKeyFound: UInt64 = 0
        for color in 0..<2 {
            for type in 1...7 { handKeyFound &+= UInt64(hands[color].count(type)) &* Zobrist.hand(color, type) }
        }
        for i in 0..<18 where pawns[i] != pawnCount[i] { return false }
        return occupiedFound[0] == occupied[0] && occupiedFound[1] == occupied[1]
            && occupied[0] & occupied[1] == 0
            && slidersFound[0] == sliders[0] && slidersFound[1] == sliders[1]
            && kings[0] == kingSquare[0] && kings[1] == kingSquare[1]
            && key == boardKey && handKeyFound == handKey
            && (sideToMove == 0 || sideToMove == 1)
    }
}
