// The move search under a memory bound: its last level streamed (looked up on the other side,
// not stored). Every answer is checked against a plain breadth-first search over moves: a
// meeting gives the exact fewest moves with a replayed solution, a stop gives a lower bound.
import Testing
@testable import PegSolitaire

@Suite struct MoveSearchStreamingTests {
    @Test func boundedSearchesAgreeWithBruteForce() {
        var exactPastBound = [0, 0, 0, 0], bounds = [0, 0, 0, 0]
        for (name, text) in [("triangle-6", PegFile.triangle(side: 6, vacancy: 1)), ("4x4", "target: any\noooo\noooo\noooo\n.ooo")] {
            let board = Fixtures.problem(text).board
            for s in 0..<board.holeCount {
                let start = board.allHoles & ~(UInt64(1) << UInt64(s))
                let dist = bruteForceMoves(board, from: start)
                for f in 0..<board.holeCount {
                    guard let expected = dist[UInt64(1) << UInt64(f)] else { continue }
                    for limit in [150_000, 250_000, 600_000, 2_000_000] {
                        let search = MoveSearch(board: board, start: start, finish: f)
                        search.byteLimit = limit
                        let r = search.solve()
                        if let moves = r.moves {
                            #expect(moves == expected, "\(name) \(board.names[s]) -> \(board.names[f]) at \(limit) bytes")
                            #expect(board.replay(r.jumps, from: start) == UInt64(1) << UInt64(f))
                            #expect(board.moveCount(r.jumps) == expected)
                            exactPastBound[r.levelsPastBound] += 1
                        } else {
                            #expect(!r.impossible)
                            #expect(r.movesAtLeast <= expected, "\(name) \(board.names[s]) -> \(board.names[f]) at \(limit) bytes")
                            bounds[r.levelsPastBound] += 1
                        }
                    }
                }
            }
        }
        // Both outcomes of one streamed level, and of a set level with a streamed one, are exercised.
        #expect(exactPastBound[1] > 0 && exactPastBound[2] > 0 && bounds[1] > 0 && bounds[2] > 0,
                "exact by levels past the bound \(exactPastBound), bounds \(bounds)")
    }

    /// Forward from every vacancy against every one-peg finish (the backward side held at
    /// depth 0, as the larger triangles choose), with a move bound and little memory: the
    /// streamed positions are also tried for a finish one move on, which decides one move
    /// more. Within the fewest moves (brute force on side 6; OEIS A127500's 12 on side 7) a
    /// meeting is that many moves with a replayed solution; within one less, never.
    @Test func streamedLevelsTriedForAFinish() {
        var exactPastBound = [0, 0, 0, 0], bounds = [0, 0, 0, 0]
        for side in [6, 7] {
            let board = Fixtures.triangle(side: side, vacancy: 1).board
            let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
            var fewest = 12
            if side == 6 {
                fewest = Int.max
                for h in holes {
                    let dist = bruteForceMoves(board, from: board.allHoles & ~h)
                    for f in holes { if let d = dist[f] { fewest = min(fewest, d) } }
                }
            }
            for bound in [fewest, fewest - 1] {
                for limit in [150_000, 200_000, 300_000, 450_000, 700_000, 1_000_000, 1_500_000, 2_200_000, 3_300_000, 5_000_000, 8_000_000, 16_000_000] {
                    let search = MoveSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: holes,
                                            symmetries: board.automorphisms())
                    search.moveBound = bound; search.moveLimit = bound
                    search.byteLimit = limit
                    search.backwardDepthLimit = 0
                    let r = search.solve()
                    if let moves = r.moves {
                        #expect(bound == fewest && moves == fewest, "side \(side) within \(bound) at \(limit) bytes")
                        #expect((board.allHoles & ~r.start).nonzeroBitCount == 1)
                        #expect(board.replay(r.jumps, from: r.start)?.nonzeroBitCount == 1)
                        #expect(board.moveCount(r.jumps) == fewest)
                        if r.streamedToFinishes { exactPastBound[r.levelsPastBound] += 1 }
                    } else {
                        #expect(!r.impossible && r.movesAtLeast <= fewest, "side \(side) within \(bound) at \(limit) bytes")
                        if r.streamedToFinishes { bounds[r.levelsPastBound] += 1 }
                    }
                }
            }
        }
        // A meeting by a streamed level tried for a finish, and bounds decided that way from the
        // frontier (2 past the memory bound) and from a level held as a set (3).
        #expect(exactPastBound[2] + exactPastBound[3] > 0 && bounds[2] > 0 && bounds[3] > 0,
                "exact by levels past the bound \(exactPastBound), bounds \(bounds)")
    }

    /// A search stopped at any point (past the bound too) claims no more than it decided.
    @Test func stoppedSearchesGiveSoundBounds() {
        final class Calls: @unchecked Sendable { var count = 0 }
        let board = Fixtures.problem(PegFile.triangle(side: 6, vacancy: 1)).board
        let start = board.allHoles & ~(UInt64(1) << 3)
        let dist = bruteForceMoves(board, from: start)
        var stopped = 0
        for f in 0..<board.holeCount {
            guard let expected = dist[UInt64(1) << UInt64(f)] else { continue }
            for limit in [150_000, 600_000] {
                for after in [1, 3, 8, 20, 60] {
                    let search = MoveSearch(board: board, start: start, finish: f)
                    search.byteLimit = limit
                    let calls = Calls()
                    search.shouldStop = { calls.count += 1; return calls.count > after }
                    let r = search.solve()
                    if let moves = r.moves {
                        #expect(moves == expected)
                    } else {
                        #expect(r.movesAtLeast <= expected, "\(board.names[3]) -> \(board.names[f]) at \(limit) bytes, stop after \(after)")
                        stopped += 1
                    }
                }
            }
        }
        #expect(stopped > 0)
    }
}
