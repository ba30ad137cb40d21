// Triangular boards past 64 holes (side 11 to 15, up to 120 holes), whose positions do not fit
// the UInt64 of `Board`: positions as UInt128, the jumps, the six symmetries of the triangle
// and the chains of jumps by one peg (a move), and the Merson regions. Only the beams
// (WideTriangle+Pilot.swift: the plain one ranked by Merson regions, or the pilot) run on
// them: they bound the open terms of OEIS A127500 (n = 11, 12) from above.

/// The triangle of side `side`. Hole `r * (r + 1) / 2 + k` is the k-th hole from the left
/// (0-based) of row r from the top, named by its number from 1 in reading order, as `Board`
/// names the holes of smaller triangles.
final class WideTriangle: @unchecked Sendable {
    struct Jump: Sendable, Equatable {
        var from: Int
        var over: Int
        var to: Int
        /// Bits of `from` and `over` (must be pegs); `flip`: those and `to`.
        var need: UInt128
        var flip: UInt128
    }

    let side: Int
    let holeCount: Int
    let allHoles: UInt128
    /// Every jump, grouped by its `from` hole: those of hole h are `firstJump[h] ..< firstJump[h + 1]`.
    let jumps: UnsafeMutableBufferPointer<Jump>
    let firstJump: UnsafeMutableBufferPointer<Int>
    /// The same jumps grouped by their `to` hole: those into h are `firstInto[h] ..< firstInto[h + 1]`
    /// (a full board has few empty holes: its first jumps are found from them).
    let jumpsInto: UnsafeMutableBufferPointer<Jump>
    let firstInto: UnsafeMutableBufferPointer<Int>
    /// The six symmetries as hole permutations (`permutations[s][h]`: the image of h); 0 is the identity.
    let permutations: [[Int]]
    /// [(s * bytes + b) * 256 + v]: the image under symmetry s of byte b of a position holding v.
    private let byteImages: UnsafeMutableBufferPointer<UInt128>
    private let bytes: Int
    /// The four classes of holes a peg can reach by jumping (row and column parity): the last
    /// move's peg must be alone in its class, since a jump never takes a peg of the jumper's class.
    let classes: UnsafeMutableBufferPointer<UInt128>
    /// Merson regions (`MersonRegions.regions`): the corners, and the pairs of neighbours along
    /// the edges in path order, for the greedy packing of `mersonFullCount`.
    let mersonSingletons: UInt128
    let mersonPairs: UnsafeMutableBufferPointer<UInt128>

