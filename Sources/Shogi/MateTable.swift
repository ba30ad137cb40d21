// The df-pn transposition table: board key -> entries by attacker hand, with hand superiority.
// Bounded by --hash-mb; buckets of 8 entries, the least-worked entry is replaced. Tables are
// reused from one problem to the next (a generation number retires the old entries).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SolverKit

/// What the table knows about one (board, hand) pair.
struct MateEntry {
    var key: UInt64 = 0
    var pathKey: UInt64 = 0     // repetition entries: the path (ancestors in order) they hold for
    var hand: UInt32 = 0        // unknown: exact hand; proven: proof hand; disproven: disproof hand
    var pn: UInt32 = 0
    var dn: UInt32 = 0
    var amount: UInt32 = 0      // nodes spent under it (replacement priority)
    var length: UInt16 = 0      // proven: a mate of at most this many plies exists
    var depth: UInt16 = 0       // disproven: no mate within this many plies (0xFFFF: none at all);
                                // repetition: likewise
    var kind: UInt8 = 0         // MateEntry.empty / unknown / proven / disproven / repetition
    var generation: UInt8 = 0   // the table's generation when stored; any other one reads as empty
    var restPly: Int16 = 0      // repetition, provenPath: the shallowest ply of the path the value rests on
    static let empty: UInt8 = 0, unknown: UInt8 = 1, proven: UInt8 = 2, disproven: UInt8 = 3, repetition: UInt8 = 4
    /// A composer disproof that no defender escape through an interposition holds up: it holds
    /// for every smaller attacker hand too (`MateSolver+CleanDisproof.swift`).
    static let disprovenClean: UInt8 = 5
    /// A composer proof that rests on a futility judgement valid on its path only (a disproof
    /// under the judgement rests on a repetition of an ancestor): answers on that path only.
    static let provenPath: UInt8 = 6
}

/// A node's value as df-pn uses it.
struct NodeValue {
    var pn: UInt32
    var dn: UInt32
    var length: UInt16 = 0
    var depth: UInt16 = 0
    var hand: Hand = Hand()
    /// Disproven: the shallowest ply of the current path (the root is ply 0) whose position the
    /// disproof rests on (a repetition of it below), or `NodeValue.anyPath` when it rests on
    /// none, so that it holds whatever path reaches the node. -1: it rests on the path's length
    /// (the ply limit), never on one position alone.
    var restPly: Int32 = NodeValue.anyPath
    /// Proven (composer): the shallowest ply of the current path that a futility judgement under
    /// the proof rests on, `NodeValue.anyPath` when none. A futile interposition is judged by
    /// searches of D'' and of the node's other replies; when one of those values holds on the
    /// current path only (a disproof resting on a repetition of an ancestor), so does the
    /// judgement, and a proof that leaves the interposition out holds on that path only.
    var proofRest: Int32 = NodeValue.anyPath
    var isNew = false
    /// Composer disproof: no escape through an interposition anywhere under it, so it holds for
    /// every attacker hand the node's hand covers (`MateSolver+CleanDisproof.swift`).
    var clean = false

    static let anyPath = Int32.max
    /// A disproof that holds for the current path only (it rests on a repetition of an ancestor).
    var repetition: Bool { restPly != NodeValue.anyPath }
}

let infinitePN: UInt32 = 0x3FFF_FFFF
let noMateAtAll: UInt16 = 0xFFFF

final class MateTable: @unchecked Sendable {
    let entries: UnsafeMutablePointer<MateEntry>
    /// Entries of another generation are empty: a reused table needs no clearing. Never 0, the
    /// generation of never-written (zero) memory.
    private(set) var generation: UInt8 = 1
    let bucketCount: Int
    static let bucketSize = 8

    /// The mapping holding `entries` (2 MB aligned inside it), for munmap.
    let mapping: UnsafeMutableRawPointer
    let mappedBytes: Int

    let megabytes: Int

    /// Proofs and disproofs hold for their own attacker hand only (no hand superiority): the
    /// composers' rules are not monotone in the attacker's hand (a piece more can shorten the
    /// king's escape and so make an interposition effective), see `MateSolver+Composer.swift`.
    /// Set by every solver that takes the table.
    var exactHands = false

