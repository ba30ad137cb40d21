// Simulation: many games of the standard fleet against uniformly random layouts, one shooter
// strategy a run, seeded so every run repeats exactly. The exact strategies ask LayoutCounter
// after every shot; positions before the first hit are the same in every game (the strategy is
// deterministic), so their best shots are memoized across games.

import Dispatch
import Synchronization
import SolverKit

enum ShooterStrategy: String, CaseIterable, Sendable {
    /// Uniformly random unknown cell.
    case random
    /// Random hunting; after a hit, fire at its unknown neighbours (a stack) until none remain.
    case huntTarget = "hunt-target"
    /// As hunt-target, but hunting only on one colour of the checkerboard (every ship of
    /// length >= 2 covers both colours).
    case parity = "hunt-target-parity"
    /// The unknown cell with the most consistent layouts (exact counting), first on ties.
    case exact
    /// Exact counting with one step of look-ahead (our own): among the few most likely cells,
    /// the one with the most expected hits in this shot and the exact greedy shot after it.
    case lookahead
    /// Exact greedy play, and once few layouts are left, the shot after which greedy play needs
    /// the fewest expected shots, over all of them (our own; see Simulator+Rollout.swift).
    case rollout
}

/// One game's board and the shooter's knowledge.
struct SimulatedGame {
    let shape: BoardShape
    /// Cell masks of the ships, in fleet order.
    var ships: [UInt128]
    var record: ShotRecord
    var shots = 0

    var allShipCells: UInt128 { ships.reduce(0, |) }
    var over: Bool { record.hits == allShipCells }

    /// Fires at `cell` and records what the standard rules announce.
    mutating func fire(_ cell: Int) {
        let bit = shape.bit(cell)
        shots += 1
        if let s = ships.firstIndex(where: { $0 & bit != 0 }) {
            record.hits |= bit
            if ships[s] & ~record.hits == 0 { record.sunk.append(SunkAnnouncement(ship: s, cell: cell, hitsThen: record.hits)) }
        } else {
            record.misses |= bit
        }
        assert(invariantsHold, "shot at \(shape.name(of: cell)) broke the game's invariants")
    }

    /// A uniformly random layout: independent uniform placements, rejected on overlap.
    static func randomLayout(_ table: PlacementTable, fleet: [Int], rng: inout SplitMix64) -> [UInt128] {
        while true {
            var used: UInt128 = 0
            var ships: [UInt128] = []
            for length in fleet {
                let c = table.classIndex(ofLength: length)
                let m = table.mask(class: c, rng.below(table.classSize[c]))
                if m & used != 0 { break }
                used |= m
                ships.append(m)
            }
            if ships.count == fleet.count { return ships }
        }
    }
}

/// Summary statistics of shots-to-win over many games.
struct SimulationStatistics: Sendable {
    var strategy: ShooterStrategy
    var shots: [Int]
    var seconds: Double
    /// Rollout play only: per game, the sum over its shots of G(position) - (1 + E[G(next
    /// position)]) with G the exact expected shots of greedy play (0 where it fires greedy's
    /// shot). By the performance-difference identity (Kakade and Langford, ICML 2002) its mean
    /// over games estimates, without bias, the expected shots rollout play saves over greedy.
    var expectedSaving: [Double] = []

    var mean: Double { Double(shots.reduce(0, +)) / Double(Swift.max(shots.count, 1)) }
    var sorted: [Int] { shots.sorted() }
    var median: Double {
        let s = sorted
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? Double(s[s.count / 2]) : Double(s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    /// The smallest value at least 95% of games do not exceed (nearest rank).
    var p95: Int {
        let s = sorted
        guard !s.isEmpty else { return 0 }
        return s[Swift.max(0, Int((0.95 * Double(s.count)).rounded(.up)) - 1)]
    }
    var max: Int { shots.max() ?? 0 }
    var min: Int { shots.min() ?? 0 }
    /// Games per number of shots.
    var histogram: [Int: Int] { shots.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
}

final class Simulator: @unchecked Sendable {
    let shape: BoardShape
    let fleet: [Int]
    let table: PlacementTable
    let counter: LayoutCounter
    /// Best shots of expensive positions, shared by all games and threads.
    private let memo = Mutex<[ShotRecord: Int]>([:])
    private let lookaheadMemo = Mutex<[ShotRecord: Int]>([:])

    init(shape: BoardShape = BoardShape(width: 10, height: 10)!, fleet: [Int] = ShotRecord.standardFleet) {
        self.shape = shape
        self.fleet = fleet
        table = PlacementTable(shape: shape, lengths: fleet)
        counter = LayoutCounter(shape: shape, fleet: fleet)
    }

    /// Plays `games` games (game i uses seed `seed &+ i` for its layout and its shooter) on
    /// `threads` threads. `progress` gets the number of games finished now and then.
    func run(_ strategy: ShooterStrategy, games: Int, seed: UInt64, threads: Int,
                    progress: @escaping @Sendable (Int) -> Void = { _ in }) -> SimulationStatistics {
        let start = monotonicClock()
        let results = Mutex<[Int]>([Int](repeating: 0, count: games))
        let gains = Mutex<[Double]>([Double](repeating: 0, count: games))
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let body: @Sendable (Int) -> Void = { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                if i >= games { break }
                let (shots, gain) = self.playGame(strategy, seed: seed &+ UInt64(i))
                results.withLock { $0[i] = shots }
                gains.withLock { $0[i] = gain }
                let n = done.add(1, ordering: .relaxed).newValue
                if n % 100 == 0 { progress(n) }
            }
        }
        let workers = Swift.max(1, Swift.min(threads, games))
        if workers == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: body) }
        return SimulationStatistics(strategy: strategy, shots: results.withLock { $0 }, seconds: monotonicClock() - start,
                                    expectedSaving: strategy == .rollout ? gains.withLock { $0 } : [])
    }

