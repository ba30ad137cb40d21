// The end of the move search when the next level does not fit in the memory bound. With the
// sides stored to depths a and b and no meeting, the fewest moves exceed a + b. If the next
// level of the side to grow fits as a bare set (8 bytes a slot, no depths and no frontier
// array), it is built as one (deciding a + b + 1) and the level after it is streamed from the
// set, every position looked up on the other side and none stored (deciding a + b + 2): a
// solution X_0 ... X_D with D = a + b + 2 has X_{a+1} one move from the forward frontier and
// X_{a+2} at backward depth b (likewise from the backward side). Otherwise only the next level
// is streamed (deciding a + b + 1). When the forward side streams against the one-peg finishes
// alone (b = 0), a streamed position one move from a finish (`FinishTest`) meets too: a
// backward level 1 that is never stored, deciding one move more. Either way the answer is
// exact or a lower bound.
import Dispatch

extension MoveSearch {
    /// Bytes of a `LayerSet` holding `count` positions.
    func setBytes(holding count: Double) -> Double {
        var slots = 16.0
        while slots * 3 < count * 4 + 4 { slots *= 2 }
        return slots * 8
    }

    /// Decides as far as the bound allows; sets `result` (moves and solution, or the bound).
    /// `newPositions`: the predicted size of the next level of the side to grow.
    func finishUnderBound(_ forward: Side, _ backward: Side, growForward: Bool, newPositions: Double, result: inout MoveSearchResult) {
        let (side, other) = growForward ? (forward, backward) : (backward, forward)
        let pegBound = growForward ? backward.fewestPegs : forward.mostPegs
        let a = forward.depth, b = backward.depth
        let held = Double(forward.seen.bytes + backward.seen.bytes)
        let asSet = setBytes(holding: newPositions)
        let finishing = growForward && b == 0 && finishHoles != 0
        let reach = finishing ? 1 : 0
        result.streamedToFinishes = finishing
        if held + asSet <= Double(byteLimit) {
            log?("the \(growForward ? "forward" : "backward") level as a set (\(Int(asSet) >> 20) MB), then the next one streamed")
            result.levelsPastBound = 2 + reach
            // As large as the bound allows: a set that had to grow would need its old table too.
            var slots = 16
            while slots * 16 <= byteLimit - Int(held) { slots *= 2 }
            var set = LayerSet(capacity: max(Int(newPositions), slots * 3 / 4 - 1))
            defer { set.free() }
            var overflowed = false
            let meeting = growIntoSet(&set, side, against: other.seen, forward: growForward, pegBound: pegBound,
                                      room: byteLimit - Int(held), overflowed: &overflowed, result: &result)
            result.peakBytes = Int(held) + set.bytes
            if let m = meeting {
                let (da, db) = growForward ? (a + 1, backward.seen.depth(m)!) : (forward.seen.depth(m)!, b + 1)
                assemble(from: m, to: m, forwardDepth: da, backwardDepth: db, forward, backward, result: &result)
                return
            }
            if overflowed {
                // The level outgrew the prediction: streamed from the frontier instead (the set,
                // within the bound, is kept until then; streaming stores nothing).
                log?("level \(side.depth + 1) outgrew the set's room at \(set.count) positions; streaming it")
                streamLevel(forward, backward, growForward: growForward, finishing: finishing, result: &result)
                return
            }
            log?("level \(side.depth + 1) as a set: \(set.count) positions, no meeting; streaming the next")
            // Stopped while the set was built: only the moves below it are decided.
            if shouldStop() { result.movesAtLeast = a + b + 1; return }
            if let (x, c) = stream(from: set, against: other.seen, forward: growForward, pegBound: pegBound, depth: side.depth + 2,
                                   finishing: finishing, result: &result) {
                // x: one move past the frontier on the streamed side; c: one move further,
                // on the other side, or one move before a finish.
                if finishing && !backward.seen.contains(tables.canonical(c)) {
                    assembleFinishing(from: x, to: c, forwardDepth: a + 1, forward, result: &result)
                } else if growForward {
                    assemble(from: x, to: c, forwardDepth: a + 1, backwardDepth: b, forward, backward, result: &result)
                } else {
                    assemble(from: c, to: x, forwardDepth: a, backwardDepth: b + 1, forward, backward, result: &result)
                }
            } else {
                result.movesAtLeast = a + b + (shouldStop() ? 2 : 3 + reach)
            }
            return
        }
        result.peakBytes = Int(held)
        streamLevel(forward, backward, growForward: growForward, finishing: finishing, result: &result)
    }

