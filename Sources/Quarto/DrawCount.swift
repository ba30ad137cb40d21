// Counting the drawn full boards: the completions of a board that contain no winning line.
//
// A full board is four attribute masks M0..M3 (Ma = the squares whose piece has attribute a). It
// is a draw when no line lies entirely inside or outside any Ma, and it uses every piece once when
// the 16 squares get 16 different codes: M1 splits M0 and its complement 4+4, M2 splits those four
// classes 2+2, M3 splits the eight pairs 1+1. So the count runs over the "good" masks (8 squares,
// no line monochrome: 5,356 for classic) instead of the 16! placements.
//
// On the empty board, symmetry cuts the work: the count of tuples starting with M0 is the same
// for every M0 in an orbit of the board maps and complement (so one M0 per orbit, times the
// orbit size); complementing M1, M2, M3 independently makes each hold square 0 (x8); and M1 < M2
// (x2, since M3 is unconstrained and the triple's order is free: 6 orders = 3 choices of M3 x 2).

import Dispatch
import Synchronization

enum DrawCount {
    /// The masks of 8 squares with no line entirely inside or outside.
    static func goodMasks(lines: [UInt16]) -> [UInt16] {
        (0...0xFFFF).compactMap { m -> UInt16? in
            let mask = UInt16(m)
            guard mask.nonzeroBitCount == 8 else { return nil }
            for l in lines {
                let c = (mask & l).nonzeroBitCount
                if c == 0 || c == l.nonzeroBitCount { return nil }
            }
            return mask
        }
    }

    /// A set of 16-bit masks as a 65,536-bit bitmap.
    struct MaskSet {
        var words = [UInt64](repeating: 0, count: 1024)
        init(_ masks: [UInt16]) { for m in masks { words[Int(m >> 6)] |= 1 << UInt64(m & 63) } }
    }

    /// The number of (M1, M2, M3) with M1 from `list1`, M2 in `set2`, M3 in `set3` that complete M0
    /// to 16 distinct codes. With `holdSquare0`, only M1 < M2 and masks holding square 0 are counted.
    static func completions(_ m0: UInt16, list1: [UInt16], set2: UnsafePointer<UInt64>, set3: UnsafePointer<UInt64>,
                            holdSquare0: Bool) -> UInt64 {
        @inline(__always) func has(_ set: UnsafePointer<UInt64>, _ m: UInt16) -> Bool {
            set[Int(m >> 6)] >> UInt64(m & 63) & 1 == 1
        }
        var total: UInt64 = 0
        var halves = [UInt16](repeating: 0, count: 24)   // 6 two-square subsets of each class
        var halfCount = [Int](repeating: 0, count: 4)
        var pairMasks = [UInt16](repeating: 0, count: 8)
        for m1 in list1 where (m0 & m1).nonzeroBitCount == 4 {
            let classes = [m0 & m1, m0 & ~m1, ~m0 & m1, ~m0 & ~m1]
            for k in 0..<4 {
                var sq = [Int](); var c = classes[k]
                while c != 0 { sq.append(c.trailingZeroBitCount); c &= c - 1 }
                var n = 0
                for x in 0..<4 { for y in (x + 1)..<4 {
                    let h = UInt16(1) << sq[x] | UInt16(1) << sq[y]
                    if !holdSquare0 || classes[k] & 1 == 0 || h & 1 == 1 { halves[k * 6 + n] = h; n += 1 }
                } }
                halfCount[k] = n
            }
            for i0 in 0..<halfCount[0] { for i1 in 0..<halfCount[1] { for i2 in 0..<halfCount[2] { for i3 in 0..<halfCount[3] {
                let m2 = halves[i0] | halves[6 + i1] | halves[12 + i2] | halves[18 + i3]
                if holdSquare0 && m2 <= m1 { continue }
                guard has(set2, m2) else { continue }
                // M3 takes one square of each of the eight pairs: walk the choices in Gray-code order
                var m3: UInt16 = 0
                var free = 0
                for k in 0..<4 {
                    for part in [classes[k] & m2, classes[k] & ~m2] {
                        let low = part & (0 &- part)
                        if holdSquare0 && part & 1 == 1 { m3 |= 1; continue }   // square 0 is in M3
                        m3 |= low
                        pairMasks[free] = part
                        free += 1
                    }
                }
                var n: UInt64 = has(set3, m3) ? 1 : 0
                for step in 1..<(1 << free) {
                    m3 ^= pairMasks[step.trailingZeroBitCount]
                    if has(set3, m3) { n += 1 }
                }
                total += n
            } } } }
        }
        return total
    }

    /// The number of drawn full boards that complete `board` (the hand does not matter: every
    /// drawn full board is reached in any order of placement). `threads` share the outer loop.
    /// Returns nil when `shouldStop` says stop (asked once per outer mask).
    static func count(board: Board, rules: RuleSet, threads: Int = 1,
                             shouldStop: @escaping @Sendable () -> Bool = { false }) -> UInt64? {
        let lines = rules.lines
        if board.winningLine(lines) != nil { return 0 }
        let good = goodMasks(lines: lines)
        let occ = board.occupied
        // outer masks with their weights; candidate lists and sets per attribute
        var outer: [(mask: UInt16, weight: UInt64)] = []
        var lists: [[UInt16]] = []
        let symmetric = occ == 0
        if symmetric {
            let group = SymmetryGroup(rules: rules)
            var seen = Set<UInt16>()
            for m in good where !seen.contains(m) {
                var orbit = Set<UInt16>()
                for g in 0..<group.boardMaps.count {
                    let image = group.map(m, g)
                    orbit.insert(image); orbit.insert(~image)
                }
                seen.formUnion(orbit)
                outer.append((m, UInt64(orbit.count) * 16))
            }
            let g0 = good.filter { $0 & 1 == 1 }
            lists = [g0, g0, g0, g0]
        } else {
            for a in 0..<4 {
                let lane = UInt16(truncatingIfNeeded: board.attributes >> UInt64(16 * a))
                lists.append(good.filter { $0 & occ == lane })
            }
            outer = lists[0].map { ($0, 1) }
        }
        let set2 = MaskSet(lists[2]).words, set3 = MaskSet(lists[3]).words
        let list1 = lists[1]
        let work = outer
        let next = Atomic<Int>(0)
        let total = Mutex<UInt64>(0)
        let stop = Atomic<Bool>(false)
        DispatchQueue.concurrentPerform(iterations: max(1, threads)) { _ in
            set2.withUnsafeBufferPointer { s2 in
                set3.withUnsafeBufferPointer { s3 in
                    while true {
                        let i = next.add(1, ordering: .relaxed).oldValue
                        if i >= work.count || stop.load(ordering: .relaxed) { return }
                        if shouldStop() { stop.store(true, ordering: .relaxed); return }
                        let n = completions(work[i].mask, list1: list1, set2: s2.baseAddress!, set3: s3.baseAddress!,
                                            holdSquare0: symmetric)
                        total.withLock { $0 += n * work[i].weight }
                    }
                }
            }
        }
        if stop.load(ordering: .relaxed) { return nil }
        return total.withLock { $0 }
    }
}
