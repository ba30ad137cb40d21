// The threats of a position, square by square: which pieces would complete a line if placed
// on a square, read off per-line shared attribute values instead of rescanning every line.

/// For each empty square t: `open[t]`, the attribute values (danger bits: attribute a at value
/// 0 is bit a, at value 1 bit 4 + a) shared by the three pieces of a line whose empty square is
/// not t; `pairs[t]`, those shared by the two pieces of a line through t. After some piece p is
/// placed on t, the pieces that complete a line are `deadly[open[t] | pairs[t] & danger(p)]`:
/// lines with three pieces keep their threat unless t filled them, and a line with two pieces
/// through t gets one on the values the two pieces share with p.
struct Threats {
    var open = SIMD16<UInt8>(repeating: 0)
    var pairs = SIMD16<UInt8>(repeating: 0)
}

extension SearchThread {
    /// Danger bits of a piece's own values (bit a when attribute a is 0, bit 4 + a when it is 1).
    @inline(__always) static func dangerBits(_ piece: Int) -> UInt8 {
        let p = UInt8(piece)
        return ~p & 0xF | p << 4
    }

    /// The threats of the position (occupied squares, attribute lanes), see `Threats`.
    @inline(__always) func threats(_ occ: UInt16, _ bits: UInt64) -> Threats {
        var t = Threats()
        for i in 0..<lineCount {
            let l = lines[i]
            let o = occ & l
            let n = o.nonzeroBitCount
            if n < 2 || n == 4 { continue }
            let x = bits & lineLanes[i]
            let shared = UInt8(SearchThread.zeroLanes(x) | SearchThread.zeroLanes(x ^ (UInt64(o) &* 0x0001_0001_0001_0001)) << 4)
            if shared == 0 { continue }
            let free = l & ~occ
            if n == 3 {
                var v = SIMD16<UInt8>(repeating: shared)
                v[free.trailingZeroBitCount] = 0
                t.open |= v
            } else {
                let a = free.trailingZeroBitCount, b = 15 - free.leadingZeroBitCount
                t.pairs[a] |= shared
                t.pairs[b] |= shared
            }
        }
        return t
    }

    /// The pieces that would complete a line after `piece` is placed on the empty square `square`.
    @inline(__always) func deadlyAfter(_ t: Threats, _ square: Int, _ piece: Int) -> UInt16 {
        deadly[Int(t.open[square] | t.pairs[square] & SearchThread.dangerBits(piece))]
    }

    /// The (placement, safe piece) replies the opponent has after being handed `piece` in the
    /// position with threats `t`, with `left` the pieces they could hand on.
    @inline(__always) func replies(_ t: Threats, _ occ: UInt16, _ piece: Int, _ left: UInt16) -> Int {
        var replies = 0
        var e = ~occ
        while e != 0 {
            let s = e.trailingZeroBitCount
            e &= e - 1
            replies &+= (left & ~deadlyAfter(t, s, piece)).nonzeroBitCount
        }
        return replies
    }
}
