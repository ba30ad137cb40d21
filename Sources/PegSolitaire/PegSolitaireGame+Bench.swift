// `perfectplay bench peg`: the English full count, the first English solution, the fewest
// moves, the 15-hole triangle table and the French table. Boards are built in (not read
// from Puzzles/) so the suites run from any directory.
import SolverKit

enum PegBench {
    static let english = """
    name: English central game
    target: d4
      ooo
      ooo
    ooooooo
    ooo.ooo
    ooooooo
      ooo
      ooo
    """

    static let french = """
    name: French 37
    target: any
      ooo
     ooooo
    ooooooo
    ooo.ooo
    ooooooo
     ooooo
      ooo
    """

    static func problem(_ text: String) -> PegProblem {
        try! PegFile.parse(text: text, file: "bench.peg")[0].get()
    }

    static func triangle(side: Int, vacancy: Int) -> PegProblem {
        problem(PegFile.triangle(side: side, vacancy: vacancy))
    }

    static func timed<T>(_ body: () -> T) -> (T, Double, Double) {
        let w0 = monotonicSeconds(), c0 = processCPUSeconds()
        let r = body()
        return (r, monotonicSeconds() - w0, processCPUSeconds() - c0)
    }

    static var suites: [BenchSuite] {
        [
            BenchSuite(name: "peg-english-count", summary: "English central game: full state-space count") { context in
                let p = problem(english)
                let (r, wall, cpu) = timed { StateSpace(problem: p, threads: context.threads).run() }
                return [BenchRow("english-count", [
                    ("positions", JSON(r.positions)), ("canonical", JSON(r.canonicalPositions)),
                    ("canSolveCanonical", JSON(r.canSolveCanonical)), ("solutions", JSON(r.solutions)),
                    ("games", JSON(r.games)), ("children", JSON(r.children)),
                    ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu)),
                ])]
            },
            BenchSuite(name: "peg-english-solve", summary: "English central game: first solution, and fewest moves") { context in
                let p = problem(english)
                let (r, wall, cpu) = timed { PegSolver(problem: p).solve() }
                let (f, wall2, cpu2) = timed { FewestMoves.solve(p, threads: context.threads, shouldStop: { false }) }
                return [
                    BenchRow("first-solution", [("jumps", .int(r.jumps.count)), ("moves", .int(p.board.moveCount(r.jumps))),
                                                ("nodes", JSON(r.nodes)), ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu))]),
                    BenchRow("fewest-moves", [("jumps", .int(f.jumps.count)), ("moves", .int(f.moves)),
                                              ("nodes", JSON(f.space.children)), ("seconds", JSON(wall2)), ("cpuSeconds", JSON(cpu2))]),
                ]
            },
            BenchSuite(name: "peg-triangle-15", summary: "15-hole triangle: solutions and fewest moves per start") { context in
                (1...15).map { v in
                    let p = triangle(side: 5, vacancy: v)
                    let (r, wall, _) = timed { StateSpace(problem: p, threads: 1).run() }
                    let f = FewestMoves.solve(p, threads: 1, shouldStop: { false })
                    return BenchRow("vacancy-\(v)", [("solutions", JSON(r.solutions)), ("games", JSON(r.games)),
                                                     ("fewestMoves", .int(f.moves)), ("seconds", JSON(wall))])
                }
            },
            BenchSuite(name: "peg-french-table", summary: "French 37: single-vacancy starts vs one-peg finishes") { context in
                let p = problem(french)
                let (table, wall, cpu) = timed { FinishTable.compute(board: p.board, shouldStop: { _ in false }) }
                var rows = p.board.names.indices.map { s in
                    BenchRow(p.board.names[s], [("finishes", JSON(table.finishes(from: s).map { p.board.names[$0] })),
                                                ("undecided", JSON(table.entries[s].indices.filter { table.entries[s][$0] == .unknown }.map { p.board.names[$0] }))])
                }
                rows.append(BenchRow("total", [("nodes", JSON(table.nodes)), ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu))]))
                return rows
            },
        ]
    }
}
