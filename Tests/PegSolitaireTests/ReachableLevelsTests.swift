// The positions-only count (level bitmaps over colex ranks) against a brute-force BFS over
// actual positions, and the ranking against its definition.
import Foundation
import Synchronization
import Testing
@testable import PegSolitaire

@Suite struct ReachableLevelsTests {
    /// Ranks are a bijection onto 0..<C(n, k), in the order of the positions as integers,
    /// and Gosper's step moves to the next rank.
    @Test func ranksNumberThePositionsInOrder() {
        let n = 12
        let ranks = CombinationRank(holes: n)
        defer { ranks.free() }
        var expected = [Int](repeating: 0, count: n + 1)
        for p in UInt64(0)..<(UInt64(1) << UInt64(n)) {
            let k = p.nonzeroBitCount
            #expect(ranks.rank(p) == UInt64(expected[k]))
            #expect(ranks.unrank(UInt64(expected[k]), pegs: k) == p)
            expected[k] += 1
        }
        // C(n, k) by Pascal's rule is what the counting found.
        for k in 0...n { #expect(ranks.choose(n, k) == UInt64(expected[k])) }
        var p: UInt64 = 0b111
        for r in 0..<Int(ranks.choose(n, 3)) - 1 {
            #expect(ranks.rank(p) == UInt64(r))
            p = CombinationRank.next(p)
        }
        // Wide boards: a few ranks near the top of C(37, 18) round-trip.
        let wide = CombinationRank(holes: 37)
        defer { wide.free() }
        let top = wide.choose(37, 18)
        for r in [0, 1, top / 3, top / 2, top - 2, top - 1] {
            #expect(wide.rank(wide.unrank(r, pegs: 18)) == r)
        }
        #expect(wide.unrank(top - 1, pegs: 18) == ((UInt64(1) << 18) - 1) << 19)
    }

    func check(_ problem: PegProblem, threads: Int) {
        let r = ReachableLevels(problem: problem, threads: threads).run()
        var brute = BruteForce(problem)
        brute.explore()
        #expect(r.complete)
        #expect(r.levels.count == brute.reachable.count)
        var fixed = [problem.start]
        if case .hole(let t) = problem.target { fixed.append(UInt64(1) << UInt64(t)) }
        let perms = problem.board.symmetries(fixing: fixed)
        for level in r.levels {
            let actual = brute.reachable[level.jumps] ?? []
            #expect(level.positions == UInt64(actual.count))
            // Orbits by brute force: the distinct smallest images.
            let orbits = Set(actual.map { p in perms.map { Board.apply($0, p) }.min()! })
            #expect(level.canonicalPositions == UInt64(orbits.count))
            #expect(level.deadEnds == UInt64(actual.filter { !problem.board.hasMove($0) }.count))
        }
    }

    @Test func smallBoardsAgainstBruteForce() {
        check(Fixtures.triangle(side: 5, vacancy: 1), threads: 1)
        check(Fixtures.triangle(side: 5, vacancy: 5), threads: 2)
        check(Fixtures.triangle(side: 6, vacancy: 5), threads: 2)
        check(Fixtures.problem("target: c1\n ooo\nooooo\noo.oo\nooooo\n ooo"), threads: 2)
        check(Fixtures.problem("diagonal: yes\nooo\no.o\nooo\nooo"), threads: 1)
    }

    /// A board whose widest levels are shared by both threads (4,096 words and more:
    /// C(21, 10) bits are 5,513 words).
    @Test func twoThreadsEqualOne() {
        let problem = Fixtures.triangle(side: 6, vacancy: 1)
        let one = ReachableLevels(problem: problem, threads: 1).run()
        let two = ReachableLevels(problem: problem, threads: 2).run()
        #expect(one.complete && two.complete)
        #expect(one.levels.map(\.positions) == two.levels.map(\.positions))
        #expect(one.levels.map(\.canonicalPositions) == two.levels.map(\.canonicalPositions))
        #expect(one.levels.contains { $0.positions > 4096 * 64 / 100 })
        // The full count of the same board agrees level by level.
        let full = StateSpace(problem: problem, threads: 2).run()
        #expect(full.levels.map(\.positions) == one.levels.map(\.positions))
        #expect(full.levels.map(\.canonicalPositions) == one.levels.map(\.canonicalPositions))
    }

    /// A run stopped part way leaves a checkpoint; the next run goes on from it and ends with
    /// the counts of an uninterrupted run. Another problem's checkpoint is not used.
    @Test func stoppedRunGoesOnFromItsCheckpoint() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reachable-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let problem = Fixtures.triangle(side: 6, vacancy: 1)
        let whole = ReachableLevels(problem: problem, threads: 1).run()
        let calls = Mutex(0)
        let first = ReachableLevels(problem: problem, threads: 1, shouldStop: { calls.withLock { $0 += 1; return $0 > 8 } })
        first.checkpoint = dir
        let stopped = first.run()
        #expect(!stopped.complete)
        #expect(FileManager.default.fileExists(atPath: dir + "/levels.json"))
        let second = ReachableLevels(problem: problem, threads: 2)
        second.checkpoint = dir
        let resumed = second.run()
        #expect(resumed.complete)
        #expect(resumed.levels.map(\.positions) == whole.levels.map(\.positions))
        #expect(resumed.levels.map(\.canonicalPositions) == whole.levels.map(\.canonicalPositions))
        #expect(resumed.levels.map(\.deadEnds) == whole.levels.map(\.deadEnds))
        #expect(resumed.children == whole.children)
        // The time of the levels counted before the stop is carried over.
        #expect(resumed.generateSeconds >= stopped.generateSeconds && stopped.generateSeconds > 0)
        // The checkpoint now holds the last level of vacancy 1: vacancy 5 starts afresh.
        let other = ReachableLevels(problem: Fixtures.triangle(side: 6, vacancy: 5), threads: 1)
        other.checkpoint = dir
        let fresh = other.run()
        let plain = ReachableLevels(problem: Fixtures.triangle(side: 6, vacancy: 5), threads: 1).run()
        #expect(fresh.levels.map(\.positions) == plain.levels.map(\.positions))
    }

    /// The (position, hole the last jump landed on) pairs per level, by a BFS over pairs.
    @Test(arguments: [1, 4, 5])
    func lastPegStatesAgainstBruteForce(vacancy: Int) {
        let problem = Fixtures.triangle(side: 5, vacancy: vacancy)
        let space = ReachableLevels(problem: problem, threads: vacancy % 2 + 1)
        space.countsLastPeg = true
        let r = space.run()
        var level: Set<[UInt64]> = [[problem.start, 64]]
        var expected: [UInt64] = []
        while !level.isEmpty {
            expected.append(UInt64(level.count))
            var next = Set<[UInt64]>()
            for state in level {
                for jump in problem.board.jumps where state[0] & jump.flip == jump.need {
                    next.insert([state[0] ^ jump.flip, UInt64(jump.to)])
                }
            }
            level = next
        }
        #expect(r.complete)
        #expect(r.levels.map(\.lastPegStates) == expected)
    }
}
