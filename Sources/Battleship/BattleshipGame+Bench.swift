// The Battleship bench suites: empty-board layout counts (10x10 and 12x10 against the
// published totals), all 303 CSPLib Solitaire Battleships puzzles, and a simulation run.

import Foundation
import SolverKit

extension BattleshipGame {
    public static var benchSuites: [BenchSuite] {
        [
            BenchSuite(name: "battleship-empty-10x10", summary: "Exact layout and per-cell counts, standard fleet, empty 10x10 (published 30,093,975,536)") { ctx in
                [countRow(width: 10, height: 10, expected: 30_093_975_536, threads: ctx.threads)]
            },
            BenchSuite(name: "battleship-empty-12x10", summary: "Exact layout and per-cell counts, standard fleet, empty 12x10 (published 101,832,786,704)") { ctx in
                [countRow(width: 12, height: 10, expected: 101_832_786_704, threads: ctx.threads)]
            },
            BenchSuite(name: "battleship-csplib303", summary: "All 303 CSPLib Solitaire Battleships puzzles: solutions capped at 2, each checked") { ctx in
                csplibRows(ctx)
            },
            BenchSuite(name: "battleship-simulate", summary: "Strategies vs random layouts, seed 1: 10000 games for the simple ones, 100 exact, 100 lookahead, 100 rollout") { ctx in
                simulateRows(ctx)
            },
        ]
    }

    static func countRow(width: Int, height: Int, expected: UInt128, threads: Int) -> BenchRow {
        let shape = BoardShape(width: width, height: height)!
        let start = monotonicSeconds()
        let count = LayoutCounter(shape: shape, fleet: ShotRecord.standardFleet).count(ShotRecord(shape: shape), threads: threads)
        let seconds = monotonicSeconds() - start
        let sum = count.cells.reduce(0, +)
        return BenchRow("empty \(width)x\(height)", [
            ("layouts", JSON(count.layouts)), ("published", .bool(count.layouts == expected)),
            ("cellSum17x", .bool(sum == 17 * count.layouts)), ("leaves", JSON(count.nodes)),
            ("seconds", .double((seconds * 1000).rounded() / 1000)),
        ])
    }

    static func csplibRows(_ ctx: BenchContext) -> [BenchRow] {
        let path = "Puzzles/battleship/tour/csplib303.bimaru"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            ctx.log("cannot read \(path) (run from the package root)")
            return [BenchRow("csplib303", [("error", .string("cannot read \(path)"))])]
        }
        let start = monotonicSeconds()
        var parsed = 0, unique = 0, checked = 0
        var nodes: UInt64 = 0
        var slowest = 0.0
        for case .success(let puzzle) in BimaruFormat.parse(text, file: path) {
            parsed += 1
            let t = monotonicSeconds()
            let s = BimaruSolver(puzzle).solve(cap: 2)
            slowest = max(slowest, monotonicSeconds() - t)
            nodes += s.nodes
            if s.count == 1 { unique += 1 }
            if let g = s.first, puzzle.check(g) { checked += 1 }
        }
        let seconds = monotonicSeconds() - start
        return [BenchRow("csplib303", [
            ("puzzles", .int(parsed)), ("unique", .int(unique)), ("checked", .int(checked)), ("nodes", JSON(nodes)),
            ("slowest", .double((slowest * 1000).rounded() / 1000)), ("seconds", .double((seconds * 1000).rounded() / 1000)),
        ])]
    }

    static func simulateRows(_ ctx: BenchContext) -> [BenchRow] {
        let simulator = Simulator()
        let plan: [(ShooterStrategy, Int)] = [(.random, 10000), (.huntTarget, 10000), (.parity, 10000), (.exact, 100), (.lookahead, 100), (.rollout, 100)]
        return plan.map { strategy, games in
            let s = simulator.run(strategy, games: games, seed: 1, threads: ctx.threads)
            ctx.log("\(strategy.rawValue): mean \(s.mean)")
            return BenchRow(strategy.rawValue, [
                ("games", .int(games)), ("mean", .double((s.mean * 100).rounded() / 100)), ("median", .double(s.median)),
                ("p95", .int(s.p95)), ("max", .int(s.max)), ("seconds", .double((s.seconds * 10).rounded() / 10)),
            ])
        }
    }
}
