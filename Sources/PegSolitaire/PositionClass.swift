// Position classes: the GF(2)-linear invariants of jumps. A jump flips its three holes, so
// the parity of the pegs on a hole set V is invariant iff every jump meets V in an even
// number of holes. These V form the null space of the jump incidence matrix over GF(2);
// on the English and French boards it is the classical three-colour argument (16 classes;
// Beasley, "The Ins and Outs of Peg Solitaire", ch. 4; de Bruijn 1972).

struct PositionClass: Sendable {
    /// A basis of the invariant hole sets.
    let basis: [UInt64]

    init(board: Board) {
        // Row-reduce the jump flip masks; the free columns give the null space basis.
        var pivotRows: [(pivot: Int, row: UInt64)] = []
        for jump in board.jumps {
            var row = jump.flip
            for (p, r) in pivotRows where row & (UInt64(1) << UInt64(p)) != 0 { row ^= r }
            guard row != 0 else { continue }
            let p = row.trailingZeroBitCount
            // Keep the reduced form: clear the new pivot from the other rows.
            for k in pivotRows.indices where pivotRows[k].row & (UInt64(1) << UInt64(p)) != 0 {
                pivotRows[k].row ^= row
            }
            pivotRows.append((p, row))
        }
        let pivots = Set(pivotRows.map { $0.pivot })
        var basis: [UInt64] = []
        for f in 0..<board.holeCount where !pivots.contains(f) {
            var v = UInt64(1) << UInt64(f)
            for (p, r) in pivotRows where r & (UInt64(1) << UInt64(f)) != 0 { v |= UInt64(1) << UInt64(p) }
            basis.append(v)
        }
        // Every basis vector must meet every jump evenly (checked, not assumed).
        for v in basis { for jump in board.jumps { precondition((v & jump.flip).nonzeroBitCount & 1 == 0) } }
        self.basis = basis
    }

    /// The class of a position: one parity bit per basis vector.
    func of(_ p: UInt64) -> UInt64 {
        var c: UInt64 = 0
        for (k, v) in basis.enumerated() where (p & v).nonzeroBitCount & 1 == 1 { c |= UInt64(1) << UInt64(k) }
        return c
    }

    /// Number of classes.
    var classCount: Int { 1 << basis.count }

    /// The holes where a single peg lies in the class of `start`: the only possible finishes.
    func possibleFinishes(from start: UInt64, holes: Int) -> [Int] {
        let c = of(start)
        return (0..<holes).filter { of(UInt64(1) << UInt64($0)) == c }
    }
}