    init(side: Int) {
        precondition((1...15).contains(side), "a wide triangle has 1 to 15 holes a side")
        self.side = side
        holeCount = side * (side + 1) / 2
        allHoles = holeCount == 128 ? ~0 : (UInt128(1) << holeCount) - 1
        func index(_ r: Int, _ k: Int) -> Int? { r >= 0 && r < side && k >= 0 && k <= r ? r * (r + 1) / 2 + k : nil }
        var list: [Jump] = []
        var first = [0]
        for r in 0..<side {
            for k in 0...r {
                let from = index(r, k)!
                // The six directions of the hexagonal lattice, in (row, column) steps.
                for (dr, dk) in [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)] {
                    guard let over = index(r + dr, k + dk), let to = index(r + 2 * dr, k + 2 * dk) else { continue }
                    let need = UInt128(1) << from | UInt128(1) << over
                    list.append(Jump(from: from, over: over, to: to, need: need, flip: need | UInt128(1) << to))
                }
                first.append(list.count)
            }
        }
        jumps = .allocate(capacity: list.count)
        _ = jumps.initialize(from: list)
        firstJump = .allocate(capacity: first.count)
        _ = firstJump.initialize(from: first)
        let byTarget = list.sorted { ($0.to, $0.from) < ($1.to, $1.from) }
        jumpsInto = .allocate(capacity: byTarget.count)
        _ = jumpsInto.initialize(from: byTarget)
        firstInto = .allocate(capacity: holeCount + 1)
        for h in 0...holeCount { firstInto[h] = byTarget.firstIndex { $0.to >= h } ?? byTarget.count }
        // Barycentric coordinates (k, r - k, side - 1 - r) sum to side - 1; the symmetries
        // permute them.
        var perms: [[Int]] = []
        for order in [[0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2], [0, 2, 1], [2, 1, 0]] {
            var perm = [Int](repeating: 0, count: holeCount)
            for r in 0..<side {
                for k in 0...r {
                    let abc = [k, r - k, side - 1 - r]
                    let a = abc[order[0]], c = abc[order[2]]
                    perm[index(r, k)!] = index(side - 1 - c, a)!
                }
            }
            perms.append(perm)
        }
        permutations = perms
        bytes = (holeCount + 7) / 8
        byteImages = .allocate(capacity: 6 * bytes * 256)
        for s in 0..<6 {
            for b in 0..<bytes {
                for v in 0..<256 {
                    var image: UInt128 = 0
                    for bit in 0..<8 where v >> bit & 1 != 0 && b * 8 + bit < holeCount {
                        image |= UInt128(1) << perms[s][b * 8 + bit]
                    }
                    byteImages[(s * bytes + b) * 256 + v] = image
                }
            }
        }
        var classMasks = [UInt128](repeating: 0, count: 4)
        for r in 0..<side { for k in 0...r { classMasks[(r & 1) * 2 + (k & 1)] |= UInt128(1) << index(r, k)! } }
        let nonEmpty = classMasks.filter { $0 != 0 }
        classes = .allocate(capacity: nonEmpty.count)
        _ = classes.initialize(from: nonEmpty)
        let regions = MersonRegions.regions(holeCount: holeCount, jumps: list.map { ($0.from, $0.over, $0.to) })
        mersonSingletons = regions.singletons.reduce(0) { $0 | UInt128(1) << $1 }
        mersonPairs = .allocate(capacity: regions.pairs.count)
        _ = mersonPairs.initialize(from: regions.pairs.map { UInt128(1) << $0.0 | UInt128(1) << $0.1 })
    }

    deinit {
        jumps.deallocate()
        firstJump.deallocate()
        jumpsInto.deallocate()
        firstInto.deallocate()
        byteImages.deallocate()
        classes.deallocate()
        mersonPairs.deallocate()
    }

    /// Disjoint Merson regions whose holes are all pegs in `p` (a greedy packing, exact on the
    /// triangle's edge paths): each needs a move of its own before the end.
    @inline(__always)
    func mersonFullCount(_ p: UInt128) -> Int {
        MersonRegions.fullCount(p, singletons: mersonSingletons, pairs: UnsafeBufferPointer(mersonPairs))
    }

    /// The image of `p` under symmetry `s`.
    @inline(__always)
    func image(_ p: UInt128, _ s: Int) -> UInt128 {
        var result: UInt128 = 0
        var x = p
        var slot = s * bytes * 256
        while x != 0 {
            result |= byteImages[slot + Int(truncatingIfNeeded: x & 0xFF)]
            x >>= 8
            slot += 256
        }
        return result
    }

    /// The least image of `p`: one representative a symmetry class.
    @inline(__always)
    func canonical(_ p: UInt128) -> UInt128 {
        var least = p
        for s in 1..<6 { least = min(least, image(p, s)) }
        return least
    }

    /// Calls `visit(child)` for every position one move from `p` (a chain of jumps by one peg,
    /// every prefix included); `visit` returns whether to extend that chain. The chains are
    /// walked with an explicit stack (a recursive walk costs reference counting a node).
    @inline(__always)
    func forEachMove(from p: UInt128, _ visit: (UInt128) -> Bool) {
        // A chain has at most one jump a peg taken.
        withUnsafeTemporaryAllocation(of: (position: UInt128, hole: Int, next: Int).self, capacity: holeCount) { stack in
            // First jumps from the pegs or into the holes, whichever are fewer.
            let fromPegs = 2 * p.nonzeroBitCount <= holeCount
            var holes = fromPegs ? p : allHoles & ~p
            while holes != 0 {
                let h = holes.trailingZeroBitCount
                holes &= holes &- 1
                let range = fromPegs ? firstJump[h]..<firstJump[h + 1] : firstInto[h]..<firstInto[h + 1]
                for j in range {
                    let jump = fromPegs ? jumps[j] : jumpsInto[j]
                    guard p & jump.flip == jump.need else { continue }
                    let child = p ^ jump.flip
                    guard visit(child) else { continue }
                    stack[0] = (child, jump.to, firstJump[jump.to])
                    var depth = 1
                    while depth > 0 {
                        let top = stack[depth - 1]
                        var k = top.next
                        let end = firstJump[top.hole + 1]
                        while k < end && top.position & jumps[k].flip != jumps[k].need { k += 1 }
                        if k == end { depth -= 1; continue }
                        stack[depth - 1].next = k + 1
                        let c = top.position ^ jumps[k].flip
                        if visit(c) {
                            stack[depth] = (c, jumps[k].to, firstJump[jumps[k].to])
                            depth += 1
                        }
                    }
                }
            }
        }
    }

    /// The holes of a move from `p` to `target` (a chain: its peg's holes in order), if one is;
    /// `upToSymmetry`: to a position whose canonical image is `target`.
    func move(from p: UInt128, to target: UInt128, upToSymmetry: Bool = false) -> [Int]? {
        var found: [Int]? = nil
        func extend(_ q: UInt128, _ chain: [Int]) {
            guard found == nil, let hole = chain.last else { return }
            for j in firstJump[hole]..<firstJump[hole + 1] {
                let jump = jumps[j]
                guard q & jump.flip == jump.need else { continue }
                let child = q ^ jump.flip
                if (upToSymmetry ? canonical(child) : child) == target { found = chain + [jump.to]; return }
                extend(child, chain + [jump.to])
            }
        }
        // Every peg may be the mover: a chain may end on the hole it started from.
        for h in 0..<holeCount where p >> h & 1 != 0 { extend(p, [h]) }
        return found
    }

    /// Plays `moves` (each a chain of holes) from `start`, checking every jump: the position
    /// reached, or nil at the first illegal jump.
    func replay(_ moves: [[Int]], from start: UInt128) -> UInt128? {
        var p = start
        for chain in moves {
            guard chain.count >= 2 else { return nil }
            for (a, b) in zip(chain, chain.dropFirst()) {
                guard a < holeCount, b < holeCount,
                      let j = (firstJump[a]..<firstJump[a + 1]).first(where: { jumps[$0].to == b }),
                      p & jumps[j].flip == jumps[j].need else { return nil }
                p ^= jumps[j].flip
            }
        }
        return p
    }

    /// The move count of `moves` as `Board.moveCount` counts it: a chain that starts where the
    /// previous one ended continues the same move.
    static func moveCount(_ moves: [[Int]]) -> Int {
        var count = 0, last = -1
        for chain in moves {
            if chain.first != last { count += 1 }
            last = chain.last ?? -1
        }
        return count
    }

    /// `moves` in the notation of `Board.moveStrings`: hole numbers of each move joined by "-".
    static func notation(_ moves: [[Int]]) -> String {
        moves.map { $0.map { String($0 + 1) }.joined(separator: "-") }.joined(separator: " ")
    }
}
