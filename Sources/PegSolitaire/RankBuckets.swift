// One beam level's children bucketed by a small integer rank, lowest kept, for the beam
// searches over moves (`MoveBeamSearch`: pegs plus three per Merson region still full;
// `PilotBeam`: peg count). Once the buckets below the highest one kept already hold `room`
// children, that bucket can never be taken and is dropped, which bounds the memory of a level
// by about `room` whatever it generates.

/// The distinct children of a level by rank (0..<`ranks`), `room` of them kept: lowest rank
/// first, ties in the last bucket taken broken by a spread hash.
struct RankBuckets<Position: FixedWidthInteger & UnsignedInteger> {
    typealias Entry = (position: Position, parent: Int32)
    let room: Int
    /// The highest rank a child may have and still be kept.
    private(set) var cutoff: Int
    /// Whether a child was dropped (a bucket cut, or left past `room` by `take`).
    private(set) var truncated = false
    private var buckets: [[Entry]]
    private var seen = Set<Position>()
    private var kept = 0

    /// `ranks`: one more than the highest rank (default: peg counts of a `Position`).
    init(room: Int, ranks: Int = Position.bitWidth + 1) {
        self.room = room
        cutoff = ranks - 1
        buckets = [[Entry]](repeating: [], count: ranks)
    }

    /// Keeps `key` (canonical, of rank `rank`) unless it was seen or its bucket is cut; then
    /// lowers the cutoff while the buckets below it already hold `room`.
    @inline(__always)
    mutating func insert(_ key: Position, rank: Int, parent: Int32) {
        guard rank <= cutoff, seen.insert(key).inserted else { return }
        buckets[rank].append((key, parent))
        kept += 1
        while cutoff > 0 && kept - buckets[cutoff].count >= room {
            kept -= buckets[cutoff].count
            buckets[cutoff] = []
            cutoff -= 1
            truncated = true
        }
    }

    /// The `room` children of lowest rank, the last bucket taken cut by least `spread`;
    /// empties the buckets.
    mutating func take(spread: (Position) -> UInt64) -> [Entry] {
        seen = []
        var taken: [Entry] = []
        for rank in buckets.indices where !buckets[rank].isEmpty {
            let left = room - taken.count
            if left <= 0 { truncated = true; break }
            if buckets[rank].count <= left { taken += buckets[rank] } else {
                truncated = true
                taken += buckets[rank].sorted { spread($0.position) < spread($1.position) }.prefix(left)
            }
            buckets[rank] = []
        }
        buckets = []
        return taken
    }
}
