// Which side of the bidirectional move search grows next, and the last level streamed.
// Forward moves from dense positions have few chains (about 10 a position on the 36-hole
// triangle), reverse moves from sparse positions very many (about 1,000), so the side to grow
// is the one whose next level costs fewer chain positions, estimated from a sample of its
// frontier, not the one with the smaller frontier. When storing that level would pass the
// memory bound, the level is streamed instead: every chain position of the frontier is looked
// up on the other side and nothing is stored, which still decides one more move of the bound
// (a solution of a + b + 1 moves has its position after a + 1 moves, or after a moves from the
// other end, on both sides). Bidirectional search with the cheaper side first: Pohl,
// "Bi-directional search", Machine Intelligence 6, 1971.
import Dispatch

extension MoveSearch {
    /// Chain positions per frontier position on `side`, over at most `samples` evenly spaced
    /// positions, and with the peg bound the side would use. The count stops at `budget`
    /// chains (reverse chains from a few pegs on a large board with a loose peg bound number in
    /// the billions): such a side is not grown (infinity).
    func branching(of side: Side, forward: Bool, pegBound: Int, samples: Int = 512, budget: Int = 4_000_000) -> Double {
        let n = side.frontier.count
        guard n > 0 else { return 0 }
        let take = min(n, samples)
        var total = 0
        for k in 0..<take {
            let p = side.frontier[k * n / take]
            let visit = { (c: UInt64) -> Bool in
                guard total < budget else { return false }
                let v = self.verdict(c, forward: forward, pegBound: pegBound, depth: side.depth + 1)
                if v == .store { total += 1 }
                return v != .drop
            }
            if forward { forEachMove(from: p, visit) } else { forEachReverseMove(from: p, visit) }
            if total >= budget { return .infinity }
        }
        return Double(total) / Double(take)
    }

    /// Bytes a side's table holds after `extra` more positions (the map doubles at 3/4 full),
    /// with the new frontier array.
    func predictedBytes(_ side: Side, extra: Double) -> Double {
        let needed = Double(side.seen.count) + extra
        var slots = Double(side.seen.mask + 1)
        while slots * 3 < needed * 4 { slots *= 2 }
        return slots * 9 + extra * 8
    }

    /// Looks up every chain position one move from `side`'s frontier on the other side (with
    /// `finishing`, also tries it for a finish one move on), storing nothing; returns a meeting
    /// position (at depth `side.depth + 1` on `side`).
    func stream(_ side: Side, against other: DepthMap, forward: Bool, pegBound: Int, finishing: Bool = false,
                result: inout MoveSearchResult) -> UInt64? {
        let frontier = side.frontier
        let t = frontier.count < 4096 ? 1 : threads
        let chunk = 1 << 16
        var cursor = 0
        var meeting: UInt64? = nil
        let meets = SharedPointer<UInt64>(capacity: t)
        let made = SharedPointer<UInt64>(capacity: t)
        defer { meets.p.deallocate(); made.p.deallocate() }
        while cursor < frontier.count && meeting == nil && !shouldStop() {
            let first = cursor, last = min(frontier.count, cursor + chunk)
            DispatchQueue.concurrentPerform(iterations: t) { part in
                var meet: UInt64 = 0
                var generated: UInt64 = 0
                let visit = { (c: UInt64) -> Bool in
                    generated &+= 1
                    let v = self.verdict(c, forward: forward, pegBound: pegBound, depth: side.depth + 1)
                    guard v == .store else { return v == .extend }
                    if meet == 0 {
                        let key = self.tables.canonical(c)
                        if other.contains(key) || finishing && self.finishesInOneMove(key) { meet = key }
                    }
                    return meet == 0
                }
                frontier.withUnsafeBufferPointer { parents in
                    let lo = first + (last - first) * part / t, hi = first + (last - first) * (part + 1) / t
                    for i in lo..<hi where meet == 0 {
                        if forward { self.forEachMove(from: parents[i], visit) } else { self.forEachReverseMove(from: parents[i], visit) }
                    }
                }
                meets.p[part] = meet
                made.p[part] = generated
            }
            for part in 0..<t {
                result.children &+= made.p[part]
                if meeting == nil && meets.p[part] != 0 { meeting = meets.p[part] }
            }
            cursor = last
            if (cursor / chunk) % 64 == 0 { log?("streaming \(forward ? "forward" : "backward") level \(side.depth + 1): \(cursor) of \(frontier.count) parents, \(result.children) children") }
        }
        return meeting
    }
}
