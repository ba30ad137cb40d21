// Fast images and canonical forms: per symmetry, one 256-entry table per byte of the
// position; the image is the OR of the looked-up bytes. Symmetries permute bits, so they
// commute with XOR: a child's images are its parent's images XOR the jump's images.

final class SymmetryTables: @unchecked Sendable {
    let order: Int
    let byteCount: Int
    let permutations: [[Int]]
    /// `table[(s * byteCount + b) * 256 + v]`: image under symmetry s of byte b holding v.
    let table: UnsafeMutablePointer<UInt64>

    init(permutations: [[Int]], holes: Int) {
        self.permutations = permutations
        order = permutations.count
        byteCount = max(1, (holes + 7) / 8)
        table = .allocate(capacity: order * byteCount * 256)
        for s in 0..<order {
            for b in 0..<byteCount {
                for v in 0..<256 {
                    var image: UInt64 = 0
                    for bit in 0..<8 where v & (1 << bit) != 0 {
                        let i = b * 8 + bit
                        if i < holes { image |= UInt64(1) << UInt64(permutations[s][i]) }
                    }
                    table[(s * byteCount + b) * 256 + v] = image
                }
            }
        }
    }

    deinit { table.deallocate() }

    /// Image of `p` under symmetry `s`.
    @inline(__always)
    func image(_ p: UInt64, _ s: Int) -> UInt64 {
        var out: UInt64 = 0
        var base = s * byteCount * 256
        var v = p
        for _ in 0..<byteCount {
            out |= table[base + Int(v & 0xff)]
            v >>= 8
            base += 256
        }
        return out
    }

    /// Smallest image of `p`: the representative of its orbit.
    @inline(__always)
    func canonical(_ p: UInt64) -> UInt64 {
        var best = p
        for s in 1..<max(order, 1) {
            let q = image(p, s)
            if q < best { best = q }
        }
        return best
    }

    /// All images of `p` into `out` (order entries).
    @inline(__always)
    func images(_ p: UInt64, into out: UnsafeMutablePointer<UInt64>) {
        for s in 0..<order { out[s] = image(p, s) }
    }

    /// Orbit size of `p`: the group order over the number of symmetries fixing `p`.
    func orbitSize(_ p: UInt64) -> Int {
        var fixed = 0
        for s in 0..<order where image(p, s) == p { fixed += 1 }
        return order / fixed
    }
}
