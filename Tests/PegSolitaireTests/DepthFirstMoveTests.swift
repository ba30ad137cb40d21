// The depth-first move search against brute force: on small boards, for every solvable
// single-vacancy -> one-peg pair, a solution within the fewest moves (replayed) and none within
// one move less, and the same from a start toward every finish at once; with a table small
// enough to lose entries, and stopped when asked.
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

    /// One start toward every one-peg finish at once: the fewest moves over all finishes.
    @Test(arguments: [PegFile.triangle(side: 5, vacancy: 1), "target: any\noooo\noooo\noooo\n.ooo"])
    func anyFinishMatchesBruteForce(_ text: String) {
        let board = Fixtures.problem(text).board
        let singles = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        var checked = 0
        for s in 0..<board.holeCount {
            let start = board.allHoles & ~(UInt64(1) << UInt64(s))
            let dist = bruteForceMoves(board, from: start)
            guard let expected = singles.compactMap({ dist[$0] }).min() else { continue }
            for bound in [expected, expected - 1] {
                let r = MoveSearch(board: board, starts: [start], finishes: singles, symmetries: board.symmetries(fixing: [start]))
                    .depthFirst(bound: bound, tableBits: 12)
                let end = board.replay(r.jumps, from: start)
                if bound == expected {
                    #expect(end?.nonzeroBitCount == 1 && board.moveCount(r.jumps) == expected, "\(board.names[s]) within \(bound)")
                } else {
                    #expect(r.jumps.isEmpty && r.exhausted, "\(board.names[s]) within \(bound)")
                }
                checked += 1
            }
        }
        #expect(checked >= 8)
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
