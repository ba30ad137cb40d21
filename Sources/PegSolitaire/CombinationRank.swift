// The colexicographic rank of a position among all positions with as many pegs: the
// combinatorial number system (Knuth, TAOCP 7.2.1.3, Theorem L). A position with k pegs on
// holes c1 < c2 < ... < ck has rank C(c1, 1) + C(c2, 2) + ... + C(ck, k), a number below
// C(n, k); consecutive ranks are consecutive integers of k bits (Gosper's hack, HAKMEM 175,
// steps from one to the next). This lets a level of the state space be one bit a position.

struct CombinationRank: @unchecked Sendable {
    /// Holes of the board (at most 64).
    let holes: Int
    /// Bytes of a position.
    let byteCount: Int
    /// `binomial[c * 65 + i]` = C(c, i), for c, i <= 64 (C(64, 32) < 2^63).
    let binomial: UnsafeMutablePointer<UInt64>
    /// `byteRank[(b * 65 + j) * 256 + v]`: the rank's share of byte b holding v when j pegs lie
    /// in the bytes below: the sum of C(8b + u, j + r) over its pegs u, the r-th in the byte.
    let byteRank: UnsafeMutablePointer<UInt64>

    init(holes: Int) {
        precondition(holes >= 1 && holes <= 64, "a board has 1 to 64 holes")
        self.holes = holes
        byteCount = (holes + 7) / 8
        binomial = .allocate(capacity: 65 * 65)
        binomial.initialize(repeating: 0, count: 65 * 65)
        for c in 0...64 {
            binomial[c * 65] = 1
            if c > 0 { for i in 1...c { binomial[c * 65 + i] = binomial[(c - 1) * 65 + i - 1] &+ binomial[(c - 1) * 65 + i] } }
        }
        byteRank = .allocate(capacity: byteCount * 65 * 256)
        for b in 0..<byteCount {
            for j in 0...64 {
                for v in 0..<256 {
                    var sum: UInt64 = 0, r = 0
                    for u in 0..<8 where v >> u & 1 != 0 {
                        r += 1
                        let c = 8 * b + u
                        if j + r <= 64 { sum &+= binomial[c * 65 + j + r] }
                    }
                    byteRank[(b * 65 + j) * 256 + v] = sum
                }
            }
        }
    }

    func free() { binomial.deallocate(); byteRank.deallocate() }

    /// C(n, k).
    @inline(__always) func choose(_ n: Int, _ k: Int) -> UInt64 {
        k < 0 || k > n ? 0 : binomial[n * 65 + k]
    }

    /// The rank of `p` among the positions of the board with as many pegs.
    @inline(__always) func rank(_ p: UInt64) -> UInt64 {
        var sum: UInt64 = 0, below = 0, v = p
        for b in 0..<byteCount {
            let byte = Int(truncatingIfNeeded: v & 0xFF)
            sum &+= byteRank[(b * 65 + below) * 256 + byte]
            below &+= byte.nonzeroBitCount
            v >>= 8
        }
        return sum
    }

    /// The position of `pegs` pegs with rank `r` (r < C(holes, pegs)).
    func unrank(_ r: UInt64, pegs: Int) -> UInt64 {
        var r = r, p: UInt64 = 0, c = holes - 1
        var i = pegs
        while i > 0 {
            // The largest hole c with C(c, i) <= r (C(i - 1, i) = 0, so c >= i - 1).
            while binomial[c * 65 + i] > r { c -= 1 }
            p |= UInt64(1) << UInt64(c)
            r -= binomial[c * 65 + i]
            c -= 1
            i -= 1
        }
        return p
    }

    /// The next position with as many pegs in rank order (Gosper's hack); p must not be the last.
    @inline(__always) static func next(_ p: UInt64) -> UInt64 {
        let lowest = p & (0 &- p)
        let ripple = p &+ lowest
        return (((ripple ^ p) >> 2) >> UInt64(lowest.trailingZeroBitCount)) | ripple
    }
}
