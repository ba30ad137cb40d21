// `perfectplay bench peg-french-d3d5`: the French start/finish pair the depth-first table
// leaves open, decided by meeting in the middle.
import SolverKit

extension PegBench {
    static var frenchSuites: [BenchSuite] {
        [
            BenchSuite(name: "peg-french-d3d5", summary: "French 37: vacancy d3 -> one peg on d5, by meeting in the middle") { context in
                let p = problem(french)
                let board = p.board
                let search = MeetInTheMiddle(board: board, start: board.hole(named: "d3")!, finish: board.hole(named: "d5")!,
                                             log: { context.log($0) })
                let r = search.solve()
                let solvable: JSON = r.solvable.map { JSON.bool($0) } ?? JSON.null
                var columns: [(String, JSON)] = [("solvable", solvable)]
                if r.solvable == true { columns.append(("moves", JSON(board.moveStrings(r.jumps)))) }
                columns += [("forwardLevels", JSON.array(r.forwardLevels.map { JSON.int($0) })), ("children", JSON(r.children)),
                            ("peakMB", .int(r.peakBytes >> 20)), ("seconds", JSON(r.seconds))]
                return [BenchRow("d3-d5", columns)]
            },
        ]
    }
}
