// The pilot beam search (FewestMoves+Pilot) on small triangles: its upper bound equals the
// published fewest moves (OEIS A127500, Bell, JIS 11 (2008) 08.4.8: 9, 9 and 12 for the
// triangles of side 5, 6 and 7), and every solution it returns replays from a single-vacancy
// start to one peg in the moves it claims.
import Testing
@testable import PegSolitaire

@Suite struct PilotBeamTests {
    @Test(arguments: [(5, 9), (6, 9), (7, 12)])
    func triangleBoundIsPublished(_ side: Int, _ published: Int) {
        let board = Fixtures.triangle(side: side, vacancy: 1).board
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let pilot = PilotBeamSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: board.allHoles,
                                    symmetries: board.automorphisms(), width: 2000)
        let r = pilot.solve()
        #expect(r.moves == published, "side \(side)")
        #expect((board.allHoles & ~r.start).nonzeroBitCount == 1)
        #expect(board.replay(r.jumps, from: r.start)?.nonzeroBitCount == 1)
        #expect(board.moveCount(r.jumps) == r.moves)
    }

    /// A width of one still returns only solutions that replay (or none), never fewer moves
    /// than the published minimum.
    @Test(arguments: [5, 6, 7, 8])
    func narrowBeamSolutionsReplay(_ side: Int) {
        let board = Fixtures.triangle(side: side, vacancy: 1).board
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        let published = [5: 9, 6: 9, 7: 12, 8: 13][side]!
        for width in [1, 7, 50] {
            let pilot = PilotBeamSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: board.allHoles,
                                        symmetries: board.automorphisms(), width: width)
            let r = pilot.solve()
            guard let moves = r.moves else { continue }
            #expect(moves >= published, "side \(side) width \(width)")
            #expect((board.allHoles & ~r.start).nonzeroBitCount == 1)
            #expect(board.replay(r.jumps, from: r.start)?.nonzeroBitCount == 1)
            #expect(board.moveCount(r.jumps) == moves)
        }
    }
}
