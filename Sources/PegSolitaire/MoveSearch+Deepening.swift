// Iterative deepening over the move bound: searches bounded by D = L, L + 1, ... (each from
// scratch), L the Merson bound at the starts. The smaller D, the more the Merson regions prune,
// so each search costs far less than an unbounded one, and the ones before the last cost little
// beside it; a search stopped by memory or time still leaves every D before it decided. (Depth-
// first iterative deepening: Korf, "Depth-first iterative-deepening", Artificial Intelligence
// 27, 1985; here each iteration is the bidirectional breadth-first search.)

import SolverKit

extension MoveSearch {
    /// No solution has fewer moves: the Merson bound at the best start.
    var startBound: Int { max(0, starts.map(movesToFinish).min() ?? 0) }

    /// The fewest moves if they are at most `last`: the first bound that meets gives them, with
    /// the solution; else `movesAtLeast` is one past the largest bound shown to hold none
    /// (`last + 1` when every bound through `last` was), or what a stopped search decided.
    /// Without a solution the levels reported are those of the last bound decided.
    func solveDeepening(through last: Int) -> MoveSearchResult {
        let t0 = monotonicSeconds()
        var children: UInt64 = 0, peak = 0
        var lower = startBound
        var result = MoveSearchResult()
        // The last search that decided its bound: its levels describe the result when a later
        // one is stopped (the stopped one decided nothing).
        var decided: MoveSearchResult? = nil
        while lower <= last {
            moveBound = lower
            moveLimit = lower
            result = solve()
            children &+= result.children
            peak = max(peak, result.peakBytes)
            log?("move bound \(lower): \(result.moves.map { "met, \($0) moves" } ?? (result.movesAtLeast > lower ? "none" : "stopped")), \(children) chain positions")
            if result.moves != nil || result.movesAtLeast <= lower { break }
            decided = result
            lower += 1
        }
        if result.moves == nil {
            result.movesAtLeast = max(result.movesAtLeast, lower)
            if let d = decided {
                (result.forwardLevels, result.backwardLevels) = (d.forwardLevels, d.backwardLevels)
                (result.levelsPastBound, result.streamedToFinishes) = (d.levelsPastBound, d.streamedToFinishes)
            }
        }
        result.children = children
        result.peakBytes = peak
        result.seconds = monotonicSeconds() - t0
        return result
    }
}
