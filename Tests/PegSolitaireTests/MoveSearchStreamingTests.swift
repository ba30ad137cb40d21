// The move search under a memory bound: its last level streamed (looked up on the other side,
// not stored). Every answer is checked against a plain breadth-first search over moves: a
// meeting gives the exact fewest moves with a replayed solution, a stop gives a lower bound.
import Testing
@testable import PegSolitaire

@Suite struct MoveSearchStreamingTests {
    @Test func boundedSearchesAgreeWithBruteForce() {
        var exactPastBound = [0, 0, 0], bounds = [0, 0, 0]
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
