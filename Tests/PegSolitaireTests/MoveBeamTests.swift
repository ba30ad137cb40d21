// The beam search over moves and its one-move finish test against brute force on small
// boards: the test agrees with trying every chain, a beam wider than every level finds the
// brute-force fewest moves, a narrow one an upper bound, and every solution replays.
import Testing
@testable import PegSolitaire

private let beamBoards: [(String, String)] = [
    ("triangle-4", PegFile.triangle(side: 4, vacancy: 1)),
    ("triangle-5", PegFile.triangle(side: 5, vacancy: 1)),
    ("4x4", "target: any\noooo\noooo\noooo\n.ooo"),
    ("3x5", "target: any\nooooo\nooooo\n.oooo"),
]

/// Fewest moves over every single-vacancy start to any single peg, by brute force.
private func bruteForceBest(_ board: Board) -> Int? {
    var best: Int? = nil
    for s in 0..<board.holeCount {
        let dist = bruteForceMoves(board, from: board.allHoles & ~(UInt64(1) << UInt64(s)))
        for (p, d) in dist where p.nonzeroBitCount == 1 { best = min(best ?? d, d) }
    }
    return best
}

@Suite struct MoveBeamTests {
    @Test(arguments: beamBoards.map(\.0))
    func finishTestMatchesEveryChain(_ name: String) {
        let board = Fixtures.problem(beamBoards.first { $0.0 == name }!.1).board
        let test = FinishTest(board: board, finishes: board.allHoles)
        var positions = Set<UInt64>()
        for s in 0..<board.holeCount { positions.formUnion(bruteForceMoves(board, from: board.allHoles & ~(UInt64(1) << UInt64(s))).keys) }
        var finishing = 0
        for p in positions {
            var expected = false
            FewestMoves.forEachChainPosition(from: p, board: board) { c, _ in
                if c.nonzeroBitCount == 1 { expected = true }
                return !expected
            }
            let move = test.finishingMove(p)
            #expect((move != nil) == expected, "\(name) \(p)")
            #expect(!expected || test.mayFinish(p))
            if let move {
                finishing += 1
                #expect(board.moveCount(move) == 1)
                #expect(board.replay(move, from: p)?.nonzeroBitCount == 1)
            }
        }
        #expect(finishing > 0)
    }

    @Test(arguments: beamBoards.map(\.0))
    func beamMatchesBruteForce(_ name: String) {
        let board = Fixtures.problem(beamBoards.first { $0.0 == name }!.1).board
        let expected = bruteForceBest(board)
        #expect(expected != nil)
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        for (width, finishMoves) in [(1 << 20, 1), (1 << 20, 2), (3, 1), (3, 2)] {
            let beam = MoveBeamSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: board.allHoles,
                                      symmetries: board.automorphisms(), width: width)
            beam.finishMoves = finishMoves
            let r = beam.solve()
            guard let moves = r.moves, let best = expected else {
                // A narrow beam may lose every solution; a wide one never does.
                #expect(width < 1 << 20, "\(name) width \(width)")
                continue
            }
            if width >= 1 << 20 { #expect(moves == best, "\(name) finish \(finishMoves)") } else { #expect(moves >= best) }
            #expect((board.allHoles & ~r.start).nonzeroBitCount == 1)
            #expect(board.replay(r.jumps, from: r.start)?.nonzeroBitCount == 1)
            #expect(board.moveCount(r.jumps) == moves)
        }
    }

    /// One start and one finish hole: the beam's answer is the pair's brute-force fewest moves.
    @Test func onePairMatchesBruteForce() {
        let board = Fixtures.triangle(side: 5, vacancy: 1).board
        for (s, f) in [(0, 0), (3, 12), (4, 4)] {
            let start = board.allHoles & ~(UInt64(1) << UInt64(s))
            let finish = UInt64(1) << UInt64(f)
            let expected = bruteForceMoves(board, from: start)[finish]
            let beam = MoveBeamSearch(board: board, starts: [start], finishes: finish,
                                      symmetries: board.symmetries(fixing: [start, finish]), width: 1 << 20)
            let r = beam.solve()
            #expect(r.moves == expected, "\(board.names[s]) -> \(board.names[f])")
            if r.moves != nil { #expect(board.replay(r.jumps, from: start) == finish) }
        }
    }
}
