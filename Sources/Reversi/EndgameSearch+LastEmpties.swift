// Hand-specialised solvers for the last four empty squares: null-window only (beta is
// alpha + 1, as every search this close to the end is), no move generation (a square is
// legal when it flips something), no table, squares in odd quadrants first (as in Edax's
// search_solve_4 .. solve_1). Scores are exact final disc differences, fail-soft.

extension EndgameSearch {
    /// Entry for 0-4 empties: collects the empty squares (odd quadrants first) and solves.
    @inline(__always)
    mutating func solveFew(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int) -> Int {
        let empties = mask & ~(p | o)
        switch n {
        case 4:
            return solve4(p, o, alpha, odd: geometry.oddQuadrants(empties))
        case 3:
            var e = empties
            let a = e.trailingZeroBitCount; e &= e &- 1
            let b = e.trailingZeroBitCount; e &= e &- 1
            return solve3(p, o, alpha, a, b, e.trailingZeroBitCount)
        case 2:
            let a = empties.trailingZeroBitCount
            let b = (empties & (empties &- 1)).trailingZeroBitCount
            return solve2(p, o, alpha, a, b)
        case 1:
            return solve1(p, o, alpha, empties.trailingZeroBitCount)
        default:
            nodes &+= 1
            return Position.finalScore(p, o, empties: 0)
        }
    }

    /// Four empties: orders them odd quadrants first (`odd` as in `shallow`) and solves.
    @inline(__always)
    mutating func solve4(_ p: UInt64, _ o: UInt64, _ alpha: Int, odd: UInt64) -> Int {
        let empties = mask & ~(p | o)
        // Odd quadrants first: take from `e`, then from `rest`.
        var e = empties & odd, rest = empties & ~odd
        if e == 0 { e = rest; rest = 0 }
        let x1 = e.trailingZeroBitCount; e &= e &- 1
        if e == 0 { e = rest; rest = 0 }
        let x2 = e.trailingZeroBitCount; e &= e &- 1
        if e == 0 { e = rest; rest = 0 }
        let x3 = e.trailingZeroBitCount; e &= e &- 1
        if e == 0 { e = rest }
        return solve4(p, o, alpha, x1, x2, x3, e.trailingZeroBitCount)
    }

    /// The last empty square against (alpha, alpha + 1): whoever can play there does (flip
    /// counts by table, Bitboard+LastFlip.swift). When the side to move cannot play there and
    /// even the best case left fails low, that bound is returned without counting the
    /// opponent's flips (Edax's lazy cut-off).
    @inline(__always)
    mutating func solve1(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ x: Int) -> Int {
        nodes &+= 1
        // Disc difference before the last disc: o = the other filled squares.
        let diff = 2 * p.nonzeroBitCount - (squareCount - 1)
        var n = Bitboard.lastFlipCount(x, p, lines: lastFlipLines, diagonals: squareDiagonals)
        if n != 0 { return diff + 1 + 2 * n }
        // Now at most diff + 1 (nobody plays, diff > 0), below that if the opponent plays.
        let most = diff > 0 ? diff + 1 : diff - 1
        if most <= alpha { return most }
        n = Bitboard.lastFlipCount(x, o, lines: lastFlipLines, diagonals: squareDiagonals)
        if n != 0 { return diff - 1 - 2 * n }
        return diff > 0 ? diff + 1 : (diff < 0 ? diff - 1 : 0)
    }

    @inline(__always)
    static func bit(_ x: Int) -> UInt64 { UInt64(1) &<< UInt64(x) }

    /// Discs flipped by `p` on `x`, skipping the flip computation when no disc of `o` touches
    /// `x` (then nothing can flip; most squares near the end fail this cheap test, as in Edax).
    @_transparent
    func flipsNear(_ x: Int, _ p: UInt64, _ o: UInt64) -> UInt64 {
        o & neighbours[x] != 0 ? flips(x, p, o) : 0
    }

