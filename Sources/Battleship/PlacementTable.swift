// PlacementTable: every straight placement of each distinct ship length on a board, with the
// precomputed overlap sets ("which placements of length b overlap placement p") and cover sets
// ("which placements of length b cover cell x") that let the counter update candidate sets with
// a few word operations per ship placed.

/// Immutable tables shared by all threads; raw buffers so the hot loop does no ARC or bounds checks.
final class PlacementTable: @unchecked Sendable {
    let shape: BoardShape
    /// The distinct lengths, one "class" each.
    let classLengths: [Int]
    /// Global index of a class's first placement.
    let classOffset: [Int]
    let classSize: [Int]
    let totalPlacements: Int
    /// Cell mask of each placement (global index).
    let masks: UnsafeMutablePointer<UInt128>
    /// conflicts[global * classCount + k]: placements of class k overlapping that placement.
    let conflicts: UnsafeMutablePointer<PlacementSet>
    /// covers[cell * classCount + k]: placements of class k covering that cell.
    let covers: UnsafeMutablePointer<PlacementSet>
    /// Index of a mask within its class, for symmetry images.
    let indexOfMask: [UInt128: Int]

    var classCount: Int { classLengths.count }

    init(shape: BoardShape, lengths: [Int]) {
        self.shape = shape
        let distinct = Array(Set(lengths)).sorted(by: >)
        classLengths = distinct
        var all: [[UInt128]] = []
        for length in distinct {
            var list: [UInt128] = []
            // Horizontal first, then vertical; a one-cell ship has one placement per cell.
            if length <= shape.width {
                for r in 0..<shape.height {
                    for c in 0...(shape.width - length) {
                        var m: UInt128 = 0
                        for k in 0..<length { m |= shape.bit(shape.cell(col: c + k, row: r)) }
                        list.append(m)
                    }
                }
            }
            if length > 1 && length <= shape.height {
                for c in 0..<shape.width {
                    for r in 0...(shape.height - length) {
                        var m: UInt128 = 0
                        for k in 0..<length { m |= shape.bit(shape.cell(col: c, row: r + k)) }
                        list.append(m)
                    }
                }
            }
            all.append(list)
        }
        var offsets: [Int] = []
        var total = 0
        for list in all { offsets.append(total); total += list.count }
        classOffset = offsets
        classSize = all.map(\.count)
        totalPlacements = total
        let k = distinct.count
        masks = .allocate(capacity: max(total, 1))
        var index: [UInt128: Int] = [:]
        for (ci, list) in all.enumerated() {
            for (p, m) in list.enumerated() { masks[offsets[ci] + p] = m; index[m] = p }
        }
        indexOfMask = index
        conflicts = .allocate(capacity: max(total * k, 1))
        covers = .allocate(capacity: max(shape.cellCount * k, 1))
        for i in 0..<(shape.cellCount * k) { covers[i] = PlacementSet() }
        for (ci, list) in all.enumerated() {
            for (p, m) in list.enumerated() {
                var mm = m
                while mm != 0 {
                    covers[mm.trailingZeroBitCount * k + ci].insert(p)
                    mm &= mm &- 1
                }
            }
        }
        for g in 0..<total {
            let m = masks[g]
            for cj in 0..<k {
                var set = PlacementSet()
                var mm = m
                while mm != 0 {
                    set = set.union(covers[mm.trailingZeroBitCount * k + cj])
                    mm &= mm &- 1
                }
                conflicts[g * k + cj] = set
            }
        }
    }

    deinit {
        masks.deallocate()
        conflicts.deallocate()
        covers.deallocate()
    }

    func classIndex(ofLength length: Int) -> Int { classLengths.firstIndex(of: length)! }

    func mask(class c: Int, _ p: Int) -> UInt128 { masks[classOffset[c] + p] }

    /// Placements of class c lying inside `allowed`.
    func placements(class c: Int, inside allowed: UInt128) -> PlacementSet {
        var set = PlacementSet()
        for p in 0..<classSize[c] where masks[classOffset[c] + p] & ~allowed == 0 { set.insert(p) }
        return set
    }

    /// Placements of class c touching any cell of `cells`.
    func placements(class c: Int, touching cells: UInt128) -> PlacementSet {
        var set = PlacementSet()
        var m = cells
        while m != 0 {
            set = set.union(covers[m.trailingZeroBitCount * classCount + c])
            m &= m &- 1
        }
        return set
    }
}
