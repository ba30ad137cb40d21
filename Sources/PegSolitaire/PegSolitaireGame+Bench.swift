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
                let search = MoveSearch(board: p.board, start: p.start, finish: p.board.hole(named: "d4")!, threads: context.threads)
                search.log = { context.log($0) }
                let (f, wall2, cpu2) = timed { search.solve() }
                let replayed = p.board.replay(f.jumps, from: f.start).map(p.isFinish) == true && f.start == p.start
                return [
                    BenchRow("first-solution", [("jumps", .int(r.jumps.count)), ("moves", .int(p.board.moveCount(r.jumps))),
                                                ("nodes", JSON(r.nodes)), ("seconds", JSON(wall)), ("cpuSeconds", JSON(cpu))]),
                    BenchRow("fewest-moves", [("jumps", .int(f.jumps.count)), ("moves", .int(f.moves ?? -1)), ("replayed", .bool(replayed)),
                                              ("solution", .string(p.board.moveStrings(f.jumps).joined(separator: " "))),
                                              ("nodes", JSON(f.children)), ("peakMB", .int(f.peakBytes >> 20)),
                                              ("seconds", JSON(wall2)), ("cpuSeconds", JSON(cpu2))]),
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
        ] + frenchSuites + frenchCountSuites + moveSuites + pairSuites + depthFirstSuites + pairSweepSuites + beamSuites + upperSuites
    }
}