    @inline(__always)
    mutating func solve2(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ x1: Int, _ x2: Int) -> Int {
        nodes &+= 1
        let childAlpha = -alpha - 1
        var f = flipsNear(x1, p, o)
        if f != 0 {
            let best = -solve1(o ^ f, p ^ f ^ EndgameSearch.bit(x1), childAlpha, x2)
            if best > alpha { return best }
            f = flipsNear(x2, p, o)
            if f != 0 { return max(best, -solve1(o ^ f, p ^ f ^ EndgameSearch.bit(x2), childAlpha, x1)) }
            return best
        }
        f = flipsNear(x2, p, o)
        if f != 0 { return -solve1(o ^ f, p ^ f ^ EndgameSearch.bit(x2), childAlpha, x1) }
        // Pass: the opponent moves (minimising our score), p is to move at the last square.
        f = flipsNear(x1, o, p)
        if f != 0 {
            let worst = solve1(p ^ f, o ^ f ^ EndgameSearch.bit(x1), alpha, x2)
            if worst <= alpha { return worst }
            f = flipsNear(x2, o, p)
            if f != 0 { return min(worst, solve1(p ^ f, o ^ f ^ EndgameSearch.bit(x2), alpha, x1)) }
            return worst
        }
        f = flipsNear(x2, o, p)
        if f != 0 { return solve1(p ^ f, o ^ f ^ EndgameSearch.bit(x2), alpha, x1) }
        return Position.finalScore(p, o, empties: 2)
    }

    mutating func solve3(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ x1In: Int, _ x2In: Int, _ x3In: Int) -> Int {
        nodes &+= 1
        // Parity: a square alone in its quadrant first (with two in another, the one odd region).
        var x1 = x1In, x2 = x2In, x3 = x3In
        let empties = EndgameSearch.bit(x1) | EndgameSearch.bit(x2) | EndgameSearch.bit(x3)
        if quadrantOf[x1] & empties != EndgameSearch.bit(x1) {
            if quadrantOf[x2] & empties == EndgameSearch.bit(x2) {
                swap(&x1, &x2)
            } else if quadrantOf[x3] & empties == EndgameSearch.bit(x3) {
                (x1, x2, x3) = (x3, x1, x2)
            }
        }
        let childAlpha = -alpha - 1
        var best = Int.min
        var f = flipsNear(x1, p, o)
        if f != 0 {
            best = -solve2(o ^ f, p ^ f ^ EndgameSearch.bit(x1), childAlpha, x2, x3)
            if best > alpha { return best }
        }
        f = flipsNear(x2, p, o)
        if f != 0 {
            let s = -solve2(o ^ f, p ^ f ^ EndgameSearch.bit(x2), childAlpha, x1, x3)
            if s > alpha { return s }
            best = max(best, s)
        }
        f = flipsNear(x3, p, o)
        if f != 0 {
            return max(best, -solve2(o ^ f, p ^ f ^ EndgameSearch.bit(x3), childAlpha, x1, x2))
        }
        if best != Int.min { return best }
        // Pass, if the opponent can move; otherwise the game is over.
        if flipsNear(x1, o, p) | flipsNear(x2, o, p) | flipsNear(x3, o, p) == 0 {
            return Position.finalScore(p, o, empties: 3)
        }
        return -solve3(o, p, childAlpha, x1, x2, x3)
    }

    mutating func solve4(_ p: UInt64, _ o: UInt64, _ alpha: Int,
                         _ x1: Int, _ x2: Int, _ x3: Int, _ x4: Int) -> Int {
        nodes &+= 1
        if let bound = stabilityBound(p, o, alpha, 4) { return bound }
        let childAlpha = -alpha - 1
        var best = Int.min
        var f = flipsNear(x1, p, o)
        if f != 0 {
            best = -solve3(o ^ f, p ^ f ^ EndgameSearch.bit(x1), childAlpha, x2, x3, x4)
            if best > alpha { return best }
        }
        f = flipsNear(x2, p, o)
        if f != 0 {
            let s = -solve3(o ^ f, p ^ f ^ EndgameSearch.bit(x2), childAlpha, x1, x3, x4)
            if s > alpha { return s }
            best = max(best, s)
        }
        f = flipsNear(x3, p, o)
        if f != 0 {
            let s = -solve3(o ^ f, p ^ f ^ EndgameSearch.bit(x3), childAlpha, x1, x2, x4)
            if s > alpha { return s }
            best = max(best, s)
        }
        f = flipsNear(x4, p, o)
        if f != 0 {
            return max(best, -solve3(o ^ f, p ^ f ^ EndgameSearch.bit(x4), childAlpha, x1, x2, x3))
        }
        if best != Int.min { return best }
        if flipsNear(x1, o, p) | flipsNear(x2, o, p) | flipsNear(x3, o, p) | flipsNear(x4, o, p) == 0 {
            return Position.finalScore(p, o, empties: 4)
        }
        return -solve4(o, p, childAlpha, x1, x2, x3, x4)
    }
}
