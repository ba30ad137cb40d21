// PlacementSet: a fixed 256-bit set of placement indices (one ship length's placements on a
// board of at most 128 cells never exceed 256), the currency of the layout counter's hot loop.

/// A set of placement indices 0..<256 held in four words: value type, no allocation.
struct PlacementSet: Equatable, Sendable {
    var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0

    init() {}

    @inline(__always) init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        self.w0 = w0; self.w1 = w1; self.w2 = w2; self.w3 = w3
    }

    @inline(__always) mutating func insert(_ i: Int) {
        let bit = UInt64(1) << UInt64(i & 63)
        switch i >> 6 {
        case 0: w0 |= bit
        case 1: w1 |= bit
        case 2: w2 |= bit
        default: w3 |= bit
        }
    }

    @inline(__always) func contains(_ i: Int) -> Bool {
        let word: UInt64
        switch i >> 6 {
        case 0: word = w0
        case 1: word = w1
        case 2: word = w2
        default: word = w3
        }
        return (word >> UInt64(i & 63)) & 1 != 0
    }

    @inline(__always) var count: Int {
        w0.nonzeroBitCount + w1.nonzeroBitCount + w2.nonzeroBitCount + w3.nonzeroBitCount
    }

    @inline(__always) var isEmpty: Bool { (w0 | w1 | w2 | w3) == 0 }

    @inline(__always) func intersection(_ o: PlacementSet) -> PlacementSet {
        PlacementSet(w0 & o.w0, w1 & o.w1, w2 & o.w2, w3 & o.w3)
    }

    @inline(__always) func subtracting(_ o: PlacementSet) -> PlacementSet {
        PlacementSet(w0 & ~o.w0, w1 & ~o.w1, w2 & ~o.w2, w3 & ~o.w3)
    }

    @inline(__always) func union(_ o: PlacementSet) -> PlacementSet {
        PlacementSet(w0 | o.w0, w1 | o.w1, w2 | o.w2, w3 | o.w3)
    }

    /// Size of the intersection, without building it.
    @inline(__always) func intersectionCount(_ o: PlacementSet) -> Int {
        (w0 & o.w0).nonzeroBitCount + (w1 & o.w1).nonzeroBitCount
            + (w2 & o.w2).nonzeroBitCount + (w3 & o.w3).nonzeroBitCount
    }

    /// Calls `body` with every member, in increasing order.
    @inline(__always) func forEach(_ body: (Int) -> Void) {
        var w = w0
        while w != 0 { body(w.trailingZeroBitCount); w &= w &- 1 }
        w = w1
        while w != 0 { body(64 + w.trailingZeroBitCount); w &= w &- 1 }
        w = w2
        while w != 0 { body(128 + w.trailingZeroBitCount); w &= w &- 1 }
        w = w3
        while w != 0 { body(192 + w.trailingZeroBitCount); w &= w &- 1 }
    }

    /// Removes and returns the smallest member, or -1 when empty (a loop without closures).
    @inline(__always) mutating func removeFirst() -> Int {
        if w0 != 0 { let t = w0.trailingZeroBitCount; w0 &= w0 &- 1; return t }
        if w1 != 0 { let t = w1.trailingZeroBitCount; w1 &= w1 &- 1; return 64 + t }
        if w2 != 0 { let t = w2.trailingZeroBitCount; w2 &= w2 &- 1; return 128 + t }
        if w3 != 0 { let t = w3.trailingZeroBitCount; w3 &= w3 &- 1; return 192 + t }
        return -1
    }

    var members: [Int] {
        var out: [Int] = []
        forEach { out.append($0) }
        return out
    }
}