    /// The next level of the side to grow streamed from its frontier (nothing stored).
    func streamLevel(_ forward: Side, _ backward: Side, growForward: Bool, finishing: Bool, result: inout MoveSearchResult) {
        let (side, other) = growForward ? (forward, backward) : (backward, forward)
        let pegBound = growForward ? backward.fewestPegs : forward.mostPegs
        let a = forward.depth, b = backward.depth
        let reach = finishing ? 1 : 0
        log?("streaming the \(growForward ? "forward" : "backward") level")
        result.levelsPastBound = 1 + reach
        if let m = stream(side, against: other.seen, forward: growForward, pegBound: pegBound, finishing: finishing, result: &result) {
            if finishing && !backward.seen.contains(m) {
                assembleFinishing(from: m, to: m, forwardDepth: a + 1, forward, result: &result)
                return
            }
            let (da, db) = growForward ? (a + 1, backward.seen.depth(m)!) : (forward.seen.depth(m)!, b + 1)
            assemble(from: m, to: m, forwardDepth: da, backwardDepth: db, forward, backward, result: &result)
        } else {
            result.movesAtLeast = a + b + (shouldStop() ? 1 : 2 + reach)
        }
    }

    /// The solution through `p` (at forward depth `forwardDepth`) and `q` (at backward depth
    /// `backwardDepth`), `q` one move from `p` or equal to it; replayed before it is kept.
    func assemble(from p: UInt64, to q: UInt64, forwardDepth: Int, backwardDepth: Int, _ forward: Side, _ backward: Side, result: inout MoveSearchResult) {
        let moves = forwardDepth + backwardDepth + (p == q ? 0 : 1)
        result.moves = moves
        result.movesAtLeast = moves
        guard let (start, first) = walkToOrigin(p, depth: forwardDepth, seen: forward.seen, forward: true),
              let middle = p == q ? [] : chainJumps(from: p, to: q),
              let (_, last) = walkToOrigin(q, depth: backwardDepth, seen: backward.seen, forward: false) else { return }
        let jumps = first + middle + last
        if let end = board.replay(jumps, from: start), finishes.contains(where: { tables.canonical($0) == tables.canonical(end) }) {
            result.start = start
            result.jumps = jumps
        }
    }

    /// The solution through `p` (at forward depth `forwardDepth`) and `q` (`p` or one move on),
    /// from which one more move leaves a single peg on a finish; replayed before it is kept.
    func assembleFinishing(from p: UInt64, to q: UInt64, forwardDepth: Int, _ forward: Side, result: inout MoveSearchResult) {
        let moves = forwardDepth + (p == q ? 0 : 1) + 1
        result.moves = moves
        result.movesAtLeast = moves
        guard let (start, first) = walkToOrigin(p, depth: forwardDepth, seen: forward.seen, forward: true),
              let middle = p == q ? [] : chainJumps(from: p, to: q),
              let last = finishTest.finishingMove(q) else { return }
        let jumps = first + middle + last
        if let end = board.replay(jumps, from: start), end.nonzeroBitCount == 1, end & finishHoles != 0 {
            result.start = start
            result.jumps = jumps
        }
    }

    /// The jumps of one move (a chain by one peg) from `p` to `q`, if there is one.
    func chainJumps(from p: UInt64, to q: UInt64) -> [Int]? {
        var found: [Int]? = nil
        forEachChain(from: p, reversed: false) { c, chain in
            guard c == q else { return .extend }
            found = chain
            return .stop
        }
        return found
    }

