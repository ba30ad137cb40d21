// `perfectplay bench quarto`: the drawn-board count, positions with 4, 3 and 2 pieces placed,
// and the empty boards of the three rule sets, each with a wall-time cap.

import SolverKit

extension QuartoGame {
    /// Bench positions (also in Puzzles/quarto). Name, position text, time cap in seconds.
    static let benchPositions: [(suite: String, name: String, text: String, cap: Double)] = [
        ("quarto-positions", "4 placed, place TdSh", "piece: TdSh\nTDSH . . tdsh\n. . . .\n. tDsH . .\n. . . tdSH", 300),
        ("quarto-positions", "4 placed, choose", "TDSH . . .\n. tdsh . .\n. . TdSh .\n. . . tDsH", 300),
        ("quarto-positions", "3 placed, place tdSH", "piece: tdSH\nTDSH . . .\n. . . .\n. . tdsh .\n. . . TdsH", 600),
        ("quarto-positions", "3 placed, choose", "TDSH . . .\n. . . .\n. tdsh . .\n. . . tDSh", 600),
        ("quarto-positions", "2 placed, place TDsh", "piece: TDsh\nTDSH . . .\n. . . .\n. . . .\n. . . tdsh", 900),
        ("quarto-positions", "2 placed, place tdsH", "piece: tdsH\nTDSH tdsh . .\n. . . .\n. . . .\n. . . .", 900),
        ("quarto-empty", "classic empty board", "rules: classic\n. . . .\n. . . .\n. . . .\n. . . .", 3600),
        ("quarto-empty", "squares empty board", "rules: squares\n. . . .\n. . . .\n. . . .\n. . . .", 3600),
        ("quarto-empty", "torus empty board", "rules: torus\n. . . .\n. . . .\n. . . .\n. . . .", 3600),
    ]

    public static var benchSuites: [BenchSuite] {
        var suites = [BenchSuite(name: "quarto-count", summary: "Drawn full boards of classic Quarto (published: 414,298,141,056), counted over attribute masks with the board and piece symmetries.") { context in
            let budget = SearchBudget(limits: Limits())
            let n = DrawCount.count(board: Board(), rules: .classic, threads: context.threads)
            return [BenchRow("classic drawn full boards", [("count", n.map { JSON($0) } ?? .null), ("expected", JSON(UInt64(414_298_141_056))),
                                                          ("seconds", .double(budget.elapsed))])]
        }]
        for (suite, summary) in [("quarto-positions", "Exact values (win/draw/loss, value only) of positions with 4, 3 and 2 pieces placed, classic rules."),
                                 ("quarto-empty", "The empty boards of classic, squares and torus Quarto: value (win/draw/loss) with nodes, table hits, seconds.")] {
            suites.append(BenchSuite(name: suite, summary: summary) { context in
                benchPositions.filter { $0.suite == suite }.map { item in
                    let parsed = QuartoFormat.parse(text: item.text, file: item.name)
                    guard case .success(let p)? = parsed.first else { return BenchRow(item.name, [("status", "error")]) }
                    let budget = SearchBudget(limits: Limits(timeLimit: item.cap, hashMB: context.hashMB))
                    let solver = QuartoSolver(rules: p.position.rules, hashMB: context.hashMB, threads: context.threads,
                                              shouldStop: { budget.shouldStop(nodes: $0) })
                    let v = solver.value(of: p.position)
                    let s = solver.statistics
                    context.log("\(item.name): \(v.map(\.description) ?? "limit") nodes \(s.nodes) \(budget.elapsed) s")
                    return BenchRow(item.name, [
                        ("status", .string(v == nil ? "limit" : "solved")), ("value", .string(v?.outcome ?? "?")),
                        ("distance", v.map { .int($0.distance) } ?? .null), ("nodes", JSON(s.nodes)),
                        ("tableProbes", JSON(s.tableProbes)), ("tableHits", JSON(s.tableHits)),
                        ("seconds", .double(budget.elapsed)), ("capSeconds", .double(item.cap)),
                    ])
                }
            })
        }
        return suites
    }
}
