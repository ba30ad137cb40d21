// Stable discs on the 8x8 board with exact edges (as Edax's get_stable_edge and
// get_stable_by_contact): a disc on an edge is stable when no sequence of moves on that edge,
// by either side in any order, can flip it (a table over every edge of 8 squares, found by
// trying every continuation); an inner disc is stable when along each of the four axes its
// line is full or a neighbour on that axis is stable, grown from the edges to a fixed point.
// Edge discs flip only along their edge, so the table is exact for them, and it finds the
// discs the step-by-step growth misses (a run held between two of one's own discs, say).

extension Bitboard {
    /// [player byte << 8 | opponent byte] -> the player's discs of that 8-square line that no
    /// continuation of the line can flip. Never freed.
    nonisolated(unsafe) static let edgeStability: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 65536)
        table.initialize(repeating: 0, count: 65536)
        // Lines with more discs first: every continuation of a line has more discs.
        for discs in stride(from: 8, through: 0, by: -1) {
            for p in 0..<256 {
                for o in 0..<256 where p & o == 0 && (p | o).nonzeroBitCount == discs {
                    var stable = p
                    for x in 0..<8 where (p | o) & (1 << x) == 0 {
                        // Either side may fill x (a move there can be legal for flips off this
                        // line); the discs of the other side it brackets on the line flip.
                        let (p1, o1) = playOnLine(x, p, o)
                        stable &= Int(table[p1 << 8 | o1])
                        let (o2, p2) = playOnLine(x, o, p)
                        stable &= Int(table[p2 << 8 | o2])
                    }
                    table[p << 8 | o] = UInt8(stable)
                }
            }
        }
        return table
    }()

    /// (own, other) after `own` fills the empty square `x` of an 8-square line.
    static func playOnLine(_ x: Int, _ own: Int, _ other: Int) -> (Int, Int) {
        var flipped = 0
        for step in [-1, 1] {
            var k = x + step, run = 0
            while k >= 0, k < 8, other & (1 << k) != 0 { run |= 1 << k; k += step }
            if k >= 0, k < 8, own & (1 << k) != 0 { flipped |= run }
        }
        return (own | flipped | (1 << x), other & ~flipped)
    }

    /// [byte] -> the a-file with bit r of the byte on rank r + 1 (inverse of `fileByte`). Never freed.
    nonisolated(unsafe) static let byteToFileA: UnsafeMutablePointer<UInt64> = {
        let t = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        for b in 0..<256 {
            var f: UInt64 = 0
            for r in 0..<8 where b & (1 << r) != 0 { f |= UInt64(1) << UInt64(8 * r) }
            t[b] = f
        }
        return t
    }()

    /// The squares of file `c` (0 = a) as a byte, rank 1 in bit 0.
    @inline(__always)
    static func fileByte(_ x: UInt64, _ c: UInt64) -> Int {
        Int(truncatingIfNeeded: (((x >> c) & fileA) &* 0x0102_0408_1020_4080) >> 56)
    }

    /// The stable discs of `p` on the four edges of the 8x8 board (exact, by `edgeStability`).
    @inline(__always)
    static func stableEdges(_ p: UInt64, _ o: UInt64, table: UnsafeMutablePointer<UInt8>,
                            files: UnsafeMutablePointer<UInt64>) -> UInt64 {
        let rank1 = UInt64(table[Int(truncatingIfNeeded: p & 0xFF) << 8 | Int(truncatingIfNeeded: o & 0xFF)])
        let rank8 = UInt64(table[Int(truncatingIfNeeded: p >> 56) << 8 | Int(truncatingIfNeeded: o >> 56)]) << 56
        let fileA = files[Int(table[fileByte(p, 0) << 8 | fileByte(o, 0)])]
        let fileH = files[Int(table[fileByte(p, 7) << 8 | fileByte(o, 7)])] << 7
        return rank1 | rank8 | fileA | fileH
    }

    /// The discs of `p` that can never be flipped, on the 8x8 board: the exact edges, then the
    /// inner discs grown from them (a subset of the truly stable ones, a superset of
    /// `stableDiscs`).
    @inline(__always)
    static func stableDiscs8x8(_ p: UInt64, _ o: UInt64, table: UnsafeMutablePointer<UInt8>,
                               files: UnsafeMutablePointer<UInt64>) -> UInt64 {
        let full = fullLines(p | o)
        let inner = p & 0x007E_7E7E_7E7E_7E00
        var stable = stableEdges(p, o, table: table, files: files) | (inner & full.h & full.v & full.d9 & full.d7)
        // Inner discs only: no wrap-around masks needed for their neighbours.
        while true {
            let h = full.h | (stable << 1) | (stable >> 1)
            let v = full.v | (stable << 8) | (stable >> 8)
            let d9 = full.d9 | (stable << 9) | (stable >> 9)
            let d7 = full.d7 | (stable << 7) | (stable >> 7)
            let next = stable | (inner & h & v & d9 & d7)
            if next == stable { return stable }
            stable = next
        }
    }
}