    /// The next level of `side` into `set` (positions within the bounds not seen on the side);
    /// returns a member on the other side, if any.
    /// Stops with `overflowed` when the set would need more than `room` bytes (its table and,
    /// while it grows, the old one).
    func growIntoSet(_ set: inout LayerSet, _ side: Side, against other: DepthMap, forward: Bool, pegBound: Int, room: Int,
                     overflowed: inout Bool, result: inout MoveSearchResult) -> UInt64? {
        let frontier = side.frontier
        let seen = side.seen
        let t = frontier.count < 4096 ? 1 : threads
        let chunk = 1 << 16
        let buffers = (0..<t).map { _ in GrowableBuffer<UInt64>() }
        let meets = SharedPointer<UInt64>(capacity: t)
        let made = SharedPointer<UInt64>(capacity: t)
        defer { meets.p.deallocate(); made.p.deallocate() }
        var cursor = 0
        var meeting: UInt64? = nil
        while cursor < frontier.count && meeting == nil && !shouldStop() {
            let first = cursor, last = min(frontier.count, cursor + chunk)
            expand(frontier, first..<last, seen: seen, other: other, forward: forward, pegBound: pegBound,
                   depth: side.depth + 1, threads: t, into: buffers, meets: meets, made: made)
            for part in 0..<t {
                result.children &+= made.p[part]
                guard set.insert(batch: buffers[part].base, buffers[part].count, maxBytes: room) else { overflowed = true; return nil }
                if meeting == nil && meets.p[part] != 0 { meeting = meets.p[part] }
            }
            cursor = last
            if (cursor / chunk) % 64 == 0 { log?("level \(side.depth + 1) as a set: \(cursor) of \(frontier.count) parents, \(set.count) positions") }
        }
        return meeting
    }

    /// Looks up every position one move from a member of `set` on the other side (with
    /// `finishing`, also tries it for a finish one move on), storing nothing; returns a member
    /// and its child found there.
    func stream(from set: LayerSet, against other: DepthMap, forward: Bool, pegBound: Int, depth: Int, finishing: Bool,
                result: inout MoveSearchResult) -> (UInt64, UInt64)? {
        let t = set.count < 4096 ? 1 : threads
        let chunk = 1 << 18
        var cursor = 0
        var meeting: (UInt64, UInt64)? = nil
        let parents = SharedPointer<UInt64>(capacity: t)
        let children = SharedPointer<UInt64>(capacity: t)
        let made = SharedPointer<UInt64>(capacity: t)
        defer { parents.p.deallocate(); children.p.deallocate(); made.p.deallocate() }
        while cursor < set.slotCount && meeting == nil && !shouldStop() {
            let first = cursor, last = min(set.slotCount, cursor + chunk)
            DispatchQueue.concurrentPerform(iterations: t) { part in
                var parent: UInt64 = 0, meet: UInt64 = 0
                var generated: UInt64 = 0
                let visit = { (c: UInt64) -> Bool in
                    generated &+= 1
                    let v = self.verdict(c, forward: forward, pegBound: pegBound, depth: depth)
                    guard v == .store else { return v == .extend }
                    if meet == 0 && (other.contains(self.tables.canonical(c))
                                     || finishing && self.finishesInOneMove(c)) { meet = c }
                    return meet == 0
                }
                let lo = first + (last - first) * part / t, hi = first + (last - first) * (part + 1) / t
                set.forEach(slotsIn: lo..<hi) { x in
                    guard meet == 0 else { return }
                    if forward { self.forEachMove(from: x, visit) } else { self.forEachReverseMove(from: x, visit) }
                    if meet != 0 { parent = x }
                }
                parents.p[part] = parent
                children.p[part] = meet
                made.p[part] = generated
            }
            for part in 0..<t {
                result.children &+= made.p[part]
                if meeting == nil && children.p[part] != 0 { meeting = (parents.p[part], children.p[part]) }
            }
            cursor = last
            if (cursor / chunk) % 64 == 0 { log?("streaming from the set: \(cursor) of \(set.slotCount) slots, \(result.children) children") }
        }
        return meeting
    }
}
