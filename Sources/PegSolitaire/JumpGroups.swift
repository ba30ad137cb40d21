// Bit-parallel move generation: the jumps grouped by their index offsets (over = from + a,
// to = from + b), so one group's legal jumps are `mask & p & shift(p, a) & ~shift(p, b)`.
// On the English board 76 jumps fall into 12 groups.

struct JumpGroups: @unchecked Sendable {
    struct Group { var a: Int; var b: Int; var mask: UInt64 }
    let groups: [Group]
    let count: Int
    /// Per group: shift amounts and masks, as raw arrays for the hot loop.
    let shiftOver: UnsafeMutablePointer<UInt64>
    let shiftTo: UnsafeMutablePointer<UInt64>
    let forward: UnsafeMutablePointer<Bool>
    let masks: UnsafeMutablePointer<UInt64>
    /// `jumpIndex[g * 64 + from]`: index of the jump in `board.jumps`.
    let jumpIndex: UnsafeMutablePointer<Int32>
    /// Per jump of `board.jumps`: the bits it flips, its from and its to hole.
    let flips: UnsafeMutablePointer<UInt64>
    let origin: UnsafeMutablePointer<Int>
    let landing: UnsafeMutablePointer<Int>

    init(board: Board) {
        var byOffsets: [[Int]: Int] = [:]
        var groups: [Group] = []
        var index = [Int32](repeating: -1, count: 0)
        for (j, jump) in board.jumps.enumerated() {
            let a = jump.over - jump.from, b = jump.to - jump.from
            let g: Int
            if let known = byOffsets[[a, b]] { g = known } else {
                g = groups.count
                byOffsets[[a, b]] = g
                groups.append(Group(a: a, b: b, mask: 0))
                index += [Int32](repeating: -1, count: 64)
            }
            groups[g].mask |= UInt64(1) << UInt64(jump.from)
            index[g * 64 + jump.from] = Int32(j)
        }
        self.groups = groups
        count = groups.count
        shiftOver = .allocate(capacity: max(1, count))
        shiftTo = .allocate(capacity: max(1, count))
        forward = .allocate(capacity: max(1, count))
        masks = .allocate(capacity: max(1, count))
        jumpIndex = .allocate(capacity: max(1, index.count))
        for (g, group) in groups.enumerated() {
            // Over and to lie on the same side of from (indices grow in reading order).
            forward[g] = group.a > 0
            shiftOver[g] = UInt64(abs(group.a))
            shiftTo[g] = UInt64(abs(group.b))
            masks[g] = group.mask
        }
        for k in index.indices { jumpIndex[k] = index[k] }
        let n = max(1, board.jumps.count)
        flips = .allocate(capacity: n)
        origin = .allocate(capacity: n)
        landing = .allocate(capacity: n)
        for (j, jump) in board.jumps.enumerated() { flips[j] = jump.flip; origin[j] = jump.from; landing[j] = jump.to }
    }

    func free() {
        shiftOver.deallocate(); shiftTo.deallocate(); forward.deallocate(); masks.deallocate(); jumpIndex.deallocate()
        flips.deallocate(); origin.deallocate(); landing.deallocate()
    }

    /// The from-holes of the legal jumps of group g in position p.
    @inline(__always) func legal(_ p: UInt64, _ g: Int) -> UInt64 {
        if forward[g] {
            return masks[g] & p & (p >> shiftOver[g]) & ~(p >> shiftTo[g])
        } else {
            return masks[g] & p & (p << shiftOver[g]) & ~(p << shiftTo[g])
        }
    }

    /// Calls `body(jumpIndex)` for every legal jump of p.
    @inline(__always) func forEachJump(_ p: UInt64, _ body: (Int) -> Void) {
        for g in 0..<count {
            var from = legal(p, g)
            while from != 0 {
                body(Int(jumpIndex[g * 64 + from.trailingZeroBitCount]))
                from &= from &- 1
            }
        }
    }
}
