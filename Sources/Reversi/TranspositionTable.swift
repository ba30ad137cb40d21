// A lock-free transposition table for the exact endgame search, shared by all threads.
// Each entry is three words: (player ^ data, opponent ^ data, data), so a torn write by
// another thread fails the check on read (Hyatt and Mann's lockless hashing, 2002) instead
// of returning a wrong bound. Buckets of two entries; the one with fewer empties is replaced.
// Entries of a selective pass are marked: the exact search reads only their moves.

/// Bounds stored for a position: lower <= exact score <= upper, plus the best move found.
struct TableEntry {
    var lower: Int
    var upper: Int
    var move: Int   // 64 = none
}

import Foundation
import Synchronization

final class TranspositionTable: @unchecked Sendable {
    /// 8 words a bucket: two entries of (p ^ d, o ^ d, d, unused).
    let words: UnsafeMutablePointer<UInt64>
    let bucketMask: UInt64
    /// The mapping holding `words` (2 MB aligned inside it), for munmap.
    let mapping: UnsafeMutableRawPointer
    let mappedBytes: Int

    /// A table of about `megabytes` MB (a power of two number of 64-byte buckets, at least 1).
    init(megabytes: Int) {
        let bytes = max(1, megabytes) << 20
        var buckets = 1
        while buckets * 2 * 64 <= bytes { buckets *= 2 }
        // An anonymous mapping: zero pages arrive lazily, so a big table costs nothing until
        // used; 2 MB aligned and marked for transparent huge pages, which cuts the page faults
        // of a table touched at random (a quarter of the time of a 20-empty solve with 4 KB pages).
        let huge = 2 << 20
        mappedBytes = buckets * 64 + huge
        let reused = TranspositionTable.spare.withLock { spare -> UnsafeMutableRawPointer? in
            guard let s = spare, s.bytes == buckets * 64 + huge else { return nil }
            spare = nil
            return s.mapping
        }
        if let m = reused {
            mapping = m
        } else {
            guard let m = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  Int(bitPattern: m) != -1 else { fatalError("transposition table: mmap of \(mappedBytes) bytes failed") }
            mapping = m
        }
        let aligned = (Int(bitPattern: mapping) + huge - 1) & ~(huge - 1)
        let start = UnsafeMutableRawPointer(bitPattern: aligned)!
        if reused != nil {
            // Empty again, so that every solve searches the same tree whatever came before.
            memset(start, 0, buckets * 64)
        } else {
            #if os(Linux)
            _ = madvise(start, buckets * 64, 14)  // MADV_HUGEPAGE
            #endif
        }
        words = start.bindMemory(to: UInt64.self, capacity: buckets * 8)
        bucketMask = UInt64(buckets - 1)
    }

    /// The mapping of the last table freed, kept for the next table of its size: clearing it
    /// costs a tenth of faulting fresh zero pages in (a 256 MB table: 0.43 s of system time
    /// in a 20-empty solve that searches for 0.43 s), and a batch solves one position after
    /// another with tables of one size.
    static let spare = Mutex<(bytes: Int, mapping: UnsafeMutableRawPointer)?>(nil)

    deinit {
        let kept = TranspositionTable.spare.withLock { spare -> Bool in
            if spare != nil { return false }
            spare = (mappedBytes, mapping)
            return true
        }
        if !kept { munmap(mapping, mappedBytes) }
    }

    @inline(__always)
    func bucket(_ p: UInt64, _ o: UInt64) -> UnsafeMutablePointer<UInt64> {
        var h = p &* 0x9E37_79B9_7F4A_7C15
        h ^= (o &+ 0x632B_E59B_D9B4_E019) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 31
        return words + Int(truncatingIfNeeded: (h & bucketMask) << 3)
    }

    @inline(__always)
    static func pack(lower: Int, upper: Int, move: Int, empties: Int, selective: Bool) -> UInt64 {
        UInt64(UInt8(truncatingIfNeeded: lower + 100)) | UInt64(UInt8(truncatingIfNeeded: upper + 100)) << 8
            | UInt64(UInt8(truncatingIfNeeded: move)) << 16 | UInt64(UInt8(truncatingIfNeeded: empties)) << 24
            | 1 << 40  // never zero, so an empty slot never matches
            | (selective ? 1 << 41 : 0)
    }

    @inline(__always)
    func probe(_ p: UInt64, _ o: UInt64, selective: Bool = false) -> TableEntry? {
        let b = bucket(p, o)
        for slot in 0..<2 {
            let e = b + slot * 4
            let d = e[2]
            if e[0] ^ d == p, e[1] ^ d == o, d != 0 {
                // A selective search's bounds are guesses: an exact search takes only its move.
                if d & (1 << 41) != 0 && !selective {
                    return TableEntry(lower: -100, upper: 100, move: Int((d >> 16) & 0xFF))
                }
                return TableEntry(lower: Int(d & 0xFF) - 100, upper: Int((d >> 8) & 0xFF) - 100, move: Int((d >> 16) & 0xFF))
            }
        }
        return nil
    }

    @inline(__always)
    func store(_ p: UInt64, _ o: UInt64, lower: Int, upper: Int, move: Int, empties: Int, selective: Bool = false) {
        let b = bucket(p, o)
        let d = TranspositionTable.pack(lower: lower, upper: upper, move: move, empties: empties, selective: selective)
        var e = b
        if !(b[0] ^ b[2] == p && b[1] ^ b[2] == o) {
            let second = b + 4
            if second[0] ^ second[2] == p && second[1] ^ second[2] == o {
                e = second
            } else {
                // Replace the shallower entry (fewer empties = less work to redo).
                let e0 = Int((b[2] >> 24) & 0xFF), e1 = Int((second[2] >> 24) & 0xFF)
                e = e1 < e0 ? second : b
            }
        }
        e[0] = p ^ d
        e[1] = o ^ d
        e[2] = d
    }
}
