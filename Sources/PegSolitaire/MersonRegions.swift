// Merson regions: a lower bound on the moves between two positions. A region R is a Merson
// region when every jump over a hole of R starts or lands in R. While R is full, no jump can
// land in it, so the first move that takes a peg out of a full R starts inside R; the moves that
// first break disjoint full regions start in different holes, so they are different moves.
// Hence moves(P -> Q) >= the number of disjoint regions full in P and not full in Q. (Named
// after R. Merson; Beasley, "The Ins and Outs of Peg Solitaire", 1985, on the fewest moves of
// the central game; Bell, "Diagonal Peg Solitaire", INTEGERS 7, 2007, G01.)
//
// The regions used: single holes no jump passes over (corners) and pairs of holes neither of
// which is one (two neighbours on a triangle's edge). The pairs are packed greedily along
// their graph, which is optimal when that graph is a union of paths (as on triangles); any
// packing of disjoint regions gives a valid bound, less the most the other end can hold.

struct MersonRegions: @unchecked Sendable {
    /// Holes no jump passes over.
    let singletons: UInt64
    /// Pair regions as bitmasks, ordered along the paths of the pair graph (a raw buffer: read
    /// per chain position; `free()` gives it back).
    let pairs: UnsafeMutablePointer<UInt64>
    let pairCount: Int

    init(board: Board) {
        let regions = MersonRegions.regions(holeCount: board.holeCount, jumps: board.jumps.map { ($0.from, $0.over, $0.to) })
        singletons = regions.singletons.reduce(0) { $0 | UInt64(1) << UInt64($1) }
        let ordered = regions.pairs.map { UInt64(1) << UInt64($0.0) | UInt64(1) << UInt64($0.1) }
        pairCount = ordered.count
        pairs = .allocate(capacity: max(1, ordered.count))
        pairs.initialize(from: ordered, count: ordered.count)
    }

    /// The regions of a board given by its jumps: the holes no jump passes over, and the pair
    /// regions ordered along the paths of their graph (for the greedy packing).
    static func regions(holeCount: Int, jumps: [(from: Int, over: Int, to: Int)]) -> (singletons: [Int], pairs: [(Int, Int)]) {
        var over = [[(from: Int, over: Int, to: Int)]](repeating: [], count: holeCount)
        for j in jumps { over[j.over].append(j) }
        let single = (0..<holeCount).filter { over[$0].isEmpty }
        // {a, b}: every jump over a starts or lands on b, and every jump over b on a.
        func covered(_ h: Int, by other: Int) -> Bool { over[h].allSatisfy { $0.from == other || $0.to == other } }
        var edges: [(Int, Int)] = []
        for a in 0..<holeCount where !over[a].isEmpty {
            for b in (a + 1)..<holeCount where !over[b].isEmpty && covered(a, by: b) && covered(b, by: a) {
                edges.append((a, b))
            }
        }
        // Order the edges along each path (from an end: a hole of degree 1), then the rest.
        var degree = [Int](repeating: 0, count: holeCount)
        for (a, b) in edges { degree[a] += 1; degree[b] += 1 }
        var used = [Bool](repeating: false, count: edges.count)
        var ordered: [(Int, Int)] = []
        for end in 0..<holeCount where degree[end] == 1 {
            var hole = end
            while let k = edges.indices.first(where: { !used[$0] && (edges[$0].0 == hole || edges[$0].1 == hole) }) {
                used[k] = true
                ordered.append(edges[k])
                hole = edges[k].0 == hole ? edges[k].1 : edges[k].0
            }
        }
        for k in edges.indices where !used[k] { ordered.append(edges[k]) }
        return (single, ordered)
    }

    func free() { pairs.deallocate() }

    /// The most disjoint regions full in `p` (`full: true`) or broken in it, exactly (a search
    /// over the pairs), for the starts and finishes a search subtracts: the greedy packings
    /// above are exact only on path graphs. Past 24 candidate pairs, every candidate pair
    /// counts (an upper bound: still a valid amount to subtract).
    func mostRegions(_ p: UInt64, full: Bool, holes: UInt64) -> Int {
        let target = full ? p : holes & ~p
        let candidates = (0..<pairCount).map { pairs[$0] }.filter { full ? target & $0 == $0 : target & $0 != 0 }
        let single = (target & singletons).nonzeroBitCount
        if candidates.count > 24 { return single + candidates.count }
        func best(_ k: Int, _ taken: UInt64) -> Int {
            if k == candidates.count { return 0 }
            let skip = best(k + 1, taken)
            return taken & candidates[k] == 0 ? max(skip, 1 + best(k + 1, taken | candidates[k])) : skip
        }
        return single + best(0, 0)
    }

    /// Disjoint regions whose holes are all pegs in `p` (a greedy packing).
    @inline(__always)
    func fullCount(_ p: UInt64) -> Int {
        MersonRegions.fullCount(p, singletons: singletons, pairs: UnsafeBufferPointer(start: pairs, count: pairCount))
    }

    /// The greedy packing of `fullCount` for positions of any width (`WideTriangle`'s 128 bits):
    /// the singletons full in `p`, then each pair full in `p` and disjoint from those taken.
    @inline(__always)
    static func fullCount<P: FixedWidthInteger>(_ p: P, singletons: P, pairs: UnsafeBufferPointer<P>) -> Int {
        var count = (p & singletons).nonzeroBitCount
        var taken: P = 0
        for r in pairs where p & r == r && taken & r == 0 {
            taken |= r
            count += 1
        }
        return count
    }

    /// Disjoint regions with at least one empty hole in `p` (`holes`: the board's holes).
    @inline(__always)
    func brokenCount(_ p: UInt64, holes: UInt64) -> Int {
        let empty = holes & ~p
        var count = (empty & singletons).nonzeroBitCount
        var taken: UInt64 = 0
        for k in 0..<pairCount {
            let r = pairs[k]
            guard empty & r != 0 && taken & r == 0 else { continue }
            taken |= r
            count += 1
        }
        return count
    }
}
