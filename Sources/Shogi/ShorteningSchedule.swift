// The order in which the exact shortest-mate search tries its length bounds, between the
// largest bound disproven and the shortest mate proven.

/// Which bound to search next when shortening a proven mate to the exact minimum.
///
/// Mate within a bound is monotone in the bound, so the exact length is the smallest odd bound
/// that still proves. What costs is the disproofs, and a disproof's cost depends on what the
/// table already holds: one searched straight after a proof of a much longer bound (or the
/// unbounded first proof) can cost many times more than the same disproof reached by steps of
/// two plies from a smaller bound, whose searches leave work-in-progress entries shaped for the
/// next one (iterative deepening); the climb prepares the final proof the same way.
/// So the first bound is 16 plies under the first proof, not 2; while proofs keep coming the
/// step doubles (a first proof of hundreds of plies where one of 5 exists costs a few searches,
/// not hundreds); once a bound is disproven, the bounds above it are searched in steps of two
/// (bisecting first while the bracket is wider than `ascentGap`). A caller that expects a
/// length E (a tsume book's) may name the first bound instead, E - 2: a problem of that length
/// is then decided by one disproof and the proof above it (zukou-001, E = 69: composer bound 67
/// disproven in 156M nodes, where the climb from 63 had left its first bound open at 100M).
/// The bounds searched change, never the answer.
struct ShorteningSchedule {
    /// Plies under the first proof of the first bound tried.
    static let firstStep = 16
    /// Brackets wider than this are bisected before the ascent.
    static let ascentGap = 32

    /// The shortest mate proven so far (plies, odd).
    private(set) var proven: Int
    /// The largest bound shown to have no mate within it; -1 when none is.
    private(set) var disproven = -1
    private var step = ShorteningSchedule.firstStep
    /// A first bound other than `proven - firstStep` (nil: none, or already searched).
    private var firstBound: Int?

    /// `firstBound`: the bound to search first, when it is odd and under `proven`.
    /// `noMateWithin`: no mate within that many plies is known already (an earlier run's
    /// disproofs, `--resume`); the search starts above it.
    init(proven: Int, firstBound: Int? = nil, noMateWithin: Int = -1) {
        self.proven = proven
        if noMateWithin >= 1 { record(bound: -1, provenLength: nil, noMateWithin: noMateWithin) }
        if let b = firstBound, b > disproven, b < proven, b % 2 == 1 { self.firstBound = b }
    }

    /// True when no odd bound is left between the two: `proven` is the exact length.
    var isExact: Bool { proven - disproven <= 2 }

    /// The next bound to search: odd, above `disproven` and under `proven` (while not exact).
    var nextBound: Int {
        if let b = firstBound { return b }
        if disproven < 0 { return max(1, proven - step) }
        if proven - disproven > ShorteningSchedule.ascentGap {
            let middle = (proven + disproven) / 2
            return middle % 2 == 0 ? middle - 1 : middle
        }
        return disproven + 2
    }

    /// Records a search's outcome: a mate of `provenLength` plies (at most `bound`) or, when
    /// nil, no mate within `bound`, or within `noMateWithin` plies when the disproof showed more
    /// (a disproof's depth is the least of its children's: Microcosmos' disproof of 1469 showed
    /// none within 1521, which spares the climb 26 searches).
    mutating func record(bound: Int, provenLength: Int?, noMateWithin: Int = 0) {
        firstBound = nil
        if let length = provenLength {
            proven = min(proven, length)
            if disproven < 0 { step *= 2 }
        } else {
            // mates are odd: no mate within an even d is none within d - 1; and a mate is proven
            let shown = min(noMateWithin % 2 == 0 ? noMateWithin - 1 : noMateWithin, proven - 2)
            disproven = max(disproven, bound, shown)
        }
    }
}
