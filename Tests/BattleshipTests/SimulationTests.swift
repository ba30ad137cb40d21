// Simulation: the seeded generator against its published reference outputs, the random
// shooter against the exact expectation 1717/18, and short runs of every strategy.

import Testing
@testable import Battleship
import SolverKit

@Test func splitMix64MatchesReference() {
    // Reference outputs of SplitMix64 from seed 0 (Vigna's splitmix64.c).
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
    var counts = [Int](repeating: 0, count: 7)
    for _ in 0..<7000 { counts[rng.below(7)] += 1 }
    #expect(counts.allSatisfy { $0 > 850 && $0 < 1150 })
}

@Test func randomShooterMatchesExactExpectation() {
    // The last of 17 ship cells in a random order of 100: mean 17 * 101 / 18 = 95.39, sd 4.8.
    let stats = Simulator().run(.random, games: 4000, seed: 11, threads: 2)
    #expect(abs(stats.mean - 1717.0 / 18.0) < 0.4)
    #expect(stats.median == 97)
    #expect(stats.min >= 17 && stats.max <= 100)
}

@Test func everyStrategyFinishesAndRanksSensibly() {
    let sim = Simulator()
    let ht = sim.run(.huntTarget, games: 400, seed: 5, threads: 2)
    let parity = sim.run(.parity, games: 400, seed: 5, threads: 2)
    let exact = sim.run(.exact, games: 6, seed: 5, threads: 2)
    let look = sim.run(.lookahead, games: 2, seed: 5, threads: 2)
    for s in [ht, parity, exact, look] { #expect(s.min >= 17 && s.max <= 100) }
    // Parity hunting never needs the odd colour while a ship of length >= 2 is afloat.
    #expect(parity.mean < ht.mean)
    #expect(ht.mean < 80)
    #expect(exact.mean < 60)
    // Same seed, same games: deterministic.
    #expect(sim.run(.exact, games: 6, seed: 5, threads: 1).shots == exact.shots)
}

/// Small-board positions from random play with the order of the shots kept, as in a game.
private func playedPositions(width: Int, height: Int, fleet: [Int], games: Int, seed: UInt64) -> [ShotRecord] {
    let shape = BoardShape(width: width, height: height)!
    let table = PlacementTable(shape: shape, lengths: fleet)
    var rng = SplitMix64(seed: seed)
    var out: [ShotRecord] = []
    for _ in 0..<games {
        var game = SimulatedGame(shape: shape, ships: SimulatedGame.randomLayout(table, fleet: fleet, rng: &rng),
                                 record: ShotRecord(shape: shape, fleet: fleet))
        let shots = rng.below(width * height / 2) + 1
        var order = Array(0..<(width * height))
        order.shuffle(using: &rng)
        for cell in order.prefix(shots) where !game.over { game.fire(cell) }
        if !game.over { out.append(game.record) }
    }
    return out
}

/// The brute-force view of a position: every consistent layout as a set of cells, with the
/// ship covering each cell (sunk ships on the hits of the moment they sank).
private func consistentLayouts(_ record: ShotRecord) -> [[Int: Int]] {
    let w = record.shape.width, h = record.shape.height
    let brute = BruteForceCounter(width: w, height: h, fleet: record.fleet)
    let cells = { (m: UInt128) in Set((0..<(w * h)).filter { m & (UInt128(1) << UInt128($0)) != 0 }) }
    let hits = cells(record.hits), misses = cells(record.misses)
    var out: [[Int: Int]] = []
    func rec(_ i: Int, _ owner: [Int: Int]) {
        if i == record.fleet.count {
            guard hits.allSatisfy({ owner[$0] != nil }) else { return }
            for s in record.fleet.indices {
                let ship = Set(owner.filter { $0.value == s }.keys)
                if let a = record.sunk.first(where: { $0.ship == s }) {
                    if !ship.contains(a.cell) || !ship.isSubset(of: cells(a.hitsThen!)) { return }
                } else if ship.isSubset(of: hits) { return }
            }
            out.append(owner)
            return
        }
        for p in brute.placements(record.fleet[i]) where p.allSatisfy({ owner[$0] == nil && !misses.contains($0) }) {
            var next = owner
            for c in p { next[c] = i }
            rec(i + 1, next)
        }
    }
    rec(0, [:])
    return out
}

@Test func exactShotIsAMostLikelyCellByBruteForce() {
    let sim = Simulator(shape: BoardShape(width: 5, height: 5)!, fleet: [3, 2, 2])
    for record in playedPositions(width: 5, height: 5, fleet: [3, 2, 2], games: 12, seed: 3) {
        let layouts = consistentLayouts(record)
        var count = [Int](repeating: 0, count: 25)
        for l in layouts { for c in l.keys { count[c] += 1 } }
        let unknown = (0..<25).filter { record.unknown & (UInt128(1) << UInt128($0)) != 0 }
        let shot = sim.exactBest(record)
        #expect(unknown.contains(shot))
        #expect(count[shot] == unknown.map { count[$0] }.max())
    }
}

@Test func lookaheadShotMaximizesTwoShotHitsByBruteForce() {
    // The look-ahead's value of a cell x, from the layouts directly: hits at x, plus for each
    // outcome class of x (miss; hit; hit sinking ship s) the most layouts of that class with a
    // ship on one unknown cell (the greedy next shot), over all layouts.
    let sim = Simulator(shape: BoardShape(width: 5, height: 5)!, fleet: [3, 2, 2])
    var differsFromGreedy = 0
    for record in playedPositions(width: 5, height: 5, fleet: [3, 2, 2], games: 16, seed: 8) {
        let layouts = consistentLayouts(record)
        let hits = (0..<25).filter { record.hits & (UInt128(1) << UInt128($0)) != 0 }
        let unknown = (0..<25).filter { record.unknown & (UInt128(1) << UInt128($0)) != 0 }
        func value(_ x: Int) -> Int {
            var classes: [Int: [[Int: Int]]] = [:]  // -1 miss, -2 hit, s: hit sinking ship s
            for l in layouts {
                guard let s = l[x] else { classes[-1, default: []].append(l); continue }
                let ship = l.filter { $0.value == s }.keys
                classes[ship.allSatisfy({ $0 == x || hits.contains($0) }) ? s : -2, default: []].append(l)
            }
            var v = layouts.filter { $0[x] != nil }.count
            for (_, members) in classes {
                v += unknown.filter { $0 != x }.map { y in members.filter { $0[y] != nil }.count }.max() ?? 0
            }
            return v
        }
        var count = [Int](repeating: 0, count: 25)
        for l in layouts { for c in l.keys { count[c] += 1 } }
        let candidates = unknown.sorted { count[$0] != count[$1] ? count[$0] > count[$1] : $0 < $1 }.prefix(3)
        let shot = sim.lookaheadBest(record)
        #expect(candidates.contains(shot))
        #expect(value(shot) == candidates.map(value).max())
        if shot != candidates.first { differsFromGreedy += 1 }
    }
    // The look-ahead does overrule greedy play in some of these positions.
    #expect(differsFromGreedy > 0)
}

@Test func exactStrategiesNeverWasteAShot() {
    // Every shot of exact, look-ahead and rollout play, checked against the brute-force posterior: an
    // unshot cell that some consistent layout puts a ship on, and no shot once the fleet is sunk.
    let sim = Simulator(shape: BoardShape(width: 5, height: 5)!, fleet: [3, 2, 2])
    for strategy in [ShooterStrategy.exact, .lookahead, .rollout] {
        for seed in UInt64(20)..<23 {
            var before = ShotRecord(shape: sim.shape, fleet: sim.fleet)
            var fired = 0
            let shots = sim.play(strategy, seed: seed) { cell, after in
                fired += 1
                #expect(before.unknown & sim.shape.bit(cell) != 0)
                #expect(before.sunk.count < sim.fleet.count)
                #expect(consistentLayouts(before).contains { $0[cell] != nil })
                before = after
            }
            #expect(shots == fired)
            #expect(before.sunk.count == sim.fleet.count)
            #expect(before.hits.nonzeroBitCount == 7)
        }
    }
}

@Test func simpleStrategiesNeverRepeatAShot() {
    let sim = Simulator()
    for strategy in [ShooterStrategy.random, .huntTarget, .parity] {
        var before = ShotRecord(shape: sim.shape, fleet: sim.fleet)
        let shots = sim.play(strategy, seed: 7) { cell, after in
            #expect(before.unknown & sim.shape.bit(cell) != 0)
            before = after
        }
        #expect(shots == (before.hits | before.misses).nonzeroBitCount)
        #expect(before.sunk.count == 5)
    }
}

@Test func traceShowsEveryShotAndTheSunkFleet() {
    let sim = Simulator(shape: BoardShape(width: 5, height: 5)!, fleet: [3, 2, 2])
    let shots = sim.play(.exact, seed: 4)
    let lines = sim.trace(.exact, seed: 4).split(separator: "\n")
    #expect(lines.count == shots + 5)
    // The board: every ship cell shows its ship's letter (7 of them), no unshot ship cell.
    let board = lines.suffix(5).joined()
    #expect(board.filter { "ABC".contains($0) }.count == 7)
    #expect(!board.contains("?"))
    #expect(lines.filter { $0.contains("sinks") }.count == 3)
}

/// The fleet's ship masks of a brute-force layout (cell -> ship).
private func shipMasks(_ layout: [Int: Int], ships: Int) -> [UInt128] {
    var masks = [UInt128](repeating: 0, count: ships)
    for (cell, s) in layout { masks[s] |= UInt128(1) << UInt128(cell) }
    return masks
}

@Test func endgameLayoutsEqualBruteForce() {
    let fleet = [3, 2, 2]
    let counter = LayoutCounter(shape: BoardShape(width: 5, height: 5)!, fleet: fleet)
    for record in playedPositions(width: 5, height: 5, fleet: fleet, games: 14, seed: 12) {
        let sunk = Set(record.sunk.map(\.ship))
        var expected: [[UInt128]: UInt64] = [:]
        for l in consistentLayouts(record) {
            let masks = shipMasks(l, ships: fleet.count)
            expected[fleet.indices.filter { !sunk.contains($0) }.map { masks[$0] }, default: 0] += 1
        }
        let listed = counter.endgameLayouts(record, limit: 1_000_000)!
        #expect(Dictionary(uniqueKeysWithValues: listed.map { ($0.afloat, $0.weight) }) == expected)
        let total = expected.values.reduce(0, +)
        if total > 1 { #expect(counter.endgameLayouts(record, limit: Int(total) - 1) == nil) }
    }
}

@Test func greedyTreeCostIsTheMeanOfGreedyGames() {
    // The rollout's value of greedy play from a position: the mean, over every consistent
    // layout as the truth, of the shots exact greedy play (`exactBest`) then fires.
    let fleet = [3, 2, 2]
    let sim = Simulator(shape: BoardShape(width: 5, height: 5)!, fleet: fleet)
    var checked = 0
    for record in playedPositions(width: 5, height: 5, fleet: fleet, games: 30, seed: 21) {
        let layouts = consistentLayouts(record)
        guard layouts.count <= 150 else { continue }
        var total = 0
        for l in layouts {
            var game = SimulatedGame(shape: sim.shape, ships: shipMasks(l, ships: fleet.count), record: record)
            while !game.over { game.fire(sim.exactBest(game.record)) }
            total += game.shots
        }
        let listed = sim.counter.endgameLayouts(record, limit: 1000)!
        let tree = GreedyTree(shape: sim.shape, layouts: listed)
        let cost = tree.cost(Array(Int32(0)..<Int32(listed.count)), record.unknown, 0)
        #expect(abs(cost - Double(total) / Double(layouts.count)) < 1e-9)
        // Rollout play fires an unshot cell and never expects more shots than greedy play.
        let (cell, gain) = sim.rolloutBest(record)
        #expect(record.unknown & sim.shape.bit(cell) != 0)
        #expect(gain >= 0)
        if gain > 0 {
            let after = tree.costAfter(Array(Int32(0)..<Int32(listed.count)), cell, record.unknown, 0)
            #expect(abs(cost - (1 + after) - gain) < 1e-9)
        }
        checked += 1
    }
    #expect(checked >= 8)
}
