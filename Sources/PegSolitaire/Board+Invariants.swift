// Debug-build checks of peg positions: a position has pegs on the board's holes only, as many as
// the search thinks, and its canonical form under the symmetry group keeps the peg count. The
// depth-first solver asserts them at every node.

extension Board {
    /// `p` has exactly `pegs` pegs, all on holes of this board.
    func holds(_ p: UInt64, pegs: Int) -> Bool {
        p & ~allHoles == 0 && p.nonzeroBitCount == pegs
    }
}

extension SymmetryTables {
    /// The canonical form of `p` is one of its images: same peg count, never larger than `p`.
    func canonicalIsAnImage(of p: UInt64) -> Bool {
        let c = canonical(p)
        return c.nonzeroBitCount == p.nonzeroBitCount && c <= p
    }
}
