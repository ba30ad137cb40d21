// Rollout play (our own strategy): exact greedy play, except that once few layouts are left
// every candidate shot is scored by the exact expected number of shots greedy play needs after
// it, over all remaining layouts; the shot with the fewest is fired. This is one step of policy
// iteration with exact evaluation (the rollout algorithm of Bertsekas, Tsitsiklis and Wu,
// "Rollout algorithms for combinatorial optimization", J. Heuristics 1997; Bertsekas, "Rollout,
// Policy Iteration, and Distributed Reinforcement Learning", 2020): the rollout policy never
// needs more shots in expectation than the policy it rolls out, from any position on.

extension Simulator {
    /// Rollout starts once at most this many layouts are consistent (then they are listed).
    static let rolloutLayoutLimit = 5000
    /// The most likely cells a rollout compares (greedy's shot among them).
    static let rolloutCandidates = 8

    /// The rollout shot, and its exact expected saving over greedy play from this position
    /// (0 when it is greedy's shot).
    func rolloutBest(_ record: ShotRecord) -> (cell: Int, gain: Double) {
        let afloat = fleet.count - record.sunk.count
        if afloat > 3 { return (exactBest(record), 0) }
        let count = counter.count(record, threads: 1)
        let greedy = Simulator.argmax(count.cells, record.unknown)
        guard count.layouts <= UInt128(Simulator.rolloutLayoutLimit),
              let layouts = counter.endgameLayouts(record, limit: Simulator.rolloutLayoutLimit) else { return (greedy, 0) }
        let tree = GreedyTree(shape: shape, layouts: layouts)
        let all = Array(Int32(0)..<Int32(layouts.count))
        let greedyCost = tree.cost(all, record.unknown, 0)
        var cells: [Int] = []
        var m = record.unknown
        while m != 0 { cells.append(m.trailingZeroBitCount); m &= m &- 1 }
        let candidates = cells.filter { count.cells[$0] > 0 }
            .sorted { count.cells[$0] != count.cells[$1] ? count.cells[$0] > count.cells[$1] : $0 < $1 }
            .prefix(Simulator.rolloutCandidates)
        var best = greedy, bestCost = greedyCost
        for x in candidates where x != greedy {
            let c = 1 + tree.costAfter(all, x, record.unknown, 0)
            // Strictly better only (by more than rounding): otherwise greedy's shot.
            if c < bestCost - 1e-9 { best = x; bestCost = c }
        }
        return (best, greedyCost - bestCost)
    }
}

/// Greedy play over an explicit list of weighted layouts: at each position the unknown cell with
/// the most layouts (lowest index on ties, as `exactBest`), the outcome splitting the layouts
/// into miss, hit, and hit sinking ship s. Expected shots are exact up to floating point.
struct GreedyTree {
    let shape: BoardShape
    /// Afloat ships per layout (k each), flattened.
    let masks: [UInt128]
    let weights: [UInt64]
    let k: Int

    init(shape: BoardShape, layouts: [EndgameLayout]) {
        self.shape = shape
        k = layouts.first?.afloat.count ?? 0
        masks = layouts.flatMap(\.afloat)
        weights = layouts.map(\.weight)
    }

    /// Expected shots greedy play needs to sink every afloat ship, over the layouts `idx` (all
    /// consistent with the same shots), with `unknown` the cells not shot and `sunk` the
    /// afloat ships (bit per slot) sunk since.
    func cost(_ idx: [Int32], _ unknown: UInt128, _ sunk: UInt32) -> Double {
        if sunk == (UInt32(1) << UInt32(k)) - 1 || idx.isEmpty { return 0 }
        var counts = [UInt64](repeating: 0, count: shape.cellCount)
        for i in idx {
            let w = weights[Int(i)]
            var u: UInt128 = 0
            for s in 0..<k { u |= masks[Int(i) * k + s] }
            u &= unknown
            while u != 0 { counts[u.trailingZeroBitCount] += w; u &= u &- 1 }
        }
        return 1 + costAfter(idx, Simulator.argmax(counts, unknown), unknown, sunk)
    }

    /// Expected shots after firing at `x` (the shot itself not counted).
    func costAfter(_ idx: [Int32], _ x: Int, _ unknown: UInt128, _ sunk: UInt32) -> Double {
        let bit = shape.bit(x)
        let next = unknown & ~bit
        var miss: [Int32] = [], hit: [Int32] = []
        var sinks = [[Int32]](repeating: [], count: k)
        var total: UInt64 = 0
        for i in idx {
            total += weights[Int(i)]
            var owner = -1
            for s in 0..<k where masks[Int(i) * k + s] & bit != 0 { owner = s }
            if owner < 0 { miss.append(i) } else if masks[Int(i) * k + owner] & next == 0 { sinks[owner].append(i) } else { hit.append(i) }
        }
        func weight(_ g: [Int32]) -> Double { Double(g.reduce(0) { $0 + weights[Int($1)] }) }
        var e = 0.0
        let t = Double(total)
        if !miss.isEmpty { e += weight(miss) / t * cost(miss, next, sunk) }
        if !hit.isEmpty { e += weight(hit) / t * cost(hit, next, sunk) }
        for s in 0..<k where !sinks[s].isEmpty { e += weight(sinks[s]) / t * cost(sinks[s], next, sunk | (1 << UInt32(s))) }
        return e
    }
}
