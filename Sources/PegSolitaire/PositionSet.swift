// An open-addressing hash set of positions (UInt64, never 0), growing by doubling up to an
// optional byte limit (`--hash-mb`); a full limited set starts over (it is then a cache).

struct PositionSet {
    private var slots: UnsafeMutablePointer<UInt64>
    private var mask: Int
    private(set) var count = 0
    /// Largest table in bytes; at the limit a full set forgets everything (only for sets whose
    /// members are a cache, like the solver's dead positions; never for exact sets).
    var byteLimit = Int.max

    init(capacity: Int = 1 << 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
    }

    func free() { slots.deallocate() }

    @inline(__always) static func hash(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20)
    }

    @inline(__always) func contains(_ key: UInt64) -> Bool {
        var i = PositionSet.hash(key) & mask
        while true {
            let s = slots[i]
            if s == key { return true }
            if s == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Inserts; returns false if it was already there.
    @discardableResult
    mutating func insert(_ key: UInt64) -> Bool {
        if (count + 1) * 4 > (mask + 1) * 3 {
            // Growing needs the old and the new table at once: three times the old size.
            if (mask + 1) * 3 * MemoryLayout<UInt64>.stride <= byteLimit {
                grow()
            } else if (count + 1) * 10 > (mask + 1) * 9 {
                clear()
            }
        }
        var i = PositionSet.hash(key) & mask
        while true {
            let s = slots[i]
            if s == key { return false }
            if s == 0 { slots[i] = key; count += 1; return true }
            i = (i + 1) & mask
        }
    }

    private mutating func clear() {
        slots.update(repeating: 0, count: mask + 1)
        count = 0
    }

    private mutating func grow() {
        let old = slots, oldSize = mask + 1
        let size = oldSize * 2
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
        for k in 0..<oldSize where old[k] != 0 {
            var i = PositionSet.hash(old[k]) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = old[k]
        }
        old.deallocate()
    }
}