    /// One game: shots until every ship cell is hit. `observe` sees each shot's cell and the
    /// record after it (for traces).
    func play(_ strategy: ShooterStrategy, seed: UInt64, observe: ((Int, ShotRecord) -> Void)? = nil) -> Int {
        playGame(strategy, seed: seed, observe: observe).shots
    }

    /// One game, with the rollout's summed exact savings (0 for other strategies).
    func playGame(_ strategy: ShooterStrategy, seed: UInt64, observe: ((Int, ShotRecord) -> Void)? = nil) -> (shots: Int, gain: Double) {
        var layoutRNG = SplitMix64(seed: seed)
        // The shooter's own randomness is a separate stream, so layouts do not depend on it.
        var rng = SplitMix64(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B)
        var game = SimulatedGame(shape: shape, ships: SimulatedGame.randomLayout(table, fleet: fleet, rng: &layoutRNG),
                                 record: ShotRecord(shape: shape, fleet: fleet))
        var targets: [Int] = []
        var saving = 0.0
        let cellLimit = shape.cellCount
        while !game.over && game.shots < cellLimit {
            let cell: Int
            switch strategy {
            case .random:
                cell = randomCell(game.record.unknown, &rng)
            case .huntTarget, .parity:
                cell = huntTarget(game.record, &targets, parity: strategy == .parity, &rng)
            case .exact:
                cell = exactBest(game.record)
            case .lookahead:
                cell = lookaheadBest(game.record)
            case .rollout:
                let (c, gain) = rolloutBest(game.record)
                saving += gain
                cell = c
            }
            let wasHit = game.allShipCells & shape.bit(cell) != 0
            game.fire(cell)
            observe?(cell, game.record)
            if wasHit && (strategy == .huntTarget || strategy == .parity) {
                let r = cell / shape.width, c = cell % shape.width
                for (dr, dc) in [(0, -1), (-1, 0), (0, 1), (1, 0)] {
                    let rr = r + dr, cc = c + dc
                    if rr >= 0 && rr < shape.height && cc >= 0 && cc < shape.width { targets.append(rr * shape.width + cc) }
                }
            }
        }
        return (game.shots, saving)
    }

    func randomCell(_ candidates: UInt128, _ rng: inout SplitMix64) -> Int {
        var m = candidates
        for _ in 0..<rng.below(m.nonzeroBitCount) { m &= m &- 1 }
        return m.trailingZeroBitCount
    }

    func huntTarget(_ record: ShotRecord, _ targets: inout [Int], parity: Bool, _ rng: inout SplitMix64) -> Int {
        let unknown = record.unknown
        while let t = targets.popLast() {
            if unknown & shape.bit(t) != 0 { return t }
        }
        if parity {
            var even: UInt128 = 0
            for cell in 0..<shape.cellCount where (cell / shape.width + cell % shape.width) % 2 == 0 { even |= shape.bit(cell) }
            if unknown & even != 0 { return randomCell(unknown & even, &rng) }
        }
        return randomCell(unknown, &rng)
    }

    /// Counts at least this many leaves are remembered: the strategy is deterministic, so the
    /// early positions of the game tree recur across games.
    static let memoNodes: UInt64 = 2000

