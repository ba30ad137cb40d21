// ProbCut for the selective passes that come before an exact search (Buro, "ProbCut: an
// effective selective extension of the alpha-beta algorithm", ICCA Journal 18, 1995; Edax
// and Egaroucid search their endgames at rising selectivity the same way). A null-window
// test whose shallow evaluation search lies far beyond the window is answered by that search
// alone. The passes' values are guesses: their table entries are marked selective, and the
// exact search takes only their moves, which order its nodes.

/// Where the selective passes run and how selective they are.
package struct SelectiveSettings: Sendable {
    /// Passes run before an exact search of this many empties or more (8x8 only: the
    /// shallow searches need the learned evaluation).
    package var rootMinEmpties: Int
    /// ProbCut is tried at nodes with this many empties or more, with a 2-ply search, and a
    /// 4-ply one from `deepEmpties`.
    package var probCutMinEmpties: Int
    package var deepEmpties: Int
    /// One pass per margin, in discs (the shallow search's value must lie this far beyond the
    /// window), each starting from the value of the one before.
    package var margins: [Int]

    package init(rootMinEmpties: Int, probCutMinEmpties: Int, deepEmpties: Int, margins: [Int]) {
        self.rootMinEmpties = rootMinEmpties
        self.probCutMinEmpties = probCutMinEmpties
        self.deepEmpties = deepEmpties
        self.margins = margins
    }

    /// Measured by one-thread node counts (tuned on FFO #20-#39, 133.2 M nodes without):
    /// margin 12 from 10 empties 99.2 M; margins 10-16 within 92-105 M; from 14 or 18 empties
    /// 119 M and 138 M; a second pass at margin 6 after 20 worse (112 M). FFO #40-#49: 811.0 M
    /// without, 556.9 M with.
    nonisolated(unsafe) package static var standard =
        SelectiveSettings(rootMinEmpties: 20, probCutMinEmpties: 10, deepEmpties: 24, margins: [12])
    package static let off = SelectiveSettings(rootMinEmpties: 99, probCutMinEmpties: 99, deepEmpties: 99, margins: [])
}

extension EndgameSearch {
    /// The test "value > alpha" answered by a shallow search, when it lies `probCutMargin`
    /// discs or more beyond the window; nil when the node must be searched.
    @inline(__always)
    mutating func probCut(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int) -> Int? {
        guard patternWeights != nil else { return nil }
        let depth = n >= selective.deepEmpties ? 4 : 2
        let u = PatternEvaluation.unitsPerDisc
        let high = (alpha + 1 + probCutMargin) * u
        if alpha + 1 + probCutMargin <= squareCount, evalSearch(p, o, high - 1, high, depth) >= high { return alpha + 1 }
        let low = (alpha - probCutMargin) * u
        if alpha - probCutMargin >= -squareCount, evalSearch(p, o, low, low + 1, depth) <= low { return alpha }
        return nil
    }
}