    private init(megabytes: Int) {
        self.megabytes = megabytes
        let bytes = max(1, megabytes) * 1_048_576
        // any number of buckets (the index is a multiply-high), so --hash-mb is used in full
        let buckets = max(1, bytes / (MateTable.bucketSize * MemoryLayout<MateEntry>.stride))
        bucketCount = buckets
        // An anonymous mapping: the kernel hands out zero pages lazily (an all-zero entry is an
        // empty one); 2 MB aligned and marked for transparent huge pages, as Reversi's table: a
        // probe lands at random in hundreds of MB, and with 4 KB pages each one is a TLB miss.
        let huge = 2 << 20
        let tableBytes = buckets * MateTable.bucketSize * MemoryLayout<MateEntry>.stride
        mappedBytes = tableBytes + huge
        guard let m = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              Int(bitPattern: m) != -1 else { fatalError("mate table: mmap of \(mappedBytes) bytes failed") }
        mapping = m
        let start = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: m) + huge - 1) & ~(huge - 1))!
        #if os(Linux)
        _ = madvise(start, tableBytes, 14)  // MADV_HUGEPAGE
        #endif
        entries = start.bindMemory(to: MateEntry.self, capacity: buckets * MateTable.bucketSize)
    }
    deinit { munmap(mapping, mappedBytes) }

    /// Tables left by finished problems. A new 256 MB table costs the kernel 256 MB of page
    /// zeroing as probes touch it (11% of a 1M-node problem's time, far more for a small
    /// problem, whose few probes still touch most 2 MB pages); a reused one starts a new
    /// generation instead.
    private static let pool = Mutex<[MateTable]>([])
    private static let poolLimit = 4

    /// A table of `megabytes`, empty: a pooled one when there is one of that size.
    static func take(megabytes: Int) -> MateTable {
        let reused = pool.withLock { tables -> MateTable? in
            guard let i = tables.firstIndex(where: { $0.megabytes == megabytes }) else { return nil }
            return tables.remove(at: i)
        }
        guard let table = reused else { return MateTable(megabytes: megabytes) }
        table.nextGeneration()
        return table
    }

    /// Returns a table to the pool for the next problem (dropped when the pool is full).
    static func give(_ table: MateTable) {
        pool.withLock { tables in if tables.count < poolLimit { tables.append(table) } }
    }

    private func nextGeneration() {
        if generation == UInt8.max {
            // after 255 problems: clear for real, so that no old entry can read as current
            entries.update(repeating: MateEntry(), count: capacity)
            generation = 1
        } else {
            generation += 1
        }
    }

    var capacity: Int { bucketCount * MateTable.bucketSize }

    @inline(__always) func bucket(_ key: UInt64) -> UnsafeMutablePointer<MateEntry> {
        entries + Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(bucketCount)).high) * MateTable.bucketSize
    }

    /// Asks for every cache line of key's bucket without waiting for them (a bucket is five
    /// 64-byte lines, line-aligned): asked for several keys in a row, the misses overlap.
    @inline(__always) func prefetch(_ key: UInt64) {
        let raw = UnsafeRawPointer(bucket(key))
        var offset = 0
        while offset < MateTable.bucketSize * MemoryLayout<MateEntry>.stride {
            prefetchForReading(raw + offset)
            offset += 64
        }
    }

    /// The value of (key, hand) for a search with `remaining` plies (proofs must fit in it).
    @inline(__always)
    func lookup(_ key: UInt64, _ hand: Hand, remaining: Int, pathKey: UInt64) -> NodeValue {
        let b = bucket(key)
        var result = NodeValue(pn: 1, dn: 1, isNew: true)
        var bestLength = UInt16.max
        for i in 0..<MateTable.bucketSize {
            let e = b[i]
            if e.key != key || e.kind == MateEntry.empty || e.generation != generation { continue }
            switch e.kind {
            case MateEntry.proven:
                if Int(e.length) <= remaining, exactHands ? e.hand == hand.raw : hand.covers(Hand(raw: e.hand)), e.length < bestLength {
                    bestLength = e.length
                    result = NodeValue(pn: 0, dn: infinitePN, length: e.length, hand: Hand(raw: e.hand))
                }
            case MateEntry.disproven:
                if bestLength == .max, Int(e.depth) >= remaining, exactHands ? e.hand == hand.raw : Hand(raw: e.hand).covers(hand) {
                    return NodeValue(pn: infinitePN, dn: 0, depth: e.depth, hand: Hand(raw: e.hand))
                }
            case MateEntry.disprovenClean:
                if bestLength == .max, Int(e.depth) >= remaining, Hand(raw: e.hand).covers(hand) {
                    return NodeValue(pn: infinitePN, dn: 0, depth: e.depth, hand: hand, clean: true)
                }
            case MateEntry.provenPath:
                if e.pathKey == pathKey, e.hand == hand.raw, Int(e.length) <= remaining, e.length < bestLength {
                    bestLength = e.length
                    result = NodeValue(pn: 0, dn: infinitePN, length: e.length, hand: hand, proofRest: Int32(e.restPly))
                }
            case MateEntry.repetition:
                if bestLength == .max, e.hand == hand.raw, e.pathKey == pathKey, Int(e.depth) >= remaining {
                    return NodeValue(pn: infinitePN, dn: 0, depth: e.depth, hand: hand, restPly: Int32(e.restPly))
                }
            default:
                if bestLength == .max, e.hand == hand.raw {
                    result = NodeValue(pn: e.pn, dn: e.dn, isNew: false)
                }
            }
        }
        return result
    }

    /// Slot for a new entry: one matching (key, kind, hand), else an empty one, else the least worked.
    @inline(__always)
    private func slot(_ key: UInt64, kind: UInt8, hand: UInt32, alsoReplace exactHand: UInt32) -> UnsafeMutablePointer<MateEntry> {
        let b = bucket(key)
        var victim = b
        var victimScore = UInt64.max
        for i in 0..<MateTable.bucketSize {
            let e = b + i
            if e.pointee.kind == MateEntry.empty || e.pointee.generation != generation {
                if victimScore > 0 { victim = e; victimScore = 0 }
                continue
            }
            if e.pointee.key == key {
                if e.pointee.kind == kind, e.pointee.hand == hand { return e }
                if e.pointee.kind == MateEntry.unknown, e.pointee.hand == exactHand { return e }
            }
            // terminal results are worth more than work in progress
            let kind = e.pointee.kind
            let terminal = kind == MateEntry.proven || kind == MateEntry.disproven || kind == MateEntry.disprovenClean
            let score = UInt64(e.pointee.amount) + (terminal ? 64 : 0)
            if score < victimScore { victim = e; victimScore = score }
        }
        return victim
    }

    /// Empties every entry of `key`, so that the next search of that position expands it again.
    func forget(_ key: UInt64) {
        let b = bucket(key)
        for i in 0..<MateTable.bucketSize where b[i].key == key { b[i] = MateEntry() }
    }

    @inline(__always)
    func storeUnknown(_ key: UInt64, _ hand: Hand, pn: UInt32, dn: UInt32, amount: UInt32) {
        let e = slot(key, kind: MateEntry.unknown, hand: hand.raw, alsoReplace: hand.raw)
        e.pointee = MateEntry(key: key, hand: hand.raw, pn: pn, dn: dn, amount: amount, kind: MateEntry.unknown, generation: generation)
    }

    @inline(__always)
    func storeProven(_ key: UInt64, current: Hand, proofHand given: Hand, length: UInt16, amount: UInt32) {
        let proofHand = exactHands ? current : given
        let e = slot(key, kind: MateEntry.proven, hand: proofHand.raw, alsoReplace: current.raw)
        if e.pointee.key == key, e.pointee.generation == generation, e.pointee.kind == MateEntry.proven, e.pointee.hand == proofHand.raw, e.pointee.length <= length { return }
        e.pointee = MateEntry(key: key, hand: proofHand.raw, pn: 0, dn: infinitePN, amount: amount, length: length, kind: MateEntry.proven, generation: generation)
    }

    /// `clean`: a composer disproof that holds for every hand the current one covers (stored with
    /// the current hand; plain disproofs have their disproof hand already).
    @inline(__always)
    func storeDisproven(_ key: UInt64, current: Hand, disproofHand given: Hand, depth: UInt16, amount: UInt32, clean: Bool = false) {
        let disproofHand = exactHands ? current : given
        let kind = exactHands && clean ? MateEntry.disprovenClean : MateEntry.disproven
        let e = slot(key, kind: kind, hand: disproofHand.raw, alsoReplace: current.raw)
        if e.pointee.key == key, e.pointee.generation == generation, e.pointee.kind == kind, e.pointee.hand == disproofHand.raw, e.pointee.depth >= depth { return }
        e.pointee = MateEntry(key: key, hand: disproofHand.raw, pn: infinitePN, dn: 0, amount: amount, depth: depth, kind: kind, generation: generation)
    }

    /// A composer proof that rests on a judgement valid on `pathKey`'s path only (at ply
    /// `restPly`, `NodeValue.proofRest`): it answers on that path only, for the exact hand.
    @inline(__always)
    func storeProvenPath(_ key: UInt64, _ hand: Hand, pathKey: UInt64, length: UInt16, restPly: Int32, amount: UInt32) {
        storeOnPath(MateEntry(key: key, pathKey: pathKey, hand: hand.raw, pn: 0, dn: infinitePN, amount: amount,
                              length: length, kind: MateEntry.provenPath, generation: generation,
                              restPly: Int16(clamping: restPly)))
    }

    /// A disproof that rests on a repetition of the position at ply `restPly` of `pathKey`'s path:
    /// it answers on that path only. `depth`: the bound it holds for, as an ordinary disproof's
    /// (it may also rest on children disproven only within a bound, and the exact-length search
    /// raises the bound after a disproof).
    @inline(__always)
    func storeRepetition(_ key: UInt64, _ hand: Hand, pathKey: UInt64, depth: UInt16, restPly: Int32, amount: UInt32) {
        storeOnPath(MateEntry(key: key, pathKey: pathKey, hand: hand.raw, pn: infinitePN, dn: 0, amount: amount,
                              depth: depth, kind: MateEntry.repetition, generation: generation,
                              restPly: Int16(clamping: restPly)))
    }

    /// Writes an entry that holds for one path (exact hand), over the slot of its key, kind and hand.
    @inline(__always)
    private func storeOnPath(_ entry: MateEntry) {
        slot(entry.key, kind: entry.kind, hand: entry.hand, alsoReplace: entry.hand).pointee = entry
    }
}
