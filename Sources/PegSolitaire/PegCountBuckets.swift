// One beam level's children bucketed by peg count, for the beam searches over moves
// (`MoveBeamSearch`, `PilotBeam`). A move removes as many pegs as it has jumps, so the beam
// keeps the children with the fewest pegs: once the buckets below the highest one kept already
// hold `room` children, that bucket can never be taken and is dropped, which bounds the memory
// of a level by about `room` whatever it generates.

/// The distinct children of a level by peg count, `room` of them kept: fewest pegs first, ties
/// in the last bucket taken broken by a spread hash.
struct PegCountBuckets<Position: FixedWidthInteger & UnsignedInteger> {
    typealias Entry = (position: Position, parent: Int32)
    let room: Int
    /// The most pegs a child may have and still be kept.
    private(set) var cutoff: Int
    /// Whether a child was dropped (a bucket cut, or left past `room` by `take`).
    private(set) var truncated = false
    private var buckets: [[Entry]]
    private var seen = Set<Position>()
    private var kept = 0

    init(room: Int) {
        self.room = room
        cutoff = Position.bitWidth
        buckets = [[Entry]](repeating: [], count: Position.bitWidth + 1)
    }

    /// Keeps `key` (canonical, `pegs` pegs) unless it was seen or its bucket is cut; then
    /// lowers the cutoff while the buckets below it already hold `room`.
    @inline(__always)
    mutating func insert(_ key: Position, pegs: Int, parent: Int32) {
        guard pegs <= cutoff, seen.insert(key).inserted else { return }
        buckets[pegs].append((key, parent))
        kept += 1
        while cutoff > 0 && kept - buckets[cutoff].count >= room {
            kept -= buckets[cutoff].count
            buckets[cutoff] = []
            cutoff -= 1
            truncated = true
        }
    }

    /// The `room` children with the fewest pegs, the last bucket taken cut by least `spread`;
    /// empties the buckets.
    mutating func take(spread: (Position) -> UInt64) -> [Entry] {
        seen = []
        var taken: [Entry] = []
        for pegs in buckets.indices where !buckets[pegs].isEmpty {
            let left = room - taken.count
            if left <= 0 { truncated = true; break }
            if buckets[pegs].count <= left { taken += buckets[pegs] } else {
                truncated = true
                taken += buckets[pegs].sorted { spread($0.position) < spread($1.position) }.prefix(left)
            }
            buckets[pegs] = []
        }
        buckets = []
        return taken
    }
}
