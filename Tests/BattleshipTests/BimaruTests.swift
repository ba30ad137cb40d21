// Solitaire Battleships: the solver against a brute force over every fleet arrangement on small
// boards, the rule checker on hand-made grids, the parsers' errors, and all 303 CSPLib puzzles.

import Foundation
import Testing
@testable import Battleship
import SolverKit

/// Every arrangement of the fleet (straight ships, no touching, not even diagonally), as cell
/// sets: the reference the solver (and the generator's puzzles) are compared with.
func allArrangements(width: Int, height: Int, fleet: [Int]) -> [Set<Int>] {
    var out = Set<Set<Int>>()
    func placements(_ len: Int) -> [[Int]] {
        var list: [[Int]] = []
        for r in 0..<height {
            for c in 0..<width {
                if c + len <= width { list.append((0..<len).map { r * width + c + $0 }) }
                if len > 1 && r + len <= height { list.append((0..<len).map { (r + $0) * width + c }) }
            }
        }
        return list
    }
    func touches(_ cell: Int, _ used: Set<Int>) -> Bool {
        let r = cell / width, c = cell % width
        for dr in -1...1 { for dc in -1...1 {
            let rr = r + dr, cc = c + dc
            if rr >= 0 && rr < height && cc >= 0 && cc < width && used.contains(rr * width + cc) { return true }
        } }
        return false
    }
    func rec(_ i: Int, _ used: Set<Int>) {
        if i == fleet.count { out.insert(used); return }
        for p in placements(fleet[i]) where !p.contains(where: { touches($0, used) }) { rec(i + 1, used.union(p)) }
    }
    rec(0, [])
    return Array(out)
}

private func mask(_ cells: Set<Int>) -> UInt128 { cells.reduce(UInt128(0)) { $0 | UInt128(1) << UInt128($1) } }

@Test func solverCountsMatchBruteForce() {
    var rng = SplitMix64(seed: 3)
    for (w, h, fleet) in [(5, 5, [3, 2, 1, 1]), (6, 5, [3, 2, 2, 1]), (6, 6, [3, 2, 2])] {
        let all = allArrangements(width: w, height: h, fleet: fleet)
        for _ in 0..<15 {
            let truth = all[rng.below(all.count)]
            let rowSums = (0..<h).map { r in (0..<w).filter { truth.contains(r * w + $0) }.count }
            let colSums = (0..<w).map { c in (0..<h).filter { truth.contains($0 * w + c) }.count }
            // A few given cells from the truth: water or plain ship cells.
            var hints: [(cell: Int, hint: BimaruHint)] = []
            for _ in 0..<rng.below(3) {
                let cell = rng.below(w * h)
                hints.append((cell, truth.contains(cell) ? .ship : .water))
            }
            let puzzle = BimaruPuzzle(name: "", width: w, height: h, fleet: fleet, rowSums: rowSums, colSums: colSums, hints: hints)
            let expected = all.filter { a in
                (0..<h).allSatisfy { r in (0..<w).filter { a.contains(r * w + $0) }.count == rowSums[r] }
                    && (0..<w).allSatisfy { c in (0..<h).filter { a.contains($0 * w + c) }.count == colSums[c] }
                    && hints.allSatisfy { ($0.hint == .water) != a.contains($0.cell) }
            }
            let solved = BimaruSolver(puzzle).solve(cap: 1000)
            #expect(solved.count == expected.count, "\(w)x\(h) \(fleet)")
            #expect(solved.complete)
            if let first = solved.first {
                #expect(expected.contains(Set((0..<(w * h)).filter { first >> UInt128($0) & 1 != 0 })))
                #expect(puzzle.check(first))
            }
        }
    }
}

