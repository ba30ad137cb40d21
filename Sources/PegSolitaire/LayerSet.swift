// A large open-addressing set of positions (UInt64, never 0) on huge pages, for whole levels
// of a breadth-first search: inserts in batches whose home slots are touched first (the cache
// misses overlap), iteration over the members, and an exact byte count for memory bounds.

struct LayerSet: @unchecked Sendable {
    private(set) var slots: UnsafeMutablePointer<UInt64>
    private(set) var mask: Int
    private(set) var count = 0
    private var shift: UInt64

    init(capacity: Int = 1 << 12) {
        var bits = 4
        while (1 << bits) * 3 < max(capacity, 1) * 4 + 4 { bits += 1 }
        slots = HugeBuffer.allocate(UInt64.self, capacity: 1 << bits)
        slots.initialize(repeating: 0, count: 1 << bits)
        mask = (1 << bits) - 1
        shift = UInt64(64 - bits)
    }

    func free() { HugeBuffer.free(slots) }

    /// Bytes held by the table.
    var bytes: Int { (mask + 1) * 8 }

    @inline(__always) func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always) func contains(_ key: UInt64) -> Bool {
        var i = home(key)
        while true {
            let s = slots[i]
            if s == key { return true }
            if s == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Inserts; returns false if it was already there.
    @inline(__always) @discardableResult
    mutating func insert(_ key: UInt64) -> Bool {
        if (count + 1) * 4 > (mask + 1) * 3 { grow() }
        var i = home(key)
        while true {
            let s = slots[i]
            if s == key { return false }
            if s == 0 { slots[i] = key; count += 1; return true }
            i = (i + 1) & mask
        }
    }

    /// Inserts `n` keys, touching all their home slots first.
    mutating func insert(batch keys: UnsafePointer<UInt64>, _ n: Int) {
        if (count + n) * 4 > (mask + 1) * 3 { grow(to: count + n) }
        var sink: UInt64 = 0
        for k in 0..<n { sink &+= slots[home(keys[k])] }
        if sink == 1 { count += 0 }   // keeps the touching loads
        for k in 0..<n { insert(keys[k]) }
    }

    /// Inserts `n` keys while the table, growing, holds at most `maxBytes` (its new and old
    /// slots while it grows); returns false, with the keys before the one that would pass it
    /// inserted, when it would.
    mutating func insert(batch keys: UnsafePointer<UInt64>, _ n: Int, maxBytes: Int) -> Bool {
        for k in 0..<n {
            if (count + 1) * 4 > (mask + 1) * 3 {
                if (mask + 1) * 3 * 8 > maxBytes { return false }
                grow()
            }
            insert(keys[k])
        }
        return true
    }

    /// Calls `body` on every member (in table order).
    func forEach(_ body: (UInt64) -> Void) {
        for i in 0...mask where slots[i] != 0 { body(slots[i]) }
    }

    /// The members in table order, slots `range` (for splitting work).
    func forEach(slotsIn range: Range<Int>, _ body: (UInt64) -> Void) {
        for i in range where slots[i] != 0 { body(slots[i]) }
    }

    var slotCount: Int { mask + 1 }

    private mutating func grow(to needed: Int? = nil) {
        var size = (mask + 1) * 2
        while size * 3 < (needed ?? 0) * 4 + 4 { size *= 2 }
        let old = slots, oldSize = mask + 1
        slots = HugeBuffer.allocate(UInt64.self, capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        for k in 0..<oldSize where old[k] != 0 {
            var i = home(old[k])
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = old[k]
        }
        HugeBuffer.free(old)
    }
}
