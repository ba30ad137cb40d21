// `perfectplay bench quarto`: the drawn-board count, positions with 4, 3 and 2 pieces placed,
// and the empty boards of the three rule sets, each with a wall-time cap.

import Dispatch
import SolverKit
import Synchronization

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
        suites.append(BenchSuite(name: "quarto-early", summary: "The proof that every classic position with at most 2 pieces placed is a draw: one position per symmetry class of 2 placed pieces with a piece in hand (148), each solved (win/draw/loss); all draws prove it, since positions with 2 placed and a piece to choose, and those with fewer pieces, lead only to these. One table for all classes; the threads take the classes in turn, one thread a class.") { context in
            let classes = earlyClasses(placed: 2, handed: true)
            let group = SymmetryGroup(rules: .classic)
            let table = TranspositionTable(megabytes: context.hashMB)
            let start = SearchBudget(limits: Limits())
            let next = Atomic<Int>(0)
            // per class: outcome (1 win, 0 draw, -1 loss, nil unfinished), nodes, table hits, seconds
            let results = Mutex([(outcome: Int?, nodes: UInt64, hits: UInt64, seconds: Double)](repeating: (nil, 0, 0, 0), count: classes.count))
            DispatchQueue.concurrentPerform(iterations: max(1, context.threads)) { _ in
                while true {
                    let i = next.add(1, ordering: .relaxed).oldValue
                    if i >= classes.count { break }
                    let budget = SearchBudget(limits: Limits(timeLimit: 3600, hashMB: context.hashMB))
                    let solver = QuartoSolver(rules: .classic, threads: 1, group: group, table: table,
                                              shouldStop: { budget.shouldStop(nodes: $0) })
                    let v = solver.search(classes[i], alpha: -1, beta: 1)
                    let r = (v.map { $0.signum() }, solver.statistics.nodes, solver.statistics.tableHits, budget.elapsed)
                    results.withLock { $0[i] = r }
                    let outcome = r.0.map { ["loss", "draw", "win"][$0 + 1] } ?? "limit"
                    context.log("class \(i + 1)/\(classes.count) \(classes[i].gridText.replacingOccurrences(of: "\n", with: " / ")) piece \(Piece.name(classes[i].hand!)): \(outcome), \(r.1) nodes, \(NumberFormat.seconds(r.3)) s")
                }
            }
            let all = results.withLock { $0 }
            let draws = all.filter { $0.outcome == 0 }.count
            let notDraws = all.filter { $0.outcome != nil && $0.outcome != 0 }.count
            let nodes = all.reduce(UInt64(0)) { $0 + $1.nodes }
            let seconds = start.elapsed
            context.log("proof: \(draws) of \(classes.count) classes are draws\(draws == classes.count ? ": every classic position with at most 2 pieces placed is a draw" : "")")
            return [BenchRow("2 placed, piece to place", [
                ("classes", .int(classes.count)), ("draws", .int(draws)), ("notDraws", .int(notDraws)),
                ("unfinished", .int(classes.count - draws - notDraws)), ("nodes", JSON(nodes)),
                ("tableHits", JSON(all.reduce(UInt64(0)) { $0 + $1.hits })),
                ("maxClassSeconds", .double(all.map(\.seconds).max() ?? 0)),
                ("seconds", .double(seconds)), ("nodesPerSecond", .double(Double(nodes) / max(seconds, 1e-9))),
            ])]
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
