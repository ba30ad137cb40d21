// The state-space count against a brute force without symmetry, and the published
// 15-hole triangle figures.
import Testing
@testable import PegSolitaire

/// Exhaustive recursion over actual positions (no symmetry), memoised per position.
struct BruteForce {
    let problem: PegProblem
    var memo: [UInt64: (wins: UInt128, games: UInt128)] = [:]
    var reachable: [Int: Set<UInt64>] = [:]   // by jumps made

    init(_ problem: PegProblem) { self.problem = problem }

    mutating func counts(_ p: UInt64) -> (wins: UInt128, games: UInt128) {
        if let known = memo[p] { return known }
        var wins: UInt128 = 0, games: UInt128 = 0, moved = false
        for jump in problem.board.jumps where p & jump.flip == jump.need {
            moved = true
            let c = counts(p ^ jump.flip)
            wins += c.wins
            games += c.games
        }
        if !moved { games = 1 }
        if problem.isFinish(p) { wins = 1 }
        memo[p] = (wins, games)
        return (wins, games)
    }

    mutating func explore() {
        var level: Set<UInt64> = [problem.start]
        var k = 0
        while !level.isEmpty {
            reachable[k] = level
            var next = Set<UInt64>()
            for p in level { for c in problem.board.children(p) { next.insert(c.position) } }
            level = next
            k += 1
        }
    }
}

@Suite struct CountTests {
    func check(_ problem: PegProblem, threads: Int = 2) -> StateSpaceResult {
        let r = StateSpace(problem: problem, threads: threads).run()
        var brute = BruteForce(problem)
        let c = brute.counts(problem.start)
        brute.explore()
        #expect(r.complete)
        #expect(r.solutions == c.wins)
        #expect(r.games == c.games)
        #expect(r.levels.count == brute.reachable.count)
        for level in r.levels {
            let actual = brute.reachable[level.jumps] ?? []
            #expect(level.positions == UInt64(actual.count))
            let tables = SymmetryTables(permutations: problem.board.symmetries(fixing: [problem.start] + finishMask(problem)), holes: problem.board.holeCount)
            #expect(level.canonicalPositions == UInt64(Set(actual.map(tables.canonical)).count))
            let winners = actual.filter { brute.memo[$0]!.wins > 0 }
            #expect(level.canSolvePositions == UInt64(winners.count))
            #expect(level.canSolveCanonical == UInt64(Set(winners.map(tables.canonical)).count))
            #expect(level.deadEnds == UInt64(actual.filter { !problem.board.hasMove($0) }.count))
        }
        // Per first move: the brute force from each child.
        for m in r.firstMoves {
            let child = problem.start ^ problem.board.jumps[m.jump].flip
            #expect(m.solutions == brute.memo[child]!.wins)
            #expect(m.games == brute.memo[child]!.games)
        }
        return r
    }

    func finishMask(_ problem: PegProblem) -> [UInt64] {
        if case .hole(let t) = problem.target { return [UInt64(1) << UInt64(t)] }
        return []
    }

    /// Published: corners 29,760; holes 2, 3, 7, 10, 12, 14: 14,880; edge midpoints 85,258;
    /// interior 1,550 (jump sequences ending with one peg anywhere).
    @Test(arguments: 1...15)
    func triangle15(vacancy: Int) {
        let expected: [Int: UInt128] = [1: 29760, 11: 29760, 15: 29760, 2: 14880, 3: 14880, 7: 14880, 10: 14880,
                                        12: 14880, 14: 14880, 4: 85258, 6: 85258, 13: 85258, 5: 1550, 8: 1550, 9: 1550]
        let r = check(Fixtures.triangle(side: 5, vacancy: vacancy), threads: vacancy % 2 + 1)
        #expect(r.solutions == expected[vacancy])
    }

    @Test func smallBoardsAgainstBruteForce() {
        _ = check(Fixtures.triangle(side: 4, vacancy: 2))
        _ = check(Fixtures.triangle(side: 6, vacancy: 5))
        _ = check(Fixtures.problem("target: b2\nooo\no.o\nooo\nooo"))
        _ = check(Fixtures.problem("target: 2 pegs\nooooo\noo.oo\nooooo"))
        // A small cross with a hole target off the centre: the group shrinks to the
        // symmetries fixing both the start and the target.
        _ = check(Fixtures.problem("target: c1\n ooo\nooooo\noo.oo\nooooo\n ooo"))
        // Diagonal jumps.
        _ = check(Fixtures.problem("diagonal: yes\nooo\no.o\nooo\nooo"))
    }
}