@Test func checkerEnforcesTheRules() {
    // 4x4, fleet 2 1: rows and columns as given by each grid.
    func puzzle(_ rows: [String], hints: [(cell: Int, hint: BimaruHint)] = []) -> (BimaruPuzzle, UInt128) {
        var cells = Set<Int>()
        for (r, row) in rows.enumerated() { for (c, ch) in row.enumerated() where ch == "#" { cells.insert(r * 4 + c) } }
        let rs = (0..<4).map { r in (0..<4).filter { cells.contains(r * 4 + $0) }.count }
        let cs = (0..<4).map { c in (0..<4).filter { cells.contains($0 * 4 + c) }.count }
        return (BimaruPuzzle(name: "", width: 4, height: 4, fleet: [2, 1], rowSums: rs, colSums: cs, hints: hints), mask(cells))
    }
    let good = puzzle(["##..", "....", "...#", "...."])
    #expect(good.0.check(good.1))
    let diagonal = puzzle(["##..", "..#.", "....", "...."])
    #expect(!diagonal.0.check(diagonal.1))
    let side = puzzle(["##.#", "....", "....", "...."])
    #expect(side.0.check(side.1))
    let touching = puzzle(["###.", "....", "....", "...."])
    #expect(!touching.0.check(touching.1))
    let bent = puzzle(["##..", ".#..", "....", "...."])
    #expect(!bent.0.check(bent.1))
    let wrongEnd = puzzle(["##..", "....", "...#", "...."], hints: [(0, .right)])
    #expect(!wrongEnd.0.check(wrongEnd.1))
    let rightEnd = puzzle(["##..", "....", "...#", "...."], hints: [(0, .left), (1, .right), (11, .single), (5, .water)])
    #expect(rightEnd.0.check(rightEnd.1))
}

@Test func bimaruParseErrors() {
    func message(_ text: String) -> String {
        switch BimaruFormat.parse(text, file: "p.bimaru")[0] {
        case .success: return "parsed"
        case .failure(let e): return e.description
        }
    }
    #expect(message("7 2 2 1 1 1 0 0 1 q 1 1") == "p.bimaru:1:19: unknown hint 'q' (w, c, m, t, b, l, r)")
    #expect(message("7 2 2 1 1 1 0 0 1 c 3 1") == "p.bimaru:1:21: expected a hint row from 1 to 2")
    #expect(message("7 2 2 1 1 5 0") == "p.bimaru:1:11: expected a row count from 0 to 2")
    #expect(message("columns: 1 0\nc . 1\n. . ") == "p.bimaru:3:3: a grid row ends with its ship count (0 to 2)")
    #expect(message("columns: 1 0\nc . 1\n. z 0") == "p.bimaru:3:3: unknown symbol 'z' (. unknown, ~ water, # ship, c t b l r m segments)")
    #expect(message("columns: 1 0\nc . . 1") == "p.bimaru:2:5: row 1 has 3 cells but 'columns:' gives 2")
    #expect(message("fleet: 1\nc . 1") == "p.bimaru:1:1: missing 'columns:' (ship cells in each column)")
    if case .success(let p) = BimaruFormat.parse("% comment\nname: one\nfleet: 1\ncolumns: 1 0\nc ~ 1\n.. 0\n", file: "g")[0] {
        #expect(p.name == "one" && p.width == 2 && p.height == 2 && p.rowSums == [1, 0] && p.colSums == [1, 0])
        #expect(p.hints.map(\.cell) == [0, 1] && p.line == 2)
        #expect(BimaruSolver(p).solve(cap: 2).count == 1)
    } else { Issue.record("grid form did not parse") }
}

@Test func allCSPLibPuzzlesHaveOneCheckedSolution() throws {
    let text = try String(contentsOfFile: bundled("Puzzles/battleship/tour/csplib303.bimaru"), encoding: .utf8)
    let puzzles = BimaruFormat.parse(text, file: "csplib303.bimaru")
    #expect(puzzles.count == 303)
    var unique = 0
    for case .success(let p) in puzzles {
        let s = BimaruSolver(p).solve(cap: 2)
        if s.count == 1, let grid = s.first, p.check(grid) { unique += 1 } else { Issue.record("puzzle \(p.name): \(s.count) solutions") }
    }
    #expect(unique == 303)
}
