// The table-free search of the last few empties (5 to 7, Edax's search_shallow): null-window
// only, odd quadrants first (mobility first at 7 empties, EndgameSearch+ShallowOrdering.swift),
// stability cut-offs, down to the last-empties solvers. Wider windows, which only the
// principal variation's checks ask for, are answered by a few null-window tests.

extension EndgameSearch {
    /// The value of (p, o) against the null window (alpha, alpha + 1), fail-soft, for at most
    /// `shallowEmpties` empties.
    @inline(__always)
    mutating func nullWindow(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int) -> Int {
        if n > 4 { return shallow(p, o, alpha, n, odd: geometry.oddQuadrants(mask & ~(p | o))) }
        return solveFew(p, o, alpha, n)
    }

    /// Exact value within (alpha, beta), fail-soft, by null-window tests: each test above the
    /// last bound proven either shows the value is that bound or raises it.
    mutating func byNullWindows(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ beta: Int, _ n: Int) -> Int {
        var v = nullWindow(p, o, alpha, n)
        while v > alpha && v < beta {
            // value >= v; is it more?
            let w = nullWindow(p, o, v, n)
            if w <= v { return v }
            v = w
        }
        return v
    }

    /// Alpha-beta without the table against (alpha, alpha + 1), for 5 to `shallowEmpties`
    /// empties. `odd`: the quadrants with an odd number of empties (geometry.oddQuadrants),
    /// kept up to date by toggling the quadrant of each move played.
    mutating func shallow(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int, odd: UInt64) -> Int {
        nodes &+= 1
        if let bound = stabilityBound(p, o, alpha, n) { return bound }
        if n >= shallowSortMinEmpties {
            let moves = Bitboard.moves(p, o) & mask
            if moves != 0 { return shallowSorted(p, o, alpha, n, odd: odd, moves: moves) }
        } else {
            // The empty squares, odd quadrants first; one that flips nothing is no move (no
            // move generation: most nodes cut at their first move).
            let empties = mask & ~(p | o)
            let childAlpha = -alpha - 1
            var best = Int.min
            for pass in 0..<2 {
                var m = pass == 0 ? empties & odd : empties & ~odd
                while m != 0 {
                    let sq = m.trailingZeroBitCount
                    m &= m &- 1
                    let f = flipsNear(sq, p, o)
                    if f == 0 { continue }
                    let np = o ^ f, no = p ^ f ^ EndgameSearch.bit(sq)
                    let childOdd = odd ^ quadrantOf[sq]
                    let score = n == 5 ? -solve4(np, no, childAlpha, odd: childOdd)
                        : -shallow(np, no, childAlpha, n - 1, odd: childOdd)
                    if score > best {
                        best = score
                        if score > alpha { return best }
                    }
                }
            }
            if best != Int.min { return best }
        }
        return shallowWithoutMove(p, o, alpha, n, odd: odd)
    }

    /// `shallow` where the side to move has no move: a pass, or the game is over.
    @inline(__always)
    mutating func shallowWithoutMove(_ p: UInt64, _ o: UInt64, _ alpha: Int, _ n: Int, odd: UInt64) -> Int {
        if Bitboard.moves(o, p) & mask == 0 { return Position.finalScore(p, o, empties: n) }
        return -shallow(o, p, -alpha - 1, n, odd: odd)
    }
}
