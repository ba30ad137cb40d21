// `generate bimaru`: the file depends on the seed only (not on threads), and every puzzle of a
// small run, read back by the loader, has exactly one solution among all fleet arrangements
// enumerated by brute force, with each given necessary.

import Foundation
import Testing
@testable import Battleship
import SolverKit

private let small = BimaruGenerator.Settings(width: 6, height: 6, fleet: [3, 2, 1, 1])

private func generate(_ settings: BimaruGenerator.Settings, count: Int, seed: UInt64, threads: Int) -> String {
    let run = PuzzleGeneration.run(count: count, seed: seed, threads: threads, maxTries: 1000) { index, random in
        BimaruGenerator.candidate(settings, index: index, seed: seed, random: &random)
    }
    return run.puzzles.map(\.text).joined(separator: "\n")
}

@Test func bimaruGenerationDependsOnTheSeedOnly() {
    let one = generate(small, count: 6, seed: 7, threads: 1)
    let two = generate(small, count: 6, seed: 7, threads: 2)
    #expect(!one.isEmpty)
    #expect(one == two)
    #expect(generate(small, count: 6, seed: 8, threads: 2) != one)
    let standard = BimaruGenerator.Settings(width: 10, height: 10, fleet: BimaruFormat.standardFleet)
    #expect(generate(standard, count: 2, seed: 3, threads: 1) == generate(standard, count: 2, seed: 3, threads: 2))
}

/// Whether the arrangement `ships` agrees with a given cell (written here from the rules, not
/// taken from the solver or the module's checker).
private func agrees(_ ships: Set<Int>, _ cell: Int, _ hint: BimaruHint, width w: Int, height h: Int) -> Bool {
    let r = cell / w, c = cell % w
    func on(_ r: Int, _ c: Int) -> Bool { r >= 0 && r < h && c >= 0 && c < w && ships.contains(r * w + c) }
    let up = on(r - 1, c), down = on(r + 1, c), left = on(r, c - 1), right = on(r, c + 1)
    guard on(r, c) else { return hint == .water }
    switch hint {
    case .water: return false
    case .ship: return true
    case .single: return !up && !down && !left && !right
    case .top: return !up && down
    case .bottom: return up && !down
    case .left: return !left && right
    case .right: return left && !right
    case .middle: return (up && down) || (left && right)
    }
}

@Test func generatedBimaruPuzzlesAreUniqueWithNecessaryGivens() throws {
    let text = generate(small, count: 8, seed: 11, threads: 2)
    let puzzles = BimaruFormat.parse(text, file: "generated.bimaru").compactMap { try? $0.get() }
    #expect(puzzles.count == 8)
    let all = allArrangements(width: 6, height: 6, fleet: small.fleet)
    for p in puzzles {
        #expect(p.fleet == small.fleet && p.width == 6 && p.height == 6)
        let counted = all.filter { a in
            (0..<6).allSatisfy { r in (0..<6).filter { a.contains(r * 6 + $0) }.count == p.rowSums[r] }
                && (0..<6).allSatisfy { c in (0..<6).filter { a.contains($0 * 6 + c) }.count == p.colSums[c] }
        }
        func solutions(_ hints: [(cell: Int, hint: BimaruHint)]) -> Int {
            counted.filter { a in hints.allSatisfy { agrees(a, $0.cell, $0.hint, width: 6, height: 6) } }.count
        }
        #expect(solutions(p.hints) == 1, "\(p.name)")
        for k in p.hints.indices {
            var fewer = p.hints
            fewer.remove(at: k)
            #expect(solutions(fewer) >= 2, "\(p.name): given \(k) is not needed")
        }
    }
}

@Test func bundledGeneratedCollectionIsUnique() throws {
    let puzzles = BimaruFormat.parse(try String(contentsOfFile: bundled("Puzzles/battleship/tour/generated/bimaru-10x10.bimaru"), encoding: .utf8),
                                     file: "bimaru-10x10.bimaru")
    #expect(puzzles.count >= 50)
    for case .success(let p) in puzzles {
        let solved = BimaruSolver(p).solve(cap: 2)
        #expect(solved.count == 1 && solved.complete && solved.first.map(p.check) == true, "\(p.name)")
    }
}
