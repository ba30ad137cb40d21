// The level sweep of fewest moves (FewestMoveLevels) against brute force: a plain breadth-first
// search over chains (`bruteForceMoves`) gives the fewest moves of every reachable position;
// the sweep must give the same per level and at every finish, on one thread and on two (the
// atomic merge), and the solution walked back from its level files must replay in that many moves.
import Foundation
import SolverKit
import Testing
@testable import PegSolitaire

private let sweepBoards: [(String, String)] = [
    ("triangle-5", PegFile.triangle(side: 5, vacancy: 1)),
    ("4x4", "target: any\noooo\noooo\noooo\n.ooo"),
    ("3x5", "target: any\nooooo\nooooo\n.oooo"),
    ("4x4-diagonal", "target: any\ndiagonal: yes\noooo\noooo\noooo\n.ooo"),
]

@Suite struct FewestMoveLevelsTests {
    static func sweep(_ board: Board, _ start: UInt64, threads: Int, directory: String? = nil) -> FewestMoveLevelsResult {
        let levels = FewestMoveLevels(board: board, start: start, threads: threads)
        levels.parallelWordThreshold = 1  // small levels split between the threads too
        levels.levelDirectory = directory
        return levels.run()
    }

    @Test(arguments: sweepBoards.map(\.0))
    func everyPositionMatchesBruteForce(_ name: String) throws {
        let board = Fixtures.problem(sweepBoards.first { $0.0 == name }!.1).board
        let dir = NSTemporaryDirectory() + "fewest-move-levels-\(name)-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var finishes = 0
        for s in 0..<board.holeCount {
            let start = board.allHoles & ~(UInt64(1) << UInt64(s))
            let dist = bruteForceMoves(board, from: start)
            // expected[jumps][moves]: positions
            var expected: [[UInt64]] = []
            for (p, d) in dist {
                let jumps = start.nonzeroBitCount - p.nonzeroBitCount
                while expected.count <= jumps { expected.append([]) }
                while expected[jumps].count <= d { expected[jumps].append(0) }
                expected[jumps][d] += 1
            }
            for threads in [1, 2] {
                let levels = FewestMoveLevels(board: board, start: start, threads: threads)
                levels.parallelWordThreshold = 1
                levels.levelDirectory = threads == 1 ? dir : nil
                let r = levels.run()
                #expect(r.complete)
                #expect(r.levels.map(\.positionsByMoves) == expected, "\(name) from \(board.names[s]), \(threads) thread(s)")
                for f in 0..<board.holeCount {
                    #expect(r.finishMoves[f] == dist[UInt64(1) << UInt64(f)], "\(name) \(board.names[s]) -> \(board.names[f])")
                    guard threads == 1, let moves = r.finishMoves[f] else { continue }
                    finishes += 1
                    let jumps = try #require(levels.solution(finish: f, directory: dir))
                    #expect(board.replay(jumps, from: start) == UInt64(1) << UInt64(f))
                    #expect(board.moveCount(jumps) == moves)
                }
                levels.removeLevels(directory: dir)
            }
        }
        #expect(finishes > 0)
    }

    /// OEIS A127500: the triangles of side 4, 5 and 6 need 5, 9 and 9 moves at best, over
    /// every single-vacancy start and one-peg finish.
    @Test func triangleFewestMovesArePublished() {
        for (side, published) in [(4, 5), (5, 9), (6, 9)] {
            let board = Fixtures.triangle(side: side, vacancy: 1).board
            var best = Int.max
            for s in 0..<board.holeCount {
                let r = Self.sweep(board, board.allHoles & ~(UInt64(1) << UInt64(s)), threads: 2)
                best = min(best, r.finishMoves.compactMap { $0 }.min() ?? Int.max)
            }
            #expect(best == published, "side \(side)")
        }
    }

    /// `solve --fewest-moves --level-sweep` on the 15-hole triangle from each corner-adjacent
    /// start: the record's fewest moves to every finish equal the brute force's, and its
    /// solution replays to the target in that many moves.
    @Test func levelSweepRecord() throws {
        for vacancy in [1, 2, 4] {
            let text = PegFile.triangle(side: 5, vacancy: vacancy)
            let problem = Fixtures.problem(text)
            let dist = bruteForceMoves(problem.board, from: problem.start)
            guard case .success(let job) = PegSolitaireGame.load(text: text, file: "t.peg")[0] else { Issue.record("should load"); return }
            let outcome = job.run(SolveContext(verb: .solve, threads: 2, flags: ["fewest-moves": "", "level-sweep": ""]))
            #expect(outcome.status == .solved)
            let rows = try #require(outcome.result["fewestMovesByFinish"]?.arrayValue)
            let expected = (0..<problem.board.holeCount).compactMap { f in
                dist[UInt64(1) << UInt64(f)].map { JSON.object([("finish", .string(problem.board.names[f])), ("moves", .int($0))]) }
            }
            #expect(rows == expected, "vacancy \(vacancy)")
            let moves = try #require(outcome.result["fewestMoves"]?.intValue)
            #expect(moves == expected.compactMap { $0["moves"]?.intValue }.min())
            #expect(outcome.result["verified"] == .bool(true))
            #expect(outcome.result["moveCount"] == .int(moves))
        }
    }
}
