// Move generation against a brute force on coordinates, symmetry groups, canonical forms.
import Testing
@testable import PegSolitaire

@Suite struct GeometryTests {
    static let french = """
      ooo
     ooooo
    ooooooo
    ooo.ooo
    ooooooo
     ooooo
      ooo
    """

    static let wiegleb = """
       ooo
       ooo
       ooo
    ooooooooo
    oooo.oooo
    ooooooooo
       ooo
       ooo
       ooo
    """

    static let diamond = """
        o
       ooo
      ooooo
     ooooooo
    oooo.oooo
     ooooooo
      ooooo
       ooo
        o
    """

    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    /// Legal jumps from coordinates alone: a peg, a peg next to it, an empty hole beyond.
    func bruteForceJumps(_ board: Board, _ p: UInt64) -> Set<[Int]> {
        var at: [String: Int] = [:]
        for i in 0..<board.holeCount { at["\(board.rows[i]),\(board.cols[i])"] = i }
        let steps = board.lattice == .square ? [(0, 1), (1, 0), (0, -1), (-1, 0)] : [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)]
        var out = Set<[Int]>()
        for i in 0..<board.holeCount where p >> UInt64(i) & 1 == 1 {
            for (dr, dc) in steps {
                guard let o = at["\(board.rows[i] + dr),\(board.cols[i] + dc)"],
                      let t = at["\(board.rows[i] + 2 * dr),\(board.cols[i] + 2 * dc)"] else { continue }
                if p >> UInt64(o) & 1 == 1 && p >> UInt64(t) & 1 == 0 { out.insert([i, o, t]) }
            }
        }
        return out
    }

    @Test(arguments: ["english", "french", "triangle", "wiegleb"])
    func moveGeneration(_ name: String) {
        let board: Board
        switch name {
        case "english": board = Fixtures.problem(Fixtures.english).board
        case "french": board = Fixtures.problem(GeometryTests.french).board
        case "wiegleb": board = Fixtures.problem(GeometryTests.wiegleb).board
        default: board = Fixtures.triangle(side: 6, vacancy: 1).board
        }
        let groups = JumpGroups(board: board)
        defer { groups.free() }
        var random = Random(state: 7)
        for _ in 0..<2000 {
            let p = random.next() & board.allHoles
            let expected = bruteForceJumps(board, p)
            let byTable = Set(board.children(p).map { c in [board.jumps[c.jump].from, board.jumps[c.jump].over, board.jumps[c.jump].to] })
            var byGroups = Set<[Int]>()
            groups.forEachJump(p) { j in byGroups.insert([board.jumps[j].from, board.jumps[j].over, board.jumps[j].to]) }
            #expect(byTable == expected)
            #expect(byGroups == expected)
            #expect(board.hasMove(p) == !expected.isEmpty)
        }
    }

    @Test func groupSizes() {
        #expect(Fixtures.problem(Fixtures.english).board.automorphisms().count == 8)
        #expect(Fixtures.triangle(side: 5, vacancy: 1).board.automorphisms().count == 6)
        #expect(Fixtures.problem(GeometryTests.french).board.automorphisms().count == 8)
        #expect(Fixtures.problem(GeometryTests.wiegleb).board.automorphisms().count == 8)
        #expect(Fixtures.problem(GeometryTests.diamond).board.automorphisms().count == 8)
        // A 3x4 rectangle: identity, two mirrors and the half turn.
        #expect(Fixtures.problem("oooo\no.oo\noooo").board.automorphisms().count == 4)
        // An L shape: the identity and the mirror through its corner.
        #expect(Fixtures.problem("o\no\nooo").board.automorphisms().count == 2)
    }

    @Test func restrictionToTheTarget() {
        let english = Fixtures.problem(Fixtures.english).board
        #expect(english.symmetries(for: .hole(english.hole(named: "d4")!)).count == 8)
        #expect(english.symmetries(for: .hole(english.hole(named: "d1")!)).count == 2)
        #expect(english.symmetries(for: .hole(english.hole(named: "c1")!)).count == 1)
        #expect(english.symmetries(for: .hole(english.hole(named: "c3")!)).count == 2)
        let triangle = Fixtures.triangle(side: 5, vacancy: 1).board
        #expect(triangle.symmetries(for: .hole(0)).count == 2)
        #expect(triangle.symmetries(for: .hole(4)).count == 2)   // hole 5: on the axis through hole 1
        #expect(triangle.symmetries(for: .hole(1)).count == 1)   // hole 2: on no axis
        #expect(triangle.symmetries(for: .anyHole).count == 6)
    }

    @Test func automorphismsPreserveJumps() {
        for board in [Fixtures.problem(Fixtures.english).board, Fixtures.triangle(side: 5, vacancy: 1).board,
                      Fixtures.problem(GeometryTests.diamond).board] {
            let jumps = Set(board.jumps.map { [$0.from, $0.over, $0.to] })
            for perm in board.automorphisms() {
                #expect(Set(jumps.map { $0.map { perm[$0] } }) == jumps)
            }
        }
    }

    @Test func canonicalForms() {
        let board = Fixtures.problem(Fixtures.english).board
        let perms = board.automorphisms()
        let tables = SymmetryTables(permutations: perms, holes: board.holeCount)
        var random = Random(state: 11)
        for _ in 0..<3000 {
            let p = random.next() & board.allHoles
            let slow = perms.map { Board.apply($0, p) }
            #expect(tables.canonical(p) == slow.min()!)
            #expect(tables.orbitSize(p) == Set(slow).count)
            for perm in perms { #expect(tables.canonical(Board.apply(perm, p)) == tables.canonical(p)) }
        }
        // The child's images are the parent's XOR the jump's images.
        let p = Fixtures.problem(Fixtures.english).start
        for c in board.children(p) {
            for s in 0..<tables.order {
                #expect(tables.image(c.position, s) == tables.image(p, s) ^ tables.image(board.jumps[c.jump].flip, s))
            }
        }
    }
}
