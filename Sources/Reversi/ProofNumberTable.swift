// The table of the proof-number search (EndgameSearch+ProofNumber.swift): proof and disproof
// numbers of the positions it has met, one table a search thread. Buckets of two entries; a new
// position replaces the entry whose subtree cost less work.

/// Proof and disproof numbers of one node: the attacker's and the defender's discs, who is to
/// move, and the score the attacker must reach (a node is the same only for the same question).
struct ProofNumberEntry {
    var attacker: UInt64
    var defender: UInt64
    /// Bit 0: the attacker is to move; bits 1...: target + 128.
    var question: UInt32
    var proof: UInt32
    var disproof: UInt32
    /// Nodes searched below this node, which keeps the costly entries.
    var work: UInt32
}

struct ProofNumberTable {
    let entries: UnsafeMutablePointer<ProofNumberEntry>
    let bucketMask: Int
    /// Proof and disproof numbers are kept below this (proven: proof 0, disproof infinite).
    static let infinite = 1 << 30

    init(megabytes: Int) {
        var buckets = 1
        while buckets * 2 * MemoryLayout<ProofNumberEntry>.stride * 2 <= megabytes << 20 { buckets *= 2 }
        entries = .allocate(capacity: buckets * 2)
        entries.initialize(repeating: ProofNumberEntry(attacker: 0, defender: 0, question: 0, proof: 0, disproof: 0, work: 0),
                           count: buckets * 2)
        bucketMask = buckets - 1
    }

    func deallocate() { entries.deallocate() }

    @inline(__always)
    static func question(attackerToMove: Bool, target: Int) -> UInt32 {
        UInt32(target + 128) << 1 | (attackerToMove ? 1 : 0)
    }

    @inline(__always)
    func bucket(_ a: UInt64, _ d: UInt64, _ q: UInt32) -> UnsafeMutablePointer<ProofNumberEntry> {
        var h = (a &* 0x9E37_79B9_7F4A_7C15) ^ (d &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(q)
        h ^= h >> 29
        return entries + ((Int(truncatingIfNeeded: h) & bucketMask) << 1)
    }

    /// The numbers stored for the node, if any.
    @inline(__always)
    func probe(_ a: UInt64, _ d: UInt64, _ q: UInt32) -> (proof: Int, disproof: Int)? {
        let b = bucket(a, d, q)
        for i in 0..<2 where b[i].attacker == a && b[i].defender == d && b[i].question == q && b[i].work != 0 {
            return (Int(b[i].proof), Int(b[i].disproof))
        }
        return nil
    }

    @inline(__always)
    func store(_ a: UInt64, _ d: UInt64, _ q: UInt32, proof: Int, disproof: Int, work: UInt64) {
        let b = bucket(a, d, q)
        let w = UInt32(min(work, UInt64(UInt32.max - 1))) + 1
        let entry = ProofNumberEntry(attacker: a, defender: d, question: q, proof: UInt32(proof),
                                     disproof: UInt32(disproof), work: w)
        if b[0].attacker == a && b[0].defender == d && b[0].question == q { b[0] = entry; return }
        if b[1].attacker == a && b[1].defender == d && b[1].question == q { b[1] = entry; return }
        b[b[0].work <= b[1].work ? 0 : 1] = entry
    }
}
