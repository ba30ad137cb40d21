// Fewest moves by depth-first search within a move bound, for one start and its finishes: the
// forward side of MoveSearch without its levels. A chain position is kept, extended or dropped
// as the forward side decides (`verdict`: Merson regions, pagodas, the one-move finish test at
// the last moves), and the children of a position are tried shortest move first (most pegs
// left). The shortest solutions known on the 45-hole triangle keep 25-30 pegs after 10 of their
// 16 moves and end with long sweeps; this order meets such lines early, where the breadth-first
// levels must hold every position of a level first. A table remembers the shallowest depth at
// which each canonical position was entered; a position met again no shallower is skipped,
// since every solution through it within the bound was looked for already (peg counts fall
// with every move, so that earlier visit is finished, not on the current path). The table is
// lossy (`tableBits` bits of slots, the deepest entry of a full probe run replaced): a lost
// entry costs a second visit, never a wrong answer, so an exhausted search proves that no
// solution within the bound exists.
import SolverKit

struct DepthFirstMoveResult: Sendable {
    /// The solution's jumps from the start, replayed to a finish (empty when none was found).
    var jumps: [Int] = []
    /// No solution within the bound: the search ran to its end.
    var exhausted = false
    /// Positions entered and chain positions generated.
    var positions: UInt64 = 0
    var children: UInt64 = 0
    var seconds = 0.0
}

extension MoveSearch {
    /// Searches for a solution within `bound` moves from the single start (`starts[0]`) to the
    /// finishes; `tableBits`: the table holds 2^tableBits positions (8 bytes each). Stops when
    /// `shouldStop` says so (then neither found nor exhausted).
    func depthFirst(bound: Int, tableBits: Int) -> DepthFirstMoveResult {
        precondition(starts.count == 1 && finishHoles != 0, "one start and one-peg finishes")
        precondition(board.holeCount <= 58 && bound < 64, "positions of at most 58 holes, depths below 64 (the table's slots)")
        let t0 = monotonicSeconds()
        var result = DepthFirstMoveResult()
        defer { result.seconds = monotonicSeconds() - t0 }
        moveBound = bound
        let table = EntryDepthTable(bits: tableBits)
        defer { table.free() }
        // Children of the positions on the path, one buffer a depth (reused: no allocation per node).
        var buffers = [[(position: UInt64, pegs: Int)]](repeating: [], count: bound + 1)
        var path: [UInt64] = []
        var found: UInt64? = nil
        var stopped = false
        var nextCheck: UInt64 = 1, nextLog: UInt64 = 1 << 24

        func visit(_ p: UInt64, _ depth: Int) -> Bool {
            result.positions &+= 1
            if result.positions >= nextCheck {
                nextCheck &+= 1 << 16
                if shouldStop() { stopped = true }
                if result.positions >= nextLog {
                    nextLog &+= 1 << 24
                    log?("depth-first: \(result.positions) positions, \(result.children) chain positions, \(Int(monotonicSeconds() - t0)) s")
                }
            }
            if stopped { return false }
            var children = buffers[depth]
            buffers[depth] = []
            defer { buffers[depth] = children }
            children.removeAll(keepingCapacity: true)
            forEachMove(from: p) { c in
                if found != nil { return false }
                result.children &+= 1
                switch verdict(c, forward: true, pegBound: 0, depth: depth + 1) {
                case .drop: return false
                case .extend: return true
                case .store:
                    // at the bound only a finish is stored; one move before it, finishable ones
                    if depth + 1 == bound || (depth + 2 == bound && finishesInOneMove(c)) { found = c }
                    else if depth + 2 < bound { children.append((c, c.nonzeroBitCount)) }
                    return true
                }
            }
            if let c = found { path = [p, c]; return true }
            children.sort { $0.pegs > $1.pegs }
            for child in children where table.enter(tables.canonical(child.position), depth: depth + 1) {
                if visit(child.position, depth + 1) { path.insert(p, at: 0); return true }
                if stopped { return false }
            }
            return false
        }

        if visit(starts[0], 0) {
            // the symmetries fix the start, so the canonical path starts on it
            guard let walked = FewestMoves.jumps(along: path.map(tables.canonical), board: board, tables: tables) else { return result }
            var jumps = walked.jumps
            let end = walked.end
            if !finishTest.isFinished(end) {
                guard let last = finishTest.finishingMove(end) else { return result }
                jumps += last
            }
            result.jumps = jumps
        } else {
            result.exhausted = !stopped
        }
        return result
    }
}

/// The shallowest move depth at which each canonical position was entered: open addressing,
/// the depth in the top 6 bits of a slot (positions use at most 58 bits; 0 is an empty slot).
struct EntryDepthTable {
    private let slots: UnsafeMutablePointer<UInt64>
    private let bits: Int
    private static let keyMask: UInt64 = (1 << 58) - 1
    /// Slots probed before the deepest of them is replaced.
    private static let probes = 8

    init(bits: Int) {
        self.bits = bits
        slots = HugeBuffer.allocate(UInt64.self, capacity: 1 << bits)
        slots.initialize(repeating: 0, count: 1 << bits)
    }

    func free() { HugeBuffer.free(slots) }

    /// Records `key` at `depth`; false when it was entered at `depth` or shallower before.
    @inline(__always)
    func enter(_ key: UInt64, depth: Int) -> Bool {
        let mask = (1 << bits) - 1
        let entry = key | UInt64(depth) << 58
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
        var deepest = i, deepestDepth = -1
        for _ in 0..<EntryDepthTable.probes {
            let e = slots[i]
            if e == 0 { slots[i] = entry; return true }
            let d = Int(e >> 58)
            if e & EntryDepthTable.keyMask == key {
                if d <= depth { return false }
                slots[i] = entry
                return true
            }
            if d > deepestDepth { deepestDepth = d; deepest = i }
            i = (i + 1) & mask
        }
        if deepestDepth > depth { slots[deepest] = entry }
        return true
    }
}
