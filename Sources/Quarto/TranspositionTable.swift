// The transposition table: bounds on exact values, keyed by the canonical form, shared by threads.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buckets of two 16-byte entries (one kept for the larger subtree, one always replaced), sized
/// to a power of two within the memory given. Each entry holds the whole 85-bit canonical key, so
/// a hit is never a different position. Threads read and write without locks; an entry is
/// stored as (keyLow ^ word1, word1), so a torn read (halves of two writes) fails the key check
/// (the lockless scheme of Hyatt and Mann, "A lockless transposition table implementation for
/// parallel search", ICGA Journal 25(1), 2002).
final class TranspositionTable: @unchecked Sendable {
    let words: UnsafeMutablePointer<UInt64>
    let bucketMask: Int
    let entryCount: Int

    init(megabytes: Int) {
        let bytes = max(1, megabytes) << 20
        var buckets = 1
        while buckets * 2 * 32 <= bytes { buckets *= 2 }
        bucketMask = buckets - 1
        entryCount = buckets * 2
        // calloc hands out zero pages that cost nothing until touched: a small position's search
        // pays for the few pages it uses, not for clearing the whole table.
        guard let memory = calloc(buckets * 4, MemoryLayout<UInt64>.stride) else {
            fatalError("cannot allocate a \(megabytes) MB transposition table")
        }
        words = memory.bindMemory(to: UInt64.self, capacity: buckets * 4)
    }

    deinit { free(words) }

    func clear() { words.update(repeating: 0, count: (bucketMask + 1) * 4) }

    @inline(__always) func bucket(_ key: UInt128) -> Int {
        let lo = UInt64(truncatingIfNeeded: key), hi = UInt64(truncatingIfNeeded: key >> 64)
        let h = (lo ^ (hi &* 0x9E37_79B9_7F4A_7C15)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: h >> 32) & bucketMask
    }

    /// word1 layout: bits 0-20 key high bits, 21-28 lower bound + 128, 29-36 upper bound + 128,
    /// 37-41 empty squares (the subtree size class), 42 valid.
    @inline(__always) static func unpack(_ w1: UInt64) -> (lower: Int, upper: Int) {
        (Int(w1 >> 21 & 0xFF) - 128, Int(w1 >> 29 & 0xFF) - 128)
    }

    /// The stored (lower, upper) bounds, node-relative, or nil.
    @inline(__always) func probe(_ key: UInt128) -> (lower: Int, upper: Int)? {
        let lo = UInt64(truncatingIfNeeded: key), hi = UInt64(truncatingIfNeeded: key >> 64)
        let p = words + bucket(key) * 4
        for e in 0..<2 {
            let w1 = p[2 * e + 1]
            if w1 & 0x1F_FFFF == hi, w1 >> 42 & 1 == 1, p[2 * e] ^ w1 == lo {
                return TranspositionTable.unpack(w1)
            }
        }
        return nil
    }

    @inline(__always) func store(_ key: UInt128, lower: Int, upper: Int, empties: Int) {
        let lo = UInt64(truncatingIfNeeded: key), hi = UInt64(truncatingIfNeeded: key >> 64)
        let w1 = hi | UInt64(lower + 128) << 21 | UInt64(upper + 128) << 29 | UInt64(empties) << 37 | 1 << 42
        let p = words + bucket(key) * 4
        // same key in either slot: overwrite it; else the first slot if this subtree is at least as big
        var slot = 1
        if p[1] & 0x1F_FFFF == hi, p[0] ^ p[1] == lo { slot = 0 }
        else if !(p[3] & 0x1F_FFFF == hi && p[2] ^ p[3] == lo) && Int(p[1] >> 37 & 0x1F) <= empties { slot = 0 }
        p[2 * slot + 1] = w1
        p[2 * slot] = lo ^ w1
    }
}
