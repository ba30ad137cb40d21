// The 128-bit triangles (WideTriangle) against the 64-bit `Board` on the sides both hold:
// the same jumps, the same symmetries, the same moves, the same Merson regions; and the beams
// on them against the published fewest moves (OEIS A127500, Bell 2008), exactly where the beam
// dropped nothing, and against the 64-bit pilot beam where it did.
import Testing
@testable import PegSolitaire

@Suite struct WideTriangleTests {
    @Test(arguments: [4, 7, 10])
    func jumpsAndSymmetriesMatchBoard(_ side: Int) {
        let board = Fixtures.triangle(side: side, vacancy: 1).board
        let wide = WideTriangle(side: side)
        #expect(wide.holeCount == board.holeCount)
        let narrow = Set(board.jumps.map { [$0.from, $0.over, $0.to] })
        let wideJumps = Set((0..<wide.jumps.count).map { [wide.jumps[$0].from, wide.jumps[$0].over, wide.jumps[$0].to] })
        #expect(wideJumps == narrow)
        #expect(Set(wide.permutations) == Set(board.automorphisms()))
    }

    /// The children of sample positions (every move, up to symmetry) agree with `Board`'s chains,
    /// and each is found again by `move(from:to:)` and replayed.
    @Test func movesMatchBoardChains() {
        let board = Fixtures.triangle(side: 6, vacancy: 1).board
        let wide = WideTriangle(side: 6)
        var rng = SystemRandomNumberGenerator()
        var positions: [UInt64] = (0..<board.holeCount).map { board.allHoles & ~(UInt64(1) << UInt64($0)) }
        for _ in 0..<40 { positions.append(UInt64.random(in: 0...board.allHoles, using: &rng)) }
        for p in positions {
            var narrow = Set<UInt64>()
            FewestMoves.forEachChainPosition(from: p, board: board) { child, _ in narrow.insert(child); return true }
            var wideChildren = Set<UInt128>()
            wide.forEachMove(from: UInt128(p)) { wideChildren.insert($0); return true }
            #expect(wideChildren == Set(narrow.map { UInt128($0) }))
            for c in wideChildren {
                let chain = wide.move(from: UInt128(p), to: c)
                #expect(chain.flatMap { wide.replay([$0], from: UInt128(p)) } == c)
                #expect(wide.canonical(c) == (0..<6).map { wide.image(c, $0) }.min())
            }
        }
    }

    /// Illegal jumps do not replay: onto a peg, over a hole, off the lattice lines.
    @Test func replayRejectsIllegalJumps() {
        let wide = WideTriangle(side: 11)
        let start = wide.allHoles & ~(UInt128(1) << 0)   // hole 1 empty
        #expect(wide.replay([[3, 0]], from: start) != nil)    // 4 over 2 into 1
        #expect(wide.replay([[5, 3]], from: start) == nil)    // 6 into 4: a peg there
        #expect(wide.replay([[3, 0], [0, 3]], from: start) == nil)   // 1 over the emptied 2
        #expect(wide.replay([[3, 1]], from: start) == nil)    // 4 to 2: not a jump
        #expect(wide.holeCount == 66 && (start >> 65) & 1 == 1)
    }

    /// A file of a triangle past 64 holes is refused with its place, and the message names the
    /// one path such boards have.
    @Test func largeTriangleFileNamesTheWideBench() throws {
        let results = PegFile.parse(text: PegFile.triangle(side: 11, vacancy: 1), file: "t11.peg")
        guard case .failure(let error) = results.first else { Issue.record("a 66-hole board parsed"); return }
        #expect(error.message.hasPrefix("66 holes: at most 64 are supported"))
        #expect(error.message.contains("peg-triangle-moves-wide"))
        #expect(error.location.line == 13)
    }

    /// The greedy packing of full regions counts as `MersonRegions` does on `Board`.
    @Test(arguments: [4, 7, 10])
    func mersonRegionsMatchBoard(_ side: Int) {
        let board = Fixtures.triangle(side: side, vacancy: 1).board
        let regions = MersonRegions(board: board)
        defer { regions.free() }
        let wide = WideTriangle(side: side)
        #expect(wide.mersonSingletons == UInt128(regions.singletons))
        var rng = SystemRandomNumberGenerator()
        for k in 0..<2000 {
            // sparse, dense and full positions
            var p = UInt64.random(in: 0...board.allHoles, using: &rng)
            if k % 3 == 1 { p |= UInt64.random(in: 0...board.allHoles, using: &rng) }
            if k % 3 == 2 { p = board.allHoles & ~(UInt64(1) << UInt64(k % board.holeCount)) }
            #expect(wide.mersonFullCount(UInt128(p)) == regions.fullCount(p))
        }
    }

    /// Wide enough that no level drops a candidate, either beam is the breadth-first search
    /// over moves: its answer is the published fewest moves.
    @Test(arguments: [(4, 5), (5, 9)])
    func untruncatedBeamIsExact(_ side: Int, _ published: Int) {
        let wide = WideTriangle(side: side)
        for completions in [true, false] {
            let beam = WideTrianglePilot(board: wide, width: 1 << 20)
            beam.completions = completions
            let r = beam.solve()
            #expect(!r.truncated)
            #expect(r.moves == published)
            #expect(wide.replay(r.chains, from: r.start)?.nonzeroBitCount == 1)
            #expect(WideTriangle.moveCount(r.chains) == r.moves)
        }
    }

    /// Truncated, the plain beam's solutions still replay, never below the published minimum.
    @Test(arguments: [(6, 9), (7, 12)])
    func narrowPlainBeamIsAnUpperBound(_ side: Int, _ published: Int) {
        let wide = WideTriangle(side: side)
        for width in [7, 2000] {
            let beam = WideTrianglePilot(board: wide, width: width)
            beam.completions = false
            let r = beam.solve()
            guard let moves = r.moves else { #expect(width < 2000); continue }
            #expect(moves >= published)
            #expect(wide.replay(r.chains, from: r.start)?.nonzeroBitCount == 1)
            #expect(WideTriangle.moveCount(r.chains) == moves)
        }
    }

    /// Truncated, the 128-bit beam keeps the same levels as the 64-bit one (same ranking, same
    /// canonical positions): the same bound, never below the published minimum.
    @Test(arguments: [(6, 9), (7, 12)])
    func matchesNarrowPilot(_ side: Int, _ published: Int) {
        let board = Fixtures.triangle(side: side, vacancy: 1).board
        let holes = (0..<board.holeCount).map { UInt64(1) << UInt64($0) }
        for width in [7, 200] {
            let narrow = PilotBeamSearch(board: board, starts: holes.map { board.allHoles & ~$0 }, finishes: board.allHoles,
                                         symmetries: board.automorphisms(), width: width).solve()
            let wide = WideTriangle(side: side)
            let r = WideTrianglePilot(board: wide, width: width).solve()
            #expect(r.moves == narrow.moves, "side \(side) width \(width)")
            if let moves = r.moves {
                #expect(moves >= published)
                #expect(wide.replay(r.chains, from: r.start)?.nonzeroBitCount == 1)
                #expect(WideTriangle.moveCount(r.chains) == moves)
            }
        }
    }
}