    func exactBest(_ record: ShotRecord) -> Int {
        if let cached = memo.withLock({ $0[record] }) { return cached }
        let count = counter.count(record, threads: 1)
        let best = Simulator.argmax(count.cells, record.unknown)
        if count.nodes >= Simulator.memoNodes { memo.withLock { $0[record] = best } }
        return best
    }

    /// The unknown cell with the largest count, the first in reading order on ties.
    static func argmax<Count: FixedWidthInteger>(_ cells: [Count], _ unknown: UInt128) -> Int {
        var best = -1
        var bestCount: Count = 0
        var m = unknown
        while m != 0 {
            let c = m.trailingZeroBitCount
            m &= m &- 1
            if best < 0 || cells[c] > bestCount { best = c; bestCount = cells[c] }
        }
        return best
    }

    /// Exact play looking one shot further: among the `lookaheadCandidates` unknown cells with
    /// the most layouts, the one maximizing P(hit) + sum over its outcomes (miss, hit, or hit
    /// that sinks ship s, with their exact odds) of P(outcome) * (the greedy chance of a hit
    /// at the next shot), i.e. the expected hits in two shots. Greedy play maximizes only the
    /// first term; a slightly less likely cell can split the layouts so that the next shot is
    /// much surer. Audinot, Bonnet and Viennot ("Optimal strategies against a random opponent
    /// in Battleship", GPW 2014) show by exact computation on small boards that greedy play is
    /// not optimal; this is the cheapest step beyond it. Decisions of expensive positions are
    /// memoized like exact play's.
    func lookaheadBest(_ record: ShotRecord) -> Int {
        if let cached = lookaheadMemo.withLock({ $0[record] }) { return cached }
        let now = counter.count(record, threads: 1)
        let best = tieBreak(record, now)
        if now.nodes >= Simulator.memoNodes { lookaheadMemo.withLock { $0[record] = best } }
        return best
    }

    private func tieBreak(_ record: ShotRecord, _ now: LayoutCount) -> Int {
        let first = Simulator.argmax(now.cells, record.unknown)
        guard now.layouts > 0, first >= 0 else { return first }
        let total = Double(now.layouts)
        var cells: [Int] = []
        var m = record.unknown
        while m != 0 { cells.append(m.trailingZeroBitCount); m &= m &- 1 }
        // The most likely cells, ties by cell index (as in greedy play, whose shot comes first).
        let candidates = cells.sorted { now.cells[$0] != now.cells[$1] ? now.cells[$0] > now.cells[$1] : $0 < $1 }
            .prefix(Simulator.lookaheadCandidates)
        if candidates.count <= 1 { return first }
        var best = first
        var bestScore = -1.0
        for x in candidates {
            let bit = shape.bit(x)
            let pHit = Double(now.cells[x]) / total
            var score = pHit
            if now.cells[x] < now.layouts {
                var next = record
                next.misses |= bit
                score += (1 - pHit) * bestChance(next)
            }
            // A hit that sinks ship s: s lies on the hits plus x (needs the per-placement counts,
            // which a count without hits need not give: then no ship can sink yet).
            var sinkTotal: UInt128 = 0
            if let weights = now.shipWeights {
                for s in fleet.indices where !record.sunk.contains(where: { $0.ship == s }) {
                    let c = table.classIndex(ofLength: fleet[s])
                    var w: UInt128 = 0
                    for p in table.placements(class: c, touching: bit).members {
                        if table.mask(class: c, p) & ~(record.hits | bit) == 0 { w += weights[s][p] }
                    }
                    if w > 0 {
                        sinkTotal += w
                        var next = record
                        next.hits |= bit
                        next.sunk.append(SunkAnnouncement(ship: s, cell: x, hitsThen: next.hits))
                        score += Double(w) / total * bestChance(next)
                    }
                }
            }
            let plain = now.cells[x] - sinkTotal
            if plain > 0 {
                var next = record
                next.hits |= bit
                score += Double(plain) / total * bestChance(next)
            }
            if score > bestScore + 1e-12 { bestScore = score; best = x }
        }
        return best
    }

    /// This many of the most likely cells are compared by look-ahead; each costs one count per
    /// outcome (the miss costs most), so play costs about 10 times the counting of greedy play.
    static let lookaheadCandidates = 3

    /// The greedy chance of a hit in a position (0 when the game would be over).
    func bestChance(_ record: ShotRecord) -> Double {
        if record.sunk.count == fleet.count { return 0 }
        let c = counter.count(record, threads: 1)
        guard c.layouts > 0 else { return 0 }
        let best = Simulator.argmax(c.cells, record.unknown)
        return best < 0 ? 0 : Double(c.cells[best]) / Double(c.layouts)
    }
}

func monotonicClock() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) * 1e-9
}
