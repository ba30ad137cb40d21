// Deduplication of the children of a level: one parallel scatter pass partitions the keys
// by hash into buckets of a few thousand, then each bucket is deduplicated with a small
// hash set that stays in cache. One pass over DRAM instead of the three of a radix sort;
// the order of the result does not matter (levels are sets).
import Dispatch

enum Deduplication {
    static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The distinct keys of the segments (one per generating thread), using `scratch`.
    static func distinct(_ segs: SharedSegments, scratch: GrowableBuffer<UInt64>, threads: Int) -> [UInt64] {
        let n = segs.segments.reduce(0) { $0 + $1.count }
        if n == 0 { return [] }
        var bucketBits = 0
        while bucketBits < 16 && (n >> bucketBits) > 8192 { bucketBits += 1 }
        let buckets = 1 << bucketBits
        scratch.count = 0
        scratch.reserve(n)
        let a = SharedPointer(scratch.base)
        let bounds = SharedPointer<Int>(capacity: buckets + 1)
        defer { bounds.p.deallocate() }
        partition(segs, into: a, bucketBits: bucketBits, bounds: bounds)
        let uniqueCounts = SharedPointer<Int>(capacity: buckets)
        defer { uniqueCounts.p.deallocate() }
        var largest = 0
        for b in 0..<buckets { largest = max(largest, bounds.p[b + 1] - bounds.p[b]) }
        var bitsNeeded = 4
        while (1 << bitsNeeded) < largest * 2 { bitsNeeded += 1 }
        let tableBits = bitsNeeded
        let t = min(threads, buckets)
        DispatchQueue.concurrentPerform(iterations: t) { k in
            let size = 1 << tableBits
            let table = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
            defer { table.deallocate() }
            for b in stride(from: k, to: buckets, by: t) {
                let start = bounds.p[b], end = bounds.p[b + 1]
                var bits = 4
                while (1 << bits) < (end - start) * 2 { bits += 1 }
                let mask = (1 << bits) - 1
                table.update(repeating: 0, count: 1 << bits)
                var unique = start
                for i in start..<end {
                    let v = a.p[i]
                    var h = Int(truncatingIfNeeded: (v &* multiplier) >> 24) & mask
                    while true {
                        let s = table[h]
                        if s == v { break }
                        if s == 0 { table[h] = v; a.p[unique] = v; unique += 1; break }
                        h = (h + 1) & mask
                    }
                }
                uniqueCounts.p[b] = unique - start
            }
        }
        var total = 0
        for b in 0..<buckets { total += uniqueCounts.p[b] }
        return [UInt64](unsafeUninitializedCapacity: total) { out, count in
            var at = 0
            for b in 0..<buckets {
                let c = uniqueCounts.p[b]
                (out.baseAddress! + at).update(from: a.p + bounds.p[b], count: c)
                at += c
            }
            count = total
        }
    }

    /// Scatters the segments (one thread each) into `dst` by bucket (the top `bucketBits`
    /// of the key's hash); `bounds[b] ..< bounds[b + 1]` is bucket b.
    static func partition(_ segs: SharedSegments, into dst: SharedPointer<UInt64>, bucketBits: Int, bounds: SharedPointer<Int>) {
        let t = segs.segments.count
        let buckets = 1 << bucketBits
        let shift = UInt64(64 - bucketBits)
        let counts = SharedPointer<Int>(capacity: t * buckets)
        counts.p.initialize(repeating: 0, count: t * buckets)
        defer { counts.p.deallocate() }
        DispatchQueue.concurrentPerform(iterations: t) { k in
            let c = counts.p + k * buckets
            for v in segs.segments[k] { c[bucketBits == 0 ? 0 : Int(truncatingIfNeeded: (v &* multiplier) >> shift)] += 1 }
        }
        var running = 0
        for b in 0..<buckets {
            bounds.p[b] = running
            for k in 0..<t {
                let c = counts.p[k * buckets + b]
                counts.p[k * buckets + b] = running
                running += c
            }
        }
        bounds.p[buckets] = running
        DispatchQueue.concurrentPerform(iterations: t) { k in
            let c = counts.p + k * buckets
            for v in segs.segments[k] {
                let b = bucketBits == 0 ? 0 : Int(truncatingIfNeeded: (v &* multiplier) >> shift)
                dst.p[c[b]] = v
                c[b] += 1
            }
        }
    }
}

struct SharedSegments: @unchecked Sendable {
    let segments: [UnsafeBufferPointer<UInt64>]
    init(_ segments: [UnsafeBufferPointer<UInt64>]) { self.segments = segments }
}
