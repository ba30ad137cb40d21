// One level of the state space as one bit a position: bit r says whether the position of
// rank r (CombinationRank) among those with `pegs` pegs is in the level. The memory is
// fixed by the board and the peg count, C(holes, pegs) bits, however many positions the level
// holds; zero pages arrive lazily from an anonymous mapping.
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

final class LevelBitmap: @unchecked Sendable {
    let pegs: Int
    /// Positions with `pegs` pegs: the bits in use.
    let size: UInt64
    let wordCount: Int
    let words: UnsafeMutablePointer<UInt64>
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int

    /// Bytes a bitmap of `pegs` pegs takes on a board of `holes` holes.
    static func bytes(holes: Int, pegs: Int, ranks: CombinationRank) -> Int {
        Int((ranks.choose(holes, pegs) + 63) / 64) * 8
    }

    init?(holes: Int, pegs: Int, ranks: CombinationRank) {
        self.pegs = pegs
        size = ranks.choose(holes, pegs)
        wordCount = Int((size + 63) / 64)
        mappedBytes = max(8, wordCount * 8)
        guard let m = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              Int(bitPattern: m) != -1 else { return nil }
        #if os(Linux)
        _ = madvise(m, mappedBytes, 14)  // MADV_HUGEPAGE: random bit sets pay a TLB miss each otherwise
        #endif
        mapping = m
        words = m.bindMemory(to: UInt64.self, capacity: max(1, wordCount))
    }

    deinit { munmap(mapping, mappedBytes) }

    /// The same words as atomics, for threads that set bits of one level together.
    var atomicWords: UnsafeMutablePointer<Atomic<UInt64>> {
        UnsafeMutableRawPointer(words).bindMemory(to: Atomic<UInt64>.self, capacity: max(1, wordCount))
    }

    /// Sets the bit of `rank` in a level that threads fill together (`words` and `atomic`, the
    /// same memory): a plain OR on one thread, else an atomic OR, skipped when the bit is set.
    @inline(__always)
    static func insert(_ rank: UInt64, _ words: UnsafeMutablePointer<UInt64>, _ atomic: UnsafeMutablePointer<Atomic<UInt64>>, single: Bool) {
        let w = Int(truncatingIfNeeded: rank >> 6), bit = UInt64(1) << (rank & 63)
        if single {
            words[w] |= bit
        } else if atomic[w].load(ordering: .relaxed) & bit == 0 {
            atomic[w].bitwiseOr(bit, ordering: .relaxed)
        }
    }

    @inline(__always) func insert(_ rank: UInt64) {
        words[Int(truncatingIfNeeded: rank >> 6)] |= UInt64(1) << (rank & 63)
    }

    @inline(__always) func contains(_ rank: UInt64) -> Bool {
        words[Int(truncatingIfNeeded: rank >> 6)] >> (rank & 63) & 1 != 0
    }

    /// Positions in the level.
    func count() -> UInt64 {
        var n: UInt64 = 0
        for w in 0..<wordCount { n &+= UInt64(words[w].nonzeroBitCount) }
        return n
    }

    /// Calls `body` with every position whose rank lies in words `range`, in rank order: the
    /// first of a word by unranking, the next ones by stepping (Gosper) when they are close.
    @inline(__always)
    func forEachPosition(words range: Range<Int>, ranks: CombinationRank, _ body: (UInt64) -> Void) {
        for w in range {
            var bits = words[w]
            if bits == 0 { continue }
            var rank = UInt64(w) << 6 | UInt64(bits.trailingZeroBitCount)
            var p = ranks.unrank(rank, pegs: pegs)
            while true {
                body(p)
                bits &= bits &- 1
                if bits == 0 { break }
                let nextRank = UInt64(w) << 6 | UInt64(bits.trailingZeroBitCount)
                let gap = nextRank - rank
                if gap > 16 {
                    p = ranks.unrank(nextRank, pegs: pegs)
                } else {
                    for _ in 0..<gap { p = CombinationRank.next(p) }
                }
                rank = nextRank
            }
        }
    }
}
