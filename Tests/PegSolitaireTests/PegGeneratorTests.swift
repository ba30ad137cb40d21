// `generate peg`: the file depends on the seed only (not on threads); generated problems,
// read back by the loader, are re-checked by a plain DFS written here that lists every jump
// sequence to the target and sorts them into orbits under the symmetries fixing start and
// target (explicitly, not by Burnside's lemma as the module does); and the count of classes
// agrees with that DFS on symmetric classics.

import Foundation
import Testing
@testable import PegSolitaire
import SolverKit

/// Every jump sequence (as jump triples from, over, to) from `start` to one peg on `target`.
private func allSolutions(_ board: Board, start: UInt64, target: Int) -> [[Jump]] {
    var out: [[Jump]] = []
    var path: [Jump] = []
    func dfs(_ p: UInt64) {
        if p == UInt64(1) << UInt64(target) { out.append(path); return }
        for jump in board.jumps {
            let hasFrom = p >> UInt64(jump.from) & 1 == 1, hasOver = p >> UInt64(jump.over) & 1 == 1
            let toEmpty = p >> UInt64(jump.to) & 1 == 0
            guard hasFrom && hasOver && toEmpty else { continue }
            path.append(jump)
            dfs(p & ~(UInt64(1) << UInt64(jump.from)) & ~(UInt64(1) << UInt64(jump.over)) | UInt64(1) << UInt64(jump.to))
            path.removeLast()
        }
    }
    dfs(start)
    return out
}

/// The number of orbits of the solutions under the automorphisms fixing start and target,
/// found by mapping every solution under every such symmetry and keeping the least image.
private func solutionOrbits(_ problem: PegProblem) -> (sequences: Int, orbits: Int, fewestMoves: Int) {
    guard case .hole(let target) = problem.target else { return (0, 0, 0) }
    let board = problem.board
    let group = board.automorphisms().filter { perm in
        perm[target] == target && (0..<board.holeCount).allSatisfy { i in
            (problem.start >> UInt64(i) & 1) == (problem.start >> UInt64(perm[i]) & 1)
        }
    }
    let solutions = allSolutions(board, start: problem.start, target: target)
    var representatives = Set<[Int]>()
    for s in solutions {
        let images = group.map { perm in s.flatMap { [perm[$0.from], perm[$0.to]] } }
        representatives.insert(images.min { $0.lexicographicallyPrecedes($1) }!)
    }
    // Moves: a new move starts whenever a jump's peg is not the one that just landed.
    let fewest = solutions.map { s in
        s.indices.filter { $0 == 0 || s[$0].from != s[$0 - 1].to }.count
    }.min() ?? -1
    return (solutions.count, representatives.count, fewest)
}

private func generate(_ settings: PegGenerator.Settings, count: Int, seed: UInt64, threads: Int) -> String {
    PuzzleGeneration.run(count: count, seed: seed, threads: threads, maxTries: 100_000) { index, random in
        PegGenerator.candidate(settings, index: index, seed: seed, random: &random)
    }.puzzles.map(\.text).joined()
}

private func parse(_ text: String) -> [PegProblem] {
    PegFile.parse(text: text, file: "generated.peg").compactMap { try? $0.get() }
}

@Test func pegGenerationDependsOnTheSeedOnly() throws {
    let settings = try PegGenerator.Settings(boardName: "english", pegs: 6...8, goal: .unique)
    let one = generate(settings, count: 6, seed: 4, threads: 1)
    #expect(parse(one).count == 6)
    #expect(one == generate(settings, count: 6, seed: 4, threads: 2))
    #expect(one != generate(settings, count: 6, seed: 5, threads: 2))
}

@Test func generatedUniqueProblemsHaveOneSolutionUpToSymmetry() throws {
    for (board, pegs) in [("english", 6...9), ("triangle-5", 5...8), ("french", 6...8)] {
        let settings = try PegGenerator.Settings(boardName: board, pegs: pegs, goal: .unique)
        let problems = parse(generate(settings, count: 5, seed: 9, threads: 2))
        #expect(problems.count == 5, "\(board)")
        for p in problems {
            let check = solutionOrbits(p)
            #expect(check.orbits == 1, "\(p.name): \(check.sequences) sequences in \(check.orbits) orbits")
            #expect(pegs.contains(p.start.nonzeroBitCount))
        }
    }
}

@Test func generatedMoveProblemsNeedExactlyThatManyMoves() throws {
    let settings = try PegGenerator.Settings(boardName: "english", pegs: 5...8, goal: .moves(3))
    let problems = parse(generate(settings, count: 5, seed: 2, threads: 2))
    #expect(problems.count == 5)
    for p in problems {
        let check = solutionOrbits(p)
        #expect(check.sequences >= 1 && check.fewestMoves == 3, "\(p.name)")
    }
}

@Test func solutionClassesAgreeWithExplicitOrbits() {
    // Symmetric starts (the Latin and Greek crosses, the 1924 problems) where the group is
    // more than the identity and solutions fall into orbits of different sizes.
    var problems = Fixtures.puzzles("english-classics.peg").filter { $0.start.nonzeroBitCount <= 9 }
    problems += Fixtures.puzzles("puzzle-peg-1924.peg").filter { $0.start.nonzeroBitCount <= 9 }
    #expect(problems.count >= 4)
    var symmetric = 0
    for p in problems {
        let group = SolutionClasses.group(p)
        if group.count > 1 { symmetric += 1 }
        let total = SolutionClasses.sequences(p, from: p.start)
        let check = solutionOrbits(p)
        #expect(total == UInt128(check.sequences), "\(p.name)")
        #expect(SolutionClasses.upToSymmetry(p, group: group, total: total) == UInt128(check.orbits), "\(p.name)")
    }
    #expect(symmetric >= 2)
}

@Test func bundledUniqueCollectionChecksOut() throws {
    let url = Fixtures.root.appendingPathComponent("Puzzles/peg/tour/generated/english-unique.peg")
    let problems = parse(try String(contentsOf: url, encoding: .utf8))
    #expect(problems.count >= 50)
    for p in problems { #expect(solutionOrbits(p).orbits == 1, "\(p.name)") }
}
