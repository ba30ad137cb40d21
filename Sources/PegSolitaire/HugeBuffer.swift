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
