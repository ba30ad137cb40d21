// Rule lines, win detection, the symmetry groups and the canonical form.

import Testing
@testable import Quarto

@Test func lineCounts() {
    #expect(RuleSet.classic.lines.count == 10)
    #expect(RuleSet.squares.lines.count == 19)
    #expect(RuleSet.torus.lines.count == 32)
    for r in RuleSet.allCases { #expect(r.lines.allSatisfy { $0.nonzeroBitCount == 4 }) }
    #expect(Set(RuleSet.torus.lines).count == 32)
}

@Test func winDetection() {
    func board(_ cells: [(Int, Int)]) -> Board { cells.reduce(Board()) { $0.placing($1.1, at: $1.0) } }
    // row 0 all tall (bit 0 set): a win
    let tallRow = board([(0, 1), (1, 3), (2, 5), (3, 15)])
    #expect(tallRow.winningLine(RuleSet.classic.lines) == 0x000F)
    // row 0 with no common attribute: 0000 1111 0011 1100 agree nowhere
    let mixed = board([(0, 0), (1, 15), (2, 3), (3, 12)])
    #expect(mixed.winningLine(RuleSet.classic.lines) == nil)
    // anti-diagonal all solid (bit 3 clear)
    let anti = board([(3, 0), (6, 1), (9, 2), (12, 7)])
    #expect(anti.winningLine(RuleSet.classic.lines) == 0x1248)
    // a 2x2 block: a win with squares, not classic
    let block = board([(5, 8), (6, 9), (9, 10), (10, 12)])   // all hollow
    #expect(block.winningLine(RuleSet.classic.lines) == nil)
    #expect(block.winningLine(RuleSet.squares.lines) != nil)
    // a wrapped block (corners): torus only
    let corners = board([(0, 0), (3, 2), (12, 4), (15, 6)])   // all short
    #expect(corners.winningLine(RuleSet.squares.lines) == nil)
    #expect(corners.winningLine(RuleSet.torus.lines) != nil)
    // a wrapped diagonal b1 c2 d3 a4: squares 1, 6, 11, 12
    let wrapped = board([(1, 0), (6, 2), (11, 4), (12, 6)])
    #expect(wrapped.winningLine(RuleSet.torus.lines) != nil && wrapped.winningLine(RuleSet.classic.lines) == nil)
}

@Test func boardGroupSizes() {
    // published: 32 board symmetries keep the 10 lines; with the 2x2 squares only 8
    #expect(SymmetryGroup(rules: .classic).boardMaps.count == 32)
    #expect(SymmetryGroup(rules: .squares).boardMaps.count == 8)
    #expect(SymmetryGroup(rules: .classic).order == 12_288)
    for r in RuleSet.allCases {
        let g = SymmetryGroup(rules: r)
        let lines = Set(r.lines)
        #expect(g.boardMaps[0] == Array(0..<16))
        for m in g.boardMaps {
            #expect(Set(m).count == 16)
            for l in lines { #expect(lines.contains(g.map(l, g.boardMaps.firstIndex(of: m)!))) }
        }
        // closed under composition
        let all = Set(g.boardMaps)
        for a in g.boardMaps.prefix(8) { for b in g.boardMaps { #expect(all.contains((0..<16).map { b[a[$0]] })) } }
    }
}

/// Applies a board map and a piece map (attribute permutation, then complement) to a position.
func transform(_ p: Position, boardMap: [Int], perm: [Int], flip: Int) -> Position {
    func mapPiece(_ x: Int) -> Int {
        var y = 0
        for a in 0..<4 where x >> a & 1 == 1 { y |= 1 << perm[a] }
        return y ^ flip
    }
    var b = Board()
    for s in 0..<16 where p.board.occupied >> s & 1 == 1 { b = b.placing(mapPiece(p.board.piece(at: s)), at: boardMap[s]) }
    return Position(board: b, hand: p.hand.map(mapPiece), rules: p.rules)
}

@Test func canonicalFormIsInvariantUnderTheWholeGroup() {
    var rng = SplitMix(state: 11)
    let perms = [[0, 1, 2, 3], [1, 0, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]]
    for rules in RuleSet.allCases {
        let g = SymmetryGroup(rules: rules)
        for i in 0..<60 {
            guard let p = randomPosition(placed: i % 12, rules: rules, handed: i % 3 != 0, rng: &rng) else { continue }
            let key = g.canonicalKey(p.board, hand: p.hand)
            for _ in 0..<10 {
                let m = g.boardMaps[Int(rng.next() % UInt64(g.boardMaps.count))]
                let q = transform(p, boardMap: m, perm: perms[Int(rng.next() % 5)], flip: Int(rng.next() % 16))
                #expect(g.canonicalKey(q.board, hand: q.hand) == key)
            }
        }
    }
}

@Test func canonicalFormSeparatesOrbits() {
    // Orbits counted by brute force over the explicit group (all 24 x 16 piece maps, all board maps)
    // must equal the number of distinct canonical keys: one placed piece plus a piece in hand.
    let g = SymmetryGroup(rules: .classic)
    var perms: [[Int]] = []
    func permute(_ a: [Int], _ rest: [Int]) { if rest.isEmpty { perms.append(a) }; for x in rest { permute(a + [x], rest.filter { $0 != x }) } }
    permute([], [0, 1, 2, 3])
    var positions: [Position] = []
    for s in 0..<16 { for h in 1..<16 { positions.append(Position(board: Board().placing(0, at: s), hand: h)) } }
    for s in 0..<16 { for t in 0..<16 where t != s { for q in [1, 3, 7, 15] {
        positions.append(Position(board: Board().placing(0, at: s).placing(q, at: t), hand: nil)) } } }
    var orbitOf: [Position: Int] = [:]
    var orbits = 0
    for p in positions where orbitOf[p] == nil {
        orbits += 1
        for m in g.boardMaps { for perm in perms { for flip in 0..<16 {
            orbitOf[transform(p, boardMap: m, perm: perm, flip: flip)] = orbits
        } } }
    }
    let keys = Set(positions.map { g.canonicalKey($0.board, hand: $0.hand) })
    let orbitIDs = Set(positions.map { orbitOf[$0]! })
    #expect(keys.count == orbitIDs.count)
}

@Test func earlyPositionClassesMatchExplicitOrbits() {
    // the symmetry classes of the 2-piece positions (piece to choose) counted two ways: distinct
    // canonical keys (QuartoGame.earlyClasses) and orbits under the explicit 32 x 384 maps
    let g = SymmetryGroup(rules: .classic)
    var perms: [[Int]] = []
    func permute(_ a: [Int], _ rest: [Int]) { if rest.isEmpty { perms.append(a) }; for x in rest { permute(a + [x], rest.filter { $0 != x }) } }
    permute([], [0, 1, 2, 3])
    var orbit: Set<Position> = []
    var orbits = 0
    for s in 0..<16 { for t in (s + 1)..<16 { for p in 0..<16 { for q in 0..<16 where q != p {
        let pos = Position(board: Board().placing(p, at: s).placing(q, at: t), hand: nil)
        if orbit.contains(pos) { continue }
        orbits += 1
        for m in g.boardMaps { for perm in perms { for flip in 0..<16 { orbit.insert(transform(pos, boardMap: m, perm: perm, flip: flip)) } } }
    } } } }
    #expect(QuartoGame.earlyClasses(placed: 2, handed: false).count == orbits)
}
