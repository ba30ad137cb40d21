// Debug-build checks of a Reversi position: the two sides' discs are disjoint and on the board,
// and a move adds exactly one disc and flips at least one. `playing` asserts them.

extension Position {
    /// The discs of the two sides are disjoint and inside the board's mask.
    func invariantsHold() -> Bool {
        player & opponent == 0 && (player | opponent) & ~geometry.mask == 0
    }

    /// `after` is this position with `square` played: one disc more, at least one flipped, none
    /// of the mover's discs lost.
    func isMove(_ square: Int, leading after: Position) -> Bool {
        let bit = UInt64(1) << UInt64(square)
        let flipped = after.opponent & ~player & ~bit   // the mover's discs after, that were not theirs
        return after.invariantsHold() && empties & bit != 0
            && (after.player | after.opponent).nonzeroBitCount == (player | opponent).nonzeroBitCount + 1
            && after.opponent & player == player && flipped != 0 && flipped & opponent == flipped
    }
}
