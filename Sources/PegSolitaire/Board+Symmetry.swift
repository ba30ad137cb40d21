// The board's symmetry group, derived from its geometry: the lattice-preserving maps
// (8 of the square lattice, 12 of the triangular one) that carry the hole set onto itself.

extension Board {
    /// Every automorphism of the hole set as a permutation (`perm[i]` = image of hole i),
    /// identity first.
    func automorphisms() -> [[Int]] {
        // Work in coordinates where the point group is linear: (row, col) on squares,
        // axial (row, q) on triangles.
        let parity = rows.isEmpty ? 0 : (rows[0] + cols[0]) & 1
        let points: [(Int, Int)] = rows.indices.map { i in
            lattice == .square ? (rows[i], cols[i]) : (rows[i], (cols[i] - rows[i] - parity) / 2)
        }
        var maps: [((Int, Int)) -> (Int, Int)] = []
        switch lattice {
        case .square:
            for swap in [false, true] {
                for sr in [1, -1] {
                    for sc in [1, -1] {
                        maps.append { p in swap ? (sr * p.1, sc * p.0) : (sr * p.0, sc * p.1) }
                    }
                }
            }
        case .triangular:
            // Cube coordinates x = q, z = r, y = -q - r; the 12 maps permute them and
            // may negate all three.
            let perms = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [2, 1, 0], [1, 0, 2]]
            for sign in [1, -1] {
                for perm in perms {
                    maps.append { p in
                        let cube = [p.1, -p.1 - p.0, p.0]
                        let image = perm.map { sign * cube[$0] }
                        return (image[2], image[0])   // (r, q)
                    }
                }
            }
        }
        var index: [Coordinate: Int] = [:]
        for (i, p) in points.enumerated() { index[Coordinate(p.0, p.1)] = i }
        let lowest = points.min { $0 < $1 }!
        var group: [[Int]] = []
        for map in maps {
            let images = points.map(map)
            let imageLowest = images.min { $0 < $1 }!
            let dr = lowest.0 - imageLowest.0, dc = lowest.1 - imageLowest.1
            var perm: [Int] = []
            for image in images {
                guard let j = index[Coordinate(image.0 + dr, image.1 + dc)] else { break }
                perm.append(j)
            }
            if perm.count == points.count && !group.contains(perm) { group.append(perm) }
        }
        return group
    }

    /// The automorphisms that fix every position in `fixed` (as sets of pegs).
    func symmetries(fixing fixed: [UInt64]) -> [[Int]] {
        automorphisms().filter { perm in fixed.allSatisfy { Board.apply(perm, $0) == $0 } }
    }

    /// The symmetries a search for `problem` may identify: those fixing the target hole.
    func symmetries(for target: PegTarget) -> [[Int]] {
        if case .hole(let t) = target { return symmetries(fixing: [UInt64(1) << UInt64(t)]) }
        return automorphisms()
    }

    /// Image of a position under a permutation (slow; tables do this fast).
    static func apply(_ perm: [Int], _ p: UInt64) -> UInt64 {
        var out: UInt64 = 0
        var bits = p
        while bits != 0 {
            let i = bits.trailingZeroBitCount
            bits &= bits - 1
            out |= UInt64(1) << UInt64(perm[i])
        }
        return out
    }
}
