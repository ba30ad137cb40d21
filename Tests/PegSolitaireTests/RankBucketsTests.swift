// The beams' rank buckets against brute force: whatever order the children come in,
// duplicates included, what is taken is the `room` distinct children of lowest rank (here pegs),
// ties by least spread, and `truncated` says so whenever a distinct child was left out.
import Testing
@testable import PegSolitaire

@Suite struct RankBucketsTests {
    @Test func takesTheFewestPegsThenLeastSpread() {
        var rng = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let room = Int.random(in: 1...40, using: &rng)
            // Keys of 0..63 bits set, few distinct values so that duplicates and ties occur.
            let keys: [UInt64] = (0..<Int.random(in: 0...300, using: &rng)).map { _ in
                let pegs = Int.random(in: 0...12, using: &rng) * 5
                var k: UInt64 = 0
                while k.nonzeroBitCount < pegs { k |= UInt64(1) << UInt64.random(in: 0..<64, using: &rng) }
                return k
            }
            var buckets = RankBuckets<UInt64>(room: room)
            for (i, k) in keys.enumerated() where k.nonzeroBitCount <= buckets.cutoff {
                buckets.insert(k, rank: k.nonzeroBitCount, parent: Int32(i))
            }
            // The spread is the key itself: distinct keys never tie.
            let taken = buckets.take(spread: { $0 })
            let distinct = Set(keys).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
            #expect(Set(taken.map(\.position)) == Set(distinct.prefix(room)), "trial \(trial)")
            #expect(taken.count == min(room, distinct.count))
            // Dropping a child always says so; with exactly `room` it may say so (the cutoff can
            // pass empty buckets), which only makes a beam claim less.
            if distinct.count > room { #expect(buckets.truncated, "trial \(trial)") }
            if distinct.count < room { #expect(!buckets.truncated, "trial \(trial)") }
            // Each child taken keeps the parent of its first occurrence.
            for t in taken { #expect(keys[Int(t.parent)] == t.position && keys.firstIndex(of: t.position) == Int(t.parent)) }
        }
    }
}
