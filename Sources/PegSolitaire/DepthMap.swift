// An open-addressing map from positions (UInt64, never 0) to a small depth (moves from a side's
// origin), growing by doubling: the "seen" set of one side of a bidirectional search.

struct DepthMap: @unchecked Sendable {
    private(set) var keys: UnsafeMutablePointer<UInt64>
    private(set) var depths: UnsafeMutablePointer<UInt8>
    private(set) var mask: Int
    private(set) var count = 0
    private var shift: UInt64

    init(capacity: Int = 1 << 12) {
        var bits = 4
        while (1 << bits) * 3 < max(capacity, 1) * 4 + 4 { bits += 1 }
        keys = HugeBuffer.allocate(UInt64.self, capacity: 1 << bits)
        keys.initialize(repeating: 0, count: 1 << bits)
        depths = .allocate(capacity: 1 << bits)
        mask = (1 << bits) - 1
        shift = UInt64(64 - bits)
    }

    func free() { HugeBuffer.free(keys); depths.deallocate() }

    var bytes: Int { (mask + 1) * 9 }

    @inline(__always) func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The depth stored for `key`, or nil.
    @inline(__always) func depth(_ key: UInt64) -> Int? {
        var i = home(key)
        while true {
            let s = keys[i]
            if s == key { return Int(depths[i]) }
            if s == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    @inline(__always) func contains(_ key: UInt64) -> Bool {
        var i = home(key)
        while true {
            let s = keys[i]
            if s == key { return true }
            if s == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Inserts with `depth`; returns false (and changes nothing) if it was already there.
    @inline(__always) @discardableResult
    mutating func insert(_ key: UInt64, depth: Int) -> Bool {
        if (count + 1) * 4 > (mask + 1) * 3 { grow() }
        var i = home(key)
        while true {
            let s = keys[i]
            if s == key { return false }
            if s == 0 { keys[i] = key; depths[i] = UInt8(truncatingIfNeeded: depth); count += 1; return true }
            i = (i + 1) & mask
        }
    }

    /// Makes room for `extra` more keys without growing in between.
    mutating func reserve(_ extra: Int) {
        if (count + extra) * 4 > (mask + 1) * 3 { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int = 0) {
        var size = (mask + 1) * 2
        while size * 3 < needed * 4 + 4 { size *= 2 }
        let oldKeys = keys, oldDepths = depths, oldSize = mask + 1
        keys = HugeBuffer.allocate(UInt64.self, capacity: size)
        keys.initialize(repeating: 0, count: size)
        depths = .allocate(capacity: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        for k in 0..<oldSize where oldKeys[k] != 0 {
            var i = home(oldKeys[k])
            while keys[i] != 0 { i = (i + 1) & mask }
            keys[i] = oldKeys[k]
            depths[i] = oldDepths[k]
        }
        HugeBuffer.free(oldKeys)
        oldDepths.deallocate()
    }
}
