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
