// `perfectplay bench reversi`: FFO #20-#39 (the ordering's tuning set, 1 thread), #40-#49 and #40-#59 solved with 1 and 2 threads
// (score and one best move, as the engines' published counts; nodes, seconds, nodes/s per position and in total, each
// score checked against the published one, beside the published node counts of Egaroucid and Edax), perft from the 8x8 and 6x6 starts, and the 6x6 game solved from the start.
import SolverKit

extension ReversiGame {
    public static var benchSuites: [BenchSuite] {
        [
            ffoSuite(20...39, threads: 1), ffoSuite(40...49, threads: 1), ffoSuite(40...49, threads: 2),
            ffoSuite(40...59, threads: 1), ffoSuite(40...59, threads: 2),
            perftSuite, sixBySixSuite,
        ]
    }

    static func ffoSuite(_ numbers: ClosedRange<Int>, threads: Int) -> BenchSuite {
        BenchSuite(name: "reversi-ffo\(numbers.lowerBound)-\(numbers.upperBound)-t\(threads)",
                   summary: "FFO endgames #\(numbers.lowerBound)-#\(numbers.upperBound) solved exactly (score, one best move, PV, "
                       + "as `solve --one-best`: what the published engine counts measure) with \(threads) thread(s); "
                       + "`ok` = the score equals the published one and the move is one the annotations list as best.",
                   threads: threads) { context in
            var rows: [BenchRow] = []
            var totalNodes: UInt64 = 0, totalSeconds = 0.0, allOK = true
            // A table made and dropped untouched becomes the spare the first case's table reuses,
            // so its pages are faulted in by the clearing in the solver's init, outside the
            // timer, as for every later case (else the first search pays for them: 0.6 s of
            // #40's 0.8 s).
            _ = EndgameSolver(geometry: BoardGeometry(size: 8)!, threads: threads, hashMB: context.hashMB)
            for (number, record) in FFOPositions.records(numbers) {
                let solver = EndgameSolver(geometry: record.position.geometry, threads: threads, hashMB: context.hashMB)
                let start = monotonicSeconds()
                let solved = solver.solve(record.position, everyBestMove: false)
                let seconds = monotonicSeconds() - start
                let expected = record.annotations.map(\.score).max()!
                let listedBest = record.annotations.filter { $0.score == expected }.map(\.square)
                let ok = solved.score == expected && solved.bestMoves.allSatisfy(listedBest.contains)
                allOK = allOK && ok
                totalNodes &+= solved.nodes
                totalSeconds += seconds
                context.log("#\(number): \(signed(solved.score)) (published \(signed(expected))) \(solved.nodes) nodes \(seconds) s")
                rows.append(BenchRow("#\(number)", [
                    ("empties", .int(record.position.emptyCount)), ("score", .int(solved.score)),
                    ("published", .int(expected)), ("ok", .bool(ok)),
                    ("best", .string(solved.bestMoves.map(moveName).joined(separator: " "))),
                    ("nodes", JSON(solved.nodes)), ("seconds", .double(seconds)),
                    ("nodes/s", .int(Int(Double(solved.nodes) / max(seconds, 1e-9)))),
                ] + publishedRuns.map { ($0.column, $0.nodes[number].map { JSON($0) } ?? .null) }))
            }
            // the published totals over the same positions (ReversiGame+PublishedNodes.swift)
            rows.append(BenchRow("total", [
                ("ok", .bool(allOK)), ("nodes", JSON(totalNodes)), ("seconds", .double(totalSeconds)),
                ("nodes/s", .int(Int(Double(totalNodes) / max(totalSeconds, 1e-9)))),
            ] + publishedRuns.map { run in
                // empty where the run published none of these positions (FFO #20-#39)
                let known = numbers.compactMap { run.nodes[$0] }
                return (run.column, known.isEmpty ? JSON.null : JSON(known.reduce(0, +)))
            }))
            return rows
        }
    }

    static var perftSuite: BenchSuite {
        BenchSuite(name: "reversi-perft",
                   summary: "perft from the start (a pass is one ply) against the published counts.") { context in
            let tables: [(Int, [UInt64])] = [
                (8, [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800]),
                (6, [4, 12, 56, 244, 1364, 7604, 47740, 308716, 2114912, 14976792]),
            ]
            var rows: [BenchRow] = []
            for (size, expected) in tables {
                let start = Position.start(BoardGeometry(size: size)!)
                for (i, count) in expected.enumerated() {
                    let t0 = monotonicSeconds()
                    let found = start.perft(i + 1)
                    let seconds = monotonicSeconds() - t0
                    rows.append(BenchRow("\(size)x\(size) depth \(i + 1)", [
                        ("leaves", JSON(found)), ("published", JSON(count)), ("ok", .bool(found == count)),
                        ("seconds", .double(seconds)),
                    ]))
                }
                context.log("perft \(size)x\(size) done")
            }
            return rows
        }
    }

    static var sixBySixSuite: BenchSuite {
        BenchSuite(name: "reversi-6x6",
                   summary: "6x6 Reversi solved from the start; published: 16-20, the second player wins by 4.") { context in
            let start = Position.start(BoardGeometry(size: 6)!)
            let solver = EndgameSolver(geometry: start.geometry, threads: context.threads, hashMB: context.hashMB)
            let t0 = monotonicSeconds()
            let solved = solver.solve(start)
            let seconds = monotonicSeconds() - t0
            return [BenchRow("6x6 start", [
                ("score", .int(solved.score)), ("published", .int(-4)), ("ok", .bool(solved.score == -4)),
                ("best", .string(solved.bestMoves.map(moveName).joined(separator: " "))),
                ("nodes", JSON(solved.nodes)), ("seconds", .double(seconds)),
                ("nodes/s", .int(Int(Double(solved.nodes) / max(seconds, 1e-9)))), ("threads", .int(context.threads)),
                ("pv", .string(solved.pv.map(moveName).joined(separator: " "))),
            ])]
        }
    }
}
