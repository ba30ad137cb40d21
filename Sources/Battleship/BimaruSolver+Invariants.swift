// Debug-build check of the Bimaru solver's incremental counts: at every node the remaining row
// and column counts are the puzzle's counts less the ship cells placed, and the ships lie off
// the given water inside the cells their halos block. `BimaruSolver.search` asserts it; release
// builds compile the assert out.

extension BimaruSolver {
    /// At a search node: the ships placed (`occupied`) lie off the given water and inside the
    /// cells their halos block, and each row and column still needs its count less its ship
    /// cells placed, never less than zero.
    func invariantsHold(occupied: UInt128, blocked: UInt128, _ state: SearchState) -> Bool {
        guard occupied & water == 0, occupied & ~blocked == 0 else { return false }
        for r in 0..<puzzle.height where state.rowNeed[r] != puzzle.rowSums[r] - (occupied & rowMasks[r]).nonzeroBitCount
            || state.rowNeed[r] < 0 { return false }
        for c in 0..<puzzle.width where state.colNeed[c] != puzzle.colSums[c] - (occupied & colMasks[c]).nonzeroBitCount
            || state.colNeed[c] < 0 { return false }
        return true
    }
}
