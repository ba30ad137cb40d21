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
        suites.append(BenchSuite(name: "quarto-early", summary: "Every position with 2 pieces placed (classic), one per symmetry class, with the piece to place or to choose: each must be a draw. 60 s cap a class; columns count the classes proven.") { context in
            var rows: [BenchRow] = []
            for handed in [true, false] {
                let classes = earlyClasses(placed: 2, handed: handed)
                var draws = 0, others = 0, unfinished = 0
                var nodes: UInt64 = 0, hits: UInt64 = 0
                let start = SearchBudget(limits: Limits())
                for (i, p) in classes.enumerated() {
                    let budget = SearchBudget(limits: Limits(timeLimit: 60, hashMB: context.hashMB))
                    let solver = QuartoSolver(rules: .classic, hashMB: context.hashMB, threads: context.threads,
                                              shouldStop: { budget.shouldStop(nodes: $0) })
                    let v = solver.value(of: p)
                    nodes += solver.statistics.nodes
                    hits += solver.statistics.tableHits
                    if v == nil { unfinished += 1 } else if v!.score == 0 { draws += 1 } else { others += 1 }
                    context.log("class \(i + 1)/\(classes.count): \(v.map(\.description) ?? "limit") \(budget.elapsed) s")
                }
                rows.append(BenchRow(handed ? "2 placed, piece to place" : "2 placed, piece to choose", [
                    ("classes", .int(classes.count)), ("draws", .int(draws)), ("notDraws", .int(others)),
                    ("unfinished", .int(unfinished)), ("nodes", JSON(nodes)), ("tableHits", JSON(hits)),
                    ("seconds", .double(start.elapsed)),
                ]))
            }
            return rows
        })
        return suites
    }

    /// One position per symmetry class among those with `placed` pieces on the classic board,
    /// with a piece in hand or none.
    static func earlyClasses(placed: Int, handed: Bool) -> [Position] {
        let group = SymmetryGroup(rules: .classic)
        var seen = Set<UInt128>()
        var out: [Position] = []
        func visit(_ board: Board, _ used: UInt16, _ from: Int, _ left: Int) {
            if left == 0 {
                for h in handed ? Array(0..<16) : [-1] where h < 0 || used >> h & 1 == 0 {
                    let p = Position(board: board, hand: h < 0 ? nil : h, rules: .classic)
                    if seen.insert(group.canonicalKey(board, hand: p.hand)).inserted { out.append(p) }
                }
                return
            }
            for s in from..<16 { for q in 0..<16 where used >> q & 1 == 0 {
                visit(board.placing(q, at: s), used | UInt16(1) << q, s + 1, left - 1)
            } }
        }
        visit(Board(), 0, 0, placed)
        return out
    }
}
