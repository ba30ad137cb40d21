// Deciding "vacancy s -> one peg on f" exhaustively by meeting in the middle. Played backwards
// on the complements, a solution from vacancy s to a peg on f is a solution from vacancy f to a
// peg on s (each jump undone is a jump of the complement), so the positions that can reach a
// peg on f in b jumps are the complements of the positions reached from vacancy f in b jumps.
// Breadth-first levels forward from vacancy s (A) and from vacancy f (B), each pruned by the
// pagoda functions of its own finish, meet at a + b = all the jumps: a solution exists iff some
// p in A_a has its complement in B_b. Levels hold positions up to the symmetries fixing s and f;
// when a board symmetry swaps s and f, B_k is the image of A_k and is never built.
// (Meet in the middle: Horowitz & Sahni 1974; for peg solitaire, Bell, "Solving Triangular Peg
// Solitaire", JIS 11 (2008); the complement duality: Beasley, "The Ins and Outs of Peg
// Solitaire", ch. 4.)
import SolverKit

struct MeetInTheMiddleResult: Sendable {
    /// true: `jumps` solves it; false: no position meets; nil: stopped by a limit.
    var solvable: Bool?
    var jumps: [Int] = []
    /// Positions (up to the symmetries) per level of each side, pagoda-pruned.
    var forwardLevels: [Int] = []
    var backwardLevels: [Int] = []
    /// Children generated (positions examined) on both sides and in the meeting pass.
    var children: UInt64 = 0
    /// Largest total of the level tables held at once, in bytes.
    var peakBytes: Int = 0
    var seconds = 0.0
    /// The symmetry swapping s and f was used (B was not built).
    var selfDual = false
}

final class MeetInTheMiddle {
    let board: Board
    let start: Int
    let finish: Int
    let tables: SymmetryTables
    let order: Int
    let jumpImages: [UInt64]
    let groups: JumpGroups
    /// A symmetry of the board swapping s and f, as a table of one map.
    let swap: SymmetryTables?
    let shouldStop: () -> Bool
    let log: ((String) -> Void)?
    /// Levels of both sides, kept for rebuilding a solution (`keepLevels`).
    let keepLevels: Bool
    var children: UInt64 = 0

    init(board: Board, start: Int, finish: Int, keepLevels: Bool = true,
                shouldStop: @escaping () -> Bool = { false }, log: ((String) -> Void)? = nil) {
        self.board = board
        self.start = start
        self.finish = finish
        let bit = { (h: Int) in UInt64(1) << UInt64(h) }
        tables = SymmetryTables(permutations: board.symmetries(fixing: [bit(start), bit(finish)]), holes: board.holeCount)
        order = tables.order
        var images: [UInt64] = []
        for jump in board.jumps { for s in 0..<order { images.append(tables.image(jump.flip, s)) } }
        jumpImages = images
        groups = JumpGroups(board: board)
        let swapping = board.automorphisms().first { $0[start] == finish && $0[finish] == start }
        swap = start != finish ? swapping.map { SymmetryTables(permutations: [$0], holes: board.holeCount) } : nil
        self.keepLevels = keepLevels
        self.shouldStop = shouldStop
        self.log = log
    }

    deinit { groups.free() }

    /// One side's levels: from vacancy `from`, pruned by the pagodas for one peg on `toward`.
    struct Side {
        var levels: [LayerSet] = []
        var counts: [Int] = []
        func free() { for l in levels { l.free() } }
    }

    @inline(__always) func canonical(_ p: UInt64) -> UInt64 { tables.canonical(p) }

    /// The next level of a side: the distinct canonical children passing the pagodas.
    func expand(_ level: LayerSet, pagodas: [Pagoda], floors: [Int]) -> LayerSet {
        var next = LayerSet(capacity: level.count * 2)
        let batchSize = 512
        let batch = UnsafeMutablePointer<UInt64>.allocate(capacity: batchSize + 128)
        defer { batch.deallocate() }
        var n = 0
        let im = UnsafeMutablePointer<UInt64>.allocate(capacity: order)
        defer { im.deallocate() }
        let order = self.order
        var made: UInt64 = 0
        jumpImages.withUnsafeBufferPointer { jumpImages in
            level.forEach { p in
                tables.images(p, into: im)
                groups.forEachJump(p) { j in
                    made &+= 1
                    let child = im[0] ^ jumpImages[j * order]
                    for k in pagodas.indices where pagodas[k].value(child) < floors[k] { return }
                    var best = child
                    for s in 1..<order {
                        let c = im[s] ^ jumpImages[j * order + s]
                        if c < best { best = c }
                    }
                    batch[n] = best
                    n += 1
                }
                if n >= batchSize { next.insert(batch: batch, n); n = 0 }
            }
        }
        next.insert(batch: batch, n)
        children &+= made
        return next
    }

    func pagodas(toward target: Int) -> ([Pagoda], [Int]) {
        let p = Pagoda.candidates(board: board, target: target)
        return (p, p.map { $0.weights[target] })
    }

