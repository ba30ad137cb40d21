// The depth-first move search against brute force: on small boards, for every solvable
// single-vacancy -> one-peg pair, a solution within the fewest moves (replayed) and none within
// one move less; with a table small enough to lose entries, and stopped when asked.
import Testing
@testable import PegSolitaire

@Suite struct DepthFirstMoveTests {
    @Test(arguments: [PegFile.triangle(side: 5, vacancy: 1), "target: any\noooo\noooo\noooo\n.ooo",
                      "target: any\ndiagonal: yes\noooo\noooo\noooo\n.ooo"])
    func everyPairMatchesBruteForce(_ text: String) {
        let board = Fixtures.problem(text).board
        var checked = 0
        forEachSolvablePair(board) { s, f, start, expected, bound in
            // 8 slots: entries are lost all the time, which may only cost visits
            for bits in [8, 16] {
                let r = MoveSearch(board: board, start: start, finish: f).depthFirst(bound: bound, tableBits: bits)
                let pair = "\(board.names[s]) -> \(board.names[f]) within \(bound), \(bits) bits"
                if bound >= expected {
                    #expect(board.replay(r.jumps, from: start) == UInt64(1) << UInt64(f), "\(pair)")
                    #expect(board.moveCount(r.jumps) == expected, "\(pair)")
                    #expect(!r.exhausted, "\(pair)")
                } else {
                    #expect(r.jumps.isEmpty && r.exhausted, "\(pair)")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func stopsWhenAsked() {
        let board = Fixtures.problem(PegFile.triangle(side: 5, vacancy: 1)).board
        let start = board.allHoles & ~1
        let dist = bruteForceMoves(board, from: start)
        let f = (0..<board.holeCount).first { dist[UInt64(1) << UInt64($0)] != nil }!
        let search = MoveSearch(board: board, start: start, finish: f)
        search.shouldStop = { true }
        let r = search.depthFirst(bound: dist[UInt64(1) << UInt64(f)]!, tableBits: 16)
        #expect(r.jumps.isEmpty && !r.exhausted)
    }
}
