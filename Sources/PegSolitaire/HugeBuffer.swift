// Large buffers on 2 MB-aligned memory with transparent huge pages requested: the count's
// random accesses into hundreds of MB otherwise pay a TLB miss each.
#if canImport(Glibc)
import Glibc
#endif

enum HugeBuffer {
    static func allocate<T>(_ type: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
        let bytes = max(1, capacity * MemoryLayout<T>.stride)
        #if canImport(Glibc)
        if bytes >= 1 << 21 {
            var raw: UnsafeMutableRawPointer?
            let size = (bytes + (1 << 21) - 1) & ~((1 << 21) - 1)
            if posix_memalign(&raw, 1 << 21, size) == 0, let raw {
                _ = madvise(raw, size, 14 /* MADV_HUGEPAGE */)
                return raw.bindMemory(to: T.self, capacity: capacity)
            }
        }
        #endif
        return UnsafeMutablePointer<T>.allocate(capacity: capacity)
    }

    static func free<T>(_ p: UnsafeMutablePointer<T>) {
        #if canImport(Glibc)
        Glibc.free(p)
        #else
        p.deallocate()
        #endif
    }
}

/// CPU seconds used by the process so far (all threads): timings on a shared machine.
func processCPUSeconds() -> Double {
    #if canImport(Glibc)
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    #else
    return 0
    #endif
}

/// Physical memory of the machine, in bytes.
func physicalMemoryBytes() -> Int {
    #if canImport(Glibc)
    return sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE))
    #else
    return 8 << 30
    #endif
}

/// A buffer kept across levels (so its pages are faulted in once), grown on demand.
final class GrowableBuffer<T>: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int
    /// Elements in use (the caller's bookkeeping).
    var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = max(16, capacity)
        base = HugeBuffer.allocate(T.self, capacity: self.capacity)
    }

    deinit { HugeBuffer.free(base) }

    /// Gives the memory back (keeps a small buffer).
    func release() {
        HugeBuffer.free(base)
        capacity = 16
        count = 0
        base = HugeBuffer.allocate(T.self, capacity: capacity)
    }

    /// Makes room for `needed` elements, keeping the first `count`.
    func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var size = capacity
        while size < needed { size *= 2 }
        let bigger = HugeBuffer.allocate(T.self, capacity: size)
        bigger.moveInitialize(from: base, count: count)
        HugeBuffer.free(base)
        base = bigger
        capacity = size
    }
}