    func solve() -> MeetInTheMiddleResult {
        let t0 = monotonicSeconds()
        var result = MeetInTheMiddleResult()
        let full = board.allHoles
        let bit = { (h: Int) in UInt64(1) << UInt64(h) }
        let totalJumps = board.holeCount - 2
        let a = totalJumps / 2, b = totalJumps - a
        result.selfDual = swap != nil
        // Side A to level a (b - 1 when it also stands for B), side B to level b - 1.
        var sideA = Side(), sideB = Side()
        defer { sideA.free(); sideB.free() }
        var held = 0
        func build(_ side: inout Side, from vacancy: Int, toward target: Int, to depth: Int, label: String) -> Bool {
            let (pags, floors) = pagodas(toward: target)
            var first = LayerSet(capacity: 16)
            first.insert(canonical(full & ~bit(vacancy)))
            side.levels = [first]
            side.counts = [1]
            held += first.bytes
            while side.levels.count <= depth {
                if shouldStop() { return false }
                let next = expand(side.levels.last!, pagodas: pags, floors: floors)
                side.counts.append(next.count)
                held += next.bytes
                if !keepLevels && side.levels.count >= 2 {
                    let old = side.levels[side.levels.count - 2]
                    held -= old.bytes
                    old.free()
                    side.levels[side.levels.count - 2] = LayerSet(capacity: 1)
                }
                side.levels.append(next)
                result.peakBytes = max(result.peakBytes, held)
                log?("\(label) level \(side.levels.count - 1): \(next.count) positions, \(children) children, \(held >> 20) MB, \(Int(monotonicSeconds() - t0)) s")
            }
            return true
        }
        let depthA = swap != nil ? max(a, b - 1) : a
        guard build(&sideA, from: start, toward: finish, to: depthA, label: "forward") else {
            result.forwardLevels = sideA.counts; result.children = children; result.seconds = monotonicSeconds() - t0
            return result
        }
        if swap == nil {
            guard build(&sideB, from: finish, toward: start, to: b - 1, label: "backward") else {
                result.forwardLevels = sideA.counts; result.backwardLevels = sideB.counts
                result.children = children; result.seconds = monotonicSeconds() - t0
                return result
            }
        }
        result.forwardLevels = sideA.counts
        result.backwardLevels = sideB.counts
        // Meeting: every child c of B_{b-1} (a member of B_b when it passes B's pagodas; a
        // meeting one does) against the canonical complement in A_a.
        let target = sideA.levels[a]
        let sourceLevel = swap != nil ? sideA.levels[b - 1] : sideB.levels[b - 1]
        var meet: (q: UInt64, child: UInt64)? = nil
        var made: UInt64 = 0
        sourceLevel.forEach { q0 in
            if meet != nil { return }
            let q = swap.map { $0.image(q0, 0) } ?? q0
            for (j, jump) in board.jumps.enumerated() where q & jump.flip == jump.need {
                made &+= 1
                let c = q ^ jump.flip
                if target.contains(canonical(full & ~c)) { meet = (q, c); _ = j; return }
            }
        }
        children &+= made
        result.children = children
        guard let (_, c) = meet else {
            result.solvable = false
            result.seconds = monotonicSeconds() - t0
            return result
        }
        // A meeting position: p = complement of c reached from vacancy s in a jumps (up to
        // symmetry), and c reached from vacancy f in b jumps. Rebuild both halves from the
        // kept levels, then play the second half backwards on the complements.
        let p = full & ~c
        if let first = path(in: sideA.levels, to: p, from: full & ~bit(start), symmetry: nil),
           let second = path(in: swap != nil ? sideA.levels : sideB.levels, to: c, from: full & ~bit(finish), symmetry: swap) {
            let jumps = first + second.reversed()
            if let end = board.replay(jumps, from: full & ~bit(start)), end == bit(finish) {
                result.solvable = true
                result.jumps = jumps
            }
        }
        result.seconds = monotonicSeconds() - t0
        return result
    }

    /// Jumps from `origin` to exactly `goal` through the levels (level k holds the canonical
    /// positions k jumps from the origin, mapped by `symmetry` when given); nil without the levels.
    func path(in levels: [LayerSet], to goal: UInt64, from origin: UInt64, symmetry: SymmetryTables?) -> [Int]? {
        guard keepLevels else { return nil }
        let depth = origin.nonzeroBitCount - goal.nonzeroBitCount
        func member(_ x: UInt64, _ k: Int) -> Bool {
            let y = symmetry.map { $0.image(x, 0) } ?? x
            return levels[k].contains(canonical(y))
        }
        // Backwards from the goal: undo a jump (peg on `to`, `from` and `over` empty) into a
        // position of the level below.
        var jumps: [Int] = []
        var x = goal
        var k = depth
        while k > 0 {
            var found = false
            for (j, jump) in board.jumps.enumerated() where x & jump.flip == UInt64(1) << UInt64(jump.to) {
                let y = x ^ jump.flip
                if member(y, k - 1) { jumps.append(j); x = y; k -= 1; found = true; break }
            }
            if !found { return nil }
        }
        return x == origin ? jumps.reversed() : nil
    }
}
